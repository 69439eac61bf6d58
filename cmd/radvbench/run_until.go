package main

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/results"
	"github.com/spf13/pflag"
)

// runUntilDecided is 'run --until-decided --config BASE --config NEW':
// rounds of one run a side, each side's run a fresh child process, the
// two side by side taking turns sample by sample (--interleave sample,
// the default) or benchmark by benchmark (--interleave benchmark;
// supervise.RunPair) or one after the other in an order drawn at random
// (--interleave run) (compare.Until), until
// the sequential design decides every benchmark (regression, improvement
// or ~) or --runs a side or --budget is spent. A decided benchmark is not
// run again. The results file holds every run of both configurations
// (compare --by config reads it); the verdicts print after the table.
func runUntilDecided(ctx context.Context, stdout, stderr io.Writer, fs *pflag.FlagSet, args []string, f runFlags, p *runPlan, rec *supervise.Recorder) error {
	exe, err := executable()
	if err != nil {
		return fmt.Errorf("find the radvbench executable for child processes: %w", err)
	}
	orderSeed := f.orderSeed
	if orderSeed == 0 {
		orderSeed = f.seed
	}
	// Two supervisors, one a side: in lockstep both run at once, sharing
	// the recorder (safe for that), the output and the notes (locked).
	var mu sync.Mutex
	notef := func(format string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		rec.Notef(format, a...)
	}
	out := &lockedWriter{w: stdout, mu: &mu}
	sides := [2]*supervise.Supervisor{}
	for i := range sides {
		sides[i] = &supervise.Supervisor{
			Exe: exe, Args: append([]string{"run"}, supervise.ArgsFor(fs)...), Groups: p.isolation.Groups(),
			Seed:     func(run int) uint64 { return runner.RunSeed(orderSeed, run) },
			Budget:   supervise.WatchdogBudget(f.watchdog, f.maxTime, f.warmup, f.quick),
			Recorder: rec, Stdout: out, Notef: notef,
		}
		defer sides[i].Close()
	}
	sampler := &untilSampler{sides: sides, configs: [2]supervise.Config{p.configs[0], p.configs[1]}, rec: rec, seed: orderSeed, bySample: f.interleave == "sample"}
	// In lockstep Until asks for a round's two runs at once (NextPair);
	// with --interleave run it takes them one after the other (Next).
	var s compare.Sampler = sampler
	if f.interleave == "run" {
		s = compare.SamplerFunc(sampler.Next)
	}
	base, next := p.configs[0], p.configs[1]
	res, untilErr := compare.Until(ctx, s, compare.UntilOptions{
		Policy: p.gate, Noise: p.noise, NoiseName: p.gate.NoiseFile, MaxRuns: f.runs, Budget: f.budget, Seed: orderSeed,
		BaseName: base.Name, NewName: next.Name,
		OnRound: func(round int, rep *compare.Report) {
			rec.Notef("round %d: %s; %d undecided", round, rep.Summary(), len(compare.Undecided(rep)))
		},
	})
	file := rec.Merge(supervise.MergeOptions{Command: runCommand(args), Configs: p.configs, Runs: max(sampler.runs[0], sampler.runs[1]), TargetCI: f.targetCI / 100})
	end := runEnd{rec: rec, file: file, extra: []string{sides[0].Stats.Plus(sides[1].Stats).Summary()}, by: "config"}
	switch {
	case untilErr == nil:
		end.verdict = res
	case ctx.Err() != nil:
		end.interrupted = true
	default:
		end.stop = untilErr
	}
	return finishRun(ctx, stdout, f, end)
}

// untilSampler takes --until-decided's runs: side 0 is the baseline
// configuration, side 1 the new one, each with its own supervisor.
type untilSampler struct {
	sides   [2]*supervise.Supervisor
	configs [2]supervise.Config
	rec     *supervise.Recorder
	seed    uint64
	runs    [2]int
	// bySample: the lockstep's turns are taken sample by sample
	// (--interleave sample).
	bySample bool
}

// Next runs one more run of side, alone.
func (u *untilSampler) Next(ctx context.Context, side compare.Arm, keys []string) (*results.File, error) {
	i := int(side)
	u.runs[i]++
	if err := u.sides[i].RunOnce(ctx, u.runs[i], u.configs[i], keys); err != nil {
		return nil, err
	}
	return u.rec.RunFile(u.runs[i], u.configs[i].Name), nil
}

// NextPair runs one more run of both sides, side by side in lockstep
// (supervise.RunPair), each benchmark's first side drawn from the seed.
func (u *untilSampler) NextPair(ctx context.Context, _ compare.Arm, keys []string) (*results.File, *results.File, error) {
	if u.runs[0] != u.runs[1] {
		return nil, nil, fmt.Errorf("internal: the sides have %d and %d runs; a lockstep round needs them level", u.runs[0], u.runs[1])
	}
	u.runs[0]++
	u.runs[1]++
	r := u.runs[0]
	if err := supervise.RunPair(ctx, u.sides[0], u.sides[1], r, u.configs[0], u.configs[1], keys, runner.RunSeed(u.seed^0x5eed, r), u.bySample); err != nil {
		return nil, nil, err
	}
	return u.rec.RunFile(r, u.configs[0].Name), u.rec.RunFile(r, u.configs[1].Name), nil
}

// lockedWriter serializes writes to w (two children's output).
type lockedWriter struct {
	w  io.Writer
	mu *sync.Mutex
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
