package compare

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/radvbench/radvbench/core/stats"
	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/note"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

// Planning: before spending machine time, how many runs a side does the
// gate need to catch a given slowdown?

// DefaultDetect is the slowdown --plan sizes for (5%), DefaultPower the
// chance of catching it (95%).
const (
	DefaultDetect = 0.05
	DefaultPower  = 0.95
)

// MaxPlanRuns bounds the runs a plan considers.
const MaxPlanRuns = 100

// RunsNeeded is the smallest number of runs a side (at least 3) with which
// a fixed-sample comparison (one look, Design{}) calls a slowdown of
// detect (time × (1+detect)) a regression with probability power; see
// RunsNeededIn. 0 when more than MaxPlanRuns would be needed.
func RunsNeeded(detect, spread, within float64, l verdict.Limits, power float64, floorAt func(n int) float64) int {
	return RunsNeededIn(verdict.Design{}, detect, spread, within, l, power, floorAt)
}

// RunsNeededIn is the smallest number of runs a side at which design d
// (a look of it, for a sequential design) calls a slowdown of detect a
// regression with probability power, by the rule verdict.Assess applies: the
// alarm interval of the log change, d ∓ t(1-a, df)·se, must clear the
// effective threshold T = -log(1-eff), with a the error share of that look
// and se = s·√(2/n), so δ - T >= (t(1-a, df) + t(power, df))·se for the
// slowdown δ = log(1+detect). The runs' spread is estimated, so t
// quantiles, also for the power; Welch's degrees of freedom fall between
// n-1 and 2n-2 depending on how the two sides' spreads come out, and the
// plan takes n-1, the low end (with 2n-2, a cell of 2% between-run CV was
// caught in 93.8% of trials at the plan's 5 runs). s is the spread of the run figures: spread (the
// standard deviation of the log run figures) but not below within, the
// part a run's own samples give its figure (Side.WithinSE, a noise file's
// within_se, or WithinSpread where those are missing; 0 or NaN when
// unknown), which a spread measured on few runs can underestimate. The
// effective threshold is the larger of the policy's and the noise floor
// for n runs a side (floorAt; NaN when none). For a sequential design the
// chance of a verdict by a look is at least that of one at it, so the
// figure errs on the safe side. 0 when more than MaxPlanRuns (or the
// design's MaxRuns) would be needed.
func RunsNeededIn(d verdict.Design, detect, spread, within float64, l verdict.Limits, power float64, floorAt func(n int) float64) int {
	if math.IsNaN(spread) || detect <= 0 {
		return 0
	}
	s := spread
	if within > s {
		s = within
	}
	delta := math.Log1p(detect)
	limit := MaxPlanRuns
	if d.MaxRuns > 0 {
		limit = min(limit, d.MaxRuns)
	}
	for n := stats.MinRuns; n <= limit; n++ {
		if d.MaxRuns > 0 && !slices.Contains(d.Looks(), n) {
			continue
		}
		alpha, _ := d.Look(n, l.Alpha, verdict.EquivalenceAlpha)
		if alpha <= 0 {
			continue
		}
		eff := l.Threshold
		if f := floorAt(n); f > eff {
			eff = f
		}
		if eff >= 1 {
			continue
		}
		t := -math.Log1p(-eff)
		se := s * math.Sqrt(2/float64(n))
		df := float64(n - 1)
		if delta-t >= (verdict.TQuantile(1-alpha, df)+verdict.TQuantile(power, df))*se {
			return n
		}
	}
	return 0
}

// PlanRow is one benchmark's part of a plan.
type PlanRow struct {
	Key string `json:"key"`
	// Spread is the run-to-run variation used (standard deviation of the
	// log run figures, or a noise file's of the log run medians); Source
	// says where it was measured.
	Spread verdict.Float `json:"between_cv"`
	Source string        `json:"source"`
	// Within is the part of a run figure's spread due to its own samples
	// (stats.RunEstimateSE, or WithinSpread where that is missing; null
	// when unknown).
	Within verdict.Float `json:"within"`
	// Runs is the runs a side needed; 0 when more than MaxPlanRuns, or
	// when nothing is known (Spread null).
	Runs int `json:"runs"`
	// RunSeconds is the time one run spends on the benchmark (0 unknown).
	RunSeconds float64 `json:"run_seconds,omitempty"`
	// WithinThreshold is set when the slowdown to detect is no larger
	// than the benchmark's threshold: the gate never calls it a
	// regression, however many runs (Runs is 0, and noise is not why).
	WithinThreshold bool `json:"within_threshold,omitempty"`
}

