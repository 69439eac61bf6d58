// Package rounds is the driver of a run until decided: rounds of one
// run a side, in blocks of two rounds that run one each way (the block's
// first order drawn from a seed), until the judge it is given finds
// nothing left that more runs could decide, the caller's own question is
// answered (Options.Answered), or a budget is spent.
//
// The order is randomized interleaving (Abedi & Brecht, "Conducting
// repeatable experiments in highly variable cloud computing
// environments", 2017): whatever drifts in time, a neighbour's bursts or
// the machine warming up, falls on both sides alike. A benchmark the
// judge calls decided is not run again, like Chromium's Pinpoint repeats
// a bisection's measurements until the comparison is decided.
//
// The package is pure: what one run is (a child process of side A or B)
// is the Sampler the caller plugs in, and the verdicts are the Judge's
// (reports/compare's sequential design, which the command passes in). It
// lies in the bottom layer so that the run side (bench/launch) drives it
// with real runs and the analysis tests its verdict engine with it,
// neither importing the other.
package rounds

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// Arm names one side of a comparison (an arm of the experiment).
type Arm int

// The two arms: the baseline and the candidate.
const (
	Base Arm = iota
	New
)

// other is the arm that is not a.
func other(a Arm) Arm {
	if a == Base {
		return New
	}
	return Base
}

func (a Arm) String() string {
	if a == Base {
		return "base"
	}
	return "new"
}

// Sampler takes one more run of a side: one fresh process running the
// benchmarks named by keys (the judge's keys; nil means all), as a
// results file. A run of several rounds is pooled like any other.
type Sampler interface {
	Next(ctx context.Context, side Arm, keys []string) (*resultsfile.File, error)
}

// PairSampler is a Sampler that can also take one run of each side at
// once, the two side by side, taking turns benchmark by benchmark or
// sample by sample (the supervisor's lockstep): the two runs of a
// benchmark are then seconds apart, or sample the same seconds, instead
// of a whole run apart. Run uses NextPair when the sampler has it; first
// is the side the round draws to start (the sampler may draw each
// benchmark's first side itself).
type PairSampler interface {
	Sampler
	NextPair(ctx context.Context, first Arm, keys []string) (base, next *resultsfile.File, err error)
}

// SamplerFunc adapts a function to Sampler.
type SamplerFunc func(ctx context.Context, side Arm, keys []string) (*resultsfile.File, error)

// Next calls f.
func (f SamplerFunc) Next(ctx context.Context, side Arm, keys []string) (*resultsfile.File, error) {
	return f(ctx, side, keys)
}

// Judge is the verdict engine Run asks after each round.
type Judge interface {
	// Look judges every run of res so far, after res.Rounds rounds (0:
	// the runs each side had before the first). closing is why no round
	// follows this look ("" when one may): the look then spends what
	// the design has left; elapsed is the time the rounds took. Look
	// returns the benchmarks more runs may still decide (none ends the
	// rounds) and whether any benchmark is left undecided.
	Look(res *Result, closing Stop, elapsed time.Duration) (more []string, unsure bool, err error)
}

// Stop says why Run stopped.
type Stop string

// Reasons to stop.
const (
	StopDecided Stop = "decided"
	// StopRuns: the rounds are spent, or the design's last look was taken
	// on every benchmark still undecided.
	StopRuns      Stop = "run budget spent"
	StopTime      Stop = "time budget spent"
	StopCancelled Stop = "cancelled"
	StopError     Stop = "a run failed"
	// StopAnswered: the caller's question (Options.Answered) was
	// answered before every benchmark was decided.
	StopAnswered Stop = "answered"
)

// Options configure Run.
type Options struct {
	// MaxRounds bounds the rounds (one run a side each); it must be set.
	MaxRounds int
	// Budget bounds the wall time (0: none); Now tells it (nil:
	// time.Now). A round that has started finishes.
	Budget time.Duration
	Now    func() time.Time
	// Seed draws the order of the sides in each round.
	Seed uint64
	// Base and New are runs each side already has (may be nil).
	Base, New []*resultsfile.File
	// Answered, when set, is asked after each look that leaves
	// benchmarks undecided: a caller whose question is narrower than
	// "is every benchmark decided?" (a bisection step: "is the candidate
	// as slow as the bad end?", which one regression, or intervals that
	// rule the slowdown out, already answer) returns its answer, and
	// the rounds stop there (StopAnswered, Result.Answer); "" goes on.
	// The judge's looks are unchanged: the rounds stop at a look the
	// design allows stopping at, as they may at any.
	Answered func(res *Result) string
}

// Result is what Run collected.
type Result struct {
	// Rounds counts the rounds; Order lists the sides in the order their
	// runs were taken; Base and New are the runs of each side, the runs
	// Options gave first (Had of each).
	Rounds    int
	Order     []Arm
	Base, New []*resultsfile.File
	Had       [2]int
	Stop      Stop
	// Answer is what Options.Answered returned when it stopped the
	// rounds (Stop StopAnswered).
	Answer string
}

