package main

import (
	"context"
	"fmt"
	"io"

	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/results"
	"github.com/spf13/pflag"
)

// runUntilDecided is 'run --until-decided --config BASE --config NEW':
// rounds of one run a side, each side's run a fresh child process and
// each round's order of the sides drawn at random (compare.Until), until
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
	s := &supervise.Supervisor{
		Exe: exe, Args: append([]string{"run"}, supervise.ArgsFor(fs)...), Groups: p.isolation.Groups(),
		Seed:     func(run int) uint64 { return runner.RunSeed(orderSeed, run) },
		Budget:   supervise.WatchdogBudget(f.watchdog, f.maxTime, f.warmup, f.quick),
		Recorder: rec, Stdout: stdout, Notef: rec.Notef,
	}
	defer s.Close()
	base, next := p.configs[0], p.configs[1]
	runs := map[compare.Arm]int{}
	sampler := compare.SamplerFunc(func(ctx context.Context, side compare.Arm, keys []string) (*results.File, error) {
		c := base
		if side == compare.New {
			c = next
		}
		runs[side]++
		if err := s.RunOnce(ctx, runs[side], c, keys); err != nil {
			return nil, err
		}
		return rec.RunFile(runs[side], c.Name), nil
	})
	res, untilErr := compare.Until(ctx, sampler, compare.UntilOptions{
		Policy: p.gate, Noise: p.noise, NoiseName: p.gate.NoiseFile, MaxRuns: f.runs, Budget: f.budget, Seed: orderSeed,
		BaseName: base.Name, NewName: next.Name,
		OnRound: func(round int, rep *compare.Report) {
			rec.Notef("round %d: %s; %d undecided", round, rep.Summary(), len(compare.Undecided(rep)))
		},
	})
	file := rec.Merge(supervise.MergeOptions{Command: runCommand(args), Configs: p.configs, Runs: max(runs[compare.Base], runs[compare.New]), TargetCI: f.targetCI / 100})
	end := runEnd{rec: rec, file: file, extra: []string{s.Summary()}, by: "config"}
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
