package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/reports/results"
	"github.com/spf13/pflag"
)

// executable is the radvbench the children run (tests running the CLI
// in-process set a built binary).
var executable = selfExecutable

// selfExecutable is this program's path: os.Executable, or where /proc
// is not mounted (a chroot) the absolute path of os.Args[0].
func selfExecutable() (string, error) {
	exe, err := os.Executable()
	if err == nil {
		return exe, nil
	}
	if strings.Contains(os.Args[0], "/") {
		if abs, aerr := filepath.Abs(os.Args[0]); aerr == nil {
			return abs, nil
		}
	}
	return "", err
}

// runSupervised is a run in child processes (--runs N, --config,
// --isolate): this process never touches the GPU. Each run has its own
// shuffled, seeded order; configurations take turns (A B A B).
func runSupervised(ctx context.Context, stdout, stderr io.Writer, fs *pflag.FlagSet, args []string, f runFlags, p *runPlan, rec *supervise.Recorder) error {
	exe, err := executable()
	if err != nil {
		return fmt.Errorf("find the radvbench executable for child processes: %w", err)
	}
	w, err := openWatch(f.watch)
	if err != nil {
		rec.Abandon() // nothing ran: no journal to resume
		return err
	}
	defer holdWatch(ctx, w, f.watchHold, stderr)
	childArgs := append([]string{"run"}, supervise.ArgsFor(fs)...)
	if f.maxTime > 0 && len(p.configs) > 1 {
		// A/B: each run gets its share of the per-benchmark budget.
		childArgs = append(childArgs, "--max-time="+(f.maxTime/time.Duration(f.runs)).String())
	}
	orderSeed := f.orderSeed
	if orderSeed == 0 {
		orderSeed = f.seed
	}
	s := &supervise.Supervisor{
		Exe: exe, Args: childArgs, Configs: p.configs, Runs: f.runs, Groups: p.isolation.Groups(),
		Seed:     func(run int) uint64 { return runner.RunSeed(orderSeed, run) },
		Budget:   supervise.WatchdogBudget(f.watchdog, f.maxTime, f.warmup, f.quick),
		Recorder: rec, Stdout: stdout, Notef: rec.Notef,
	}
	if w != nil {
		rec.OnResult, s.OnStart, s.OnSample = w.Result, w.Begin, w.Sample
	}
	inner := rec.OnResult
	rec.OnResult = func(r *results.Result) {
		if inner != nil {
			inner(r)
		}
		testPauseAfterResult(rec.Count(), rec.Path())
	}
	runErr := s.Run(ctx)
	w.Finish()
	file := rec.Merge(supervise.MergeOptions{Command: runCommand(args), Configs: p.configs, Runs: f.runs, TargetCI: f.targetCI / 100})
	if file != nil && file.Labels == nil && len(p.labels) > 0 {
		file.Labels = p.labels
	}
	end := runEnd{rec: rec, file: file, extra: []string{s.Summary()}}
	if len(p.configs) > 0 {
		end.by = "config"
	}
	switch {
	case runErr == nil:
	case ctx.Err() != nil:
		end.interrupted = true
	default:
		end.stop = runErr
	}
	return finishRun(ctx, stdout, f, end)
}
