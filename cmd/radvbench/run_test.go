package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/measure"
	"github.com/radvbench/radvbench/bench/suitetest"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	historycmd "github.com/radvbench/radvbench/cmd/radvbench/internal/history"
	runcmd "github.com/radvbench/radvbench/cmd/radvbench/internal/run"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/golden"
)

// TestRunMatmulQuickValidated is the CI correctness job for GEMM: every
// variant at the --quick sizes (including shapes that are not multiples
// of any tile) is verified on lavapipe, under the Khronos validation
// layer, and the results file is complete.
func TestRunMatmulQuickValidated(t *testing.T) {
	t.Parallel() // a subprocess only; see TestMatmulAccessesInBounds
	out := filepath.Join(t.TempDir(), "matmul.json")
	code, stdout, stderr := runValidated(t, "run", "--suite", "matmul", "--quick", "--max-time", "150ms", "--warmup", "5ms", "--quiet-wait", "0", "-o", out, "--label", "purpose=test")
	if code != 0 {
		t.Fatalf("run exited %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	f, err := resultsfile.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	checkMatmulFile(t, f)
	if f.Labels["purpose"] != "test" {
		t.Errorf("labels = %v, want purpose=test", f.Labels)
	}
	if !strings.Contains(stdout, "summary:") || !strings.Contains(stdout, "matmul/direct/") {
		t.Errorf("console table missing rows or summary:\n%s", stdout)
	}
}

// checkMatmulFile checks a matmul results file the CLI wrote: the
// header, the system record, and (suitetest.Check) every benchmark.
func checkMatmulFile(t *testing.T, f *resultsfile.File) {
	t.Helper()
	if f.Schema != resultsfile.Schema || f.Device.Name == "" || f.Device.DriverName == "" || f.Tool.Version == "" {
		t.Errorf("incomplete header: schema %q device %+v tool %+v", f.Schema, f.Device, f.Tool)
	}
	if f.Tool.Method != measure.Method {
		t.Errorf("tool.method %d, want this build's measurement method %d", f.Tool.Method, measure.Method)
	}
	if f.Fingerprint["driver.info"] == "" || len(f.System) == 0 {
		t.Errorf("fingerprint/system missing: %v", f.Fingerprint)
	}
	for key, r := range suitetest.Check(t, f, "matmul") {
		if r.Verify["checked_elements"] < 1 || r.Clock != "gpu-timestamp" {
			t.Errorf("%s: verify %v clock %q", key, r.Verify, r.Clock)
		}
	}
}

// TestRunResultsRoundTrip: a results file written by run reads back and
// re-encodes to the same structure.
func TestRunResultsRoundTrip(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.json")
	if code, _, stderr := cli(t, "run", "--filter", "naive", "--sizes", "48x40x24", "--max-time", "50ms", "--warmup", "1ms", "-o", out); code != 0 {
		t.Fatalf("run exited %d: %s", code, stderr)
	}
	a, err := resultsfile.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	again := filepath.Join(dir, "again.json")
	if err := resultsfile.Save(again, a); err != nil {
		t.Fatal(err)
	}
	b, err := resultsfile.Load(again)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("round trip changed the file")
	}
	if len(a.Results) != 1 || a.Results[0].Params["M"] != 48 || a.Results[0].Params["N"] != 40 || a.Results[0].Params["K"] != 24 {
		t.Errorf("--sizes 48x40x24 gave %+v", a.Results)
	}
}

// TestRunTooLargeIsSkipped: a size beyond the device's limits is a skip
// with the reason, and the run goes on with the next size.
func TestRunTooLargeIsSkipped(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.json")
	code, stdout, stderr := cli(t, "run", "--filter", "naive", "--sizes", "1048576,32", "--max-time", "50ms", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
	f, err := resultsfile.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Results) != 2 || f.Results[0].Status != resultsfile.StatusSkipped || !strings.Contains(f.Results[0].Reason, "exceeds") ||
		f.Results[1].Status != resultsfile.StatusOK {
		t.Errorf("want a skip for the huge size then ok: %+v", f.Results)
	}
}

// TestRunBadInput: bad flags and values are one-line errors with exit 2,
// and nothing is written.
func TestRunBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown suite", []string{"--suite", "gemm"}, `unknown suite "gemm": valid suites are`},
		{"malformed size", []string{"--sizes", "12x"}, `malformed size "12x"`},
		{"size word", []string{"--sizes", "big"}, `"big" is not a whole number`},
		{"zero size", []string{"--sizes", "0"}, "dimensions must be positive"},
		{"negative size", []string{"--sizes", "64x-1x64"}, "dimensions must be positive"},
		{"empty size", []string{"--sizes", "64,,128"}, "empty element"},
		{"two dims", []string{"--sizes", "64x64"}, "use N (a cube) or MxNxK"},
		{"bad filter", []string{"--filter", "("}, "not a valid regular expression"},
		{"filter matches nothing", []string{"--filter", "nosuchkernel"}, "matches no benchmark"},
		{"bad target", []string{"--target-ci", "0"}, "--target-ci"},
		{"unknown flag", []string{"--fast"}, "unknown flag: --fast"},
		{"positional", []string{"matmul"}, "did you mean --suite matmul"},
		{"bad label", []string{"--label", "novalue"}, "use key=value"},
		{"bad config", []string{"--config", "a b"}, "--config"},
		{"duplicate config", []string{"--config", "A", "--config", "A"}, "given twice"},
		{"bad device", []string{"--device", "no-such-gpu"}, `matches no device`},
		{"device index", []string{"--device", "7"}, "out of range"},
		{"bad progress", []string{"--progress", "sometimes"}, "--progress"},
		{"unwritable out", []string{"--filter", "naive", "--sizes", "8", "-o", "/proc/radvbench/x.json"}, "cannot"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			args := append([]string{"run"}, tc.args...)
			if !contains(tc.args, "-o") {
				args = append(args, "-o", filepath.Join(dir, "out.json"))
			}
			code, stdout, stderr := cli(t, args...)
			if code != 2 {
				t.Fatalf("exit %d, want 2; stdout %q stderr %q", code, stdout, stderr)
			}
			if !strings.Contains(stderr, tc.want) {
				t.Errorf("stderr %q does not contain %q", stderr, tc.want)
			}
			if n := strings.Count(strings.TrimSpace(stderr), "\n"); n > 0 && !strings.Contains(stderr, "WARNING") {
				t.Errorf("error is not one line: %q", stderr)
			}
			if strings.Contains(stderr, "goroutine") || strings.Contains(stderr, "panic") {
				t.Errorf("panic trace: %s", stderr)
			}
			if _, err := os.Stat(filepath.Join(dir, "out.json")); err == nil {
				t.Errorf("a results file was written despite the error")
			}
		})
	}
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// TestNoVulkanDriver: with no driver at all, run says what to install and
// exits 2 (a separate process, since the loader reads its environment once).
func TestNoVulkanDriver(t *testing.T) {
	cmd := exec.Command(binary(t), "run", "--quick", "-o", filepath.Join(t.TempDir(), "x.json"))
	cmd.Env = append(os.Environ(), "VK_DRIVER_FILES=/nonexistent/icd.json", "VK_ICD_FILENAMES=/nonexistent/icd.json")
	out, err := cmd.CombinedOutput()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 2 {
		t.Fatalf("want exit 2, got %v: %s", err, out)
	}
	if !strings.Contains(string(out), "mesa-vulkan-drivers") || strings.Contains(string(out), "goroutine") {
		t.Errorf("message should tell what to install, without a trace: %s", out)
	}
}

