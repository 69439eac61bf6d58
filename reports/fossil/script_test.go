package fossil

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// The report script this package follows: shader-db's report-fossil.py,
// pinned by its SHA-256 (testdata/report-fossil/README.md says where it
// comes from). RADVBENCH_FOSSIL_REPORT names a copy; without it the test
// looks for one at scriptPath.
const (
	scriptEnv    = "RADVBENCH_FOSSIL_REPORT"
	scriptPath   = "testdata/report-fossil/report-fossil.py"
	scriptSHA256 = "4294a53a10e841c4aabcda11ef7111ca9217b1efcdd56727e22bb08160331c39"
)

// scriptExecutableNames are the executable names of current RADV (Mesa
// 25.0 and 26.1: _mesa_shader_stage_to_string and radv_pipeline.c's
// merged stages) with the short names the test gives them. The pinned
// script's table knows only the names RADV used before ("Compute
// Shader"), and stops at a name it does not know: the test adds these,
// mesh, task and ray-tracing stages included, to it before it runs.
var scriptExecutableNames = map[string]string{
	"vertex":                             "vs",
	"tessellation control":               "tcs",
	"tessellation evaluation":            "tes",
	"geometry":                           "gs",
	"fragment":                           "fs",
	"compute":                            "cs",
	"vertex + tessellation control":      "vs_tcs",
	"tessellation evaluation + geometry": "tes_gs",
	"vertex + geometry":                  "vs_gs",
	"geometry copy":                      "gs_copy",
	"task":                               "ts",
	"mesh":                               "ms",
	"raygen":                             "rgen",
	"any hit":                            "ahit",
	"closest hit":                        "chit",
	"miss":                               "miss",
	"intersection":                       "isec",
	"callable":                           "call",
}

// runner loads the script as a module, adds the executable names (argv 2,
// JSON) to its table and runs its main on the CSVs (argv 3 and 4).
const runner = `
import importlib.util, json, sys
path = sys.argv[1]
spec = importlib.util.spec_from_file_location('report_fossil', path)
mod = importlib.util.module_from_spec(spec)
sys.modules['report_fossil'] = mod
spec.loader.exec_module(mod)
mod.executables.update(json.loads(sys.argv[2]))
sys.argv = [path] + sys.argv[3:]
mod.main()
`

// need reports a missing prerequisite: a failure in CI (CI set), else a
// skip.
func need(t *testing.T, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf(format, args...)
	}
	t.Skipf(format, args...)
}

// reportScript finds the pinned script (a local copy: third-party code is
// not committed here; without one the test skips) and python3 with attrs,
// the script's one module outside the standard library (a copy without
// them is a failure in CI).
func reportScript(t *testing.T) (python, script string) {
	t.Helper()
	script = os.Getenv(scriptEnv)
	if script == "" {
		script = scriptPath
	}
	data, err := os.ReadFile(script)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("no report script at %s (set %s to a copy of the script testdata/report-fossil/README.md names)", script, scriptEnv)
	}
	if err != nil {
		t.Fatal(err)
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != scriptSHA256 {
		t.Fatalf("%s has SHA-256 %x, not the pinned script's %s: this package follows that version (see testdata/report-fossil/README.md)", script, sum, scriptSHA256)
	}
	python, err = exec.LookPath("python3")
	if err != nil {
		need(t, "python3 is not on PATH (Debian: apt-get install python3 python3-attr): the fossil report cannot be checked against Mesa's script")
	}
	if out, err := exec.Command(python, "-c", "import attr").CombinedOutput(); err != nil {
		need(t, "%s cannot import attr (Debian: apt-get install python3-attr): %v: %s", python, err, bytes.TrimSpace(out))
	}
	return python, script
}

// scriptTotals is the script's output from "Totals:" to the blank line
// after the affected shaders' lines.
func scriptTotals(t *testing.T, out string) string {
	t.Helper()
	i := strings.Index(out, "Totals:\n")
	if i < 0 {
		t.Fatalf("no \"Totals:\" in the script's output:\n%s", out)
	}
	rest := out[i:]
	j := strings.Index(rest, " affected shaders:\n")
	if j < 0 {
		t.Fatalf("no affected shaders' block in the script's output:\n%s", out)
	}
	k := strings.Index(rest[j:], "\n\n")
	if k < 0 {
		t.Fatalf("the affected shaders' block does not end in a blank line:\n%s", out)
	}
	return rest[:j+k+2]
}

func TestAgainstReportScript(t *testing.T) {
	python, script := reportScript(t)
	names, err := json.Marshal(scriptExecutableNames)
	if err != nil {
		t.Fatal(err)
	}
	// Files built in the test: pipelines with keys, one of them at three
	// sizes (one shader), and a change of ACO's Hash alone (affected).
	type built struct{ old, new *resultsfile.File }
	keyedPairs := map[string]built{
		"keyed":     {keyed(t, "testdata/small-old.json", 0), keyed(t, "testdata/small-new.json", 0)},
		"hash only": {keyed(t, "testdata/small-old.json", 0), keyed(t, "testdata/small-new.json", 7)},
		"quick matmul, hash only": func() built {
			f, g := load(t, "testdata/matmul-navi31-quick.json"), load(t, "testdata/matmul-navi31-quick.json")
			g.Results[0].Pipelines[0].Executables[0].Hashes["Hash"]++
			return built{f, g}
		}(),
	}
	for _, tc := range []struct {
		name, old, new, target string
	}{
		{"keyed", "", "", "navi31"},
		{"hash only", "", "", "navi31"},
		{"quick matmul, hash only", "", "", "navi31"},
		{"mesa 25.0 to 26.1 navi31", mesa25, mesa26, "navi31"},
		{"mesa 25.0 to 26.1 gfx1201", mesa25, mesa26, "gfx1201"},
		{"mesa 26.1 to 25.0 gfx1201", mesa26, mesa25, "gfx1201"},
		{"small", "testdata/small-old.json", "testdata/small-new.json", "navi31"},
		{"small reversed", "testdata/small-new.json", "testdata/small-old.json", "navi31"},
		{"unchanged", "testdata/small-old.json", "testdata/small-old.json", "navi31"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var old, new *resultsfile.File
			if b, ok := keyedPairs[tc.name]; ok {
				old, new = b.old, b.new
			} else {
				old, new = load(t, tc.old), load(t, tc.new)
			}
			dir := t.TempDir()
			csvs := []string{filepath.Join(dir, "old.csv"), filepath.Join(dir, "new.csv")}
			for i, f := range []*resultsfile.File{old, new} {
				var b bytes.Buffer
				if err := WriteCSV(&b, f, tc.target); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(csvs[i], b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, python, "-c", runner, script, string(names), csvs[0], csvs[1])
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%s: %v\n%s", script, err, stderr.Bytes())
			}
			blk, err := compareTarget(old, new, tc.target)
			if err != nil {
				t.Fatal(err)
			}
			if want := scriptTotals(t, string(out)); blk.totals != want {
				t.Errorf("radvbench's totals differ from the script's\n--- radvbench\n%s--- script\n%s", blk.totals, want)
			}
			// The script lists what it leaves out as radvbench notes it.
			for _, side := range []struct{ script, notes string }{{"only in 'before'", "only in the old"}, {"only in 'after'", "only in the new"}} {
				if strings.Contains(string(out), side.script) != strings.Contains(blk.notes, side.notes) {
					t.Errorf("the script says %q: %v, radvbench %q: %v", side.script, strings.Contains(string(out), side.script), side.notes, strings.Contains(blk.notes, side.notes))
				}
			}
		})
	}
}
