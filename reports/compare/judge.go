package compare

import (
	"fmt"
	"math"
	"strings"

	"github.com/radvbench/radvbench/core/results"
	"github.com/radvbench/radvbench/core/stats"
	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/verdict"
)

// judger decides comparisons; it holds the policy, the noise floors and
// the run-level design.
type judger struct {
	policy *verdict.Policy
	noise  *noise.File
	design verdict.Design
	advise Adviser
}

func newJudge(p *verdict.Policy, nf *noise.File, advise Adviser) *judger {
	return &judger{policy: p, noise: nf, advise: advise}
}

// side summarises a group's runs of a benchmark: every run's figure
// (stats.RunEstimate of its undisturbed samples), the runs set aside as
// disturbed throughout (stats.DisturbedRun), and the side's figure, the
// geometric mean of its runs' figures. When keepAll is set (every run of
// both sides was disturbed throughout: a machine loaded the whole time;
// or, for runs paired by round, every run of one side: see byRound)
// no run is set aside, so the table shows figures; the verdict then
// rests on the pairs where the runs were taken in rounds, and is unsure
// otherwise (see judgeTime). (Once a first clean run arrives the disturbed ones
// go, which changes the runs a sequential design's early looks see; the
// error those looks can spend is below 0.0005 of the default 0.01.)
func side(e *entry, keepAll bool) *Side {
	s := &Side{Status: e.result.Status, Reason: e.result.Reason, runs: e.runs}
	if s.Status == "" {
		s.Status = results.StatusOK
	}
	nan := verdict.Float(math.NaN())
	s.Median, s.Low, s.High, s.RelCI, s.RunCV, s.WithinCV, s.WithinSE = nan, nan, nan, nan, nan, nan, nan
	if s.Status != results.StatusOK || len(e.runs) == 0 {
		return s
	}
	higher := e.result.Metric.Better == results.HigherIsBetter
	aside := setAside(e, keepAll)
	var cvs, ses []float64
	for i, r := range e.runs {
		if len(r) == 0 {
			continue
		}
		var marks []bool
		if i < len(e.marks) {
			marks = e.marks[i]
		}
		s.Runs++
		s.N += len(r)
		s.RunMedians = append(s.RunMedians, stats.Median(r))
		for _, d := range marks {
			if d {
				s.Disturbed++
			}
		}
		if aside[i] {
			s.DisturbedRuns++
			continue
		}
		s.RunEstimates = append(s.RunEstimates, stats.RunEstimate(r, marks, higher))
		block := ""
		if i < len(e.blocks) {
			block = e.blocks[i]
		}
		s.blocks = append(s.blocks, block)
		if cv := stats.CV(stats.Undisturbed(r, marks)); !math.IsNaN(cv) {
			cvs = append(cvs, cv)
		}
		if se := stats.RunEstimateSE(r, marks, higher); !math.IsNaN(se) {
			ses = append(ses, se)
		}
	}
	if l := stats.RunLevels(e.runs, e.marks); l.Flagged {
		s.LevelRatio = l.Ratio
	}
	s.Median = verdict.Float(geoMean(s.RunEstimates))
	s.RunCV = verdict.Float(stats.LogSD(s.RunEstimates))
	s.WithinCV = verdict.Float(stats.Median(cvs))
	s.WithinSE = verdict.Float(stats.Median(ses))
	if n := len(s.RunEstimates); n >= stats.MinRuns && !s.RunCV.NaN() {
		h := stats.TQuantile(1-(1-stats.Confidence)/2, float64(n-1)) * float64(s.RunCV) / math.Sqrt(float64(n))
		m := float64(s.Median)
		s.Low, s.High, s.RelCI = verdict.Float(m*math.Exp(-h)), verdict.Float(m*math.Exp(h)), verdict.Float(math.Expm1(h))
	}
	if len(e.secs) > 0 {
		s.RunSeconds = stats.Median(e.secs)
	}
	return s
}

