package outfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNotInput: an output that is an input — by its name, another name
// of the same path, a symbolic link either way, a hard link — is an
// *InputError naming both; other files, new paths, "-" and missing
// inputs are not.
func TestNotInput(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	for _, n := range []string{"a.json", "b.json"} {
		if err := os.WriteFile(p(n), []byte(n), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Symlink("a.json", p("link-to-a")))
	must(os.Link(p("a.json"), p("hard-a")))
	must(os.Mkdir(p("sub"), 0o755))
	for _, tc := range []struct {
		name   string
		out    string
		inputs []string
		input  string // the input named in the error; "" for none
	}{
		{"the input itself", p("a.json"), []string{p("b.json"), p("a.json")}, p("a.json")},
		{"another name of its path", p("sub/../a.json"), []string{p("a.json")}, p("a.json")},
		{"a symbolic link to the input", p("link-to-a"), []string{p("a.json")}, p("a.json")},
		{"the input through a symbolic link", p("a.json"), []string{p("link-to-a")}, p("link-to-a")},
		{"a hard link to the input", p("hard-a"), []string{p("a.json")}, p("a.json")},
		{"another file", p("b.json"), []string{p("a.json")}, ""},
		{"a new path", p("new.json"), []string{p("a.json")}, ""},
		{"stdout", Stdout, []string{Stdout, p("a.json")}, ""},
		{"no output", "", []string{p("a.json")}, ""},
		{"a missing input", p("a.json"), []string{p("gone.json"), "", Stdout}, ""},
	} {
		err := NotInput("-o", tc.out, tc.inputs...)
		var ie *InputError
		switch {
		case tc.input == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.input != "" && (!errors.As(err, &ie) || !errors.Is(err, ErrIsInput) || ie.Input != tc.input):
			t.Errorf("%s: %v, want an *InputError naming %s", tc.name, err, tc.input)
		case tc.input != "" && (!strings.Contains(err.Error(), tc.out) || !strings.Contains(err.Error(), "-o: ") || strings.Contains(err.Error(), "\n")):
			t.Errorf("%s: %q does not name the output on one line", tc.name, err)
		}
	}
	if b, _ := os.ReadFile(p("a.json")); string(b) != "a.json" {
		t.Errorf("a.json changed: %q", b)
	}
}
