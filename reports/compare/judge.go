package compare

import (
	"fmt"
	"hash/fnv"
	"math"

	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/results"
	"github.com/radvbench/radvbench/reports/stats"
)

// judger decides comparisons; it holds the policy, the noise floors and
// the bootstrap's reusable buffers.
type judger struct {
	policy *Policy
	noise  *noise.File
	boot   stats.Bootstrap
}

func newJudge(p *Policy, nf *noise.File) *judger {
	return &judger{policy: p, noise: nf}
}

// maxSettleRuns bounds the search for the runs that would settle a verdict.
const maxSettleRuns = 200

// side summarises a group's runs of a benchmark.
func side(e *entry) *Side {
	s := &Side{Status: e.result.Status, Reason: e.result.Reason, runs: e.runs}
	if s.Status == "" {
		s.Status = results.StatusOK
	}
	nan := Float(math.NaN())
	s.Median, s.Low, s.High, s.RelCI, s.RunCV, s.WithinCV = nan, nan, nan, nan, nan, nan
	if s.Status != results.StatusOK || len(e.runs) == 0 {
		return s
	}
	var cvs []float64
	for _, r := range e.runs {
		if len(r) == 0 {
			continue
		}
		s.Runs++
		s.N += len(r)
		s.RunMedians = append(s.RunMedians, stats.Median(r))
		if cv := stats.CV(r); !math.IsNaN(cv) {
			cvs = append(cvs, cv)
		}
	}
	s.Median = Float(stats.Median(s.RunMedians))
	s.RunCV = Float(stats.LogSD(s.RunMedians))
	s.WithinCV = Float(stats.Median(cvs))
	if len(e.secs) > 0 {
		s.RunSeconds = stats.Median(e.secs)
	}
	return s
}

// seed derives the bootstrap's seed from the benchmark and group, so that
// the same comparison always prints the same interval.
func seed(key, group string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(key))
	h.Write([]byte{0})
	h.Write([]byte(group))
	return h.Sum64()
}