// pairRuns returns the run figures the change is judged on: when every
// run of both sides names its round (Input.Block) and at least
// MinPairedShare of the smaller side's runs have a partner of their
// round on the other side, the figures of the rounds that have a run on
// each side, base[i] and new[i] from one round, in the baseline's order,
// and paired true; otherwise every run of each side. (Rounds lose their
// pair when a side's run is set aside as disturbed; pairing then throws
// away more evidence than the drift it cancels is worth. The choice
// rests on the marks and the rounds, never on the figures.)
func pairRuns(b, n *Side) (base, new []float64, paired bool) {
	if len(b.blocks) != len(b.RunEstimates) || len(n.blocks) != len(n.RunEstimates) || len(b.blocks) == 0 || len(n.blocks) == 0 {
		return b.RunEstimates, n.RunEstimates, false
	}
	byBlock := map[string]float64{}
	for i, k := range n.blocks {
		if k == "" {
			return b.RunEstimates, n.RunEstimates, false
		}
		byBlock[k] = n.RunEstimates[i]
	}
	for i, k := range b.blocks {
		if k == "" {
			return b.RunEstimates, n.RunEstimates, false
		}
		if v, ok := byBlock[k]; ok {
			base = append(base, b.RunEstimates[i])
			new = append(new, v)
		}
	}
	if float64(len(base)) < MinPairedShare*float64(min(len(b.RunEstimates), len(n.RunEstimates))) {
		return b.RunEstimates, n.RunEstimates, false
	}
	return base, new, true
}

// MinPairedShare is the share of a side's runs (the smaller side's) that
// must have a partner in their round for the runs to be judged as pairs.
const MinPairedShare = 0.75

// setAside marks the runs of e that are disturbed throughout
// (stats.DisturbedRun); none when keepAll.
func setAside(e *entry, keepAll bool) []bool {
	out := make([]bool, len(e.runs))
	if keepAll {
		return out
	}
	for i, r := range e.runs {
		if i < len(e.marks) {
			out[i] = stats.DisturbedRun(e.marks[i], len(r))
		}
	}
	return out
}

// allDisturbed reports whether every run with samples of every entry
// given is disturbed throughout (and there is at least one).
func allDisturbed(es ...*entry) bool {
	n := 0
	for _, e := range es {
		if e == nil {
			continue
		}
		for i, r := range e.runs {
			if len(r) == 0 {
				continue
			}
			if i >= len(e.marks) || !stats.DisturbedRun(e.marks[i], len(r)) {
				return false
			}
			n++
		}
	}
	return n > 0
}

// byRound reports whether every run of every entry given names its
// round (entry.blocks): the runs were taken in rounds, one a side, and
// pair. Where they do, a side whose every run was disturbed throughout
// does not veto the comparison: the load fell on both runs of each pair
// (they ran side by side or one right after the other), so no run is set
// aside and the pairs carry the verdict, as when both sides were
// disturbed throughout (the disturbed-pairs warning).
func byRound(es ...*entry) bool {
	for _, e := range es {
		if e == nil || len(e.blocks) != len(e.runs) || len(e.runs) == 0 {
			return false
		}
		for _, b := range e.blocks {
			if b == "" {
				return false
			}
		}
	}
	return true
}

// geoMean is the geometric mean of positive xs (NaN for none or a value
// that is not positive).
func geoMean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	var sum float64
	for _, x := range xs {
		if !(x > 0) {
			return math.NaN()
		}
		sum += math.Log(x)
	}
	return math.Exp(sum / float64(len(xs)))
}

// judge compares one benchmark of group g against the baseline.
func (j *judger) judge(key, group string, be, ge *entry) Comparison {
	return j.judgeAt(key, group, be, ge, 1)
}

// judgeAt judges one benchmark with its policy alpha multiplied by scale
// (its share of a family-wise alpha, see holm): in time, then, where the
// samples carry their clocks, in cycles (see Cycles).
func (j *judger) judgeAt(key, group string, be, ge *entry, scale float64) Comparison {
	c := j.judgeTime(key, group, be, ge, scale)
	c.Cycles = j.cycles(&c, key, group, be, ge, scale)
	c.ClockAccepted = c.Verdict == verdict.Regression && c.ClockExplained() && j.policy.ClockChanges == verdict.ClockPass
	return c
}