// Plan answers "how many runs a side" for every benchmark.
type Plan struct {
	Detect    float64   `json:"detect"`
	Power     float64   `json:"power"`
	Alpha     float64   `json:"alpha"`
	Threshold float64   `json:"threshold"`
	Rows      []PlanRow `json:"benchmarks"`
	// Runs is the runs a side that catch the slowdown on every benchmark
	// that can be caught within MaxPlanRuns; Unreachable counts those
	// that cannot because their runs wander too much, WithinThreshold
	// those whose threshold is at or above the slowdown, Unknown those
	// without a measured spread.
	Runs            int `json:"runs"`
	Unreachable     int `json:"unreachable"`
	WithinThreshold int `json:"within_threshold"`
	Unknown         int `json:"unknown"`
	// RunSeconds is the time of one run of all benchmarks; Seconds that of
	// the plan (Runs a side, two sides).
	RunSeconds float64 `json:"run_seconds"`
	Seconds    float64 `json:"seconds"`
	// Design is the run-level design planned for: MaxRuns 0 for runs
	// fixed in advance; Runs then counts the looks' run counts.
	Design verdict.Design `json:"design"`
	// Family is the number of benchmarks alpha is shared among (alpha a
	// comparison: each is planned at its first Holm share); 0 when each
	// has its own.
	Family int `json:"family,omitempty"`
	// Hints are the words of the advice the text's closing lines end
	// with, by kind (AdvicePlanRuns, AdvicePlanDetect, AdvicePlanUnknown),
	// set by Word; none before.
	Hints map[note.AdviceKind]string `json:"-"`

	todo []planInput
}

// PlanFromNoise plans from a noise file's measured spreads.
func PlanFromNoise(nf *noise.File, p *verdict.Policy, detect, power float64) *Plan {
	pl := newPlan(p, detect, power, verdict.Design{})
	for i := range nf.Benchmarks {
		b := &nf.Benchmarks[i]
		spread, source, paired := noiseSpread(b, b.PairedCV > 0)
		pl.add(p, b.Key, spread, noiseWithin(b), source, b.RunSeconds, b, paired)
	}
	pl.finish(p)
	return pl
}

// PlanFromReport plans from the runs in a comparison's inputs, or from
// the noise file where it has the benchmark: runs paired by round (as
// the comparison pairs them) by the spread of their pairs' log ratios,
// others by the pooled spread of both sides' runs.
func PlanFromReport(r *Report, nf *noise.File, detect, power float64) *Plan {
	pl := newPlan(&r.Policy, detect, power, r.Design)
	seen := map[string]bool{}
	for i := range r.Comparisons {
		c := &r.Comparisons[i]
		if seen[c.Key] || c.Base == nil || c.New == nil || c.Base.Status != "ok" || c.New.Status != "ok" {
			continue
		}
		seen[c.Key] = true
		secs := c.Base.RunSeconds
		if b := nf.Lookup(c.Key); b != nil {
			if secs == 0 {
				secs = b.RunSeconds
			}
			spread, source, paired := noiseSpread(b, c.Paired)
			pl.add(&r.Policy, c.Key, spread, noiseWithin(b), source, secs, b, paired)
			continue
		}
		spread, source := pooledSpread(c.Base.RunEstimates, c.New.RunEstimates), fmt.Sprintf("%d+%d runs", c.Base.Runs, c.New.Runs)
		base, next, paired := pairing.PairRuns(c.Base, c.New)
		if paired && len(base) >= 2 {
			spread, source = pairedSpread(base, next), fmt.Sprintf("%d pairs", len(base))
		}
		pl.add(&r.Policy, c.Key, spread, sideWithin(c.Base), source, secs, nil, paired)
	}
	pl.finish(&r.Policy)
	return pl
}

// noiseSpread is the spread a plan takes from a noise file's benchmark:
// for runs paired by round its PairedCV when it measured paired runs
// (paired true: the plan and the floor are the paired ones), otherwise
// its between-run spread.
func noiseSpread(b *noise.Bench, paired bool) (spread float64, source string, isPaired bool) {
	if paired && b.PairedCV > 0 {
		return b.PairedCV, fmt.Sprintf("noise file, %d pairs", b.Pairs), true
	}
	return b.BetweenCV, "noise file", false
}

// pairedSpread is the per-run spread that gives runs paired by round
// (base[i] and next[i] taken together) the spread their log ratios have:
// their standard deviation over √2, so that RunsNeededIn's s·√(2/n) is the
// paired mean's standard error. What drifts between rounds falls on both
// runs of a pair and is not in it.
func pairedSpread(base, next []float64) float64 {
	ratios := make([]float64, len(base))
	for i := range base {
		ratios[i] = next[i] / base[i]
	}
	return stats.LogSD(ratios) / math.Sqrt2
}

