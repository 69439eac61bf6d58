package launch

import (
	"errors"
	"fmt"
	"os"

	"github.com/radvbench/radvbench/bench/supervise"
)

// The errors a run returns say what went wrong, with the figures; the
// caller adds what to do about it in the words of its flags.

// OutputProblem is what is wrong with a results path.
type OutputProblem int

const (
	// OutputIsDir: the results path is a directory.
	OutputIsDir OutputProblem = iota
	// OutputStdout: the results path is "-" (a run needs a file, with
	// its journal beside it).
	OutputStdout
	// OutputNotRegular: the path (or its journal's) names something
	// other than a regular file or a new path; Err says what.
	OutputNotRegular
	// OutputNoDir: the results directory cannot be created.
	OutputNoDir
	// OutputNotWritable: nothing can be written in the results directory.
	OutputNotWritable
	// OutputJournalInTheWay: an interrupted run's journal is beside the
	// path.
	OutputJournalInTheWay
	// OutputNoSpace: too little free space for the journal and the file.
	OutputNoSpace
)

// OutputError is a results path a run cannot write; it is the user's to
// change (a usage error).
type OutputError struct {
	Problem OutputProblem
	// Path is the results path, Dir its directory, Journal its journal.
	Path, Dir, Journal string
	// Err is the underlying error (OutputNotRegular, OutputNoDir,
	// OutputNotWritable), without the path it repeats.
	Err error
	// Free and Need are bytes (OutputNoSpace), for Results results.
	Free, Need uint64
	Results    int
}

func (e *OutputError) Error() string {
	switch e.Problem {
	case OutputIsDir:
		return fmt.Sprintf("the results path %s is a directory", e.Path)
	case OutputStdout:
		return "a run writes its results to a file, with its journal beside it while it runs"
	case OutputNotRegular:
		return e.Err.Error()
	case OutputNoDir:
		return fmt.Sprintf("cannot create the results directory %s: %v", e.Dir, e.Err)
	case OutputNotWritable:
		return fmt.Sprintf("cannot write results into %s: %v", e.Dir, e.Err)
	case OutputJournalInTheWay:
		return fmt.Sprintf("%s is the journal of an interrupted run", e.Journal)
	case OutputNoSpace:
		return fmt.Sprintf("not enough free space in %s for the results: %d KiB free, a run of %d results needs about %d KiB", e.Dir, e.Free>>10, e.Results, e.Need>>10)
	}
	return fmt.Sprintf("results path %s: unusable", e.Path)
}

func (e *OutputError) Unwrap() error { return e.Err }

// StoppedError is a run that stopped before it could finish (a journal
// that cannot be written, a child that fails before its first benchmark)
// after Finished benchmarks were journaled in Journal: no results file is
// written, and the journal continues the run.
type StoppedError struct {
	Err      error
	Finished int
	Journal  string
}

func (e *StoppedError) Error() string {
	return fmt.Sprintf("%v (the %d finished benchmark(s) are in the journal %s)", e.Err, e.Finished, e.Journal)
}

func (e *StoppedError) Unwrap() error { return e.Err }

// PinError is a performance level that could not be set
// (sysinfo.PinClocks; errors.Is sysinfo.ErrPinNeedsRoot or ErrNoAMDGPU
// tell why).
type PinError struct{ Err error }

func (e *PinError) Error() string { return e.Err.Error() }
func (e *PinError) Unwrap() error { return e.Err }

// EmulatedError is a device that is emulated (RADV's null winsys or the
// DRM shim): nothing executes there, so nothing can be verified or timed;
// isa compiles for its Target.
type EmulatedError struct {
	Device, Mechanism, Target string
}

func (e *EmulatedError) Error() string {
	return fmt.Sprintf("%s is emulated (%s, %s): nothing executes there, so nothing can be verified or timed", e.Device, e.Mechanism, e.Target)
}

// ErrNothingReported is a supervised run whose children reported nothing.
var ErrNothingReported = errors.New("no child process reported anything")

// ErrInterrupted is a run a signal ended: a child's (Child), or a
// supervised run interrupted before any child reported (Run; nothing
// was journaled). An interrupted run that had begun returns an Outcome
// with Interrupted instead.
var ErrInterrupted = supervise.ErrInterrupted

// rootCause drops the path an *os.PathError repeats.
func rootCause(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