// judgeTime judges one benchmark on its figures as they are.
func (j *judger) judgeTime(key, group string, be, ge *entry, scale float64) Comparison {
	p := j.policy
	lim, allow := p.For(key)
	perBenchmark := lim.Alpha
	lim.Alpha *= scale
	nan := verdict.Float(math.NaN())
	c := Comparison{Key: key, Group: group, Change: nan, Low: nan, High: nan, P: nan, Limits: lim}
	ref := be
	if ref == nil {
		ref = ge
	}
	c.Metric, c.Unit, c.Better = ref.result.Metric.Name, ref.result.Metric.Unit, ref.result.Metric.Better
	keepAll := allDisturbed(be, ge) || (byRound(be, ge) && (allDisturbed(be) || allDisturbed(ge)))
	if be != nil {
		c.Base = side(be, keepAll)
	}
	if ge != nil {
		c.New = side(ge, keepAll)
	}
	allowIt := func() {
		if allow != nil {
			c.Allowed, c.AllowReason = true, allow.Reason
		}
	}
	switch {
	case be == nil:
		c.Verdict = verdict.Added
		return c
	case ge == nil:
		c.Verdict = verdict.Missing
		return c
	}
	bs, ns := c.Base.Status, c.New.Status
	if bs != results.StatusOK || ns != results.StatusOK {
		c.Verdict = verdict.Incomparable
		switch {
		case bs == results.StatusOK && ns == results.StatusFailed:
			c.Verdict = verdict.Failed
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
		c.Verdict = verdict.Incomparable
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
		c.Verdict = verdict.Incomparable
		c.Note = fmt.Sprintf("metric %s has no direction (better: %q): cannot tell a regression from an improvement", bm.Name, bm.Better)
		return c
	}
	nb, nn := len(c.Base.RunEstimates), len(c.New.RunEstimates)
	if nb == 0 || nn == 0 {
		c.Verdict, c.More = verdict.Unsure, !j.design.Last(0)
		c.Reason = "every run on a side was disturbed throughout (most samples marked): rerun on a quieter machine"
		return c
	}
	if c.Base.Median == 0 || c.Base.Median.NaN() {
		c.Verdict = verdict.Incomparable
		c.Note = "baseline figure is zero"
		return c
	}
	c.alarmScale, c.tested = math.Inf(1), true
	var misfit bool
	ev := verdict.Evidence{BaseRuns: nb, NewRuns: nn, Dir: dir, Floor: math.NaN(), Low: math.NaN(), High: math.NaN(),
		EqLow: math.NaN(), EqHigh: math.NaN(), P: math.NaN()}
	ev.Change = float64(c.New.Median)/float64(c.Base.Median) - 1
	xb, xn, paired := pairRuns(c.Base, c.New)
	c.Paired = paired
	nz := j.noise.Lookup(key)
	var prior stats.Prior
	if paired {
		prior = nz.PairedPrior()
	}
	if nz != nil {
		// With runs enough for an interval the floor raises the threshold
		// (what change matters), and the interval carries the alarm's
		// share of a family-wise alpha; with fewer the floor is the test.
		floorAlpha := lim.Alpha
		if nb >= stats.MinRuns && nn >= stats.MinRuns {
			floorAlpha = perBenchmark
		}
		ev.Floor = floorOf(nz, paired, nb, nn, len(xb), floorAlpha)
	}
	ld := verdict.LogDiff(xb, xn, paired)
	if ld.OK {
		ev.P = ld.P()
	}
	// Fewer runs than an interval needs, the floor is the test; but two
	// pairs already show their own scatter, and when it exceeds the noise
	// file's paired spread (the F test Moderate makes) the floor does not
	// hold for these runs: no floor, so no call on it.
	floorMisfit := false
	if (len(xb) < stats.MinRuns || len(xn) < stats.MinRuns) && paired && ld.OK && !math.IsNaN(ev.Floor) {
		if _, _, fits := ld.Moderate(prior); !fits {
			floorMisfit, misfit = true, true
			ev.Floor = math.NaN()
		}
	}
	eff := ev.Effective(lim)
	if len(xb) >= stats.MinRuns && len(xn) >= stats.MinRuns {
		a := verdict.Assess(xb, xn, paired, prior, dir, eff, lim, j.design)
		c.Moderated, misfit = a.Moderated, a.PriorMisfit
		// The look's runs (a sequential design's first n a side): the change
		// the interval is about.
		ev.Change, ev.P = a.Change, a.P
		ev.Low, ev.High, ev.EqLow, ev.EqHigh = a.Low, a.High, a.EqLow, a.EqHigh
		c.More, c.SettleRuns = a.More, a.NeedRuns
		c.alarmScale = a.AlarmAt / perBenchmark
	} else {
		c.More = !j.design.Last(min(len(xb), len(xn)))
		if ld.OK && !math.IsNaN(eff) {
			eq, _, _ := ld.Moderate(prior)
			c.SettleRuns = verdict.NeedRuns(ld, eq, min(len(xb), len(xn)), dir, eff, lim, j.design)
		}
	}
	c.Change, c.Low, c.High, c.P = verdict.Float(ev.Change), verdict.Float(ev.Low), verdict.Float(ev.High), verdict.Float(ev.P)
	c.Limits.Floor = verdict.Float(ev.Floor)
	c.Limits.Effective = verdict.Float(eff)
	c.Verdict, c.Reason = verdict.Decide(ev, lim)
	if floorMisfit {
		c.Reason = fmt.Sprintf("fewer than %d runs a side, and their pairs scatter more than the noise file's paired spread allows: its floor does not hold for these runs", stats.MinRuns)
	}
	if (nb < stats.MinRuns || nn < stats.MinRuns) && !j.design.Last(min(nb, nn)) && (c.Verdict == verdict.Regression || c.Verdict == verdict.Improvement) {
		// The floor rule is a look of its own, and a sequential design
		// spends its error budget from its first look at MinRuns a side
		// (Design.Looks): a change called here would be a look no budget
		// paid for. The closing look, and a fixed design, may use it.
		c.Verdict = verdict.Unsure
		c.Reason = fmt.Sprintf("fewer than %d runs a side: the change exceeds the noise floor plus the threshold, but runs added until decided are first judged at %d runs a side", stats.MinRuns, stats.MinRuns)
	}
	if w, ok := j.closingFloor(&c, ev, lim, nz, ld, prior, nb, nn, len(xb)); ok {
		c.Warnings = append(c.Warnings, w)
	}
	switch {
	case keepAll && !paired:
		// Measured under load throughout, the runs of each side at
		// their own times: the figures follow the load, which moves
		// between the times the two sides ran.
		c.Verdict, c.SettleRuns, c.More = verdict.Unsure, 0, !j.design.Last(min(nb, nn))
		c.alarmScale = math.Inf(1)
		c.Reason = "every run of both sides was disturbed throughout (most samples marked: other processes, steal, another GPU client, a clock change): the figures follow the machine's load; rerun when it is quieter"
	case keepAll:
		// Runs paired by round ran under the same load, side by side or
		// one right after the other: the load is in both runs of a pair
		// and drops out of their ratio, and what it leaves is the pairs'
		// scatter, which the interval carries. The verdict stands.
		c.Warnings = append(c.Warnings, Warning{"disturbed-pairs", "every run of a side was disturbed throughout (most samples marked): judged on the pairs of each round, whose two runs shared the load"})
	}
	if c.Verdict == verdict.Regression {
		allowIt()
	}
	switch {
	case c.Verdict != verdict.Unsure:
		c.More, c.SettleRuns = false, 0
	case !ld.OK:
		c.Reason += j.advise.kind(AdviceRepeatRuns)
	}
	if w, ok := runLevels(c); ok {
		c.Warnings = append(c.Warnings, w)
	}
	if c.Base.DisturbedRuns+c.New.DisturbedRuns > 0 {
		c.Warnings = append(c.Warnings, Warning{"disturbed-runs", fmt.Sprintf("runs whose samples were mostly disturbed (more than %.0f%% marked by the observer) are set aside: no evidence either way", 100*stats.DisturbedRunShare)})
	}

	if (nb < stats.MinRuns || nn < stats.MinRuns) && c.Verdict != verdict.Unsure {
		c.Warnings = append(c.Warnings, Warning{"few-runs", fmt.Sprintf("fewer than %d runs on a side: samples of one run carry no run-to-run variation, so the change is judged against the noise floor only%s", stats.MinRuns, j.advise.kind(AdviceFewRuns))})
	}
	if misfit && c.Verdict != verdict.Regression && c.Verdict != verdict.Improvement {
		// Only ~ would have leaned on the prior.
		c.Warnings = append(c.Warnings, Warning{"pairs-exceed-noise", fmt.Sprintf("the runs' pairs scatter more than the noise file's paired spread allows (F test, p < %g): ~ judged on their own spread alone; the machine is noisier than when the noise file was measured%s, or the change varies between rounds", stats.PriorFitAlpha, j.advise.kind(AdviceRemeasureNoise))})
	}
	if j.noise != nil && nz == nil {
		c.Warnings = append(c.Warnings, Warning{"no-floor", "not in the noise file: judged without a noise floor"})
	}
	if p.MinSamples > 0 && (minRun(be.runs) < p.MinSamples || minRun(ge.runs) < p.MinSamples) {
		c.Warnings = append(c.Warnings, Warning{"few-samples", fmt.Sprintf("a run has fewer than %d samples: its median is rough", p.MinSamples)})
	}
	if w, ok := noisyRuns(c, xb, xn, paired, lim.Noise, nz, j.advise); ok {
		c.Warnings = append(c.Warnings, w)
	}
	return c
}

// noisyRuns warns when the runs the verdict rests on scatter by more than
// the noise limit: for runs paired by round the pairs' spread
// (pairedSpread: what drifts between rounds is not in the verdict, so it
// is not in the warning), otherwise each side's between-run spread. An
// unsure verdict of paired runs without a paired noise floor is told
// where one comes from (advise's AdvicePairedNoise).
func noisyRuns(c Comparison, xb, xn []float64, paired bool, limit float64, nz *noise.Bench, advise Adviser) (Warning, bool) {
	if !(limit > 0) {
		return Warning{}, false
	}
	if !paired || len(xb) < 2 {
		if float64(c.Base.RunCV) > limit || float64(c.New.RunCV) > limit {
			return Warning{"noisy-runs", fmt.Sprintf("runs wander by more than the %s noise limit: a quieter machine, or more runs, narrows the verdict", FormatPercent(limit))}, true
		}
		return Warning{}, false
	}
	if !(pairedSpread(xb, xn) > limit) {
		return Warning{}, false
	}
	msg := fmt.Sprintf("the two runs of a round differ by more than the %s noise limit: a quieter machine, or more rounds, narrows the verdict", FormatPercent(limit))
	if c.Verdict == verdict.Unsure && (nz == nil || !(nz.PairedCV > 0)) {
		msg += advise.kind(AdvicePairedNoise)
	}
	return Warning{"noisy-pairs", msg}, true
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

// floorOf is a benchmark's noise floor for a comparison of nb runs
// against nn: for runs paired by round (pairs of them), the noise file's
// PairedFloor when it measured paired runs, since what drifts between
// rounds is in neither; otherwise Floor, from its between-run spread.
// NaN without a noise figure.
func floorOf(nz *noise.Bench, paired bool, nb, nn, pairs int, alpha float64) float64 {
	if nz == nil {
		return math.NaN()
	}
	if paired && nz.PairedCV > 0 {
		return nz.PairedFloor(pairs, alpha)
	}
	return nz.Floor(nb, nn, alpha)
}

// runLevels warns when either side's runs sat steady at levels far apart
// (Side.LevelRatio): a power state or a clock, not the code. Runs paired
// by round cancel it where both sides moved together; unpaired runs
// carry it into the change.
func runLevels(c Comparison) (Warning, bool) {
	var which []string
	ratio := 0.0
	for _, s := range []struct {
		name string
		side *Side
	}{{"the baseline's", c.Base}, {"the new side's", c.New}} {
		if s.side != nil && s.side.LevelRatio > 0 {
			which = append(which, s.name)
			ratio = math.Max(ratio, s.side.LevelRatio)
		}
	}
	if len(which) == 0 {
		return Warning{}, false
	}
	msg := fmt.Sprintf("run levels differ by %s: %s runs each sat steady at its own level, far apart: a power state or a clock (a GPU idling between runs), not the code", LevelRatioText(ratio), strings.Join(which, " and "))
	if c.Paired {
		msg += "; the pairs cancel it where both sides of a round moved together"
	} else {
		msg += "; the runs are not paired, so it is in the change"
	}
	return Warning{"run-levels", msg}, true
}

// LevelRatioText words how far apart run levels are: "12%" below 1.5
// times, else "2.7×".
func LevelRatioText(ratio float64) string {
	if ratio < 1.5 {
		return fmt.Sprintf("%.0f%%", 100*(ratio-1))
	}
	return fmt.Sprintf("%.2g×", ratio)
}

// closingFloorFit is the level of the F test the closing look's pairs
// must pass for the floor rule (closingFloor): far more lenient to the
// prior's doubters than PriorFitAlpha, because the pairs' spread and
// their mean are independent, so every stale noise file that passes
// lends its floor to the mean. Against a noise file measured at a sixth
// of the machine's spread, 3 pairs pass at 1% in about 15% of A/A trials
// and at 20% in about 5% (TestModeratedPairs: false changes under 1%).
const closingFloorFit = 0.2

// closingFloor lets the closing look of runs paired by round use the
// floor rule when their interval could not tell: the change is a
// regression (or an improvement) when it lies beyond the noise file's
// floor at the look's share of alpha plus the threshold, the rule that
// decides with fewer than MinRuns a side. The interval rests on the
// runs' own pairs, whose spread 3 or 4 pairs estimate on 2 or 3 degrees of
// freedom (a t quantile of 15–35 at a gate's share of alpha), so without
// it a budget that ends at 3 rounds called fewer slowdowns than one that
// ended at 2. Only where the pairs fit the noise file's paired spread
// (closingFloorFit): a noise file that no longer describes the machine
// should not decide. A look before the last leaves it to the rounds to
// come.
func (j *judger) closingFloor(c *Comparison, ev verdict.Evidence, lim verdict.Limits, nz *noise.Bench, ld stats.LogDiff, prior stats.Prior, nb, nn, pairs int) (Warning, bool) {
	if c.Verdict != verdict.Unsure || !c.Paired || nb < stats.MinRuns || nn < stats.MinRuns || !j.design.Last(min(nb, nn)) || !ld.FitsPrior(prior, closingFloorFit) {
		return Warning{}, false
	}
	floor := floorOf(nz, true, nb, nn, pairs, lim.Alpha)
	if math.IsNaN(floor) || math.IsNaN(ev.Change) || !(math.Abs(ev.Change) > floor+lim.Threshold) {
		return Warning{}, false
	}
	c.Verdict, c.Reason = verdict.Regression, ""
	if float64(ev.Dir)*ev.Change > 0 {
		c.Verdict = verdict.Improvement
	}
	return Warning{"closing-floor", fmt.Sprintf("the interval on the runs' own %d pairs could not tell; the change is beyond the noise file's floor for them (%s) plus the threshold, and the pairs fit its spread", pairs, FormatPercent(floor))}, true
}
