//go:build !linux

package outfile

import (
	"os"
	"syscall"
)

var errInvalid = syscall.EINVAL

// rename moves the temporary file onto target (the check before it is
// the only guard where the system has no RENAME_NOREPLACE).
func rename(tmp, target string, existed bool) error {
	return os.Rename(tmp, target)
}
