package compare

import (
	"context"
	"fmt"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/rounds"
	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/note"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

// Runs until decided: the verdict engine of the sequential design that
// core/rounds drives. The driver asks a Sampler for one more run of each
// side per round and this package's judge (NewUntilJudge) for a decision
// after every round: the Design's look at all runs so far, and the
// benchmarks still undecided, which the next round runs again.

// Arm names one side of a comparison (rounds.Arm).
type Arm = rounds.Arm

// The two arms: the baseline and the candidate.
const (
	Base = rounds.Base
	New  = rounds.New
)

// Sampler, PairSampler and SamplerFunc are the driver's (core/rounds).
type (
	Sampler     = rounds.Sampler
	PairSampler = rounds.PairSampler
	SamplerFunc = rounds.SamplerFunc
)

// DefaultMaxRuns is the run budget a side of Until when UntilOptions
// sets none.
const DefaultMaxRuns = 30

// UntilOptions configure Until and NewUntilJudge.
type UntilOptions struct {
	Policy    verdict.Policy
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
	// Base and New are runs each side already has (may be nil); BaseName
	// and NewName name the sides in the report ("base", "new" when "").
	Base, New         []*resultsfile.File
	BaseName, NewName string
	// OnRound, when set, sees the comparison after each round.
	OnRound func(round int, rep *Report)
}

// Stop says why Until stopped (rounds.Stop).
type Stop = rounds.Stop

// Reasons to stop.
const (
	StopDecided   = rounds.StopDecided
	StopRuns      = rounds.StopRuns
	StopTime      = rounds.StopTime
	StopCancelled = rounds.StopCancelled
	StopError     = rounds.StopError
	StopAnswered  = rounds.StopAnswered
)

// UntilResult is what Until collected and concluded: the driver's
// rounds and runs, and the comparison of all runs (Design set): every
// benchmark's verdict, Unsure for those the budget left undecided.
type UntilResult struct {
	Report *Report
	rounds.Result
}

// Undecided lists the benchmarks of rep that more runs may still decide
// (Unsure with More set), in report order, once each.
func Undecided(rep *Report) []string {
	var keys []string
	seen := map[string]bool{}
	for i := range rep.Comparisons {
		c := &rep.Comparisons[i]
		if c.Verdict == verdict.Unsure && c.More && !seen[c.Key] {
			seen[c.Key] = true
			keys = append(keys, c.Key)
		}
	}
	return keys
}

// UntilJudge is the verdict engine of a run until decided: a
// rounds.Judge that compares all runs so far with the sequential design
// after each round. It keeps the last comparison for Result.
type UntilJudge struct {
	o      UntilOptions
	opt    Options
	report *Report
	res    *rounds.Result
}

// NewUntilJudge checks o and returns its judge, with the options its
// driver runs under (o's bounds, seed and runs the sides already had).
func NewUntilJudge(o UntilOptions) (*UntilJudge, rounds.Options, error) {
	if o.MaxRuns <= 0 {
		o.MaxRuns = DefaultMaxRuns
	}
	if o.MaxRounds <= 0 {
		o.MaxRounds = 2 * o.MaxRuns
	}
	if o.BaseName == "" {
		o.BaseName = Base.String()
	}
	if o.NewName == "" {
		o.NewName = New.String()
	}
	if o.BaseName == o.NewName {
		return nil, rounds.Options{}, fmt.Errorf("both sides are named %q: name them apart", o.BaseName)
	}
	opt := Options{Policy: o.Policy, Noise: o.Noise, NoiseName: o.NoiseName, Baseline: o.BaseName,
		Design: verdict.Design{MaxRuns: o.MaxRuns, Rho: o.Rho}}
	if err := opt.Policy.Validate(); err != nil {
		return nil, rounds.Options{}, err
	}
	ro := rounds.Options{MaxRounds: o.MaxRounds, Budget: o.Budget, Now: o.Now, Seed: o.Seed, Base: o.Base, New: o.New}
	return &UntilJudge{o: o, opt: opt}, ro, nil
}

// Look judges every run of res (rounds.Judge): the runs the rounds took
// pair by round (pairing.Input.Block); runs a side already had are not
// paired, and then neither are the rounds' (pairing.PairRuns pairs only
// when every run has one).
func (j *UntilJudge) Look(res *rounds.Result, closing rounds.Stop, elapsed time.Duration) ([]string, bool, error) {
	j.res = res
	block := func(i, had int) string {
		if i < had {
			return ""
		}
		return fmt.Sprintf("round %d", i-had+1)
	}
	var ins []pairing.Input
	for i, f := range res.Base {
		ins = append(ins, pairing.Input{Name: fmt.Sprintf("%s#%d", j.o.BaseName, i+1), File: f, Group: j.o.BaseName, Block: block(i, res.Had[Base])})
	}
	for i, f := range res.New {
		ins = append(ins, pairing.Input{Name: fmt.Sprintf("%s#%d", j.o.NewName, i+1), File: f, Group: j.o.NewName, Block: block(i, res.Had[New])})
	}
	j.opt.Design.Closed = closing != ""
	rep, err := Compare(ins, j.opt)
	if err != nil {
		return nil, false, err
	}
	j.report = rep
	if res.Rounds > 0 {
		if closing == rounds.StopTime {
			shortBudgetNote(rep, res.Rounds, elapsed)
		}
		if j.o.OnRound != nil {
			j.o.OnRound(res.Rounds, rep)
		}
	}
	return Undecided(rep), rep.Counts.Unsure > 0, nil
}

// Follow sets the function that sees the comparison after each round
// (UntilOptions.OnRound).
func (j *UntilJudge) Follow(onRound func(round int, rep *Report)) {
	j.o.OnRound = onRound
}

// NoiseFile is the path of the noise file the judge's floors come from
// (UntilOptions.NoiseName; "" for none).
func (j *UntilJudge) NoiseFile() string {
	return j.o.NoiseName
}

// Result is the judge's conclusion with the driver's rounds (nil before
// its first look).
func (j *UntilJudge) Result() *UntilResult {
	if j.res == nil {
		return nil
	}
	return &UntilResult{Report: j.report, Result: *j.res}
}

// Until runs rounds of s (core/rounds) until every benchmark is decided
// or a budget is spent (see UntilOptions), and returns the comparison
// with the runs. An error from the sampler or the comparison ends it:
// what was collected is returned with the error (Stop StopError), as is
// a cancelled context (StopCancelled).
func Until(ctx context.Context, s Sampler, o UntilOptions) (*UntilResult, error) {
	j, ro, err := NewUntilJudge(o)
	if err != nil {
		return nil, err
	}
	res, err := rounds.Run(ctx, s, j, ro)
	if res == nil {
		return nil, err
	}
	return &UntilResult{Report: j.report, Result: *res}, err
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
func shortBudgetNote(rep *Report, n int, elapsed time.Duration) {
	if rep == nil || rep.Family < 2 || n >= FewRounds || n == 0 || rep.Counts.Unsure == 0 {
		return
	}
	round := elapsed / time.Duration(n)
	want := (round*time.Duration(FewRounds-1) + round/2).Round(time.Minute)
	if want < time.Minute {
		want = time.Minute
	}
	rep.Notes = append(rep.Notes, note.Note{Kind: NoteShortBudget, Message: fmt.Sprintf("the time budget ended the runs after %d round(s) of about %s: with alpha shared among %d benchmarks (Holm), %d round(s) call only changes far beyond the rounds' spread", n, round.Round(time.Second), rep.Family, n), Advice: note.Advice{Kind: note.AdviceBudget, Budget: want, Rounds: FewRounds}})
}
