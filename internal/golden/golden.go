// Package golden is the module's one golden-file helper for tests: Check
// compares a test's output with a file under testdata/, and the single
// -update flag rewrites those files (and the fixtures generators write,
// see Update) instead. Only _test.go files import it, so the flag exists
// in test binaries alone.
package golden

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files and generated fixtures under testdata/ instead of comparing")

// Update reports whether the test binary runs with -update: fixture
// generators write their files, Check rewrites golden files.
func Update() bool { return *update }

// Check compares got with the file at path (relative to the test's
// package directory, e.g. testdata/run/help.txt). Under -update it writes
// got to path instead (creating directories). A difference is a test
// error that shows the first differing line and both texts.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden file: %v (run the test with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output (check it, then rerun the test with -update to accept): %s\n--- got\n%s\n--- want\n%s",
			path, firstDiff(string(got), string(want)), got, want)
	}
}

// firstDiff describes the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl || i >= len(g) || i >= len(w) {
			return fmt.Sprintf("line %d: got %q, want %q", i+1, gl, wl)
		}
	}
	return "they differ only in line endings"
}
