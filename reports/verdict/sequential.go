package verdict

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/radvbench/radvbench/core/stats"
)

// The run-level decision, as a sequential design: after each round of
// runs (one more run a side) the comparison may look at the runs so far
// and stop, for each benchmark, as soon as they decide it. Looking again
// and again at a test made for one look raises its false-alarm rate (with
// 20 looks at 1%, naive peeking alarms in several percent of A/A trials),
// so every look spends part of the error budget: the share
// stats.SpendAlpha(total, n/MaxRuns, Rho) is spent by the look at n runs
// a side. The intervals are repeated confidence intervals (Jennison &
// Turnbull, "Group Sequential Methods", 2000, ch. 9): the chance that any
// look's interval misses the true change on a given side is at most the
// total, however many looks were taken and whenever the comparison
// stopped. The alarm interval ends each miss with the share spent since
// the previous look (the union bound: the shares add up to the total).
// The equivalence interval (~) ends each with the look's nominal level
// under the same spending (stats.SequentialLevels): the looks share their
// runs, so the chance of a first miss at a look is its share at a larger
// level, and the union bound would spend about half of the 5% (2.2% of
// sequences at a change of the threshold came out ~, TestRepeatedEquivalence).
//
// A fixed-sample comparison (compare A.json B.json of runs decided in
// advance) is the design with one look: MaxRuns 0.

// Design is a sequential design over runs a side.
type Design struct {
	// MaxRuns is the most runs a side the design plans for; 0 is a
	// fixed-sample design (one look at whatever runs there are).
	MaxRuns int `json:"max_runs"`
	// Rho shapes the spending (stats.SpendAlpha); 0 is DefaultRho.
	Rho float64 `json:"rho,omitempty"`
	// Closed marks the closing look of a design whose runs ended before
	// MaxRuns a side (a time budget or the rounds ran out): that look
	// uses every run a side has and spends all the error budget the
	// scheduled looks before it left (Lan & DeMets, 1983: the final
	// analysis spends what remains), instead of the small early share
	// its run count would get. Whether the runs end rests on the clock
	// and the counts, never on the runs' figures, so the shares still
	// add up to the total.
	Closed bool `json:"closed,omitempty"`
}

// DefaultRho keeps most of the error budget for the late looks (between
// Pocock and O'Brien-Fleming): an early look decides only a change that is
// large against the runs' spread, and the last look's interval is not
// much wider than a fixed design's.
const DefaultRho = 2

// EquivalenceAlpha is the error budget of the equivalence verdict (~):
// the chance of calling a change of at least the threshold "~" (two
// one-sided tests at 5%, Schuirmann 1987). A ~ that is wrong misses a
// change at the threshold's edge; a regression that is wrong is a false
// alarm, so that side keeps the policy's smaller Alpha.
const EquivalenceAlpha = 0.05

// Looks lists the run counts a side at which the design looks: every
// count from stats.MinRuns to 6, then about a quarter more each time,
// ending at MaxRuns. A fixed design has no schedule (nil): it looks once.
func (d Design) Looks() []int {
	if d.MaxRuns <= 0 {
		return nil
	}
	var out []int
	for n := stats.MinRuns; n < d.MaxRuns; {
		out = append(out, n)
		if n < 6 {
			n++
		} else {
			n = max(n+1, int(math.Round(float64(n)*1.25)))
		}
	}
	return append(out, max(d.MaxRuns, stats.MinRuns))
}

// lookAt is the scheduled look a sequential design takes with n runs a
// side: the largest scheduled count at or below n (0 before the first;
// n itself for a fixed design).
func (d Design) lookAt(n int) int {
	looks := d.Looks()
	if looks == nil {
		return n
	}
	i, found := slices.BinarySearch(looks, n)
	if !found {
		i--
	}
	if i < 0 {
		return 0
	}
	return looks[i]
}