// WithinSpread is the standard deviation a run's figure (the
// stats.RunQuantile-quantile of its samples) owes to the scatter of its
// own samples, were they normal: quantileSE·cv/√samples (NaN when
// unknown). Only for inputs that lack stats.RunEstimateSE (noise files
// made before within_se): the slow tail interference leaves sets the CV,
// and the fast tenth hardly feels it, so on lavapipe this overstates the
// figure's scatter several times over (docs/verdicts.md §5).
func WithinSpread(cv float64, samples int) float64 {
	if samples <= 0 || math.IsNaN(cv) {
		return math.NaN()
	}
	return quantileSE * cv / math.Sqrt(float64(samples))
}

// quantileSE is the standard error of the q-quantile of n normal samples
// in units of σ/√n, for q = stats.RunQuantile: √(q(1-q))/φ(Φ⁻¹(q)) (1.71
// for the tenth; the median's is √(π/2) = 1.25).
var quantileSE = math.Sqrt(stats.RunQuantile*(1-stats.RunQuantile)) /
	distuv.UnitNormal.Prob(distuv.UnitNormal.Quantile(stats.RunQuantile))

// sideWithin is the part of a side's run figures owed to their own
// samples: Side.WithinSE, or for a side without it (too few samples a
// run) WithinSpread of its median within-run CV over its average samples
// a run.
func sideWithin(s *pairing.Side) float64 {
	if s == nil || s.Runs == 0 {
		return math.NaN()
	}
	if !s.WithinSE.NaN() {
		return float64(s.WithinSE)
	}
	return WithinSpread(float64(s.WithinCV), s.N/s.Runs)
}

// noiseWithin is sideWithin for a noise file's benchmark: its within_se,
// or for a file that predates it, WithinSpread of its within-run CV.
func noiseWithin(b *noise.Bench) float64 {
	if b.WithinSE > 0 {
		return b.WithinSE
	}
	return WithinSpread(b.WithinCV, b.SamplesPerRun)
}

func newPlan(p *verdict.Policy, detect, power float64, d verdict.Design) *Plan {
	if detect <= 0 {
		detect = DefaultDetect
	}
	if power <= 0 || power >= 1 {
		power = DefaultPower
	}
	return &Plan{Detect: detect, Power: power, Alpha: p.Alpha, Threshold: p.Threshold, Rows: []PlanRow{}, Design: d}
}

func (pl *Plan) add(p *verdict.Policy, key string, spread, within float64, source string, secs float64, nb *noise.Bench, paired bool) {
	lim, _ := p.For(key)
	pl.Rows = append(pl.Rows, PlanRow{Key: key, Spread: verdict.Float(spread), Within: verdict.Float(within), Source: source, RunSeconds: secs})
	pl.todo = append(pl.todo, planInput{lim, nb, paired})
}

// planInput is what finish needs to size a row: its limits, noise, and
// whether its runs are paired by round (which noise floor applies).
type planInput struct {
	lim    verdict.Limits
	nb     *noise.Bench
	paired bool
}

// finish sizes every row and totals the plan. With alpha a comparison
// (Policy.AlphaPer) each benchmark is planned at the share Holm's
// step-down gives it first, its alpha over the m benchmarks: a slowdown
// in one benchmark alone gets no more.
func (pl *Plan) finish(p *verdict.Policy) {
	scale := 1.0
	if p.FamilyWise() && len(pl.todo) > 0 {
		scale = 1 / float64(len(pl.todo))
		pl.Family = len(pl.todo)
	}
	for i := range pl.Rows {
		r, in := &pl.Rows[i], pl.todo[i]
		lim := in.lim
		lim.Alpha *= scale
		if !r.Spread.NaN() {
			r.Runs = RunsNeededIn(pl.Design, pl.Detect, float64(r.Spread), float64(r.Within), lim, pl.Power, func(n int) float64 { return floorOf(in.nb, in.paired, n, n, n, in.lim.Alpha) })
			r.WithinThreshold = r.Runs == 0 && pl.Detect <= lim.Threshold
		}
	}
	for _, r := range pl.Rows {
		pl.RunSeconds += r.RunSeconds
		switch {
		case r.Spread.NaN():
			pl.Unknown++
		case r.WithinThreshold:
			pl.WithinThreshold++
		case r.Runs == 0:
			pl.Unreachable++
		default:
			pl.Runs = max(pl.Runs, r.Runs)
		}
	}
	pl.Seconds = 2 * float64(pl.Runs) * pl.RunSeconds
}
