package compare

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/radvbench/radvbench/core/results"
	"github.com/radvbench/radvbench/reports/noise"
)

// Runs until decided: the driver of the sequential design. It asks a
// Sampler for one more run of each side per round, in an order drawn
// afresh each round from a seed (randomized interleaving: Abedi & Brecht,
// "Conducting repeatable experiments in highly variable cloud computing
// environments", 2017; whatever drifts in time, a neighbour's bursts or
// the machine warming up, falls on both sides alike), judges all runs so
// far with the Design's look after every round, and stops asking for a
// benchmark once it is decided, like Chromium's Pinpoint repeats a
// bisection's measurements until the comparison is decided. The caller
// plugs in what one run is (a child process of side A or B).

// Arm names one side of a comparison (an arm of the experiment).
type Arm int

// The two arms: the baseline and the candidate.
const (
	Base Arm = iota
	New
)

func (a Arm) String() string {
	if a == Base {
		return "base"
	}
	return "new"
}

// Sampler takes one more run of a side: one fresh process running the
// benchmarks named by keys (Comparison.Key values; nil means all), as a
// results file. A run of several rounds is pooled like any other.
type Sampler interface {
	Next(ctx context.Context, side Arm, keys []string) (*results.File, error)
}

// PairSampler is a Sampler that can also take one run of each side at
// once, the two side by side, taking turns benchmark by benchmark or
// sample by sample (the supervisor's lockstep): the two runs of a
// benchmark are then seconds apart, or sample the same seconds, instead
// of a whole run apart. Until uses NextPair when the sampler has
// it; first is the side the round draws to start (the sampler may draw
// each benchmark's first side itself).
type PairSampler interface {
	Sampler
	NextPair(ctx context.Context, first Arm, keys []string) (base, next *results.File, err error)
}

// SamplerFunc adapts a function to Sampler.
type SamplerFunc func(ctx context.Context, side Arm, keys []string) (*results.File, error)

// Next calls f.
func (f SamplerFunc) Next(ctx context.Context, side Arm, keys []string) (*results.File, error) {
	return f(ctx, side, keys)
}

// DefaultMaxRuns is the run budget a side of Until when UntilOptions
// sets none.
const DefaultMaxRuns = 30

// UntilOptions configure Until.
type UntilOptions struct {
	Policy    Policy
	Noise     *noise.File
	NoiseName string
	// MaxRuns is the design's largest number of runs a side that count
	// (DefaultMaxRuns when 0); Rho its spending shape (0: DefaultRho).
	MaxRuns int
	Rho     float64
	// MaxRounds bounds the rounds (one run a side each; 2·MaxRuns when
	// 0): runs set aside as disturbed throughout count here, not as
	// evidence.
	MaxRounds int
	// Budget bounds the wall time (0: none); Now tells it (nil:
	// time.Now). A round that has started finishes.
	Budget time.Duration
	Now    func() time.Time
	// Seed draws the order of the sides in each round.
	Seed uint64
	// Advise words the advice of the reports' messages (Options.Advise).
	Advise Adviser
	// Base and New are runs each side already has (may be nil); BaseName
	// and NewName name the sides in the report ("base", "new" when "").
	Base, New         []*results.File
	BaseName, NewName string
	// OnRound, when set, sees the comparison after each round.
	OnRound func(round int, rep *Report)
}

// Stop says why Until stopped.
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
)

// UntilResult is what Until collected and concluded.
type UntilResult struct {
	// Report is the comparison of all runs (Design set): every
	// benchmark's verdict, Unsure for those the budget left undecided.
	Report *Report
	// Rounds counts the rounds; Order lists the sides in the order their
	// runs were taken; Base and New are the runs of each side.
	Rounds    int
	Order     []Arm
	Base, New []*results.File
	Stop      Stop
}

// Undecided lists the benchmarks of rep that more runs may still decide
// (Unsure with More set), in report order, once each.
func Undecided(rep *Report) []string {
	var keys []string
	seen := map[string]bool{}
	for i := range rep.Comparisons {
		c := &rep.Comparisons[i]
		if c.Verdict == Unsure && c.More && !seen[c.Key] {
			seen[c.Key] = true
			keys = append(keys, c.Key)
		}
	}
	return keys
}

