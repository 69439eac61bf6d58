package layers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"testing"
)

// withoutCgo are the packages that build, tests included, without cgo,
// Vulkan or a GPU: the analysis and the measurement policy (the
// Makefile's make test says so too).
var withoutCgo = []string{"./core/...", "./reports/...", "./bench/measure/...", "./bench/observer/..."}

// listedPackage is what TestAnalysisBuildsWithoutCgo reads of a package
// from `go list -json`.
type listedPackage struct {
	ImportPath   string
	Standard     bool
	GoFiles      []string
	CgoFiles     []string
	TestGoFiles  []string
	XTestGoFiles []string
	Error        *struct{ Err string }
	DepsErrors   []*struct{ Err string }
}

// files is a package's source files, as one comparable string.
func (p listedPackage) files() string {
	return fmt.Sprint(p.GoFiles, p.CgoFiles, p.TestGoFiles, p.XTestGoFiles)
}

// listPackages runs `go list -e -deps -test -json` on patterns with
// CGO_ENABLED set to cgo, and returns the packages by import path, the
// standard library's and the generated test mains left out.
func listPackages(t *testing.T, cgo string, patterns []string) map[string]listedPackage {
	t.Helper()
	out := goList(t, cgo, append([]string{"-e", "-deps", "-test", "-json=ImportPath,Standard,GoFiles,CgoFiles,TestGoFiles,XTestGoFiles,Error,DepsErrors"}, patterns...)...)
	pkgs := map[string]listedPackage{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("CGO_ENABLED=%s go list: %v", cgo, err)
		}
		if p.Standard || strings.HasSuffix(p.ImportPath, ".test") {
			continue
		}
		pkgs[p.ImportPath] = p
	}
	if len(pkgs) < 20 {
		t.Fatalf("CGO_ENABLED=%s go list found %d packages: is the test run from its own directory?", cgo, len(pkgs))
	}
	return pkgs
}

// noCgoProblems compares the packages go list found with cgo off and on:
// a package that does not build without cgo, one found in only one of
// the two, a cgo file, or a file set that differs.
func noCgoProblems(off, on map[string]listedPackage) []string {
	var problems []string
	for _, path := range slices.Sorted(maps.Keys(off)) {
		p := off[path]
		if p.Error != nil {
			problems = append(problems, fmt.Sprintf("%s does not build with CGO_ENABLED=0: %s", path, p.Error.Err))
		}
		for _, e := range p.DepsErrors {
			problems = append(problems, fmt.Sprintf("%s: a dependency does not build with CGO_ENABLED=0: %s", path, e.Err))
		}
		q, ok := on[path]
		switch {
		case !ok:
			problems = append(problems, fmt.Sprintf("%s is a dependency with CGO_ENABLED=0 only", path))
		case len(q.CgoFiles) > 0:
			problems = append(problems, fmt.Sprintf("%s has cgo files %v: the analysis must not need cgo", path, q.CgoFiles))
		case p.files() != q.files():
			problems = append(problems, fmt.Sprintf("%s builds from other files without cgo: %s, with it: %s", path, p.files(), q.files()))
		}
	}
	for _, path := range slices.Sorted(maps.Keys(on)) {
		if _, ok := off[path]; !ok {
			problems = append(problems, fmt.Sprintf("%s is a dependency with cgo only", path))
		}
	}
	return problems
}

// TestAnalysisBuildsWithoutCgo: the analysis and the measurement policy
// (withoutCgo), tests included, build without cgo from exactly the files
// they build from with it: every package, the module's and its
// requirements', is found with CGO_ENABLED=0 (no import reaches a
// cgo-only package such as bench/internal/vk), has no cgo file, and
// selects the same files either way. make test vets all of them, tests
// included, with cgo, and compiles and runs them under -race, so
// `CGO_ENABLED=0 go test ./core/... ./reports/...` builds and behaves
// the same (the standard library builds either way). This check stands
// for compiling every package a third time, without cgo, in each make
// test: about a minute of both cores on a fresh machine.
func TestAnalysisBuildsWithoutCgo(t *testing.T) {
	if problems := noCgoProblems(listPackages(t, "0", withoutCgo), listPackages(t, "1", withoutCgo)); len(problems) > 0 {
		t.Errorf("CGO_ENABLED=0 go test %s would not build what make test built:\n%s", strings.Join(withoutCgo, " "), strings.Join(problems, "\n"))
	}
}

// TestNoCgoProblems: noCgoProblems finds each way a package can build
// differently, or not at all, without cgo.
func TestNoCgoProblems(t *testing.T) {
	pure := listedPackage{ImportPath: "m/a", GoFiles: []string{"a.go"}, TestGoFiles: []string{"a_test.go"}}
	for _, tc := range []struct {
		name    string
		off, on []listedPackage
		want    []string // substrings, one for each problem, in order
	}{
		{name: "same files", off: []listedPackage{pure}, on: []listedPackage{pure}},
		{name: "cgo-only dependency",
			off: []listedPackage{{ImportPath: "m/a", GoFiles: []string{"a.go"}, DepsErrors: []*struct{ Err string }{{Err: "build constraints exclude all Go files in m/vk"}}},
				{ImportPath: "m/vk", Error: &struct{ Err string }{Err: "build constraints exclude all Go files in m/vk"}}},
			on:   []listedPackage{{ImportPath: "m/a", GoFiles: []string{"a.go"}}, {ImportPath: "m/vk", CgoFiles: []string{"vk.go"}}},
			want: []string{"m/a: a dependency does not build with CGO_ENABLED=0", "m/vk does not build with CGO_ENABLED=0", "m/vk has cgo files [vk.go]"}},
		{name: "file chosen by the cgo tag",
			off:  []listedPackage{{ImportPath: "m/a", GoFiles: []string{"a.go", "nocgo.go"}}},
			on:   []listedPackage{{ImportPath: "m/a", GoFiles: []string{"a.go"}}},
			want: []string{"m/a builds from other files without cgo: [a.go nocgo.go] [] [] [], with it: [a.go] [] [] []"}},
		{name: "dependency only one way",
			off:  []listedPackage{pure, {ImportPath: "m/purego"}},
			on:   []listedPackage{pure, {ImportPath: "m/cgoonly"}},
			want: []string{"m/purego is a dependency with CGO_ENABLED=0 only", "m/cgoonly is a dependency with cgo only"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			byPath := func(ps []listedPackage) map[string]listedPackage {
				m := map[string]listedPackage{}
				for _, p := range ps {
					m[p.ImportPath] = p
				}
				return m
			}
			got := noCgoProblems(byPath(tc.off), byPath(tc.on))
			if len(got) != len(tc.want) {
				t.Fatalf("problems:\n%s\nwant %d: %q", strings.Join(got, "\n"), len(tc.want), tc.want)
			}
			for i, w := range tc.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("problem %d = %q, want it to contain %q", i, got[i], w)
				}
			}
		})
	}
}
