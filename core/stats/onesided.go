package stats

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// One-sided noise. On a shared machine interference only slows a
// benchmark down: another process takes a core, a hypervisor steals time,
// another GPU client shares the engines. Such noise is additive and
// non-negative on the time, so the fast end of a run's samples is the part
// least touched by it, and its position moves far less between runs than
// the median does when a burst of interference covers a varying share of
// each run (Chen & Revels, "Robust benchmarking in noisy environments",
// 2016, take the minimum for that reason).
//
// The minimum itself is an extreme: it falls as a run takes more samples
// (the expected minimum of n normal samples is about 1.2 standard
// deviations below the centre for n = 5, 2.3 for n = 50), so two runs that
// sampled for different lengths would differ for that alone, and the
// adaptive runner stops each run after a different count; on a quiet
// machine it also scatters twice as much as the median. A low quantile
// keeps most of the minimum's robustness (it stays among the undisturbed
// samples while they are more than RunQuantile of the run) and converges
// to a fixed point of the undisturbed distribution whatever the count.

// RunQuantile is the quantile of a run's times that is its figure: the
// time below which a tenth of its (undisturbed) samples fall, or for a
// throughput the value a tenth of them exceed. It was chosen on the
// synthetic bursts of reports/compare (20–80% slowdowns on 0–60% of the
// samples) against the median, the quartile and the minimum: on a quiet
// machine it scatters 1.2–1.4 times as much as the median (the minimum
// 1.6–2.2 times), and where the observer misses disturbed samples about
// 0.6 times as much as the quartile: see docs/verdicts.md.
const RunQuantile = 0.1

// RunEstimate is a run's figure under one-sided interference: the
// RunQuantile-quantile of its times, read on the metric's scale. For a
// metric where higher is better (a throughput, the inverse of a time) it
// is the (1-RunQuantile)-quantile; for a time the RunQuantile-quantile.
// Samples marked in disturbed (aligned with xs; nil or shorter marks
// nothing beyond its length) are left out, unless every sample is marked:
// then the run has no undisturbed sample and all of them are used (the
// low quantile still leans to the least disturbed). NaN for no samples.
func RunEstimate(xs []float64, disturbed []bool, higherIsBetter bool) float64 {
	q := RunQuantile
	if higherIsBetter {
		q = 1 - q
	}
	return QuantileOf(Undisturbed(xs, disturbed), q)
}

// MinSESamples is the fewest samples RunEstimateSE estimates from.
const MinSESamples = 5

// RunEstimateSE is the standard error of a run's figure (RunEstimate of
// the same samples) owed to the scatter of its own samples, relative to
// the figure (on the log scale, as LogSD measures the spread between
// runs). A quantile's standard error is √(q(1-q)/n) times the sparsity at
// it, 1/f(x_q), the inverse of the samples' density there; the sparsity
// is read from the samples themselves, as the slope of their quantile
// function around q: (x(q+h) - x(q-h)) / 2h (Siddiqui 1960, Bloch &
// Gastwirth 1968), with Hall & Sheather's bandwidth h (1988; the one R's
// quantreg uses). A CV-based figure (1.71·CV/√n, exact for normal
// samples) is set by the slow tail that interference leaves in a run,
// which the fast tenth hardly feels: on lavapipe the samples' CV is
// 20–27% where the fast tenth of 200 samples moves by well under 1% (see
// docs/verdicts.md §5). Disturbed samples are left out as RunEstimate
// leaves them out. NaN with fewer than MinSESamples samples.
func RunEstimateSE(xs []float64, disturbed []bool, higherIsBetter bool) float64 {
	q := RunQuantile
	if higherIsBetter {
		q = 1 - q
	}
	s := slices.Clone(Undisturbed(xs, disturbed))
	n := len(s)
	if n < MinSESamples {
		return math.NaN()
	}
	slices.Sort(s)
	at := Quantile(s, q)
	if !(at > 0) || math.IsInf(at, 0) {
		return math.NaN()
	}
	h := hallSheather(n, q)
	lo, hi := max(q-h, 0), min(q+h, 1)
	sparsity := (Quantile(s, hi) - Quantile(s, lo)) / (hi - lo)
	return math.Sqrt(q*(1-q)/float64(n)) * sparsity / at
}

// hallSheather is Hall & Sheather's bandwidth for the sparsity at the
// q-quantile of n samples, for 95% intervals: n^(-1/3)·z^(2/3)·
// (1.5·φ(Φ⁻¹(q))² / (2Φ⁻¹(q)² + 1))^(1/3), z = Φ⁻¹(0.975) (Koenker,
// "Quantile Regression", 2005, §3.4.2).
func hallSheather(n int, q float64) float64 {
	z := distuv.UnitNormal.Quantile(0.975)
	x := distuv.UnitNormal.Quantile(q)
	phi := distuv.UnitNormal.Prob(x)
	return math.Pow(float64(n), -1.0/3) * math.Pow(z, 2.0/3) * math.Cbrt(1.5*phi*phi/(2*x*x+1))
}

