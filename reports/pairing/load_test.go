package pairing

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// TestLoadInputs: results files load in order, named by base
// name when those tell them apart; a directory, a file with no results
// and a file resultsfile.Load refuses are typed errors naming the path.
func TestLoadInputs(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	write := func(dir, name string, f *resultsfile.File) string {
		t.Helper()
		var buf bytes.Buffer
		if err := resultsfile.Encode(&buf, f); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	base, next := write(dir, "base.json", runFile("gpu", 2, 1, "k")), write(dir, "new.json", runFile("gpu", 2, 2, "k"))
	empty := write(dir, "empty.json", runFile("gpu", 1, 1))
	// Another base.json: the base names no longer tell the files apart.
	twin := write(other, "base.json", runFile("gpu", 2, 3, "k"))
	missing := filepath.Join(dir, "missing.json")
	for _, tc := range []struct {
		name    string
		paths   []string
		names   []string                // the inputs' names, on success
		problem InputProblem            // a *LoadInputError of this problem
		load    resultsfile.LoadProblem // a *resultsfile.LoadError of this problem
		path    string                  // the path the error names
	}{
		{name: "base names", paths: []string{base, next}, names: []string{"base.json", "new.json"}},
		{name: "same base names keep paths", paths: []string{base, twin}, names: []string{base, twin}},
		{name: "one file", paths: []string{next}, names: []string{"new.json"}},
		{name: "directory", paths: []string{base, other}, load: resultsfile.LoadIsDir, path: other},
		{name: "no results", paths: []string{empty, base}, problem: InputNoResults, path: empty},
		{name: "missing", paths: []string{base, missing}, load: resultsfile.LoadMissing, path: missing},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ins, err := LoadInputs(tc.paths)
			var lie *LoadInputError
			var le *resultsfile.LoadError
			switch {
			case tc.problem != 0:
				if !errors.As(err, &lie) || lie.Problem != tc.problem || lie.Path != tc.path {
					t.Fatalf("LoadInputs(%q) = %v, want a LoadInputError %d of %s", tc.paths, err, tc.problem, tc.path)
				}
			case tc.load != "":
				if !errors.As(err, &le) || le.Problem != tc.load || le.Name != tc.path {
					t.Fatalf("LoadInputs(%q) = %v, want a resultsfile.LoadError %s of %s", tc.paths, err, tc.load, tc.path)
				}
			case err != nil:
				t.Fatalf("LoadInputs(%q): %v", tc.paths, err)
			default:
				var names []string
				for _, in := range ins {
					if in.File == nil || len(in.File.Results) == 0 {
						t.Errorf("%s: no results loaded", in.Name)
					}
					names = append(names, in.Name)
				}
				if !slices.Equal(names, tc.names) {
					t.Errorf("names = %q, want %q", names, tc.names)
				}
			}
			if err != nil && ins != nil {
				t.Errorf("inputs %v beside the error %v", ins, err)
			}
		})
	}
}

// TestPoolSides: the inputs before dash are the baseline side, the rest
// the new one, each named by SideName, prefixed when the names are the
// same.
func TestPoolSides(t *testing.T) {
	for _, tc := range []struct {
		name     string
		inputs   []Input
		dash     int
		baseline string
		groups   []string
	}{
		{"one a side", named("a.json", "b.json"), 1, "a.json", []string{"a.json", "b.json"}},
		{"pooled", named("a1.json", "a2.json", "b1.json"), 2, "a1.json+a2.json", []string{"a1.json+a2.json", "a1.json+a2.json", "b1.json"}},
		{"same names", named("a.json", "a.json"), 1, "base: a.json", []string{"base: a.json", "new: a.json"}},
		{"many", named("a", "b", "c", "d", "e"), 4, "a+b+… (4 files)", []string{"a+b+… (4 files)", "a+b+… (4 files)", "a+b+… (4 files)", "a+b+… (4 files)", "e"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := PoolSides(tc.inputs, tc.dash)
			if got != tc.baseline {
				t.Errorf("baseline = %q, want %q", got, tc.baseline)
			}
			var groups []string
			for _, in := range tc.inputs {
				groups = append(groups, in.Group)
			}
			if !slices.Equal(groups, tc.groups) {
				t.Errorf("groups = %q, want %q", groups, tc.groups)
			}
		})
	}
}

// named are inputs with these names and no files.
func named(names ...string) []Input {
	var ins []Input
	for _, n := range names {
		ins = append(ins, Input{Name: n})
	}
	return ins
}

func TestSideName(t *testing.T) {
	for _, tt := range []struct {
		in   []Input
		want string
	}{
		{named("a.json"), "a.json"},
		{named("a.json", "b.json", "c.json"), "a.json+b.json+c.json"},
		{named("a", "b", "c", "d"), "a+b+… (4 files)"},
	} {
		if got := SideName(tt.in); got != tt.want {
			t.Errorf("SideName(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
