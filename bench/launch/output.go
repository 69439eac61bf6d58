package launch

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/internal/outfile"
)

// DefaultOut is the results path of a run of suites started at started:
// results/<UTC time>-<suites>.json.
func DefaultOut(started time.Time, suites []string) string {
	return filepath.Join("results", started.Format("20060102T150405Z")+"-"+strings.Join(suites, "+")+".json")
}

// bytesPerResult is a generous size of one result in the journal or the
// results file (200 samples in two arrays, plus the rest, as JSON).
const bytesPerResult = 16 << 10

// CheckOutput fails with an *OutputError, before any benchmark runs, when
// the results file at path cannot be written: a directory, "-", something
// other than a regular file or a new path (the path or its journal), a
// directory that cannot be created or written, an interrupted run's
// journal in the way (unless resuming), or too little free space for a
// run of results results.
func CheckOutput(path string, results int, resuming bool) error {
	journal := path + supervise.JournalSuffix
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return &OutputError{Problem: OutputIsDir, Path: path}
	}
	if path == outfile.Stdout {
		return &OutputError{Problem: OutputStdout, Path: path}
	}
	for _, p := range []string{path, journal} {
		if err := outfile.Check(p); err != nil {
			return &OutputError{Problem: OutputNotRegular, Path: p, Err: err}
		}
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return &OutputError{Problem: OutputNoDir, Path: path, Dir: dir, Err: rootCause(err)}
	}
	f, err := os.CreateTemp(dir, ".radvbench-write-test*")
	if err != nil {
		return &OutputError{Problem: OutputNotWritable, Path: path, Dir: dir, Err: rootCause(err)}
	}
	f.Close()
	os.Remove(f.Name())
	if !resuming {
		if st, err := os.Stat(journal); err == nil && st.Size() == 0 {
			// Cut before its header: nothing to resume.
			os.Remove(journal)
		} else if err == nil {
			return &OutputError{Problem: OutputJournalInTheWay, Path: path, Journal: journal}
		}
	}
	// The journal, the new file being written beside the old one, and
	// room to spare.
	need := uint64(2*results+8) * bytesPerResult
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err == nil {
		if free := st.Bavail * uint64(st.Bsize); free < need {
			return &OutputError{Problem: OutputNoSpace, Path: path, Dir: dir, Free: free, Need: need, Results: results}
		}
	}
	return nil
}
