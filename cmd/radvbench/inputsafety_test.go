package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputIsInput: every command that reads files and writes one
// refuses an output that is one of its inputs — by the same name, an
// output that is a symbolic link to the input, an input given through a
// symbolic link, or a hard link — with one line naming both (exit 2; 128
// for bisect step, which git bisect run takes as "stop"), and the input
// is byte-identical afterwards.
func TestOutputIsInput(t *testing.T) {
	fix := func(p string) []byte {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	results := fix("testdata/compare/base.json")
	other := fix("testdata/compare/new.json")
	isaOld, isaNew := fix("../../reports/fossil/testdata/small-old.json"), fix("../../reports/fossil/testdata/small-new.json")
	policy := fix("testdata/compare/allow.yaml")
	// A history store to read: one imported run.
	storeDir := t.TempDir()
	store := filepath.Join(storeDir, "store.db")
	if code, _, stderr := cli(t, "history", "import", "--db", store, "testdata/compare/base.json"); code != 0 {
		t.Fatalf("history import: %d %s", code, stderr)
	}
	storeBytes := fix(store)

	for _, tc := range []struct {
		name string
		// data is the input file's content, named name in the test's
		// directory (rep/index.html for report); args builds the command
		// line from the output path, the input path and the directory.
		data  []byte
		file  string
		args  func(dir, out, in string) []string
		flag  string
		code  int
		outIn bool // the output is not a file argument (report's directory): only the input side varies
	}{
		{"compare -o", other, "new.json", func(dir, out, in string) []string {
			return []string{"compare", "-o", out, write(t, dir, "base.json", results), in}
		}, "-o", 2, false},
		{"compare --format fossil -o", isaNew, "new-isa.json", func(dir, out, in string) []string {
			return []string{"compare", "--format", "fossil", "-o", out, write(t, dir, "old-isa.json", isaOld), in}
		}, "-o", 2, false},
		{"compare --isa", isaOld, "old-isa.json", func(dir, out, in string) []string {
			return []string{"compare", "--isa", in + "," + write(t, dir, "new-isa.json", isaNew), "-o", out, write(t, dir, "base.json", results), write(t, dir, "new.json", other)}
		}, "-o", 2, false},
		{"compare --policy", policy, "policy.yaml", func(dir, out, in string) []string {
			return []string{"compare", "--policy", in, "-o", out, write(t, dir, "base.json", results), write(t, dir, "new.json", other)}
		}, "-o", 2, false},
		{"export -o", results, "a.json", func(dir, out, in string) []string {
			return []string{"export", "--format", "benchfmt", "-o", out, in}
		}, "-o", 2, false},
		{"export --format fossil-csv -o", isaOld, "a-isa.json", func(dir, out, in string) []string {
			return []string{"export", "--format", "fossil-csv", "-o", out, in}
		}, "-o", 2, false},
		{"noise -o", results, "a.json", func(dir, out, in string) []string {
			return []string{"noise", "-o", out, in, write(t, dir, "b.json", other)}
		}, "-o", 2, false},
		{"report -o", results, "rep/index.html", func(dir, out, in string) []string {
			return []string{"report", "-o", filepath.Join(dir, "rep"), in}
		}, "-o", 2, true},
		{"history export -o", storeBytes, "store.db", func(dir, out, in string) []string {
			return []string{"history", "export", "--db", in, "-o", out}
		}, "-o", 2, false},
		{"history trend --chart", storeBytes, "store.png", func(dir, out, in string) []string {
			return []string{"history", "trend", "--db", in, "--chart", out, "matmul/naive"}
		}, "--chart", 2, false},
		{"run -o", []byte("[    1.0] kernel log\n"), "dmesg.txt", func(dir, out, in string) []string {
			return []string{"run", "--suite", "latency", "--quick", "--dmesg", in, "-o", out}
		}, "-o", 2, false},
		{"bisect -o", results, "from.json", func(dir, out, in string) []string {
			return []string{"bisect", "--good", "a", "--bad", "b", "--suite", "latency", "--quick", "--from", in, "-o", out}
		}, "-o", 2, false},
		{"bisect --chart", results, "bisect.json", func(dir, out, in string) []string {
			return []string{"bisect", "--good", "a", "--bad", "b", "--suite", "latency", "--quick", "-o", in, "--chart", out}
		}, "--chart", 2, false},
		{"bisect step -o", []byte("cand\n"), "cand.conf", func(dir, out, in string) []string {
			return []string{"bisect", "step", "--good", "a", "--candidates", in, "--suite", "latency", "--quick", "-o", out}
		}, "-o", 128, false},
	} {
		for _, how := range []string{"same path", "output a symbolic link to the input", "input through a symbolic link", "hard link"} {
			if tc.outIn && how == "output a symbolic link to the input" {
				continue
			}
			dir := t.TempDir()
			real := write(t, dir, tc.file, tc.data)
			out, in := real, real
			switch how {
			case "output a symbolic link to the input":
				out = filepath.Join(dir, "link-"+filepath.Base(tc.file))
				must(t, os.Symlink(real, out))
			case "input through a symbolic link":
				in = filepath.Join(dir, "link-"+filepath.Base(tc.file))
				must(t, os.Symlink(real, in))
			case "hard link":
				in = filepath.Join(dir, "hard-"+filepath.Base(tc.file))
				must(t, os.Link(real, in))
			}
			code, stdout, stderr := cli(t, tc.args(dir, out, in)...)
			want := "never writes its output over a file it reads"
			if code != tc.code || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tc.flag+": ") || !strings.Contains(stderr, want) ||
				!strings.Contains(stderr, in) {
				t.Errorf("%s, %s: exit %d, stderr %q, stdout %q; want %d and one line naming %s and %s", tc.name, how, code, stderr, stdout, tc.code, out, in)
			}
			if got, _ := os.ReadFile(real); !bytes.Equal(got, tc.data) {
				t.Errorf("%s, %s: the input changed", tc.name, how)
			}
			if st, err := os.Lstat(out); err != nil || (how == "output a symbolic link to the input") != (st.Mode()&os.ModeSymlink != 0) {
				t.Errorf("%s, %s: the output path changed kind (%v)", tc.name, how, err)
			}
		}
	}
}

// write writes data to dir/name (its directory created) and returns the path.
func write(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	must(t, os.MkdirAll(filepath.Dir(p), 0o755))
	must(t, os.WriteFile(p, data, 0o644))
	return p
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
