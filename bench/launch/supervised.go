package launch

import (
	"context"

	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/supervise"
)

// supervisor is a supervisor of p's children, reporting to r's recorder
// and hooks.
func (r *run) supervisor(exe string, args []string) *supervise.Supervisor {
	p := r.p
	seed := p.orderSeed()
	return &supervise.Supervisor{
		Exe: exe, Args: args, Configs: p.Configs, Runs: p.Runs, Groups: p.Isolation.Groups(),
		Seed:     func(run int) uint64 { return runner.RunSeed(seed, run) },
		Budget:   supervise.WatchdogBudget(p.Watchdog, p.MaxTime, p.Warmup, p.Kernel.Quick),
		Recorder: r.rec, Stdout: r.env.Stdout, Notef: r.h.notef,
		OnStart: r.h.Start, OnSample: r.h.Sample,
	}
}

// supervised is a run in child processes (several runs, configurations,
// isolation): this process never touches the GPU. Each run has its own
// shuffled, seeded order; configurations take turns (A B A B).
func (r *run) supervised(ctx context.Context) (*Outcome, error) {
	p := r.p
	exe, err := r.executable()
	if err != nil {
		return nil, err
	}
	s := r.supervisor(exe, p.ChildArgs)
	runErr := s.Run(ctx)
	file := r.rec.Merge(supervise.MergeOptions{Command: p.command(), Configs: p.Configs, Runs: p.Runs, TargetCI: p.TargetCI})
	if file != nil && file.Labels == nil && len(p.Labels) > 0 {
		file.Labels = p.Labels
	}
	e := ending{file: file}
	switch {
	case runErr == nil:
	case interrupted(ctx, runErr):
		e.interrupted = true
	default:
		e.stop = runErr
	}
	return finish(r.rec, e, &Outcome{Children: s.Stats, Supervised: true, ByConfig: len(p.Configs) > 0})
}