// Look returns the levels (alarm, equivalence) of the look at n runs a
// side, each the chance its interval may miss on one side: for a fixed
// design the totals. For a sequential one the alarm level is the share
// spent between the scheduled look at or below n and the one before it
// (0 below the first look): spent as a level, the union bound, which keeps
// Holm's step-down (holm in reports/compare) exact, since the share is
// proportional to alpha. The equivalence level is the look's nominal level
// under the same spending (stats.SequentialLevels): the looks share their
// runs, so the chance of a first miss at this look is its share at a
// larger level (0.035 at the last of looks at 3..12 runs, where the share
// is 0.015), which narrows the equivalence interval that ~ needs by about
// a fifth (t = 2.03 instead of 2.48 on 11 degrees of freedom).
func (d Design) Look(n int, alpha, equiv float64) (float64, float64) {
	a, e := d.shares(n, alpha, equiv)
	if d.MaxRuns > 0 && e > 0 {
		e = d.equivLevel(n, equiv)
	}
	return a, e
}

// equivLevel is the nominal level (stats.SequentialLevels) of the look at
// n runs a side that spends by this design: the scheduled looks up to
// lookAt(n), or for a closing look the scheduled looks before it and the
// closing look itself, which spends what they left.
func (d Design) equivLevel(n int, total float64) float64 {
	looks := d.Looks()
	final := looks[len(looks)-1]
	n = min(n, final)
	key := levelKey{d.MaxRuns, d.rho(), d.Closed, n, total}
	if v, ok := levelMemo.Load(key); ok {
		return v.(float64)
	}
	var fracs, cum []float64
	last := d.lookAt(n)
	if d.Closed {
		last = d.lookAt(n - 1)
	}
	for _, k := range looks {
		if k > last {
			break
		}
		f := float64(k) / float64(final)
		fracs, cum = append(fracs, f), append(cum, stats.SpendAlpha(total, f, d.rho()))
	}
	if d.Closed {
		fracs, cum = append(fracs, float64(n)/float64(final)), append(cum, total)
	}
	v := 0.0
	if len(fracs) > 0 {
		levels := stats.SequentialLevels(fracs, cum)
		v = levels[len(levels)-1]
	}
	levelMemo.Store(key, v)
	return v
}

type levelKey struct {
	maxRuns int
	rho     float64
	closed  bool
	n       int
	total   float64
}

var levelMemo sync.Map

// shares are the error shares (alarm, equivalence) the look at n runs a
// side spends: for a fixed design the totals; for a sequential one the
// spending between the scheduled look at or below n and the one before it
// (0 below the first look).
func (d Design) shares(n int, alpha, equiv float64) (float64, float64) {
	looks := d.Looks()
	if looks == nil {
		return alpha, equiv
	}
	if d.Closed {
		// The closing look: what the scheduled looks before n left. A
		// scheduled look at n itself, had it been taken, used the same
		// runs (the first n a side) with a smaller share, so its
		// intervals contain the closing look's: its misses are the
		// closing look's, and spending its share again here counts
		// nothing twice. At n = MaxRuns the closing look is the final
		// look, and spends the final look's share, not nothing.
		spent := float64(d.lookAt(n-1)) / float64(looks[len(looks)-1])
		rest := func(total float64) float64 { return total - stats.SpendAlpha(total, spent, d.rho()) }
		return rest(alpha), rest(equiv)
	}
	i, found := slices.BinarySearch(looks, n)
	if !found {
		i--
	}
	if i < 0 {
		return 0, 0
	}
	rho := d.rho()
	frac := func(k int) float64 {
		if k < 0 {
			return 0
		}
		return float64(looks[k]) / float64(looks[len(looks)-1])
	}
	share := func(total float64) float64 {
		return stats.SpendAlpha(total, frac(i), rho) - stats.SpendAlpha(total, frac(i-1), rho)
	}
	return share(alpha), share(equiv)
}

func (d Design) rho() float64 {
	if d.Rho <= 0 {
		return DefaultRho
	}
	return d.Rho
}

// Last reports whether n runs a side is the design's last look (always
// for a fixed design and a closed one).
func (d Design) Last(n int) bool {
	return d.MaxRuns <= 0 || d.Closed || n >= d.MaxRuns
}

