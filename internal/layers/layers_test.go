package layers

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// root is the repository root, from this package's directory.
var root = filepath.Join("..", "..")

// goList runs `go list args...` in the repository root with CGO_ENABLED
// set to cgo, and returns its output; no go command skips the test.
func goList(t *testing.T, cgo string, args ...string) []byte {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	cmd := exec.Command(goTool, append([]string{"list"}, args...)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CGO_ENABLED="+cgo)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("CGO_ENABLED=%s go list %s: %v\n%s", cgo, strings.Join(args, " "), err, stderr.Bytes())
	}
	return out
}

// graph lists the repository's packages with `go list`, under the default
// build tags and under every tag the repository uses (window, testhooks),
// each with the repository's packages it imports (with its tests' when
// tests is set).
func graph(t *testing.T, tests bool) []Package {
	t.Helper()
	format := "{{.ImportPath}}\t{{join .Imports \" \"}}"
	if tests {
		format += " {{join .TestImports \" \"}} {{join .XTestImports \" \"}}"
	}
	module := ""
	imports := map[string]map[string]bool{}
	for _, tags := range []string{"", "window,testhooks"} {
		// cgo on: with CGO_ENABLED=0 go list leaves out the cgo files and
		// their imports.
		out := goList(t, "1", "-e", "-tags", tags, "-f", format, "./...")
		if module == "" {
			module = strings.TrimSpace(string(goList(t, "1", "-m")))
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			path, deps, ok := strings.Cut(line, "\t")
			if !ok || !strings.HasPrefix(path, module+"/") {
				t.Fatalf("go list: unexpected line %q", line)
			}
			path = strings.TrimPrefix(path, module+"/")
			if imports[path] == nil {
				imports[path] = map[string]bool{}
			}
			for _, d := range strings.Fields(deps) {
				if rel, ok := strings.CutPrefix(d, module+"/"); ok && rel != path {
					imports[path][rel] = true
				}
			}
		}
	}
	var pkgs []Package
	for path, deps := range imports {
		p := Package{Path: path}
		for d := range deps {
			p.Imports = append(p.Imports, d)
		}
		sort.Strings(p.Imports)
		pkgs = append(pkgs, p)
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].Path < pkgs[j].Path })
	if len(pkgs) < 20 {
		t.Fatalf("go list found %d packages: is the test run from its own directory?", len(pkgs))
	}
	return pkgs
}

// TestImportsPointDown: every import of the repository, its tests' and
// the tagged builds' included, points down a layer or stays in its own
// (see the package comment), but for the exceptions listed.
func TestImportsPointDown(t *testing.T) {
	for _, p := range Check(graph(t, true), Exceptions) {
		t.Error(p)
	}
}

// TestCheck: Check finds the imports that point up or across, packages
// in no layer and stale exceptions, and nothing else.
func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		name       string
		pkgs       []Package
		exceptions []Exception
		want       []string // substrings, one for each problem, in order
	}{
		{name: "down and within", pkgs: []Package{
			{Path: "cmd/radvbench", Imports: []string{"bench/launch", "reports/compare", "core/results", "internal/usage"}},
			{Path: "bench/launch", Imports: []string{"bench/runner", "core/results", "shaders"}},
			{Path: "reports/compare", Imports: []string{"reports/noise", "core/stats"}},
			{Path: "core/results", Imports: []string{"internal/outfile"}},
			{Path: "internal/buildinfo", Imports: []string{"core/results"}},
		}},
		{name: "run side imports analysis", pkgs: []Package{{Path: "bench/launch", Imports: []string{"reports/compare"}}},
			want: []string{"bench/launch (run side) imports reports/compare (analysis): an import across"}},
		{name: "analysis imports run side", pkgs: []Package{{Path: "reports/sysreport", Imports: []string{"bench/sysinfo"}}},
			want: []string{"reports/sysreport (analysis) imports bench/sysinfo (run side): an import across"}},
		{name: "bottom imports up", pkgs: []Package{{Path: "core/results", Imports: []string{"bench/gpu", "reports/stats", "cmd/radvbench"}}},
			want: []string{"imports bench/gpu (run side): an import up", "imports cmd/radvbench (commands): an import up", "imports reports/stats (analysis): an import up"}},
		{name: "library imports a command", pkgs: []Package{{Path: "bench/bisect", Imports: []string{"cmd/radvbench/internal/runflags"}}},
			want: []string{"bench/bisect (run side) imports cmd/radvbench/internal/runflags (commands): an import up"}},
		{name: "package in no layer", pkgs: []Package{{Path: "tools/x", Imports: []string{"bench/gpu"}}},
			want: []string{"tools/x: in no layer"}},
		{name: "exception used", pkgs: []Package{{Path: "bench/launch", Imports: []string{"reports/compare"}}},
			exceptions: []Exception{{From: "bench/launch", To: "reports/compare", Reason: "r"}}},
		{name: "exception stale", pkgs: []Package{{Path: "bench/launch", Imports: []string{"bench/runner"}}},
			exceptions: []Exception{{From: "bench/launch", To: "reports/compare", Reason: "r"}},
			want:       []string{"exception bench/launch -> reports/compare is used by no import any more"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Check(tc.pkgs, tc.exceptions)
			if len(got) != len(tc.want) {
				t.Fatalf("Check = %d problems, want %d:\n%s", len(got), len(tc.want), strings.Join(got, "\n"))
			}
			for i, w := range tc.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("problem %d = %q, want it to contain %q", i, got[i], w)
				}
			}
		})
	}
}
