package launch

import (
	"context"
	"fmt"
	"math"
	"syscall"

	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/usage"
)

// A Worker is what a child process does for its parent: open what it
// works with (a device, a compiler), then run the share of the plan the
// parent gives it, reporting through the Side.
type Worker interface {
	// Open prepares the worker and returns its results header (device,
	// tool, start time) and the suites its results come from.
	Open(ctx context.Context) (header *resultsfile.File, suites []*kernel.Suite, err error)
	// Work runs the benchmarks; it orders the plan with Side.Order and
	// reports each benchmark with Side.Starting and Side.Result.
	Work(ctx context.Context, s *Side) error
	// Close releases what Open opened.
	Close()
}

// Child is the child side of a supervised run, for every worker: it
// opens the protocol pipe the supervisor's flags name, opens the worker,
// and reports its header, order, benchmarks and results to the parent.
// A parent that is gone (the pipe or the turns fail) cancels the work,
// and Child returns a *ParentGoneError once the worker has returned.
func Child(ctx context.Context, cf supervise.ChildFlags, w Worker) error {
	c, err := supervise.OpenChild(cf)
	if err != nil {
		return usage.Errorf("%v", err)
	}
	return childOn(ctx, c, cf, w)
}

// childOn is Child on an open protocol end.
func childOn(ctx context.Context, c *supervise.Child, cf supervise.ChildFlags, w Worker) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	header, suites, err := w.Open(ctx)
	if err != nil {
		return err
	}
	defer w.Close()
	s := &Side{c: c, flags: cf, header: header, suites: suites, cancel: cancel}
	err = w.Work(ctx, s)
	if s.gone != nil {
		return s.gone
	}
	if err != nil {
		return err
	}
	if err := c.End(); err != nil {
		return fmt.Errorf("report the end to the parent: %w", err)
	}
	return nil
}

// ParentGoneError is a child's parent gone: the protocol or turn pipe
// failed, so nothing the child does reaches anyone.
type ParentGoneError struct{ Err error }

func (e *ParentGoneError) Error() string { return "the parent process is gone: " + e.Err.Error() }
func (e *ParentGoneError) Unwrap() error { return e.Err }

// Side is a child's end of the protocol, as a worker sees it.
type Side struct {
	c       *supervise.Child
	flags   supervise.ChildFlags
	header  *resultsfile.File
	suites  []*kernel.Suite
	ordered []runner.Item
	// Config names the child's configuration in the benchmarks it
	// starts (an isa target); "" for a run's.
	Config string
	// OnTurn, when set, is called when a benchmark's turn comes, before
	// it is set up (an observer starts afresh in lockstep).
	OnTurn func()
	// cancel ends the work when the parent is gone (gone says why).
	cancel context.CancelFunc
	gone   *ParentGoneError
}

// send reports m; a failure means the parent is gone (parentGone).
func (s *Side) send(m supervise.Msg) bool {
	if err := s.c.Send(m); err != nil {
		s.parentGone(err)
		return false
	}
	return true
}

// parentGone records why the parent is gone, the first time, and cancels
// the work: nothing it does reaches anyone any more.
func (s *Side) parentGone(err error) {
	if s.gone == nil {
		s.gone = &ParentGoneError{Err: err}
	}
	if s.cancel != nil {
		s.cancel()
	}
}

// Seed is the order seed the parent chose for this run.
func (s *Side) Seed() uint64 { return s.flags.Seed }

// Lockstep reports whether this child takes turns with another;
// BySample whether it takes one before every sample too (SampleTurn).
func (s *Side) Lockstep() bool { return s.flags.Lockstep }
func (s *Side) BySample() bool { return s.c.BySample() }

// Order reports the plan and the order the worker would run it in
// (arranged: plan shuffled, or as it is) and returns the share of the
// arranged plan the parent gives this child: what it has not run yet,
// from as many shared-input groups as it may take.
func (s *Side) Order(plan, arranged []runner.Item) []runner.Item {
	groups := runner.Group(arranged)
	m := supervise.Msg{Header: s.header, Groups: groups}
	for _, it := range plan {
		m.Plan = append(m.Plan, it.ID())
	}
	for _, it := range arranged {
		m.Order = append(m.Order, it.ID())
	}
	s.ordered = nil
	if !s.send(m) {
		return nil // the parent is gone: nothing to run
	}
	for _, i := range s.c.Select(m.Order, groups) {
		s.ordered = append(s.ordered, arranged[i])
	}
	return s.ordered
}

// Progress follows the worker's progress through the ordered share
// (runner.Options.Progress): as the done-th benchmark is set up it waits
// for its turn (in lockstep) and reports that it starts.
func (s *Side) Progress(done, total int, name, phase string) {
	if phase != "setting up" || done >= len(s.ordered) {
		return
	}
	it := s.ordered[done]
	if err := s.c.Turn(it.ID()); err != nil {
		s.parentGone(err)
		return
	}
	if s.OnTurn != nil {
		s.OnTurn()
	}
	skel := runner.NewResult(it)
	skel.Config = s.Config
	s.send(supervise.Msg{Start: it.ID(), Item: &skel})
}

// SampleTurn waits for the turn to take one sample of benchmark id
// (runner.Options.SampleTurn).
func (s *Side) SampleTurn(id string) error {
	if err := s.c.SampleTurn(id); err != nil {
		s.parentGone(err)
		return s.gone
	}
	return nil
}

// Sample reports a timed sample when the parent asked for them (a live
// view); NaN and infinities are dropped (JSON cannot carry them; the
// view only misses a point).
func (s *Side) Sample(id string, n int, v float64) {
	if s.flags.Samples && !math.IsNaN(v) && !math.IsInf(v, 0) {
		s.send(supervise.Msg{Sample: &supervise.Sample{ID: id, N: n, Value: v}})
	}
}

// Result reports a finished benchmark with its kernel's shader hashes.
// After a lost device the child exits at once (tearing down a lost or
// hung device may block), with the status that tells the parent.
func (s *Side) Result(r *resultsfile.Result, deviceLost bool) {
	s.send(supervise.Msg{Result: r, Shaders: KernelShaders(s.suites, r), DeviceLost: deviceLost})
	if deviceLost {
		// Not a return: the worker would tear the lost device down.
		s.c.Close()
		syscall.Exit(supervise.ExitDeviceLost)
	}
}
