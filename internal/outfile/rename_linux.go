package outfile

import (
	"errors"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

var errInvalid = syscall.EINVAL

// rename moves the temporary file onto target. Onto a path that did not
// exist it uses RENAME_NOREPLACE, so a file (or FIFO, device, ...)
// created there since the check is not replaced: the rename fails with
// EEXIST instead. Filesystems without RENAME_NOREPLACE fall back to a
// plain rename after the check.
func rename(tmp, target string, existed bool) error {
	if !existed {
		err := unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, target, unix.RENAME_NOREPLACE)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, unix.EEXIST):
			return &os.LinkError{Op: "rename", Old: tmp, New: target, Err: os.ErrExist}
		case !errors.Is(err, unix.EINVAL) && !errors.Is(err, unix.ENOSYS):
			return &os.LinkError{Op: "rename", Old: tmp, New: target, Err: err}
		}
	}
	return os.Rename(tmp, target)
}
