// Package outfile is the one writer of radvbench's output files: results,
// noise files, reports, exports, charts. It writes only to a regular file
// or to a new path, atomically (a temporary file in the target's
// directory, fsync, rename, fsync of the directory), and never replaces
// anything else that sits at the path: a device such as /dev/full or
// /dev/null, a FIFO, a socket or a directory is refused with an *Error
// before anything is written.
//
// A symbolic link is followed when it ends at a regular file: the target
// is rewritten in place (atomically, in the target's directory) and the
// link stays. A link that ends anywhere else, or nowhere, is refused:
// radvbench never creates a file through a dangling link.
//
// No output replaces its input: NotInput refuses an output path that is
// the same file as one the command reads (by name, symbolic or hard
// link), which every command that reads files and writes one checks
// before any work is done.
package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Stdout is the path that means standard output, where a command offers
// it ('compare -o -', 'export -o -'). WriteAtomic itself refuses it: the
// caller writes to its standard output instead.
const Stdout = "-"

// ErrNotRegular is what every *Error matches with errors.Is.
var ErrNotRegular = errors.New("not a regular file")

// Error says why a path cannot be written as an output file.
type Error struct {
	// Path is the path given; What describes what is there ("a character
	// device", "a symbolic link to /dev/null (a character device)").
	Path string
	What string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file: radvbench writes only regular files or new paths and replaces nothing else (choose another path)", e.Path, e.What)
}

// Is makes errors.Is(err, ErrNotRegular) true.
func (e *Error) Is(target error) bool { return target == ErrNotRegular }

// kind names a file mode that is not a regular file.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeIrregular != 0:
		return "an irregular file"
	}
	return "not a regular file"
}

// Target resolves path to the file WriteAtomic would write: path itself
// when nothing is there or a regular file is; the final target of a
// symbolic link that ends at a regular file. Anything else is an *Error.
// A path whose directory does not exist yet is fine (WriteAtomic creates
// it). Other errors (permission denied on a parent) are returned as they
// are.
func Target(path string) (string, error) {
	if path == "" {
		return "", errors.New("no output path given")
	}
	if path == Stdout {
		return "", &Error{Path: path, What: "standard output ('-')"}
	}
	st, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
		// Nothing there (a parent that is a file is the directory's
		// problem: creating it says so).
		return path, nil
	case err != nil:
		return "", err
	case st.Mode().IsRegular():
		return path, nil
	case st.Mode()&fs.ModeSymlink == 0:
		return "", &Error{Path: path, What: kind(st.Mode())}
	}
	dest, err := filepath.EvalSymlinks(path)
	if err != nil {
		link, _ := os.Readlink(path)
		if errors.Is(err, fs.ErrNotExist) {
			return "", &Error{Path: path, What: fmt.Sprintf("a symbolic link to %s, which does not exist", link)}
		}
		return "", &Error{Path: path, What: fmt.Sprintf("a symbolic link to %s that cannot be followed (%v)", link, rootCause(err))}
	}
	dst, err := os.Lstat(dest)
	if err != nil {
		return "", err
	}
	if !dst.Mode().IsRegular() {
		return "", &Error{Path: path, What: fmt.Sprintf("a symbolic link to %s (%s)", dest, kind(dst.Mode()))}
	}
	return dest, nil
}

// Check reports whether path can be written as an output file (see
// Target). Commands call it before doing any work, so that a bad output
// path fails before a benchmark runs.
func Check(path string) error {
	_, err := Target(path)
	return err
}

// CheckDir reports whether path can hold an output directory (a report):
// nothing there, a directory, or a symbolic link to a directory.
func CheckDir(path string) error {
	if path == Stdout {
		return &Error{Path: path, What: "standard output ('-')"}
	}
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if lst, lerr := os.Lstat(path); lerr == nil && lst.Mode()&fs.ModeSymlink != 0 {
			link, _ := os.Readlink(path)
			return &Error{Path: path, What: fmt.Sprintf("a symbolic link to %s, which does not exist", link)}
		}
		return nil
	case err != nil:
		return err
	case st.IsDir():
		return nil
	}
	return &dirError{path: path, what: kind(st.Mode())}
}

// dirError: an output directory path holds something else.
type dirError struct{ path, what string }

func (e *dirError) Error() string {
	if e.what == "not a regular file" {
		e.what = "a file"
	}
	return fmt.Sprintf("%s is %s, not a directory: the report needs a directory (choose another path)", e.path, e.what)
}

func (e *dirError) Is(target error) bool { return target == ErrNotRegular }

// WriteFile writes data to path atomically (see WriteAtomic).
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	return WriteAtomic(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteAtomic writes the file at path (or, for a symbolic link, at its
// regular-file target) through write: a new temporary file in the same
// directory (created exclusively), synced, renamed over the path, and the
// directory synced, so a reader sees the old file or the whole new one,
// and a crash leaves one of them. The path's directory is created when
// missing. An existing file keeps its permissions; a new one gets perm.
// Nothing at the path is replaced unless it is a regular file: the check
// is repeated just before the rename, and a path that did not exist is
// renamed onto without replacing (Linux: RENAME_NOREPLACE), so something
// created there meanwhile is not replaced either.
func WriteAtomic(path string, perm fs.FileMode, write func(io.Writer) error) error {
	target, err := Target(path)
	if err != nil {
		return err
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create directory %s: %w", dir, rootCause(err))
	}
	existed := false
	if st, err := os.Lstat(target); err == nil {
		existed = true
		perm = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(target)+".tmp*")
	if err != nil {
		return fmt.Errorf("create a temporary file in %s: %w", dir, rootCause(err))
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := write(tmp); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Chmod(perm); err != nil {
		return fmt.Errorf("chmod %s: %w", path, rootCause(err))
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", path, rootCause(err))
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("close %s: %w", path, rootCause(err))
	}
	// Something may have appeared at the path since the first check.
	if again, err := Target(target); err != nil {
		return err
	} else if again != target {
		return &Error{Path: path, What: "a path that changed while it was written"}
	}
	if err := rename(tmp.Name(), target, existed); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return &Error{Path: path, What: "a path something else created while radvbench wrote it"}
		}
		return fmt.Errorf("rename into %s: %w", path, rootCause(err))
	}
	done = true
	return syncDir(dir)
}

// syncDir makes a rename in dir durable. Filesystems that cannot sync a
// directory (EINVAL) are not an error.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return nil // the file is written; durability is best effort here
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, errInvalid) {
		return fmt.Errorf("sync directory %s: %w", dir, rootCause(err))
	}
	return nil
}

// rootCause drops the path an *fs.PathError or *os.LinkError repeats.
func rootCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
