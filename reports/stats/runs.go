package stats

import (
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Two levels of noise. A benchmark's samples inside one run (one process)
// vary a little; whole runs vary more (thread placement, clocks,
// background load, memory layout, driver state). The functions below treat
// the run as the unit of evidence: a side of a comparison is a list of
// runs, each a list of samples, and its figure is the median of the run
// medians (Kalibera & Jones, "Rigorous benchmarking in reasonable time",
// 2013).

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
	nan := Welch{math.NaN(), math.NaN(), math.NaN()}
	if len(x) < 2 || len(y) < 2 {
		return nan
	}
	mv := func(xs []float64) (mean, v float64, ok bool) {
		for _, v := range xs {
			if !(v > 0) || math.IsInf(v, 0) {
				return 0, 0, false
			}
			mean += math.Log(v)
		}
		mean /= float64(len(xs))
		for _, x := range xs {
			d := math.Log(x) - mean
			v += d * d
		}
		return mean, v / float64(len(xs)-1), true
	}
	mx, vx, ok1 := mv(x)
	my, vy, ok2 := mv(y)
	if !ok1 || !ok2 {
		return nan
	}
	nx, ny := float64(len(x)), float64(len(y))
	sx, sy := vx/nx, vy/ny
	se2 := sx + sy
	diff := my - mx
	if se2 == 0 {
		if diff == 0 {
			return Welch{0, nx + ny - 2, 1}
		}
		return Welch{math.Copysign(math.Inf(1), diff), nx + ny - 2, 0}
	}
	t := diff / math.Sqrt(se2)
	df := se2 * se2 / (sx*sx/(nx-1) + sy*sy/(ny-1))
	p := 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.CDF(-math.Abs(t))
	return Welch{T: t, DF: df, P: p}
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

// RatioCI is a hierarchical-bootstrap estimate of new/base.
type RatioCI struct {
	// Ratio is Center(new)/Center(base).
	Ratio float64
	// Low and High bound the Confidence interval of the ratio.
	Low, High float64
	// BaseLow..NewHigh bound each side's center.
	BaseLow, BaseHigh float64
	NewLow, NewHigh   float64
}

// Bootstrap draws resamples for HierarchicalRatio. Its buffers are reused
// between calls; a Bootstrap is not safe for concurrent use.
type Bootstrap struct {
	// B is the number of resamples (DefaultResamples when 0).
	B int
	// Confidence of the intervals (the package's Confidence when 0).
	Confidence float64

	src                  *rand.PCG
	rng                  *rand.Rand
	runBuf, medBuf       []float64
	ratios, bases, newer []float64
}

// DefaultResamples is the bootstrap's default number of resamples: the
// 2.5% and 97.5% quantiles then rest on 25 resamples each, and the
// comparison of 100 benchmarks takes well under a second.
const DefaultResamples = 1000

// HierarchicalRatio estimates the ratio of the two sides' centers (median
// of run medians) with a two-level bootstrap (Kalibera & Jones 2013, and
// Davison & Hinkley's "strategy 1"): each resample draws as many runs as
// the side has, with replacement, then as many samples within each drawn
// run as it has, with replacement; takes each resampled run's median,
// then the median of those, per side; the ratio new/base of the two is one
// draw. The interval holds the central Confidence share of the draws
// (percentile method). Resampling runs carries the between-run variation;
// resampling samples the within-run variation. seed fixes the draws, so a
// comparison prints the same interval every time.
func (b *Bootstrap) HierarchicalRatio(base, new [][]float64, seed uint64) RatioCI {
	out := RatioCI{Ratio: Center(new) / Center(base)}
	nan := math.NaN()
	out.Low, out.High, out.BaseLow, out.BaseHigh, out.NewLow, out.NewHigh = nan, nan, nan, nan, nan, nan
	if len(base) == 0 || len(new) == 0 {
		return out
	}
	nb := b.B
	if nb <= 0 {
		nb = DefaultResamples
	}
	conf := b.Confidence
	if conf <= 0 {
		conf = Confidence
	}
	if b.rng == nil {
		b.src = rand.NewPCG(seed, 0x9e3779b97f4a7c15)
		b.rng = rand.New(b.src)
	} else {
		b.src.Seed(seed, 0x9e3779b97f4a7c15)
	}
	b.ratios = grow(b.ratios, nb)
	b.bases = grow(b.bases, nb)
	b.newer = grow(b.newer, nb)
	for i := range nb {
		cb := b.draw(base)
		cn := b.draw(new)
		b.bases[i], b.newer[i], b.ratios[i] = cb, cn, cn/cb
	}
	lo, hi := (1-conf)/2, 1-(1-conf)/2
	q := func(xs []float64) (float64, float64) {
		slices.Sort(xs)
		return Quantile(xs, lo), Quantile(xs, hi)
	}
	out.Low, out.High = q(b.ratios)
	out.BaseLow, out.BaseHigh = q(b.bases)
	out.NewLow, out.NewHigh = q(b.newer)
	return out
}

// draw is one resample of a side's center.
func (b *Bootstrap) draw(runs [][]float64) float64 {
	b.medBuf = grow(b.medBuf, len(runs))
	for i := range runs {
		run := runs[b.rng.IntN(len(runs))]
		b.runBuf = grow(b.runBuf, len(run))
		buf := b.runBuf[:len(run)]
		for j := range buf {
			buf[j] = run[b.rng.IntN(len(run))]
		}
		b.medBuf[i] = MedianInPlace(buf)
	}
	return MedianInPlace(b.medBuf[:len(runs)])
}

func grow(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}
