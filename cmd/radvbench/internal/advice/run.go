package advice

import (
	"errors"

	"github.com/radvbench/radvbench/bench/launch"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
)

// ChildrenSummary is the supervisor's line on a run's child processes,
// with the flag that changes the watchdog's budget when it killed one
// (the results file's reason for a hung benchmark names no flag).
func ChildrenSummary(st supervise.Stats) string {
	if st.Hangs > 0 {
		return st.Summary() + " (--watchdog changes the budget)"
	}
	return st.Summary()
}

// IsolateError is the usage error for an --isolate value
// supervise.ParseIsolation does not know.
func IsolateError(err error) error {
	var ie *supervise.IsolationError
	if errors.As(err, &ie) {
		return base.Usagef("--isolate %q: use %s", ie.Value, supervise.IsolationModes)
	}
	return err
}

// StableClocksError is the usage error (one line, exit 2) for a run that
// could not hold the clocks through the profiling lock, with the root way
// out where there is one; any other error is returned as it is.
func StableClocksError(err error) error {
	var se *launch.StableClocksError
	switch {
	case !errors.As(err, &se):
		return err
	case se.Fallback():
		return base.Usagef("--stable-clocks: %v; as root, add --pin-clocks profile_standard (or profile_peak) to pin the level instead", se)
	}
	return base.Usagef("--stable-clocks: %v; unset RADV_PROFILE_PSTATE or set one of them", se)
}

// ResumeError adds the advice to an error of reading the journal --resume
// names: a journal that cannot be resumed leaves a fresh run.
func ResumeError(err error) error {
	var je *supervise.JournalError
	if !errors.As(err, &je) {
		return err
	}
	if je.Problem == supervise.JournalNoCompleteLine {
		return base.Usagef("%v: rerun without --resume", err)
	}
	return base.Usagef("%v; rerun without --resume", err)
}

// JournalError adds the advice to the errors of a run's journal that
// launch.Run (and launch.ISA) return; nil for any other error.
func JournalError(err error) error {
	var ie *supervise.IdentityError
	var je *supervise.JournalCreateError
	switch {
	case errors.As(err, &ie):
		return base.Usagef("%v (resume on the same system, or pass --force to mix them)", err)
	case errors.As(err, &je):
		return base.Usagef("%v (choose another --out)", err)
	}
	return nil
}