// Assessment is the run-level verdict on one benchmark at one look.
type Assessment struct {
	// Verdict is Regression, Improvement, Same, or Unsure (undecided).
	Verdict Verdict
	// Change is the ratio of the sides' geometric means of run estimates,
	// minus 1. Low and High bound it with the look's alarm interval (each
	// end missing with the look's alarm share); EqLow and EqHigh with its
	// equivalence interval. NaN when there is none.
	Change, Low, High, EqLow, EqHigh float64
	// P is the two-sided p-value (Welch's or the paired t) on the log run estimates (reported,
	// not used by the rule).
	P float64
	// Alpha and Equiv are the error shares this look spent.
	Alpha, Equiv float64
	// AlarmAt is the smallest policy alpha (Limits.Alpha) at which this
	// look's alarm interval would clear the threshold, a Regression or an
	// Improvement (+Inf when no alpha would). The family-wise correction
	// (Holm, see holm) orders the benchmarks by it.
	AlarmAt float64
	// More is set when a sequential design may still decide with more
	// runs; NeedRuns is then the runs a side at which it would, if the
	// change and the spread stayed as measured (-1: not within MaxRuns).
	More     bool
	NeedRuns int
	// Moderated is set when the equivalence interval's spread is the
	// pairs' combined with the prior's (stats.LogDiff.Moderate);
	// PriorMisfit when the pairs scattered more than the prior allows, so
	// it is not.
	Moderated, PriorMisfit bool
	// Reason says why the verdict is Unsure.
	Reason string
}

// Assess judges the run estimates of two sides (each run's figure, e.g.
// stats.RunEstimate, in the order the runs were taken) against the
// effective threshold eff (a fraction) at the look the runs make in design
// d: Regression when the alarm interval of the change lies wholly beyond
// eff on the worse side, Improvement on the better side, ~ when the
// equivalence interval lies wholly within ±eff, else Unsure (with More
// and NeedRuns for a sequential design that has looks left). dir is +1
// when higher is better, -1 when lower is. Both sides need
// stats.MinRuns runs.
//
// When paired is set, base[i] and new[i] were taken together (one round
// of interleaved runs; the slices are as long) and the change's
// intervals are those of the mean paired log ratio (stats.PairedLogDiff),
// else Welch's (stats.WelchLogDiff). For the equivalence interval a
// paired spread is moderated by prior, the spread of pairs measured on
// the same machine before (a noise file's paired spread), when the pairs'
// own spread fits it (stats.LogDiff.Moderate; the zero Prior is none).
// The alarm interval never is: a regression rests on the runs' own
// spread, so a noise file that no longer describes the machine can raise
// the bar for an alarm (its floor) but never lower it, while ~, which
// already leans on the noise file through the floor, may lean on its
// spread too.
//
// A fixed design uses every run. A sequential design looks at the first
// n runs of each side, n the scheduled look at or below the smaller
// side's count: a side that ran ahead (the other's runs were set aside as
// disturbed) waits, and between scheduled looks the verdict is the last
// look's, on the same runs; so each look's interval is computed on one
// set of runs however often Assess is called, and its error share is
// spent once.
func Assess(base, new []float64, paired bool, prior stats.Prior, dir int, eff float64, l Limits, d Design) Assessment {
	nan := math.NaN()
	a := Assessment{Change: nan, Low: nan, High: nan, EqLow: nan, EqHigh: nan, P: nan, NeedRuns: -1, AlarmAt: math.Inf(1)}
	nb, nn := len(base), len(new)
	n := min(nb, nn)
	if n < stats.MinRuns {
		a.Verdict = Unsure
		a.Reason = fmt.Sprintf("fewer than %d runs a side", stats.MinRuns)
		return a
	}
	if d.MaxRuns > 0 {
		looks := d.Looks()
		switch final := looks[len(looks)-1]; {
		case d.Closed && n > final:
			// Runs beyond the design's last count (a side that ran ahead
			// and rounds that went on for other benchmarks): the closing
			// look is the final look, on its runs.
			n = final
		case !d.Closed: // the closing look takes every run
			n = d.lookAt(n)
		}
		base, new = base[:n], new[:n]
	}
	ld := LogDiff(base, new, paired)
	eq, moderated, fits := ld.Moderate(prior)
	a.Moderated, a.PriorMisfit = moderated, !fits
	if !ld.OK {
		a.Verdict = Unsure
		a.Reason = "a run's figure is not a positive number"
		return a
	}
	a.Change = math.Expm1(ld.Diff)
	a.P = ld.P()
	a.Alpha, a.Equiv = d.Look(n, l.Alpha, math.Max(EquivalenceAlpha, l.Alpha))
	if a.Alpha <= 0 {
		a.Verdict, a.More = Unsure, true
		a.Reason = "before the design's first look"
		return a
	}
	if perAlpha, _ := d.Look(n, 1, 1); perAlpha > 0 {
		// The look spends perAlpha of each unit of alpha.
		if p := ld.Outside(math.Log1p(-eff), math.Log1p(eff)); p < 0.5 {
			a.AlarmAt = p / perAlpha
		}
	}
	lo, hi := ld.Interval(a.Alpha)
	elo, ehi := eq.Interval(a.Equiv)
	a.Low, a.High, a.EqLow, a.EqHigh = math.Expm1(lo), math.Expm1(hi), math.Expm1(elo), math.Expm1(ehi)
	a.Verdict, a.Reason = decideIntervals(a.Low, a.High, a.EqLow, a.EqHigh, dir, eff)
	if a.Verdict == Unsure {
		a.More = !d.Last(n)
		a.NeedRuns = NeedRuns(ld, eq, n, dir, eff, l, d)
	}
	return a
}

