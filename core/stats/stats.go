// Package stats summarises benchmark samples: the median with a
// distribution-free confidence interval (golang.org/x/perf's benchmath) and
// the coefficient of variation. Runner and comparison use the same code, so
// a figure printed while running is the figure compare judges.
package stats

import (
	"math"

	"golang.org/x/perf/benchmath"
	"gonum.org/v1/gonum/stat"
)

// Confidence is the level of every interval radvbench reports.
const Confidence = 0.95

// Summary of a sample.
type Summary struct {
	N      int
	Median float64
	// Low and High bound the Confidence interval of the median; both are
	// ±Inf when there are too few samples for one (benchmath gives a
	// half-open interval for n = 5; a one-sided bound is not shown as "±").
	Low, High float64
	// CV is the standard deviation over the mean (0 for n < 2).
	CV float64
}

// Summarize computes the summary of xs (which it does not modify).
func Summarize(xs []float64) Summary {
	s := Summary{N: len(xs)}
	if len(xs) == 0 {
		s.Median, s.Low, s.High = math.NaN(), math.Inf(-1), math.Inf(1)
		return s
	}
	sample := benchmath.NewSample(append([]float64(nil), xs...), &benchmath.DefaultThresholds)
	sum := benchmath.AssumeNothing.Summary(sample, Confidence)
	s.Median, s.Low, s.High = sum.Center, sum.Lo, sum.Hi
	if math.IsInf(s.Low, 0) || math.IsInf(s.High, 0) {
		s.Low, s.High = math.Inf(-1), math.Inf(1)
	}
	if len(xs) > 1 {
		mean, sd := stat.MeanStdDev(xs, nil)
		if mean != 0 {
			s.CV = sd / math.Abs(mean)
		}
	}
	return s
}

// RelWidth is the half-width of the interval relative to the median: the
// "±x%" a reader sees. +Inf when there is no finite interval.
func (s Summary) RelWidth() float64 {
	if s.Median == 0 || math.IsInf(s.Low, 0) || math.IsInf(s.High, 0) || math.IsNaN(s.Median) {
		return math.Inf(1)
	}
	return math.Max(s.High-s.Median, s.Median-s.Low) / math.Abs(s.Median)
}
