package outfile

import (
	"errors"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteAtomic writes over every kind of thing a path can hold: a
// regular file or a new path is written (a symbolic link to a regular
// file: its target, the link kept); anything else is refused with an
// *Error and left exactly as it was.
func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	mk := map[string]func(path string) error{
		"new":        func(string) error { return nil },
		"new-subdir": func(string) error { return nil },
		"regular":    func(path string) error { return os.WriteFile(path, []byte("old"), 0o600) },
		"directory":  func(path string) error { return os.Mkdir(path, 0o755) },
		"fifo":       func(path string) error { return syscall.Mkfifo(path, 0o644) },
		"socket": func(path string) error {
			l, err := net.Listen("unix", path)
			if err == nil {
				t.Cleanup(func() { l.Close() })
			}
			return err
		},
		// A device node like /dev/null (major 1, minor 3), made here so a
		// broken writer replaces a copy, never the machine's own.
		"chardev": func(path string) error {
			if os.Geteuid() != 0 {
				t.Skip("mknod needs root")
			}
			return syscall.Mknod(path, syscall.S_IFCHR|0o666, 1<<8|3)
		},
		"link-to-regular": func(path string) error {
			if err := os.WriteFile(p("real.json"), []byte("old"), 0o640); err != nil {
				return err
			}
			return os.Symlink("real.json", path)
		},
		"link-to-fifo": func(path string) error {
			if err := syscall.Mkfifo(p("fifo2"), 0o644); err != nil {
				return err
			}
			return os.Symlink(p("fifo2"), path)
		},
		"link-to-dir":   func(path string) error { return os.Symlink(dir, path) },
		"dangling-link": func(path string) error { return os.Symlink(p("nowhere/x.json"), path) },
	}
	for _, tc := range []struct {
		name, what string // what: "" when the write must succeed
	}{
		{"new", ""},
		{"new-subdir", ""},
		{"regular", ""},
		{"link-to-regular", ""},
		{"directory", "is a directory, not a regular file"},
		{"fifo", "is a FIFO (named pipe), not a regular file"},
		{"socket", "is a socket, not a regular file"},
		{"chardev", "is a character device, not a regular file"},
		{"link-to-fifo", "(a FIFO (named pipe)), not a regular file"},
		{"link-to-dir", "(a directory), not a regular file"},
		{"dangling-link", "which does not exist, not a regular file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := p(tc.name)
			if tc.name == "new-subdir" {
				path = p("sub/dir/out.json")
			}
			if err := mk[tc.name](path); err != nil {
				t.Fatal(err)
			}
			before, _ := os.Lstat(path)
			err := WriteFile(path, []byte("new"), 0o644)
			if tc.what == "" {
				if err != nil {
					t.Fatalf("WriteFile: %v", err)
				}
				got, err := os.ReadFile(path)
				if err != nil || string(got) != "new" {
					t.Fatalf("read back %q, %v", got, err)
				}
				if tc.name == "link-to-regular" {
					if st, err := os.Lstat(path); err != nil || st.Mode()&fs.ModeSymlink == 0 {
						t.Fatalf("the link was replaced: %v %v", st.Mode(), err)
					}
					if st, _ := os.Stat(path); st.Mode().Perm() != 0o640 {
						t.Errorf("the target's mode %v became %v", os.FileMode(0o640), st.Mode().Perm())
					}
				}
				if tc.name == "regular" {
					if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
						t.Errorf("an existing file's mode 0600 became %v", st.Mode().Perm())
					}
				}
				return
			}
			var oe *Error
			if !errors.As(err, &oe) || !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), tc.what) || !strings.Contains(err.Error(), path) {
				t.Fatalf("WriteFile(%s) = %v, want an *Error with %q", tc.name, err, tc.what)
			}
			after, aerr := os.Lstat(path)
			if aerr != nil || after.Mode() != before.Mode() || !os.SameFile(before, after) {
				t.Fatalf("%s was replaced: %v -> %v (%v)", tc.name, before.Mode(), after.Mode(), aerr)
			}
			if err := Check(path); err == nil {
				t.Errorf("Check(%s) accepts what WriteFile refuses", tc.name)
			}
		})
	}
	// No temporary file is left behind by any case.
	left, _ := filepath.Glob(p(".*.tmp*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestWriteAtomicFailedWrite: a write that fails leaves the old file and
// no temporary file.
func TestWriteAtomicFailedWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := WriteAtomic(path, 0o644, func(w io.Writer) error {
		io.WriteString(w, "half")
		return errors.New("encoder broke")
	})
	if err == nil || !strings.Contains(err.Error(), "encoder broke") {
		t.Fatalf("err = %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Fatalf("old file became %q", got)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("left behind: %v", ents)
	}
}

// TestCheckDir: a report directory may be new or a directory, nothing
// else.
func TestCheckDir(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	os.WriteFile(file, nil, 0o644)
	fifo := filepath.Join(dir, "p")
	syscall.Mkfifo(fifo, 0o644)
	for path, ok := range map[string]bool{dir: true, filepath.Join(dir, "new"): true, file: false, fifo: false, "-": false} {
		if err := CheckDir(path); (err == nil) != ok {
			t.Errorf("CheckDir(%s) = %v", path, err)
		}
	}
}

// TestStdoutRefused: "-" is for the caller to handle, never a file name.
func TestStdoutRefused(t *testing.T) {
	if err := WriteFile(Stdout, []byte("x"), 0o644); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("WriteFile(-) = %v", err)
	}
	if _, err := os.Stat("-"); err == nil {
		t.Fatal("a file called - was created")
	}
}
