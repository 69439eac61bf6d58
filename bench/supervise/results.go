package supervise

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// RefusedError is a child that exited with status 2: it refused its
// arguments (its own error line, on its standard error, says why).
type RefusedError struct{ Err error }

func (e *RefusedError) Error() string { return "the child refused its arguments: " + e.Err.Error() }
func (e *RefusedError) Unwrap() error { return e.Err }

// RunForResults runs exe with args(out) as a child process, out a results
// file in a temporary directory removed afterwards, the child's standard
// output discarded and its standard error going to stderr, and reads the
// results file the child wrote. A child that exits 2 is a *RefusedError;
// one that fails otherwise but wrote the file gives the file and, as
// failed, its exit error (some benchmarks failed); one that wrote none
// gives its exit error.
func RunForResults(ctx context.Context, exe string, args func(out string) []string, stderr io.Writer) (f *resultsfile.File, failed error, err error) {
	dir, err := os.MkdirTemp("", "radvbench-child")
	if err != nil {
		return nil, nil, fmt.Errorf("create a directory for the child's results: %w", err)
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "results.json")
	cmd := exec.CommandContext(ctx, exe, args(out)...)
	cmd.Stdout, cmd.Stderr = io.Discard, stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() == 2 {
			return nil, nil, &RefusedError{err}
		}
		if _, statErr := os.Stat(out); statErr != nil {
			return nil, nil, err
		}
		failed = err
	}
	if f, err = resultsfile.Load(out); err != nil {
		return nil, nil, fmt.Errorf("read the child's results: %w", err)
	}
	return f, failed, nil
}
