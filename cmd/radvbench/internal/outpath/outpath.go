// Package outpath checks and writes the output files of the commands
// that write one (compare -o, export -o, history export -o, history trend
// --chart, noise -o, report -o, run -o, bisect -o and --chart): checked before any work is done, written
// through internal/outfile (only a regular file or a new path; nothing
// else at the path is replaced, and never one of the command's inputs),
// '-' for standard output where a command offers it.
package outpath

import (
	"errors"
	"fmt"
	"io"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/internal/outfile"
	"github.com/radvbench/radvbench/internal/termtext"
)

// ToFile reports whether an -o value names a file (not "" or "-": stdout).
func ToFile(path string) bool { return path != "" && path != outfile.Stdout }

// CheckPath fails (exit 2) when path, given with flag, names
// something radvbench will not replace (a device, FIFO, socket,
// directory, a link to one). "" and "-" (stdout) pass.
func CheckPath(flag, path string) error {
	if !ToFile(path) {
		return nil
	}
	if err := outfile.Check(path); err != nil {
		return Error(flag, err)
	}
	return nil
}

// Check is CheckPath, and also refuses (exit 2) a path that
// is the same file as one of the command's inputs (outfile.NotInput:
// also through a symbolic or hard link), before anything is read.
func Check(flag, path string, inputs ...string) error {
	if err := CheckPath(flag, path); err != nil {
		return err
	}
	return NotInput(flag, path, inputs...)
}

// NotInput refuses (exit 2) an output path that is one of inputs.
func NotInput(flag, path string, inputs ...string) error {
	if err := outfile.NotInput(flag, path, inputs...); err != nil {
		return base.Usagef("%s", termtext.Escape(err.Error()))
	}
	return nil
}

// Write writes data to path (atomically, through outfile), or to
// stdout for "" and "-".
func Write(stdout io.Writer, flag, path string, data []byte) error {
	if !ToFile(path) {
		_, err := stdout.Write(data)
		return err
	}
	if err := outfile.WriteFile(path, data, 0o644); err != nil {
		return Error(flag, err)
	}
	return nil
}

// Error is the error for an output that could not be written: a
// path naming something other than a regular file is the user's to change
// (exit 2); any other failure to write (a full disk, permissions) is
// exit 1.
func Error(flag string, err error) error {
	if errors.Is(err, outfile.ErrNotRegular) {
		return base.Usagef("%s: %s", flag, termtext.Escape(err.Error()))
	}
	return fmt.Errorf("%s: %w", flag, err)
}
