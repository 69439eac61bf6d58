package main

// Checks of the results path before any benchmark runs: a path that is a
// directory, a directory that cannot be created or written (read-only,
// vanished parent), too little free space for the journal and the file,
// an interrupted run's journal in the way.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"github.com/radvbench/radvbench/bench/supervise"
)

// bytesPerResult is a generous size of one result in the journal or the
// results file (200 samples in two arrays, plus the rest, as JSON).
const bytesPerResult = 16 << 10

// checkOutput fails (exit 2, one line naming the path) when the results
// file cannot be written; results is how many results the run may hold.
func checkOutput(path string, results int, resuming bool) error {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return usagef("the results path %s is a directory: pass a file name with --out, e.g. --out %s", path, filepath.Join(path, "results.json"))
	}
	if err := checkResultsPath(path, path+supervise.JournalSuffix); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return usagef("cannot create the results directory %s: %v (choose another with --out)", dir, rootCause(err))
	}
	f, err := os.CreateTemp(dir, ".radvbench-write-test*")
	if err != nil {
		return usagef("cannot write results into %s: %v (choose another with --out)", dir, rootCause(err))
	}
	f.Close()
	os.Remove(f.Name())
	if !resuming {
		if st, err := os.Stat(path + supervise.JournalSuffix); err == nil && st.Size() == 0 {
			// Cut before its header: nothing to resume.
			os.Remove(path + supervise.JournalSuffix)
		} else if err == nil {
			return usagef("%s%s is the journal of an interrupted run: continue it with 'radvbench run --resume %s', or remove it", path, supervise.JournalSuffix, path)
		}
	}
	// The journal, the new file being written beside the old one, and
	// room to spare.
	need := uint64(2*results+8) * bytesPerResult
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err == nil {
		free := st.Bavail * uint64(st.Bsize)
		if free < need {
			return usagef("not enough free space in %s for the results: %d KiB free, a run of %d results needs about %d KiB (free some space or choose another --out)", dir, free>>10, results, need>>10)
		}
	}
	return nil
}

// rootCause drops the path an *os.PathError repeats.
func rootCause(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return fmt.Errorf("%w", err)
}