// Undisturbed returns the samples of xs not marked in disturbed (aligned
// with xs; marks beyond either length are ignored), or all of xs when
// every sample is marked. xs itself is returned when nothing is marked.
func Undisturbed(xs []float64, disturbed []bool) []float64 {
	n := 0
	for i := range xs {
		if i < len(disturbed) && disturbed[i] {
			n++
		}
	}
	if n == 0 || n == len(xs) {
		return xs
	}
	out := make([]float64, 0, len(xs)-n)
	for i, x := range xs {
		if i >= len(disturbed) || !disturbed[i] {
			out = append(out, x)
		}
	}
	return out
}

// LogDiff is the difference of the means of the logarithms of two sides'
// values (y minus x) with its standard error and Welch-Satterthwaite
// degrees of freedom: the log of the ratio of their geometric means. OK is
// false unless both sides have two or more positive, finite values.
type LogDiff struct {
	Diff, SE, DF float64
	OK           bool
	// Paired is set for PairedLogDiff: SE and DF are those of the mean of
	// n paired differences.
	Paired bool
	// PriorDF is the prior's share of DF once Moderate has combined the
	// pairs' spread with a prior one (0 otherwise).
	PriorDF float64
}

// PairedLogDiff computes LogDiff for x and y paired by position: x[i]
// and y[i] were taken together (the two sides' runs of one round of
// interleaved runs, minutes apart at most). It is the mean of
// log(y[i]/x[i]) with standard error sd/√n and n-1 degrees of freedom.
// What moves both runs of a pair alike (a machine that is slower for
// minutes, which on a shared host the benchmark cannot see) cancels in
// the difference, where Welch's test counts it as spread on both sides.
// OK needs equal lengths of two or more positive, finite values.
func PairedLogDiff(x, y []float64) LogDiff {
	nan := LogDiff{Diff: math.NaN(), SE: math.NaN(), DF: math.NaN(), Paired: true}
	if len(x) != len(y) || len(x) < 2 {
		return nan
	}
	ds := make([]float64, len(x))
	for i := range x {
		if !(x[i] > 0) || !(y[i] > 0) || math.IsInf(x[i], 0) || math.IsInf(y[i], 0) {
			return nan
		}
		ds[i] = math.Log(y[i]) - math.Log(x[i])
	}
	n := float64(len(ds))
	var mean float64
	for _, d := range ds {
		mean += d
	}
	mean /= n
	var ss float64
	for _, d := range ds {
		ss += (d - mean) * (d - mean)
	}
	return LogDiff{Diff: mean, SE: math.Sqrt(ss / (n - 1) / n), DF: n - 1, OK: true, Paired: true}
}

// At is the standard error and degrees of freedom the same spread would
// give with m runs a side (m pairs when Paired) instead of the n it was
// computed on: for Welch's difference the per-run spread s = SE/√(2/n)
// gives s·√(2/m) on 2m-2 degrees of freedom, for a paired one SE·√(n/m)
// on m-1 (m-1 plus the prior's degrees of freedom once moderated).
func (d LogDiff) At(n, m int) (se, df float64) {
	if d.Paired {
		return d.SE * math.Sqrt(float64(n)/float64(m)), float64(m-1) + d.PriorDF
	}
	s := d.SE / math.Sqrt(2/float64(n))
	return s * math.Sqrt(2/float64(m)), float64(2*m - 2)
}

// P is the two-sided p-value of a zero difference: Student's t of Diff/SE
// on DF (1 for a zero difference without spread, 0 for another one; NaN
// when not OK).
func (d LogDiff) P() float64 {
	switch {
	case !d.OK:
		return math.NaN()
	case d.SE == 0 && d.Diff == 0:
		return 1
	case d.SE == 0:
		return 0
	}
	return 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: d.DF}.CDF(-math.Abs(d.Diff/d.SE))
}

