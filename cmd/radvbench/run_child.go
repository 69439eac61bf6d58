package main

// The child side of supervised runs ('run --runs N', '--config',
// '--isolate'): a child is 'radvbench run' with the supervisor's hidden
// flags (supervise.ChildFlags), run by the parent with os.Executable(). It
// reports on the protocol pipe (supervise.FD); its own stdout, where the
// validation layer writes, is passed through.

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"syscall"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/measure"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/reports/results"
	"github.com/radvbench/radvbench/shaders"
)

// runChild is 'run --child': run the share of the plan the parent asks
// for (order seed, skip list, groups) and report on the protocol pipe.
func runChild(ctx context.Context, stderr io.Writer, f runFlags, p *runPlan) error {
	c, err := supervise.OpenChild(f.child)
	if err != nil {
		return usagef("%v", err)
	}
	sys, err := collectSystem(f.sysroot, f.dmesg)
	if err != nil {
		return err
	}
	pd, dev, closeDev, err := openRunDevice(&f, &p.kopts, stderr)
	if err != nil {
		return err
	}
	defer closeDev()
	header := runHeader(nil, f, p, sys, pd)
	header.Started = time.Now().UTC()
	var ordered []runner.Item
	var hashes map[string]string // of the current benchmark's shaders
	send := func(m supervise.Msg) {
		if c.Send(m) != nil {
			os.Exit(1) // the parent is gone
		}
	}
	// In lockstep the observer's look-back would span the other side's
	// turn: it starts afresh with each turn. Taking turns sample by
	// sample, the look-back always spans the other side's samples: the
	// other side's CPU time is subtracted instead (HostOptions.Siblings).
	newObserver := runner.NewObserver
	if c.BySample() {
		newObserver = runner.NewSiblingObserver
	}
	ropts := runner.Options{
		Suites: p.suites, Filter: p.filter, Kernel: p.kopts, TargetCI: f.targetCI / 100, MaxTime: f.maxTime, Warmup: f.warmup,
		Peaks: gpu.Peaks(header.Device.SKU), Observer: newObserver(dev, f.sysroot),
	}
	restart := func() {}
	if c.BySample() {
		ropts.SampleTurn = func(id string) error {
			if c.SampleTurn(id) != nil {
				os.Exit(1) // the parent is gone
			}
			return nil
		}
	} else if r, ok := ropts.Observer.(measure.Restarter); ok && f.child.Lockstep {
		restart = r.Restart
	}
	ropts.Order = func(plan []runner.Item) []runner.Item {
		shuffled := runner.Shuffle(plan, f.child.Seed)
		groups := runner.Group(shuffled)
		m := supervise.Msg{Header: header, Groups: groups}
		for _, it := range plan {
			m.Plan = append(m.Plan, it.ID())
		}
		for _, it := range shuffled {
			m.Order = append(m.Order, it.ID())
		}
		send(m)
		ordered = nil
		for _, i := range c.Select(m.Order, groups) {
			ordered = append(ordered, shuffled[i])
		}
		return ordered
	}
	ropts.Progress = func(done, total int, name, phase string) {
		if done >= len(ordered) {
			return
		}
		it := ordered[done]
		if phase == "setting up" {
			if c.Turn(it.ID()) != nil {
				os.Exit(1) // the parent is gone
			}
			restart()
			skel := runner.NewResult(it)
			hashes = shaderHashes(it.Kernel)
			send(supervise.Msg{Start: it.ID(), Item: &skel})
		}
		testFault(it.ID(), phase)
	}
	ropts.OnResult = func(r *results.Result) {
		lost := dev.Lost() != nil
		send(supervise.Msg{Result: r, Shaders: hashes, DeviceLost: lost})
		if lost {
			// Tearing down a lost or hung device may block: exit now.
			c.Close()
			syscall.Exit(supervise.ExitDeviceLost)
		}
	}
	if f.child.Samples {
		ropts.OnSample = func(id string, n int, v float64) {
			if !math.IsNaN(v) && !math.IsInf(v, 0) { // JSON cannot carry them; the live view only misses a point
				send(supervise.Msg{Sample: &supervise.Sample{ID: id, N: n, Value: v}})
			}
		}
	}
	if clocks := sysinfo.ReadClocks(f.sysroot); len(clocks) > 0 {
		read := func() map[string]float64 { return numericClocks(sysinfo.ReadClocks(f.sysroot)) }
		ropts.BeforeEach, ropts.AfterEach = read, read
	}
	if _, _, err := runner.Run(ctx, dev, ropts); err != nil {
		return &exitError{code: 130, msg: "interrupted"}
	}
	if err := c.End(); err != nil {
		return fmt.Errorf("report the end to the parent: %w", err)
	}
	return nil
}

// shaderHashes is the SHA-256 of each of k's shaders.
func shaderHashes(k *kernel.Kernel) map[string]string {
	out := map[string]string{}
	for _, s := range k.Shaders {
		if h, err := shaders.Hash(s); err == nil {
			out[s] = h
		}
	}
	return out
}
