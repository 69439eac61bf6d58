package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/internal/outfile"
	"github.com/radvbench/radvbench/internal/termtext"
)

// Output files of the commands that write one (compare -o, export -o,
// history export -o, history trend --chart, noise -o, report -o, run -o,
// bisect -o and --chart): checked before any work is done, written
// through internal/outfile (only a regular file or a new path; nothing
// else at the path is replaced, and never one of the command's inputs),
// '-' for standard output where a command offers it.

// toFile reports whether an -o value names a file (not "" or "-": stdout).
func toFile(path string) bool { return path != "" && path != outfile.Stdout }

// checkOutputPath fails (exit 2) when path, given with flag, names
// something radvbench will not replace (a device, FIFO, socket,
// directory, a link to one). "" and "-" (stdout) pass.
func checkOutputPath(flag, path string) error {
	if !toFile(path) {
		return nil
	}
	if err := outfile.Check(path); err != nil {
		return outputError(flag, err)
	}
	return nil
}

// checkOutput is checkOutputPath, and also refuses (exit 2) a path that
// is the same file as one of the command's inputs (outfile.NotInput:
// also through a symbolic or hard link), before anything is read.
func checkOutput(flag, path string, inputs ...string) error {
	if err := checkOutputPath(flag, path); err != nil {
		return err
	}
	return notInput(flag, path, inputs...)
}

// notInput refuses (exit 2) an output path that is one of inputs.
func notInput(flag, path string, inputs ...string) error {
	if err := outfile.NotInput(flag, path, inputs...); err != nil {
		return base.Usagef("%s", termtext.Escape(err.Error()))
	}
	return nil
}

// writeOutput writes data to path (atomically, through outfile), or to
// stdout for "" and "-".
func writeOutput(stdout io.Writer, flag, path string, data []byte) error {
	if !toFile(path) {
		_, err := stdout.Write(data)
		return err
	}
	if err := outfile.WriteFile(path, data, 0o644); err != nil {
		return outputError(flag, err)
	}
	return nil
}

// outputError is the error for an output that could not be written: a
// path naming something other than a regular file is the user's to change
// (exit 2); any other failure to write (a full disk, permissions) is
// exit 1.
func outputError(flag string, err error) error {
	if errors.Is(err, outfile.ErrNotRegular) {
		return base.Usagef("%s: %s", flag, termtext.Escape(err.Error()))
	}
	return fmt.Errorf("%s: %w", flag, err)
}
