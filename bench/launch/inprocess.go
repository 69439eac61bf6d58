package launch

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/radvbench/radvbench/bench/gpu/describe"
	"github.com/radvbench/radvbench/bench/measure"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// inProcess is one run in this process (the default on lavapipe): each
// benchmark is journaled, and given to Hooks.Result, before the next
// starts.
func (r *run) inProcess(ctx context.Context, sys *sysinfo.System) (*Outcome, error) {
	p, rec := r.p, r.rec
	d, err := openDevice(p, r.env)
	if err != nil {
		rec.Abandon() // nothing ran: no journal
		return nil, err
	}
	defer d.close()

	started := time.Now().UTC()
	head := header(p, r.env, sys, d.pd, p.command())
	head.Started = started
	capture := newCapturer(p, d.pd, head)
	defer capture.close()
	ropts := p.runnerOptions(head, runner.NewObserver(d.dev, p.Sysroot))
	var plan []string
	for _, it := range runner.Plan(ropts) {
		plan = append(plan, it.ID())
	}
	if err := rec.SetHeader(head, plan); err != nil {
		return nil, err
	}
	done := rec.Done(0, "")
	if r.h.Header != nil {
		r.h.Header(rec.Header(), rec.Resumed())
	}
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var order []string
	var stop error
	ropts.OnResult = func(res *resultsfile.Result) {
		if stop != nil {
			return
		}
		capture.attach(res)
		if stop = rec.Add(0, "", res, KernelShaders(p.Suites, res)); stop != nil {
			cancel() // the journal cannot keep up: stop, keep what it holds
		}
	}
	var keep []runner.Item
	ropts.Order = func(plan []runner.Item) []runner.Item {
		for _, it := range runner.Shuffle(plan, p.OrderSeed) {
			order = append(order, it.ID())
			if !done[it.ID()] {
				keep = append(keep, it)
			}
		}
		return keep
	}
	r.follow(&ropts)
	if capture != nil {
		progress := ropts.Progress
		ropts.Progress = func(done, total int, name, phase string) {
			if phase == "setting up" && done < len(keep) {
				capture.before(cctx, keep[done])
			}
			if progress != nil {
				progress(done, total, name, phase)
			}
		}
	}
	if r.h.Fault != nil {
		progress := ropts.Progress
		ropts.Progress = func(done, total int, name, phase string) {
			if progress != nil {
				progress(done, total, name, phase)
			}
			if done < len(keep) {
				r.h.Fault(cctx, keep[done].ID(), phase) // the result's ID (name lacks the variant's name)
			}
		}
	}
	_, _, runErr := runner.Run(cctx, d.dev, ropts)
	o := &Outcome{Streamed: true}
	if stop != nil {
		return finish(rec, ending{stop: fmt.Errorf("%w: the run stopped", stop)}, o)
	}
	if p.OrderSeed != 0 && runErr == nil {
		if err := rec.EndRun(resultsfile.Round{Index: 1, Started: started, Finished: time.Now().UTC(), Seed: p.OrderSeed, Order: order}); err != nil {
			return finish(rec, ending{stop: err}, o)
		}
	}
	e := ending{file: rec.Merge(supervise.MergeOptions{Command: p.command(), Runs: 1})}
	if errors.Is(runErr, context.Canceled) {
		e.interrupted = true
	} else {
		e.err = runErr
	}
	return finish(rec, e, o)
}

// runnerOptions are the runner's options for p on the device head
// describes, watched by obs.
func (p *Plan) runnerOptions(head *resultsfile.File, obs measure.Observer) runner.Options {
	o := runner.Options{
		Suites: p.Suites, Filter: p.Filter, Kernel: p.Kernel, TargetCI: p.TargetCI, MaxTime: p.MaxTime, Warmup: p.Warmup, WarmupMax: p.WarmupMax,
		Peaks: describe.Peaks(head.Device.SKU), Observer: obs, QuietBudget: p.QuietBudget, NoQuietWait: p.NoQuietWait,
	}
	if read := clockReader(p.Sysroot); read != nil {
		o.BeforeEach, o.AfterEach = read, read
	}
	return o
}

// follow feeds the in-process hooks from the runner's callbacks: the
// progress line, each benchmark's samples as they arrive (Start with the
// first, named with its metric from the plan).
func (r *run) follow(o *runner.Options) {
	h := r.h
	o.Progress = h.Progress
	if h.Start == nil && h.Sample == nil {
		return
	}
	skels := map[string]resultsfile.Result{}
	for _, it := range runner.Plan(*o) {
		skel := runner.NewResult(it)
		skels[skel.ID()] = skel
	}
	o.OnSample = func(id string, n int, v float64) {
		if skel, ok := skels[id]; ok && n == 1 && h.Start != nil {
			h.Start(&skel)
		}
		if h.Sample != nil {
			h.Sample(id, n, v)
		}
	}
}