// judge compares one benchmark of group g against the baseline.
func (j *judger) judge(key, group string, be, ge *entry) Comparison {
	p := j.policy
	lim, allow := p.For(key)
	nan := Float(math.NaN())
	c := Comparison{Key: key, Group: group, Change: nan, Low: nan, High: nan, P: nan, Limits: lim}
	ref := be
	if ref == nil {
		ref = ge
	}
	c.Metric, c.Unit, c.Better = ref.result.Metric.Name, ref.result.Metric.Unit, ref.result.Metric.Better
	if be != nil {
		c.Base = side(be)
	}
	if ge != nil {
		c.New = side(ge)
	}
	allowIt := func() {
		if allow != nil {
			c.Allowed, c.AllowReason = true, allow.Reason
		}
	}
	switch {
	case be == nil:
		c.Verdict = Added
		return c
	case ge == nil:
		c.Verdict = Missing
		return c
	}
	bs, ns := c.Base.Status, c.New.Status
	if bs != results.StatusOK || ns != results.StatusOK {
		c.Verdict = Incomparable
		switch {
		case bs == results.StatusOK && ns == results.StatusFailed:
			c.Verdict = Failed
			c.Note = "failed: " + c.New.Reason
			allowIt()
		case bs == results.StatusFailed && ns == results.StatusOK:
			c.Note = "failed in the baseline, ok now"
		case bs == results.StatusSkipped || ns == results.StatusSkipped:
			c.Note = "skipped: " + firstNonEmpty(c.New.Reason, c.Base.Reason)
		default:
			c.Note = fmt.Sprintf("status %s in the baseline, %s here", bs, ns)
		}
		return c
	}
	bm, nm := be.result.Metric, ge.result.Metric
	if bm.Unit != nm.Unit || bm.Better != nm.Better {
		c.Verdict = Incomparable
		c.Note = fmt.Sprintf("metric differs: %s (%s, %s is better) in the baseline, %s (%s, %s is better) here", bm.Name, bm.Unit, bm.Better, nm.Name, nm.Unit, nm.Better)
		return c
	}
	dir := 0
	switch bm.Better {
	case results.HigherIsBetter:
		dir = 1
	case results.LowerIsBetter:
		dir = -1
	default:
		c.Verdict = Incomparable
		c.Note = fmt.Sprintf("metric %s has no direction (better: %q): cannot tell a regression from an improvement", bm.Name, bm.Better)
		return c
	}
	if c.Base.Median == 0 || c.Base.Median.NaN() {
		c.Verdict = Incomparable
		c.Note = "baseline median is zero"
		return c
	}

	nb, nn := c.Base.Runs, c.New.Runs
	ev := Evidence{BaseRuns: nb, NewRuns: nn, Dir: dir, Floor: math.NaN(), Low: math.NaN(), High: math.NaN(), P: math.NaN()}
	ev.Change = float64(c.New.Median)/float64(c.Base.Median) - 1
	nz := j.noise.Lookup(key)
	if nz != nil {
		ev.Floor = nz.Floor(nb, nn, lim.Alpha)
	}
	if nb >= 2 && nn >= 2 {
		ev.P = stats.WelchLog(c.Base.RunMedians, c.New.RunMedians).P
	}
	if nb >= stats.MinRuns && nn >= stats.MinRuns {
		ci := j.boot.HierarchicalRatio(be.runs, ge.runs, seed(key, group))
		ev.Low, ev.High = ci.Low-1, ci.High-1
		setCI(c.Base, ci.BaseLow, ci.BaseHigh)
		setCI(c.New, ci.NewLow, ci.NewHigh)
	}
	c.Change, c.Low, c.High, c.P = Float(ev.Change), Float(ev.Low), Float(ev.High), Float(ev.P)
	c.Limits.Floor = Float(ev.Floor)
	c.Limits.Effective = Float(ev.Effective(lim))
	c.Verdict, c.Reason = Decide(ev, lim)
	if c.Verdict == Regression {
		allowIt()
	}
	if c.Verdict == Unsure {
		spread := pooledSpread(c.Base.RunMedians, c.New.RunMedians)
		if nz != nil && !(nz.BetweenCV <= spread) {
			spread = nz.BetweenCV
		}
		if !math.IsNaN(spread) {
			floorAt := func(n int) float64 { return nz.Floor(n, n, lim.Alpha) }
			c.SettleRuns = SettleRuns(ev.Change, spread, sideWithin(c.Base), lim, floorAt)
		} else {
			c.Reason += "; repeat each side (radvbench run --runs 5), then 'compare --plan' says how many runs a side gate it"
		}
	}

	if (nb < stats.MinRuns || nn < stats.MinRuns) && c.Verdict != Unsure {
		c.Warnings = append(c.Warnings, Warning{"few-runs", fmt.Sprintf("fewer than %d runs on a side: samples of one run carry no run-to-run variation, so the change is judged against the noise floor only (repeat runs: radvbench run --runs 5)", stats.MinRuns)})
	}
	if j.noise != nil && nz == nil {
		c.Warnings = append(c.Warnings, Warning{"no-floor", "not in the noise file: judged without a noise floor"})
	}
	if p.MinSamples > 0 && (minRun(be.runs) < p.MinSamples || minRun(ge.runs) < p.MinSamples) {
		c.Warnings = append(c.Warnings, Warning{"few-samples", fmt.Sprintf("a run has fewer than %d samples: its median is rough", p.MinSamples)})
	}
	if lim.Noise > 0 && (float64(c.Base.RunCV) > lim.Noise || float64(c.New.RunCV) > lim.Noise) {
		c.Warnings = append(c.Warnings, Warning{"noisy-runs", fmt.Sprintf("runs wander by more than the %s noise limit: a quieter machine, or more runs, narrows the verdict", FormatPercent(lim.Noise))})
	}
	return c
}

func setCI(s *Side, lo, hi float64) {
	s.Low, s.High = Float(lo), Float(hi)
	if m := float64(s.Median); m != 0 && !math.IsNaN(lo) && !math.IsNaN(hi) {
		s.RelCI = Float(math.Max(hi-m, m-lo) / math.Abs(m))
	}
}

func minRun(runs [][]float64) int {
	n := math.MaxInt
	for _, r := range runs {
		n = min(n, len(r))
	}
	return n
}

// pooledSpread is the pooled standard deviation of the log run medians of
// both sides (NaN with fewer than two degrees of freedom: one difference
// between two runs says too little).
func pooledSpread(a, b []float64) float64 {
	var ss float64
	df := 0
	for _, xs := range [][]float64{a, b} {
		if len(xs) < 2 {
			continue
		}
		s := stats.LogSD(xs)
		if math.IsNaN(s) {
			return math.NaN()
		}
		ss += s * s * float64(len(xs)-1)
		df += len(xs) - 1
	}
	if df < 2 {
		return math.NaN()
	}
	return math.Sqrt(ss / float64(df))
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