// WelchLogDiff computes LogDiff for x and y. Two sides without spread
// have SE 0 (and DF nx+ny-2).
func WelchLogDiff(x, y []float64) LogDiff {
	if len(x) < 2 || len(y) < 2 {
		return LogDiff{Diff: math.NaN(), SE: math.NaN(), DF: math.NaN()}
	}
	mx, vx, ok1 := logMoments(x)
	my, vy, ok2 := logMoments(y)
	if !ok1 || !ok2 {
		return LogDiff{Diff: math.NaN(), SE: math.NaN(), DF: math.NaN()}
	}
	nx, ny := float64(len(x)), float64(len(y))
	sx, sy := vx/nx, vy/ny
	se2 := sx + sy
	d := LogDiff{Diff: my - mx, SE: math.Sqrt(se2), DF: nx + ny - 2, OK: true}
	if se2 > 0 {
		d.DF = se2 * se2 / (sx*sx/(nx-1) + sy*sy/(ny-1))
	}
	return d
}

// Interval is the two-sided interval of the log difference whose each end
// misses with probability a (Student's t with the Welch degrees of
// freedom): Diff ∓ t(1-a, DF)·SE. A zero SE gives [Diff, Diff]; a bad a
// or a LogDiff that is not OK gives NaNs.
func (d LogDiff) Interval(a float64) (lo, hi float64) {
	if !d.OK || !(a > 0 && a < 0.5) {
		return math.NaN(), math.NaN()
	}
	if d.SE == 0 {
		return d.Diff, d.Diff
	}
	h := TQuantile(1-a, d.DF) * d.SE
	return d.Diff - h, d.Diff + h
}

// Outside is the smallest a at which Interval(a) lies wholly above hi
// or wholly below lo (lo < hi, log differences): the one-sided p-value
// of the nearer bound, Student's t of (Diff-hi)/SE or (lo-Diff)/SE on
// DF. It is at least 0.5 when Diff lies within [lo, hi] (Interval
// refuses such an a); a zero SE gives 0 outside and 1 inside; NaN when
// not OK. A test that raises an alarm when the interval clears the
// bounds at level a raises it exactly when a > Outside.
func (d LogDiff) Outside(lo, hi float64) float64 {
	if !d.OK {
		return math.NaN()
	}
	if d.SE == 0 {
		if d.Diff > hi || d.Diff < lo {
			return 0
		}
		return 1
	}
	z := math.Max((d.Diff-hi)/d.SE, (lo-d.Diff)/d.SE)
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: d.DF}.Survival(z)
}

// logMoments is the mean and sample variance of log(xs); ok is false for
// a value that is not positive and finite.
func logMoments(xs []float64) (mean, variance float64, ok bool) {
	for _, v := range xs {
		if !(v > 0) || math.IsInf(v, 0) {
			return 0, 0, false
		}
		mean += math.Log(v)
	}
	mean /= float64(len(xs))
	for _, x := range xs {
		d := math.Log(x) - mean
		variance += d * d
	}
	return mean, variance / float64(len(xs)-1), true
}

// SpendAlpha is the error probability a sequential design has spent once
// it has seen the share frac (0..1) of its largest sample: total·frac^rho,
// the power family of Kim & DeMets (1987). Rho 1 spends evenly (close to
// Pocock's boundary), 3 keeps most for the last looks (close to O'Brien &
// Fleming's). frac outside [0, 1] is clamped.
func SpendAlpha(total, frac, rho float64) float64 {
	frac = math.Max(0, math.Min(1, frac))
	return total * math.Pow(frac, rho)
}

// DisturbedRunShare is the share of a run's samples that, once marked
// disturbed, sets the whole run aside: interference comes in bursts
// longer than a sample, so when most of a run's samples were seen
// disturbed, its unmarked ones sat in the same bursts (an observer misses
// some) and its figure is not to be trusted. A run set aside is no
// evidence either way; its side needs another run.
const DisturbedRunShare = 0.5

// DisturbedRun reports whether more than DisturbedRunShare of a run's n
// samples are marked in disturbed (aligned with the samples).
func DisturbedRun(disturbed []bool, n int) bool {
	k := 0
	for i, d := range disturbed {
		if i < n && d {
			k++
		}
	}
	return n > 0 && float64(k) > DisturbedRunShare*float64(n)
}

// KeepDisturbedRuns is the rule for when runs disturbed throughout
// (DisturbedRun) are not set aside: baseAll and newAll say whether every
// run of each side was, paired whether the runs were taken in rounds, one
// a side. When both sides were (a machine loaded the whole time), all are
// kept: setting them aside would leave nothing. When the runs pair by
// round, one such side is enough: the load fell on both runs of each pair
// (side by side, or one right after the other), it drops out of their
// ratio, and a side disturbed throughout must not veto what the pairs
// carry (a slowed candidate's longer samples catch more of a neighbour's
// bursts than the good end's). The comparison (reports/compare) and the
// noise file's paired spreads (reports/noise) both follow it.
func KeepDisturbedRuns(baseAll, newAll, paired bool) bool {
	return (baseAll && newAll) || (paired && (baseAll || newAll))
}
