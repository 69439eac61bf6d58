package stats

import (
	"math"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Two levels of noise. A benchmark's samples inside one run (one process)
// vary a little; whole runs vary more (thread placement, clocks,
// background load, memory layout, driver state). The functions below treat
// the run as the unit of evidence: a side of a comparison is a list of
// runs, each a list of samples; each run gives one figure (RunEstimate in
// onesided.go) and the verdict compares the runs' figures (Kalibera &
// Jones, "Rigorous benchmarking in reasonable time", 2013).

// MinRuns is the fewest runs a side needs for a run-level test and
// interval: with two, the spread between runs is a single difference.
const MinRuns = 3

// RunMedians returns the median of each run's samples (runs without
// samples are left out).
func RunMedians(runs [][]float64) []float64 {
	out := make([]float64, 0, len(runs))
	for _, r := range runs {
		if len(r) > 0 {
			out = append(out, Median(r))
		}
	}
	return out
}

// Center is a side's figure: the median of its run medians.
func Center(runs [][]float64) float64 {
	return MedianInPlace(RunMedians(runs))
}

// LogSD is the sample standard deviation of log(xs): for small spreads,
// the coefficient of variation of xs, and the right scale for ratios. NaN
// with fewer than two values or a value that is not positive.
func LogSD(xs []float64) float64 {
	if len(xs) < 2 {
		return math.NaN()
	}
	logs := make([]float64, len(xs))
	for i, x := range xs {
		if !(x > 0) {
			return math.NaN()
		}
		logs[i] = math.Log(x)
	}
	return stat.StdDev(logs, nil)
}

// CV is the sample standard deviation of xs over the absolute mean (NaN
// for fewer than two values or a zero mean).
func CV(xs []float64) float64 {
	if len(xs) < 2 {
		return math.NaN()
	}
	mean, sd := stat.MeanStdDev(xs, nil)
	if mean == 0 {
		return math.NaN()
	}
	return sd / math.Abs(mean)
}

// Welch is the outcome of Welch's t-test.
type Welch struct {
	T, DF float64
	// P is the two-sided p-value.
	P float64
}

// WelchLog runs Welch's unequal-variance t-test on the logarithms of x and
// y (run medians): the run-level test of a comparison. On the log scale a
// slowdown is a shift whatever the metric's unit, and run-to-run variation
// is close to symmetric. Unlike the Mann-Whitney U test, whose smallest
// two-sided p-value with 3 runs a side is 0.1, it can reach small
// p-values with few runs when the runs agree. Its result is NaN unless
// both sides have two or more positive values; two sides without any
// spread give p = 1 when equal and p = 0 when not.
func WelchLog(x, y []float64) Welch {
	d := WelchLogDiff(x, y)
	switch {
	case !d.OK:
		return Welch{math.NaN(), math.NaN(), math.NaN()}
	case d.SE == 0 && d.Diff == 0:
		return Welch{0, d.DF, 1}
	case d.SE == 0:
		return Welch{math.Copysign(math.Inf(1), d.Diff), d.DF, 0}
	}
	return Welch{T: d.Diff / d.SE, DF: d.DF, P: d.P()}
}

// TQuantile is the p-quantile of Student's t distribution with df degrees
// of freedom (the normal's for df = +Inf).
func TQuantile(p, df float64) float64 {
	if math.IsInf(df, 1) {
		return distuv.UnitNormal.Quantile(p)
	}
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Quantile(p)
}

// NormalQuantile is the p-quantile of the standard normal distribution.
func NormalQuantile(p float64) float64 { return distuv.UnitNormal.Quantile(p) }