// Until runs rounds of s until every benchmark is decided or a budget is
// spent (see UntilOptions), and returns the comparison with the runs. An
// error from the sampler or the comparison ends it: what was collected
// is returned with the error (Stop StopError), as is a cancelled context
// (StopCancelled).
func Until(ctx context.Context, s Sampler, o UntilOptions) (*UntilResult, error) {
	if o.MaxRuns <= 0 {
		o.MaxRuns = DefaultMaxRuns
	}
	if o.MaxRounds <= 0 {
		o.MaxRounds = 2 * o.MaxRuns
	}
	now := o.Now
	if now == nil {
		now = time.Now
	}
	if o.BaseName == "" {
		o.BaseName = Base.String()
	}
	if o.NewName == "" {
		o.NewName = New.String()
	}
	if o.BaseName == o.NewName {
		return nil, fmt.Errorf("both sides are named %q: name them apart", o.BaseName)
	}
	opt := Options{Policy: o.Policy, Noise: o.Noise, NoiseName: o.NoiseName, Baseline: o.BaseName,
		Design: Design{MaxRuns: o.MaxRuns, Rho: o.Rho}, Advise: o.Advise}
	if err := opt.Policy.Validate(); err != nil {
		return nil, err
	}
	res := &UntilResult{Base: append([]*results.File(nil), o.Base...), New: append([]*results.File(nil), o.New...)}
	rng := rand.New(rand.NewPCG(o.Seed, 0xa11ce))
	start := now()
	var elapsed time.Duration // at the end of the last round
	judge := func() error {
		var ins []Input
		// The runs Until took pair by round (Input.Block); runs a side
		// already had (o.Base, o.New) are not paired, and then neither
		// are the rounds' (pairRuns pairs only when every run has one).
		block := func(i, had int) string {
			if i < had {
				return ""
			}
			return fmt.Sprintf("round %d", i-had+1)
		}
		for i, f := range res.Base {
			ins = append(ins, Input{Name: fmt.Sprintf("%s#%d", o.BaseName, i+1), File: f, Group: o.BaseName, Block: block(i, len(o.Base))})
		}
		for i, f := range res.New {
			ins = append(ins, Input{Name: fmt.Sprintf("%s#%d", o.NewName, i+1), File: f, Group: o.NewName, Block: block(i, len(o.New))})
		}
		rep, err := Compare(ins, opt)
		if err != nil {
			return err
		}
		res.Report = rep
		return nil
	}
	var keys []string // nil: every benchmark
	if len(res.Base) > 0 && len(res.New) > 0 {
		if err := judge(); err != nil {
			return res, err
		}
		if keys = Undecided(res.Report); len(keys) == 0 {
			res.Stop = stopReason(res.Report)
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
		order := [2]Arm{Base, New}
		if rng.IntN(2) == 1 {
			order = [2]Arm{New, Base}
		}
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
		// closing look and spends what is left (Design.Closed). That
		// rests on the clock and the count alone.
		closing := Stop("")
		switch {
		case o.Budget > 0 && elapsed >= o.Budget:
			closing = StopTime
		case res.Rounds >= o.MaxRounds:
			closing = StopRuns
		}
		opt.Design.Closed = closing != ""
		if err := judge(); err != nil {
			res.Stop = StopError
			return res, err
		}
		if closing == StopTime {
			shortBudgetNote(res, elapsed, o.Advise)
		}
		if o.OnRound != nil {
			o.OnRound(res.Rounds, res.Report)
		}
		if keys = Undecided(res.Report); len(keys) == 0 {
			res.Stop = stopReason(res.Report)
			if closing != "" && res.Stop != StopDecided {
				res.Stop = closing
			}
			return res, nil
		}
	}
}

// takeRound takes one run of each side into res: both at once when s is
// a PairSampler, else one after the other in order.
func takeRound(ctx context.Context, s Sampler, order [2]Arm, keys []string, res *UntilResult) error {
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

// stopReason is why Until stops once nothing is left to run: every
// benchmark decided, or the design's looks spent on those that are not.
func stopReason(rep *Report) Stop {
	if rep.Counts.Unsure > 0 {
		return StopRuns
	}
	return StopDecided
}

// FewRounds is the fewest rounds after which a comparison whose alpha is
// shared among its benchmarks (Holm) decides much: with 3 rounds the
// paired t has 2 degrees of freedom, and the first step's alpha/m (0.01/23
// for 23 benchmarks) needs a t quantile of about 34, where 4 rounds need
// about 13 and 6 rounds about 7. On the 2-vCPU VM a change that slowed 21 of
// 23 benchmarks by 32-81% was called for 4-6 of them after 3 rounds and
// 20-21 after 4 (docs/verdicts.md, section 6).
const FewRounds = 4

// shortBudgetNote adds a note to a comparison the time budget ended
// before FewRounds rounds with benchmarks still unsure and alpha shared
// among several: how much budget would buy FewRounds rounds at the pace
// the rounds took.
func shortBudgetNote(res *UntilResult, elapsed time.Duration, advise Adviser) {
	rep := res.Report
	if rep == nil || rep.Family < 2 || res.Rounds >= FewRounds || res.Rounds == 0 || rep.Counts.Unsure == 0 {
		return
	}
	round := elapsed / time.Duration(res.Rounds)
	want := (round*time.Duration(FewRounds-1) + round/2).Round(time.Minute)
	if want < time.Minute {
		want = time.Minute
	}
	rep.Notes = append(rep.Notes, fmt.Sprintf("the time budget ended the runs after %d round(s) of about %s: with alpha shared among %d benchmarks (Holm), %d round(s) call only changes far beyond the rounds' spread%s", res.Rounds, round.Round(time.Second), rep.Family, res.Rounds, advise.text(Advice{Kind: AdviceBudget, Budget: want, Rounds: FewRounds})))
}
