package noise

import "github.com/radvbench/radvbench/core/stats"

// Summary is a noise file in a few figures, for a one-line report.
type Summary struct {
	Benchmarks, Runs int
	// MedianBetweenCV is the median of the benchmarks' between-run
	// variation (0 without benchmarks).
	MedianBetweenCV float64
	// Paired counts the benchmarks with a paired spread (runs paired by
	// round); MedianPairedCV is the median of their spreads.
	Paired         int
	MedianPairedCV float64
}

// Summary summarises the file.
func (f *File) Summary() Summary {
	s := Summary{Benchmarks: len(f.Benchmarks), Runs: f.Runs}
	var between, paired []float64
	for _, b := range f.Benchmarks {
		between = append(between, b.BetweenCV)
		if b.PairedCV > 0 {
			paired = append(paired, b.PairedCV)
		}
	}
	if len(between) > 0 {
		s.MedianBetweenCV = stats.Median(between)
	}
	if s.Paired = len(paired); s.Paired > 0 {
		s.MedianPairedCV = stats.Median(paired)
	}
	return s
}
