package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/reports/results"
)

// runInProcess is one run in this process (the default on lavapipe): the
// rows print as benchmarks finish, each is journaled before the next
// starts.
func runInProcess(ctx context.Context, stdout, stderr io.Writer, args []string, f runFlags, p *runPlan, sys *sysinfo.System, rec *supervise.Recorder) error {
	w, err := openWatch(f.watch)
	if err != nil {
		rec.Abandon() // nothing ran: no journal
		return err
	}
	defer holdWatch(ctx, w, f.watchHold, stderr)
	pd, dev, closeDev, err := openRunDevice(&f, &p.kopts, stderr)
	if err != nil {
		rec.Abandon()
		return err
	}
	defer closeDev()

	started := time.Now().UTC()
	header := runHeader(args, f, p, sys, pd)
	header.Started = started
	ropts := runner.Options{
		Suites:   p.suites,
		Filter:   p.filter,
		Kernel:   p.kopts,
		TargetCI: f.targetCI / 100,
		MaxTime:  f.maxTime,
		Warmup:   f.warmup,
		Peaks:    gpu.Peaks(header.Device.SKU),
		Observer: runner.NewObserver(dev, f.sysroot),
	}
	var plan []string
	for _, it := range runner.Plan(ropts) {
		plan = append(plan, it.ID())
	}
	if err := rec.SetHeader(header, plan); err != nil {
		return err
	}
	done := rec.Done(0, "")
	earlier := rec.Resumed()
	printRunHeader(stdout, rec.Header())
	table := newResultTable(stdout)
	for i := range earlier {
		table.add(&earlier[i])
	}
	if len(earlier) > 0 {
		fmt.Fprintf(stderr, "resuming %s: %d benchmark(s) already finished\n", rec.Path(), len(earlier))
	}
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var order []string
	var stop error
	rec.OnResult = table.add
	ropts.OnResult = func(r *results.Result) {
		if stop != nil {
			return
		}
		if stop = rec.Add(0, "", r, kernelHashes(p.suites, r)); stop != nil {
			cancel() // the journal cannot keep up: stop, keep what it holds
			return
		}
		testPauseAfterResult(rec.Count(), rec.Path())
	}
	ropts.Order = func(plan []runner.Item) []runner.Item {
		items := runner.Shuffle(plan, f.orderSeed)
		var keep []runner.Item
		for _, it := range items {
			order = append(order, it.ID())
			if !done[it.ID()] {
				keep = append(keep, it)
			}
		}
		return keep
	}
	if clocks := sysinfo.ReadClocks(f.sysroot); len(clocks) > 0 {
		read := func() map[string]float64 { return numericClocks(sysinfo.ReadClocks(f.sysroot)) }
		ropts.BeforeEach, ropts.AfterEach = read, read
	}
	if showProgress(f.progress, stderr) {
		ropts.Progress = progressLine(stderr)
	}
	feedWatch(w, &ropts)
	_, _, runErr := runner.Run(cctx, dev, ropts)
	w.Finish()
	if stop != nil {
		return finishRun(ctx, stdout, f, runEnd{rec: rec, stop: fmt.Errorf("%w: the run stopped", stop)})
	}
	if f.orderSeed != 0 && runErr == nil {
		if err := rec.EndRun(results.Round{Index: 1, Started: started, Finished: time.Now().UTC(), Seed: f.orderSeed, Order: order}); err != nil {
			return finishRun(ctx, stdout, f, runEnd{rec: rec, stop: err})
		}
	}
	end := runEnd{rec: rec, table: table, file: rec.Merge(supervise.MergeOptions{Command: runCommand(args), Runs: 1})}
	if errors.Is(runErr, context.Canceled) {
		end.interrupted = true
	} else {
		end.err = runErr
	}
	return finishRun(ctx, stdout, f, end)
}
