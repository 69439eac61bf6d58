package compare

import (
	"fmt"
	"math"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/note"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

// judger decides comparisons; it holds the policy, the noise floors and
// the run-level design.
type judger struct {
	policy *verdict.Policy
	noise  *noise.File
	design verdict.Design
}

func newJudge(p *verdict.Policy, nf *noise.File) *judger {
	return &judger{policy: p, noise: nf}
}

// judge compares one benchmark of group g against the baseline.
func (j *judger) judge(key, group string, be, ge *pairing.Entry) Comparison {
	return j.judgeAt(key, group, be, ge, 1)
}

// judgeAt judges one benchmark with its policy alpha multiplied by scale
// (its share of a family-wise alpha, see holm): in time, then, where the
// samples carry their clocks, in cycles (see Cycles).
func (j *judger) judgeAt(key, group string, be, ge *pairing.Entry, scale float64) Comparison {
	c := j.judgeTime(key, group, be, ge, scale)
	c.Cycles = j.cycles(&c, key, group, be, ge, scale)
	c.ClockAccepted = c.Verdict == verdict.Regression && c.ClockExplained() && j.policy.ClockChanges == verdict.ClockPass
	return c
}

// judging is one benchmark's comparison while judgeTime's steps build
// it: the limits, the sides' entries, and the evidence the verdict rests
// on.
type judging struct {
	c      Comparison
	be, ge *pairing.Entry
	// lim are the benchmark's limits, its alpha scaled (see judgeAt);
	// perBenchmark its alpha before that; allow its allow-list entry.
	lim          verdict.Limits
	perBenchmark float64
	allow        *verdict.Allow
	// keepAll: no run is set aside as disturbed (see pairing.NewSide).
	keepAll bool
	// dir is +1 when higher is better, -1 when lower is; nb and nn count
	// each side's runs that were not set aside.
	dir, nb, nn int
	// The evidence: the run figures judged (pairs when paired), the
	// benchmark's noise figures and the prior they give paired runs, the
	// runs' log difference and the effective threshold.
	ev     verdict.Evidence
	xb, xn []float64
	paired bool
	nz     *noise.Bench
	prior  stats.Prior
	ld     stats.LogDiff
	eff    float64
	// misfit: the pairs scatter more than the noise file's paired spread
	// allows; floorMisfit: and with fewer runs than an interval needs,
	// the floor was dropped for it.
	misfit, floorMisfit bool
}

// allowIt marks the comparison allowed when the policy's allow-list
// covers it.
func (s *judging) allowIt() {
	if s.allow != nil {
		s.c.Allowed, s.c.AllowReason = true, s.allow.Reason
	}
}

// judgeTime judges one benchmark on its figures as they are: its sides
// (sidesOf), what settles it without evidence (screen), the evidence of
// its runs (evidence), the verdict (decide) and its caveats (warn).
func (j *judger) judgeTime(key, group string, be, ge *pairing.Entry, scale float64) Comparison {
	s := j.sidesOf(key, group, be, ge, scale)
	if !s.screen(j.design) {
		return s.c
	}
	j.evidence(s)
	j.decide(s)
	j.warn(s)
	return s.c
}

// sidesOf starts one benchmark's comparison: its limits, with alpha
// multiplied by scale, its metric, and each side's runs
// (pairing.NewSide), a round's two runs cut to the seconds they sampled
// together (pairing.SameSeconds).
func (j *judger) sidesOf(key, group string, be, ge *pairing.Entry, scale float64) *judging {
	be, ge = pairing.SameSeconds(be, ge)
	lim, allow := j.policy.For(key)
	s := &judging{be: be, ge: ge, allow: allow, perBenchmark: lim.Alpha}
	lim.Alpha *= scale
	s.lim = lim
	nan := verdict.Float(math.NaN())
	s.c = Comparison{Key: key, Group: group, Change: nan, Low: nan, High: nan, P: nan, Limits: lim}
	ref := be
	if ref == nil {
		ref = ge
	}
	s.c.Metric, s.c.Unit, s.c.Better = ref.Result.Metric.Name, ref.Result.Metric.Unit, ref.Result.Metric.Better
	s.keepAll = stats.KeepDisturbedRuns(pairing.AllDisturbed(be), pairing.AllDisturbed(ge), pairing.ByRound(be, ge))
	if be != nil {
		s.c.Base = pairing.NewSide(be, s.keepAll)
	}
	if ge != nil {
		s.c.New = pairing.NewSide(ge, s.keepAll)
	}
	return s
}

// screen settles what needs no evidence: a benchmark on one side only, a
// status other than ok, metrics that differ or have no direction, no run
// left on a side, a zero baseline. It reports whether the runs are to be
// judged, and sets dir, nb and nn.
func (s *judging) screen(d verdict.Design) bool {
	c := &s.c
	switch {
	case s.be == nil:
		c.Verdict = verdict.Added
		return false
	case s.ge == nil:
		c.Verdict = verdict.Missing
		return false
	}
	bs, ns := c.Base.Status, c.New.Status
	if bs != resultsfile.StatusOK || ns != resultsfile.StatusOK {
		c.Verdict = verdict.Incomparable
		switch {
		case bs == resultsfile.StatusOK && ns == resultsfile.StatusFailed:
			c.Verdict = verdict.Failed
			c.Note = "failed: " + c.New.Reason
			s.allowIt()
		case bs == resultsfile.StatusFailed && ns == resultsfile.StatusOK:
			c.Note = "failed in the baseline, ok now"
		case bs == resultsfile.StatusSkipped || ns == resultsfile.StatusSkipped:
			c.Note = "skipped: " + firstNonEmpty(c.New.Reason, c.Base.Reason)
		default:
			c.Note = fmt.Sprintf("status %s in the baseline, %s here", bs, ns)
		}
		return false
	}
	bm, nm := s.be.Result.Metric, s.ge.Result.Metric
	if bm.Unit != nm.Unit || bm.Better != nm.Better {
		c.Verdict = verdict.Incomparable
		c.Note = fmt.Sprintf("metric differs: %s (%s, %s is better) in the baseline, %s (%s, %s is better) here", bm.Name, bm.Unit, bm.Better, nm.Name, nm.Unit, nm.Better)
		return false
	}
	switch bm.Better {
	case resultsfile.HigherIsBetter:
		s.dir = 1
	case resultsfile.LowerIsBetter:
		s.dir = -1
	default:
		c.Verdict = verdict.Incomparable
		c.Note = fmt.Sprintf("metric %s has no direction (better: %q): cannot tell a regression from an improvement", bm.Name, bm.Better)
		return false
	}
	s.nb, s.nn = len(c.Base.RunEstimates), len(c.New.RunEstimates)
	if s.nb == 0 || s.nn == 0 {
		c.Verdict, c.More = verdict.Unsure, !d.Last(0)
		c.Reason = "every run on a side was disturbed throughout (most samples marked): rerun on a quieter machine"
		return false
	}
	if c.Base.Median == 0 || c.Base.Median.NaN() {
		c.Verdict = verdict.Incomparable
		c.Note = "baseline figure is zero"
		return false
	}
	return true
}

// evidence gathers what the verdict engine decides on: the change, the
// run figures it is judged on (pairing.PairRuns), the noise floor, and with runs
// enough for an interval the intervals (verdict.Assess), else the runs
// that would settle it.
func (j *judger) evidence(s *judging) {
	c, lim, nb, nn := &s.c, s.lim, s.nb, s.nn
	c.alarmScale, c.tested = math.Inf(1), true
	s.ev = verdict.Evidence{BaseRuns: nb, NewRuns: nn, Dir: s.dir, Floor: math.NaN(), Low: math.NaN(), High: math.NaN(),
		EqLow: math.NaN(), EqHigh: math.NaN(), P: math.NaN()}
	s.ev.Change = float64(c.New.Median)/float64(c.Base.Median) - 1
	s.xb, s.xn, s.paired = pairing.PairRuns(c.Base, c.New)
	c.Paired = s.paired
	s.nz = j.noise.Lookup(c.Key)
	if s.paired {
		s.prior = s.nz.PairedPrior()
	}
	if s.nz != nil {
		// With runs enough for an interval the floor raises the threshold
		// (what change matters), and the interval carries the alarm's
		// share of a family-wise alpha; with fewer the floor is the test.
		floorAlpha := lim.Alpha
		if nb >= stats.MinRuns && nn >= stats.MinRuns {
			floorAlpha = s.perBenchmark
		}
		s.ev.Floor = floorOf(s.nz, s.paired, nb, nn, len(s.xb), floorAlpha)
	}
	s.ld = verdict.LogDiff(s.xb, s.xn, s.paired)
	if s.ld.OK {
		s.ev.P = s.ld.P()
	}
	// Fewer runs than an interval needs, the floor is the test; but two
	// pairs already show their own scatter, and when it exceeds the noise
	// file's paired spread (the F test Moderate makes) the floor does not
	// hold for these runs: no floor, so no call on it.
	if (len(s.xb) < stats.MinRuns || len(s.xn) < stats.MinRuns) && s.paired && s.ld.OK && !math.IsNaN(s.ev.Floor) {
		if _, _, fits := s.ld.Moderate(s.prior); !fits {
			s.floorMisfit, s.misfit = true, true
			s.ev.Floor = math.NaN()
		}
	}
	s.eff = s.ev.Effective(lim)
	if len(s.xb) >= stats.MinRuns && len(s.xn) >= stats.MinRuns {
		a := verdict.Assess(s.xb, s.xn, s.paired, s.prior, s.dir, s.eff, lim, j.design)
		c.Moderated, s.misfit = a.Moderated, a.PriorMisfit
		// The look's runs (a sequential design's first n a side): the change
		// the interval is about.
		s.ev.Change, s.ev.P = a.Change, a.P
		s.ev.Low, s.ev.High, s.ev.EqLow, s.ev.EqHigh = a.Low, a.High, a.EqLow, a.EqHigh
		c.More, c.SettleRuns = a.More, a.NeedRuns
		c.alarmScale = a.AlarmAt / s.perBenchmark
	} else {
		c.More = !j.design.Last(min(len(s.xb), len(s.xn)))
		if s.ld.OK && !math.IsNaN(s.eff) {
			eq, _, _ := s.ld.Moderate(s.prior)
			c.SettleRuns = verdict.NeedRuns(s.ld, eq, min(len(s.xb), len(s.xn)), s.dir, s.eff, lim, j.design)
		}
	}
	c.Change, c.Low, c.High, c.P = verdict.Float(s.ev.Change), verdict.Float(s.ev.Low), verdict.Float(s.ev.High), verdict.Float(s.ev.P)
	c.Limits.Floor = verdict.Float(s.ev.Floor)
	c.Limits.Effective = verdict.Float(s.eff)
}

// decide calls the verdict (verdict.Decide) and applies the rules on top
// of it: a floor that does not fit the pairs, no call before a sequential
// design's first look, the closing look's floor rule (closingFloor), runs
// disturbed throughout, the allow-list; a verdict other than unsure
// drops the runs that would settle it.
func (j *judger) decide(s *judging) {
	c, nb, nn := &s.c, s.nb, s.nn
	c.Verdict, c.Reason = verdict.Decide(s.ev, s.lim)
	if s.floorMisfit {
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
	if w, ok := j.closingFloor(c, s.ev, s.lim, s.nz, s.ld, s.prior, nb, nn, len(s.xb)); ok {
		c.Warnings = append(c.Warnings, w)
	}
	switch {
	case s.keepAll && !s.paired:
		// Measured under load throughout, the runs of each side at
		// their own times: the figures follow the load, which moves
		// between the times the two sides ran.
		c.Verdict, c.SettleRuns, c.More = verdict.Unsure, 0, !j.design.Last(min(nb, nn))
		c.alarmScale = math.Inf(1)
		c.Reason = "every run of both sides was disturbed throughout (most samples marked: other processes, steal, another GPU client, a clock change): the figures follow the machine's load; rerun when it is quieter"
	case s.keepAll:
		// Runs paired by round ran under the same load, side by side or
		// one right after the other: the load is in both runs of a pair
		// and drops out of their ratio, and what it leaves is the pairs'
		// scatter, which the interval carries. The verdict stands.
		c.Warnings = append(c.Warnings, note.Note{Kind: NoteDisturbedPairs, Message: "every run of a side was disturbed throughout (most samples marked): judged on the pairs of each round, whose two runs shared the load"})
	}
	if c.Verdict == verdict.Regression {
		s.allowIt()
	}
	switch {
	case c.Verdict != verdict.Unsure:
		c.More, c.SettleRuns = false, 0
	case !s.ld.OK:
		c.ReasonAdvice = note.Advice{Kind: note.AdviceRepeatRuns}
	}
}

// warn adds a judged comparison's caveats: run levels far apart, runs set
// aside as disturbed, few runs, pairs that do not fit the noise file, no
// noise floor, few samples, runs that scatter beyond the noise limit.
func (j *judger) warn(s *judging) {
	c, nb, nn := &s.c, s.nb, s.nn
	if w, ok := runLevels(*c); ok {
		c.Warnings = append(c.Warnings, w)
	}
	if c.Base.DisturbedRuns+c.New.DisturbedRuns > 0 {
		c.Warnings = append(c.Warnings, note.Note{Kind: NoteDisturbedRuns, Message: fmt.Sprintf("runs whose samples were mostly disturbed (more than %.0f%% marked by the observer) are set aside: no evidence either way", 100*stats.DisturbedRunShare)})
	}

	if (nb < stats.MinRuns || nn < stats.MinRuns) && c.Verdict != verdict.Unsure {
		c.Warnings = append(c.Warnings, note.Note{Kind: NoteFewRuns, Message: fmt.Sprintf("fewer than %d runs on a side: samples of one run carry no run-to-run variation, so the change is judged against the noise floor only", stats.MinRuns), Advice: note.Advice{Kind: note.AdviceFewRuns}})
	}
	if s.misfit && c.Verdict != verdict.Regression && c.Verdict != verdict.Improvement {
		// Only ~ would have leaned on the prior.
		c.Warnings = append(c.Warnings, note.Note{Kind: NotePairsExceedNoise, Message: fmt.Sprintf("the runs' pairs scatter more than the noise file's paired spread allows (F test, p < %g): ~ judged on their own spread alone; the machine is noisier than when the noise file was measured, or the change varies between rounds", stats.PriorFitAlpha), Advice: note.Advice{Kind: note.AdviceRemeasureNoise}})
	}
	if j.noise != nil && s.nz == nil {
		c.Warnings = append(c.Warnings, note.Note{Kind: NoteNoFloor, Message: "not in the noise file: judged without a noise floor"})
	}
	if p := j.policy; p.MinSamples > 0 && (minRun(s.be.Runs) < p.MinSamples || minRun(s.ge.Runs) < p.MinSamples) {
		c.Warnings = append(c.Warnings, note.Note{Kind: NoteFewSamples, Message: fmt.Sprintf("a run has fewer than %d samples: its median is rough", p.MinSamples)})
	}
	if w, ok := noisyRuns(*c, s.xb, s.xn, s.paired, s.lim.Noise, s.nz); ok {
		c.Warnings = append(c.Warnings, w)
	}
}

// noisyRuns warns when the runs the verdict rests on scatter by more than
// the noise limit: for runs paired by round the pairs' spread
// (pairedSpread: what drifts between rounds is not in the verdict, so it
// is not in the warning), otherwise each side's between-run spread. An
// unsure verdict of paired runs without a paired noise floor is told
// where one comes from (AdvicePairedNoise).
func noisyRuns(c Comparison, xb, xn []float64, paired bool, limit float64, nz *noise.Bench) (note.Note, bool) {
	if !(limit > 0) {
		return note.Note{}, false
	}
	if !paired || len(xb) < 2 {
		if float64(c.Base.RunCV) > limit || float64(c.New.RunCV) > limit {
			return note.Note{Kind: NoteNoisyRuns, Message: fmt.Sprintf("runs wander by more than the %s noise limit: a quieter machine, or more runs, narrows the verdict", FormatPercent(limit))}, true
		}
		return note.Note{}, false
	}
	if !(pairedSpread(xb, xn) > limit) {
		return note.Note{}, false
	}
	w := note.Note{Kind: NoteNoisyPairs, Message: fmt.Sprintf("the two runs of a round differ by more than the %s noise limit: a quieter machine, or more rounds, narrows the verdict", FormatPercent(limit))}
	if c.Verdict == verdict.Unsure && (nz == nil || !(nz.PairedCV > 0)) {
		w.Advice = note.Advice{Kind: note.AdvicePairedNoise}
	}
	return w, true
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
// (Side.LevelRatio): a power state or a clock, or on a CPU
// implementation each process's own level (stats.LevelCause), not the
// code. Runs paired
// by round cancel it where both sides moved together; unpaired runs
// carry it into the change.
func runLevels(c Comparison) (note.Note, bool) {
	var which []string
	ratio, cpu := 0.0, false
	for _, s := range []struct {
		name string
		side *pairing.Side
	}{{"the baseline's", c.Base}, {"the new side's", c.New}} {
		if s.side != nil && s.side.LevelRatio > 0 {
			which = append(which, s.name)
			ratio = math.Max(ratio, s.side.LevelRatio)
			cpu = cpu || s.side.CPU
		}
	}
	if len(which) == 0 {
		return note.Note{}, false
	}
	msg := fmt.Sprintf("run levels differ by %s: %s runs each sat steady at its own level, far apart: %s, not the code", LevelRatioText(ratio), strings.Join(which, " and "), stats.LevelCause(cpu))
	if c.Paired {
		msg += "; the pairs cancel it where both sides of a round moved together"
	} else {
		msg += "; the runs are not paired, so it is in the change"
	}
	return note.Note{Kind: NoteRunLevels, Message: msg}, true
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
func (j *judger) closingFloor(c *Comparison, ev verdict.Evidence, lim verdict.Limits, nz *noise.Bench, ld stats.LogDiff, prior stats.Prior, nb, nn, pairs int) (note.Note, bool) {
	if c.Verdict != verdict.Unsure || !c.Paired || nb < stats.MinRuns || nn < stats.MinRuns || !j.design.Last(min(nb, nn)) || !ld.FitsPrior(prior, closingFloorFit) {
		return note.Note{}, false
	}
	floor := floorOf(nz, true, nb, nn, pairs, lim.Alpha)
	if math.IsNaN(floor) || math.IsNaN(ev.Change) || !(math.Abs(ev.Change) > floor+lim.Threshold) {
		return note.Note{}, false
	}
	c.Verdict, c.Reason = verdict.Regression, ""
	if float64(ev.Dir)*ev.Change > 0 {
		c.Verdict = verdict.Improvement
	}
	return note.Note{Kind: NoteClosingFloor, Message: fmt.Sprintf("the interval on the runs' own %d pairs could not tell; the change is beyond the noise file's floor for them (%s) plus the threshold, and the pairs fit its spread", pairs, FormatPercent(floor))}, true
}