// LogDiff is the log change from base to new: paired (base[i] and new[i]
// taken together) or Welch's.
func LogDiff(base, new []float64, paired bool) stats.LogDiff {
	if paired {
		return stats.PairedLogDiff(base, new)
	}
	return stats.WelchLogDiff(base, new)
}

// decideIntervals is the rule on the intervals (fractions, change =
// ratio-1): beyond ±eff on the worse side is a Regression, on the better
// side an Improvement, an equivalence interval within ±eff is ~.
func decideIntervals(lo, hi, elo, ehi float64, dir int, eff float64) (Verdict, string) {
	up, down := lo > eff, hi < -eff // the whole interval above +eff / below -eff
	switch {
	case (up && dir < 0) || (down && dir > 0):
		return Regression, ""
	case (up && dir > 0) || (down && dir < 0):
		return Improvement, ""
	case elo >= -eff && ehi <= eff:
		return Same, ""
	}
	return Unsure, "the change's interval straddles the effective threshold: the runs cannot tell whether it exceeds it"
}

// TQuantile is stats.TQuantile, remembered: NeedRuns and the plan ask for
// the same few (level, integer degrees of freedom) pairs again and again,
// and each costs an inverse incomplete beta function.
func TQuantile(p, df float64) float64 {
	k := [2]float64{p, df}
	if v, ok := tqMemo.Load(k); ok {
		return v.(float64)
	}
	v := stats.TQuantile(p, df)
	tqMemo.Store(k, v)
	return v
}

var tqMemo sync.Map

// NeedRuns is the runs a side at which a look of design d would decide,
// were the change and the per-run spread to stay as measured (-1: none
// up to the design's MaxRuns, or MaxSettleRuns for a fixed design): ld
// gives the alarm interval, eq the equivalence interval (ld moderated by
// a prior, or ld itself).
func NeedRuns(ld, eq stats.LogDiff, n, dir int, eff float64, l Limits, d Design) int {
	d.Closed = false // the runs an open design would need
	limit := d.MaxRuns
	if limit <= 0 {
		limit = MaxSettleRuns
	}
	for m := n + 1; m <= limit; m++ {
		alpha, equiv := d.Look(m, l.Alpha, math.Max(EquivalenceAlpha, l.Alpha))
		if d.MaxRuns > 0 && !slices.Contains(d.Looks(), m) {
			continue
		}
		if alpha <= 0 {
			continue
		}
		se, df := ld.At(n, m)
		ese, edf := eq.At(n, m)
		ha, he := TQuantile(1-alpha, df)*se, TQuantile(1-equiv, edf)*ese
		lo, hi, elo, ehi := ld.Diff-ha, ld.Diff+ha, ld.Diff-he, ld.Diff+he
		if v, _ := decideIntervals(math.Expm1(lo), math.Expm1(hi), math.Expm1(elo), math.Expm1(ehi), dir, eff); v != Unsure {
			return m
		}
	}
	return -1
}
