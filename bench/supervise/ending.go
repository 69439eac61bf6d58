package supervise

// How a child ended: cleanly, interrupted, hung or crashed (costing the
// benchmark it was running), or failing before its first benchmark.

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"syscall"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// end classifies how the exited child ended. An error recording its
// results, an unreadable protocol line, or the run's cancellation ends
// the whole run; a clean end, or an exit after a reported device loss,
// is nil; a child a signal stopped is an *InterruptedError; a crash or a
// hang is a fault.
func (f *follower) end() (childOutcome, error) {
	select {
	case err := <-f.p.readErr:
		if f.fatal == nil {
			f.fatal = err
		}
	default:
	}
	if f.fatal != nil {
		return f.out, f.fatal
	}
	if f.interrupted || f.ctx.Err() != nil {
		// The run was interrupted (its child may have ended on the same
		// signal first): the benchmark it cut short is not a result.
		return f.out, f.ctx.Err()
	}
	state := f.p.cmd.ProcessState
	clean := !f.timedOut && f.p.waitErr == nil && f.gotEnd
	lost := f.lostReported && state != nil && state.ExitCode() == ExitDeviceLost && !f.timedOut
	if clean || lost {
		return f.out, nil
	}
	if !f.timedOut && interruptedExit(state) {
		return f.out, &InterruptedError{Run: f.run, How: DescribeExit(state, "")}
	}
	err := f.fault(state)
	return f.out, err
}

// fault records a crash or a hang: the benchmark the child was running
// fails, saying what happened, and a fresh child carries on. A child that
// failed before its first benchmark is a *ChildFailedError.
func (f *follower) fault(state *os.ProcessState) error {
	s, stderrText := f.s, f.p.stderr.String()
	var what string
	switch {
	case f.timedOut && f.cur != nil:
		s.Stats.Hangs++
		what = fmt.Sprintf("hung: no progress for %v (the watchdog budget), its process group was killed", s.Budget)
	case f.timedOut:
		what = fmt.Sprintf("a child process made no progress for %v outside any benchmark and was killed", s.Budget)
	default:
		s.Stats.Crashes++
		what = "crashed: the child process " + DescribeExit(state, stderrText)
	}
	if f.cur == nil {
		if f.out.results == 0 && !f.gotEnd {
			msg := commandPrefix.ReplaceAllString(StderrExcerpt(stderrText, 1), "")
			if msg == "" {
				msg = what
			}
			return &ChildFailedError{Run: f.run, Msg: msg, Usage: state != nil && state.ExitCode() == 2, Config: f.c.Name}
		}
		s.notef("run %d: %s between benchmarks; a fresh child carries on", f.run, what)
		return nil
	}
	reason := what
	if ex := StderrExcerpt(stderrText, 5); ex != "" {
		reason += "; last stderr lines: " + ex
	}
	reason = s.withKernelLog(reason)
	failed := *f.cur
	failed.Status, failed.Reason, failed.Verified = resultsfile.StatusFailed, reason, false
	failed.DurationS = time.Since(f.curStart).Seconds()
	s.notef("run %d: %s: %s; a fresh child carries on", f.run, failed.ID(), what)
	if err := s.Recorder.Add(f.run, f.c.Name, &failed, nil); err != nil {
		return err
	}
	f.done[failed.ID()] = true
	f.out.faulted = true
	return nil
}

// commandPrefix is the "radvbench run: " a child's error line starts with.
var commandPrefix = regexp.MustCompile(`^radvbench [a-z]+: `)

// ErrInterrupted is a run a signal stopped: errors.Is of an
// *InterruptedError.
var ErrInterrupted = errors.New("interrupted")

// InterruptedError is a child that a signal stopped (its own SIGINT or
// SIGTERM, not its parent's): the run ends as interrupted, as it would on
// the parent's own signal; the benchmark the child was running is not
// journaled, so a resumed run runs it again.
type InterruptedError struct {
	Run int
	// How the child ended (DescribeExit).
	How string
}

func (e *InterruptedError) Error() string {
	return fmt.Sprintf("run %d: interrupted: the child process %s", e.Run, e.How)
}

func (e *InterruptedError) Is(target error) bool { return target == ErrInterrupted }

// interruptedExit reports whether a child ended on an interrupt: it
// exited with ExitInterrupted (it caught SIGINT or SIGTERM and stopped),
// or SIGINT, SIGTERM or SIGHUP killed it before it could catch them.
// SIGKILL is not among them: the kernel's OOM killer sends it too, and
// a watchdog's kill is a hang.
func interruptedExit(state *os.ProcessState) bool {
	if state == nil {
		return false
	}
	if ws, ok := state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		switch ws.Signal() {
		case syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP:
			return true
		}
		return false
	}
	return state.ExitCode() == ExitInterrupted
}

// ChildFailedError is a child that failed before its first benchmark:
// bad arguments (Usage: it exited 2), no device, a driver that aborts on
// load. Nothing ran, so nothing would run in a fresh child either.
type ChildFailedError struct {
	Run   int
	Msg   string
	Usage bool
	// Config is the A/B configuration the child ran ("" when none): in
	// a round of two, which side could not run.
	Config string
}

func (e *ChildFailedError) Error() string {
	of := ""
	if e.Config != "" {
		of = " of config " + e.Config
	}
	return fmt.Sprintf("run %d%s: the child process failed before its first benchmark: %s", e.Run, of, e.Msg)
}
