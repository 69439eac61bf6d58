package pairing

import (
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
)

// The shader clock of each sample (resultsfile.Interference.SCLKMHz, sampled
// with the sample), split by run, and a benchmark's runs scaled to
// cycles by it, for reports/compare's judging in cycles.

// runClocks splits r's per-sample shader clocks by run, aligned with
// RunSamples; nil when r has no clock for every sample.
func runClocks(r *resultsfile.Result) [][]float64 {
	if r.Interference == nil {
		return nil
	}
	for _, v := range r.Interference.SCLKMHz {
		if !(v > 0) {
			return nil
		}
	}
	return resultsfile.RunColumn(r, r.Interference.SCLKMHz)
}

// InCycles is e with every sample scaled by its clock (time × clock; a
// throughput ÷ clock, i.e. work per cycle), or nil unless every run of e
// has a clock for every sample.
func (e *Entry) InCycles() *Entry {
	if e == nil || len(e.Clocks) != len(e.Runs) || len(e.Runs) == 0 {
		return nil
	}
	higher := e.Result.Metric.Better == resultsfile.HigherIsBetter
	c := *e
	c.Runs = make([][]float64, len(e.Runs))
	for i, r := range e.Runs {
		if len(e.Clocks[i]) != len(r) {
			return nil
		}
		c.Runs[i] = make([]float64, len(r))
		for k, v := range r {
			if higher {
				c.Runs[i][k] = v / e.Clocks[i][k] // work per cycle
			} else {
				c.Runs[i][k] = v * e.Clocks[i][k] // cycles (×10⁻³ for ns)
			}
		}
	}
	c.Clocks = nil
	return &c
}

// MedianClock is the geometric mean of e's runs' median clocks.
func (e *Entry) MedianClock() float64 {
	var m []float64
	for _, c := range e.Clocks {
		m = append(m, stats.Median(c))
	}
	return geoMean(m)
}
