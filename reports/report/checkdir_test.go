package report

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/radvbench/radvbench/internal/outfile"
)

// TestCheckDir: a new path, an empty or earlier report directory pass;
// a file, a FIFO where the directory or index.html would be, or a
// directory where summary.md would be, do not.
func TestCheckDir(t *testing.T) {
	root := t.TempDir()
	mk := func(name string, fn func(p string) error) string {
		p := filepath.Join(root, name)
		if err := fn(p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	dir := func(p string) error { return os.MkdirAll(p, 0o755) }
	file := func(p string) error { return os.WriteFile(p, []byte("x"), 0o644) }
	fifo := func(p string) error { return syscall.Mkfifo(p, 0o644) }
	earlier := mk("earlier", dir)
	mk("earlier/index.html", file)
	mk("earlier/summary.md", file)
	mk("fifo-index", dir)
	mk("fifo-index/index.html", fifo)
	mk("dir-summary/summary.md", dir)
	for _, tc := range []struct {
		dir string
		ok  bool
	}{
		{filepath.Join(root, "new"), true},
		{filepath.Join(root, "new/deeper"), true},
		{mk("empty", dir), true},
		{earlier, true},
		{mk("a-file", file), false},
		{mk("a-fifo", fifo), false},
		{filepath.Join(root, "fifo-index"), false},
		{filepath.Join(root, "dir-summary"), false},
	} {
		err := CheckDir(tc.dir)
		if tc.ok && err != nil || !tc.ok && err == nil {
			t.Errorf("CheckDir(%s) = %v, want ok %v", tc.dir, err, tc.ok)
		}
		if err != nil && !errors.Is(err, outfile.ErrNotRegular) {
			t.Logf("CheckDir(%s): %v (not ErrNotRegular)", tc.dir, err)
		}
	}
}