// Run takes rounds of s until j finds nothing more to run, the caller's
// question is answered (Options.Answered) or a budget is spent (see
// Options), and returns the runs. An error from the sampler
// or the judge ends it: what was collected is returned with the error
// (Stop StopError), as is a cancelled context (StopCancelled).
func Run(ctx context.Context, s Sampler, j Judge, o Options) (*Result, error) {
	if o.MaxRounds <= 0 {
		return nil, fmt.Errorf("internal: rounds.Run needs a bound on the rounds, got %d", o.MaxRounds)
	}
	now := o.Now
	if now == nil {
		now = time.Now
	}
	res := &Result{Base: append([]*resultsfile.File(nil), o.Base...), New: append([]*resultsfile.File(nil), o.New...), Had: [2]int{len(o.Base), len(o.New)}}
	rng := rand.New(rand.NewPCG(o.Seed, 0xa11ce))
	start := now()
	var elapsed time.Duration // at the end of the last round
	var keys []string         // nil: every benchmark
	var first Arm             // the side that ran first in the last round
	taken := 0                // rounds this call took
	if len(res.Base) > 0 && len(res.New) > 0 {
		more, unsure, err := j.Look(res, "", 0)
		if err != nil {
			return res, err
		}
		if keys = more; len(keys) == 0 {
			res.Stop = stopReason(unsure)
			return res, nil
		}
		if answered(o, res) {
			return res, nil
		}
	}
	for {
		switch {
		case ctx.Err() != nil:
			res.Stop = StopCancelled
			return res, ctx.Err()
		case res.Rounds >= o.MaxRounds:
			res.Stop = StopRuns
			return res, nil
		case o.Budget > 0 && elapsed >= o.Budget:
			res.Stop = StopTime
			return res, nil
		}
		// Balanced order: rounds come in blocks of two, one each way, the
		// block's first order drawn from the seed, so a drift in time
		// that is linear over a block falls on both sides alike within
		// it (random order alone left 3 rounds all one way 1 time in 4).
		if taken%2 == 0 {
			first = Base
			if rng.IntN(2) == 1 {
				first = New
			}
		} else {
			first = other(first)
		}
		taken++
		order := [2]Arm{first, other(first)}
		if err := takeRound(ctx, s, order, keys, res); err != nil {
			res.Stop = StopError
			if ctx.Err() != nil {
				res.Stop = StopCancelled
			}
			return res, fmt.Errorf("round %d, %w", res.Rounds+1, err)
		}
		res.Rounds++
		elapsed = now().Sub(start)
		// No round starts after this one: its look is the design's
		// closing look and spends what is left. That rests on the clock
		// and the count alone.
		closing := Stop("")
		switch {
		case o.Budget > 0 && elapsed >= o.Budget:
			closing = StopTime
		case res.Rounds >= o.MaxRounds:
			closing = StopRuns
		}
		more, unsure, err := j.Look(res, closing, elapsed)
		if err != nil {
			res.Stop = StopError
			return res, err
		}
		if keys = more; len(keys) == 0 {
			res.Stop = stopReason(unsure)
			if closing != "" && res.Stop != StopDecided {
				res.Stop = closing
			}
			return res, nil
		}
		if answered(o, res) {
			return res, nil
		}
	}
}

// answered asks o.Answered, and on an answer records it as the reason
// the rounds stop.
func answered(o Options, res *Result) bool {
	if o.Answered == nil {
		return false
	}
	if res.Answer = o.Answered(res); res.Answer == "" {
		return false
	}
	res.Stop = StopAnswered
	return true
}

// takeRound takes one run of each side into res: both at once when s is
// a PairSampler, else one after the other in order.
func takeRound(ctx context.Context, s Sampler, order [2]Arm, keys []string, res *Result) error {
	if ps, ok := s.(PairSampler); ok {
		b, n, err := ps.NextPair(ctx, order[0], keys)
		if err != nil {
			return fmt.Errorf("runs side by side: %w", err)
		}
		res.Order = append(res.Order, order[:]...)
		res.Base, res.New = append(res.Base, b), append(res.New, n)
		return nil
	}
	for _, side := range order {
		f, err := s.Next(ctx, side, keys)
		if err != nil {
			return fmt.Errorf("%s run: %w", side, err)
		}
		res.Order = append(res.Order, side)
		if side == Base {
			res.Base = append(res.Base, f)
		} else {
			res.New = append(res.New, f)
		}
	}
	return nil
}

// stopReason is why Run stops once nothing is left to run: every
// benchmark decided, or the design's looks spent on those that are not.
func stopReason(unsure bool) Stop {
	if unsure {
		return StopRuns
	}
	return StopDecided
}
