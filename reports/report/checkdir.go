package report

import (
	"errors"
	"path/filepath"
	"syscall"

	"github.com/radvbench/radvbench/internal/outfile"
)

// CheckDir fails, before any work, when Write could not write a report
// into dir: dir is something other than a directory or a new path, or
// its index.html or summary.md is something other than a regular file
// (outfile.CheckDir, outfile.Check).
func CheckDir(dir string) error {
	if err := outfile.CheckDir(dir); err != nil {
		return err
	}
	for _, name := range []string{"index.html", "summary.md"} {
		if err := outfile.Check(filepath.Join(dir, name)); err != nil && !errors.Is(err, syscall.ENOTDIR) {
			return err
		}
	}
	return nil
}