// TestABConfigInterleavedBinary: --config runs each configuration in its
// own process, alternating, and labels every sample with its configuration
// and round. It runs the built binary, since children re-execute it. Each
// configuration records its own device and driver environment: B's
// LP_NATIVE_VECTOR_WIDTH=128 makes llvmpipe another device ("128 bits"),
// recorded as B's, and compare names the environment's difference.
func TestABConfigInterleavedBinary(t *testing.T) {
	out := filepath.Join(t.TempDir(), "ab.json")
	cmd := exec.Command(binary(t), "run", "--filter", "naive", "--sizes", "32", "--max-time", "100ms", "--warmup", "1ms",
		"--config", "A", "--config", "B:RADV_PERFTEST=cswave32,LP_NATIVE_VECTOR_WIDTH=128", "--rounds", "2", "-o", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	f, err := resultsfile.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	checkAB(t, f)
	a, b := f.Configs[0], f.Configs[1]
	if b.DriverEnv["LP_NATIVE_VECTOR_WIDTH"] != "128" || b.DriverEnv["RADV_PERFTEST"] != "cswave32" || a.DriverEnv["LP_NATIVE_VECTOR_WIDTH"] != "" {
		t.Errorf("driver environments: A %v, B %v", a.DriverEnv, b.DriverEnv)
	}
	if a.Device == nil || b.Device == nil || a.Device.Name != f.Device.Name || !strings.Contains(b.Device.Name, "128 bits") || strings.Contains(a.Device.Name, "128 bits") {
		t.Errorf("devices: file %q, A %+v, B %+v", f.Device.Name, a.Device, b.Device)
	}
	// compare --by config reads it directly.
	code, stdout, stderr := cli(t, "compare", "--by", "config", out)
	if code == 2 || !strings.Contains(stdout, "baseline: A") || !strings.Contains(stdout, "note: driver environment differs: B has LP_NATIVE_VECTOR_WIDTH=128 (baseline: unset), RADV_PERFTEST=cswave32 (baseline: unset) against baseline A") {
		t.Errorf("compare --by config: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

func checkAB(t *testing.T, f *resultsfile.File) {
	t.Helper()
	var order []string
	for _, r := range f.Rounds {
		order = append(order, r.Config)
	}
	if strings.Join(order, " ") != "A B A B" {
		t.Errorf("rounds ran %v, want A B A B", order)
	}
	if len(f.Configs) != 2 || f.Configs[1].Env["RADV_PERFTEST"] != "cswave32" {
		t.Errorf("configs %+v", f.Configs)
	}
	if len(f.Results) != 2 {
		t.Fatalf("want one result per configuration, got %d", len(f.Results))
	}
	for _, r := range f.Results {
		seen := map[int]bool{}
		for _, round := range r.SampleRounds {
			seen[round] = true
		}
		if r.Config == "" || !seen[1] || !seen[2] || len(r.SampleRounds) != len(r.Metric.Samples) {
			t.Errorf("result %s@%s: rounds %v for %d samples", r.ID(), r.Config, r.SampleRounds, len(r.Metric.Samples))
		}
	}
}

// TestHelpGolden: the command list, list (without a device) and every
// command's --help (testdata/help/NAME.txt, its description from
// docs/commands/NAME.txt) are stable text, and docs/commands describes no
// command that does not exist.
func TestHelpGolden(t *testing.T) {
	cases := []struct{ args, file string }{
		{"list --no-device", filepath.Join("run", "list-no-device.txt")},
		{"--help", filepath.Join("run", "help.txt")},
	}
	names := []string{"isa diff"}
	for n := range commands {
		names = append(names, n)
	}
	for _, s := range historycmd.Subcommands {
		names = append(names, "history "+s.Name)
	}
	described := map[string]bool{}
	for _, n := range names {
		file := strings.ReplaceAll(n, " ", "-") + ".txt"
		described[file] = true
		cases = append(cases, struct{ args, file string }{n + " --help", filepath.Join("help", file)})
	}
	for _, tc := range cases {
		t.Run(tc.args, func(t *testing.T) {
			code, stdout, stderr := cli(t, strings.Fields(tc.args)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			golden.Check(t, filepath.Join("testdata", tc.file), []byte(stdout))
		})
	}
	docs, err := filepath.Glob(filepath.Join("..", "..", "docs", "commands", "*.txt"))
	if err != nil || len(docs) == 0 {
		t.Fatalf("no command descriptions in docs/commands (%v)", err)
	}
	for _, d := range docs {
		if !described[filepath.Base(d)] {
			t.Errorf("%s describes no radvbench command", d)
		}
	}
}

// TestRunReport: run --report writes the HTML report next to the results.
func TestRunReport(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := cli(t, "run", "--filter", "naive", "--sizes", "32,48", "--max-time", "50ms", "--warmup", "1ms",
		"-o", filepath.Join(dir, "r.json"), "--report", filepath.Join(dir, "report"))
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
	html, err := os.ReadFile(filepath.Join(dir, "report", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), ".png") || !strings.Contains(stdout, "report:") {
		t.Errorf("report has no charts or run did not say where it is")
	}
	// The device is selected twice (--isolate=auto, then the run): a CPU
	// implementation is warned about once.
	if n := strings.Count(stderr, "WARNING: "); n > 1 {
		t.Errorf("%d warnings, want at most one:\n%s", n, stderr)
	}
}

// TestPanicIsOneLine: an internal error in any command is reported as one
// line and exit 1, never a Go trace.
func TestPanicIsOneLine(t *testing.T) {
	register(&base.Command{Name: "test-panic", Summary: "test only", Run: func(context.Context, io.Writer, io.Writer, []string) error {
		var m map[string]int
		m["boom"]++ // assignment to a nil map panics
		return nil
	}})
	defer delete(commands, "test-panic")
	code, _, stderr := cli(t, "test-panic")
	if code != 1 || !strings.HasPrefix(stderr, "radvbench: internal error:") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestRunChildArgs: the sampling budget a run's children get. A run
// until decided's rounds sample for untilMaxTime each unless --max-time
// is given; an A/B run's runs share --max-time; a plain run passes its
// flags as given.
func TestRunChildArgs(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		want []string // the --max-time arguments the children get, in order
	}{
		{"until decided, quick", []string{"--quick", "--until-decided", "--config", "A", "--config", "B"}, []string{"--max-time=300ms"}},
		{"until decided", []string{"--until-decided", "--config", "A", "--config", "B"}, []string{"--max-time=3s"}},
		{"until decided, --max-time given", []string{"--quick", "--until-decided", "--config", "A", "--config", "B", "--max-time", "1s"}, []string{"--max-time=1s"}},
		{"A/B runs share it", []string{"--config", "A", "--config", "B", "--runs", "4", "--max-time", "2s"}, []string{"--max-time=2s", "--max-time=500ms"}},
		{"plain", []string{"--quick"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, _, err := runcmd.PlanArgs(tt.args)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, a := range p.ChildArgs {
				if strings.HasPrefix(a, "--max-time") {
					got = append(got, a)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("children's --max-time %q, want %q (args %q)", got, tt.want, p.ChildArgs)
			}
		})
	}
}
