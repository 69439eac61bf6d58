package launch

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/rounds"
)

// untilDecided runs the two configurations (the baseline first) in
// rounds of one run a side, each side's run a fresh child process: side
// by side taking turns sample by sample (BySample) or benchmark by
// benchmark (ByBenchmark; supervise.RunPair), or one after the other in
// an order drawn at random (ByRun; rounds.Run), until the Judge
// decides every benchmark (regression, improvement or ~) or the
// runs a side or the budget are spent. A decided benchmark is not run
// again. The results file holds every run of both configurations.
func (r *run) untilDecided(ctx context.Context) (*Outcome, error) {
	p, u := r.p, r.p.Until
	exe, err := r.executable()
	if err != nil {
		return nil, err
	}
	// Two supervisors, one a side: in lockstep both run at once, sharing
	// the recorder (safe for that), the output and the notes (locked).
	var mu sync.Mutex
	notef := func(format string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		r.h.notef(format, a...)
	}
	sides := [2]*supervise.Supervisor{}
	for i := range sides {
		sides[i] = r.supervisor(exe, p.ChildArgs)
		sides[i].Configs, sides[i].Runs, sides[i].OnStart, sides[i].OnSample = nil, 0, nil, nil
		sides[i].Stdout, sides[i].Notef = &lockedWriter{w: r.env.Stdout, mu: &mu}, notef
		defer sides[i].Close()
	}
	seed := p.orderSeed()
	sampler := &untilSampler{sides: sides, configs: [2]supervise.Config{p.Configs[0], p.Configs[1]}, rec: r.rec, seed: seed, bySample: u.Interleave == BySample}
	// In lockstep Until asks for a round's two runs at once (NextPair);
	// one after the other it takes them one at a time (Next).
	var s rounds.Sampler = sampler
	if u.Interleave == ByRun {
		s = rounds.SamplerFunc(sampler.Next)
	}
	res, untilErr := rounds.Run(ctx, s, u.Judge, rounds.Options{MaxRounds: u.MaxRounds, Budget: u.Budget, Seed: seed, Answered: u.Answered})
	file := r.rec.Merge(supervise.MergeOptions{Command: p.command(), Configs: p.Configs, Runs: max(sampler.runs[0], sampler.runs[1]), TargetCI: p.TargetCI})
	o := &Outcome{Children: sides[0].Stats.Plus(sides[1].Stats), Supervised: true, ByConfig: true}
	e := ending{file: file}
	switch {
	case untilErr == nil:
		o.Rounds = res
	case interrupted(ctx, untilErr):
		e.interrupted = true
	default:
		e.stop = untilErr
	}
	return finish(r.rec, e, o)
}

// untilSampler takes a run until decided's runs: side 0 is the baseline
// configuration, side 1 the new one, each with its own supervisor.
type untilSampler struct {
	sides   [2]*supervise.Supervisor
	configs [2]supervise.Config
	rec     *supervise.Recorder
	seed    uint64
	runs    [2]int
	// bySample: the lockstep's turns are taken sample by sample.
	bySample bool
}

// Next runs one more run of side, alone.
func (u *untilSampler) Next(ctx context.Context, side rounds.Arm, keys []string) (*resultsfile.File, error) {
	i := int(side)
	u.runs[i]++
	if err := u.sides[i].RunOnce(ctx, u.runs[i], u.configs[i], keys); err != nil {
		return nil, err
	}
	return u.rec.RunFile(u.runs[i], u.configs[i].Name), nil
}

// NextPair runs one more run of both sides, side by side in lockstep
// (supervise.RunPair), each benchmark's first side drawn from the seed.
func (u *untilSampler) NextPair(ctx context.Context, _ rounds.Arm, keys []string) (*resultsfile.File, *resultsfile.File, error) {
	if u.runs[0] != u.runs[1] {
		return nil, nil, fmt.Errorf("internal: the sides have %d and %d runs; a lockstep round needs them level", u.runs[0], u.runs[1])
	}
	u.runs[0]++
	u.runs[1]++
	n := u.runs[0]
	if err := supervise.RunPair(ctx, u.sides[0], u.sides[1], n, u.configs[0], u.configs[1], keys, runner.RunSeed(u.seed^0x5eed, n), u.bySample); err != nil {
		return nil, nil, err
	}
	return u.rec.RunFile(n, u.configs[0].Name), u.rec.RunFile(n, u.configs[1].Name), nil
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
