package launch

import (
	"context"
	"time"

	"github.com/radvbench/radvbench/bench/isa"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/measure"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// RunWorker is a run's child: it opens the plan's device and runs its
// share of the plan with runner.Run, in the order the parent's seed
// shuffles it.
type RunWorker struct {
	Plan Plan
	Env  Env
	// Fault, when set, sees every phase of every benchmark, with the
	// child's context (a test injects a crash or a signal there).
	Fault func(ctx context.Context, id, phase string)

	dev *device
}

// Open collects the system record and opens the device.
func (w *RunWorker) Open(ctx context.Context) (*resultsfile.File, []*kernel.Suite, error) {
	sys, err := w.Env.System(w.Plan.Sysroot, w.Plan.Dmesg)
	if err != nil {
		return nil, nil, err
	}
	if w.dev, err = openDevice(&w.Plan, w.Env); err != nil {
		return nil, nil, err
	}
	h := header(&w.Plan, w.Env, sys, w.dev.pd, nil)
	h.Started = time.Now().UTC()
	return h, w.Plan.Suites, nil
}

// Close closes the device.
func (w *RunWorker) Close() { w.dev.close() }

// Work runs the child's share of the plan. In lockstep benchmark by
// benchmark, the observer's look-back would span the other side's turn:
// it starts afresh with each turn. Taking turns sample by sample, the
// look-back always spans the other side's samples: the other side's CPU
// time is subtracted instead (runner.NewSiblingObserver).
func (w *RunWorker) Work(ctx context.Context, s *Side) error {
	p, dev := &w.Plan, w.dev.dev
	obs := runner.NewObserver(dev, p.Sysroot)
	if s.BySample() {
		obs = runner.NewSiblingObserver(dev, p.Sysroot)
	}
	o := p.runnerOptions(s.header, obs)
	if s.BySample() {
		o.SampleTurn = s.SampleTurn
	} else if r, ok := obs.(measure.Restarter); ok && s.Lockstep() {
		s.OnTurn = r.Restart
	}
	var ordered []runner.Item
	o.Order = func(plan []runner.Item) []runner.Item {
		ordered = s.Order(plan, runner.Shuffle(plan, s.Seed()))
		return ordered
	}
	capture := newCapturer(p, w.dev.pd, s.header)
	defer capture.close()
	o.Progress = func(done, total int, name, phase string) {
		s.Progress(done, total, name, phase) // in lockstep: waits for the turn, so the capture compile is in it
		if phase == "setting up" && done < len(ordered) {
			capture.before(ctx, ordered[done])
		}
		if w.Fault != nil && done < len(ordered) {
			w.Fault(ctx, ordered[done].ID(), phase)
		}
	}
	o.OnResult = func(r *resultsfile.Result) {
		capture.attach(r)
		s.Result(r, dev.Lost() != nil)
	}
	o.OnSample = s.Sample
	if _, _, err := runner.Run(ctx, dev, o); err != nil {
		return ErrInterrupted
	}
	return nil
}

// ISAWorker is an isa child: it compiles its share of the plan for one
// target with isa.Compile, in the plan's order.
type ISAWorker struct {
	// Target is the chip the environment emulates.
	Target  string
	Options isa.Options
	Tool    resultsfile.Tool

	comp *isa.Compiler
}

// Open opens the compiler for the target.
func (w *ISAWorker) Open(ctx context.Context) (*resultsfile.File, []*kernel.Suite, error) {
	comp, err := isa.Open(w.Target)
	if err != nil {
		return nil, nil, err
	}
	w.comp = comp
	h := &resultsfile.File{Schema: resultsfile.SchemaISA, Tool: w.Tool, Started: time.Now().UTC(), Device: comp.Device()}
	return h, w.Options.Suites, nil
}

// Close closes the compiler.
func (w *ISAWorker) Close() { w.comp.Close() }

// Work compiles the child's share of the plan.
func (w *ISAWorker) Work(ctx context.Context, s *Side) error {
	o := w.Options
	s.Config = w.Target
	o.Order = func(plan []runner.Item) []runner.Item { return s.Order(plan, plan) }
	o.Progress = s.Progress
	return w.comp.Compile(ctx, o, func(r *resultsfile.Result) { s.Result(r, false) })
}
