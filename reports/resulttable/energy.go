package resulttable

import (
	"fmt"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
)

// gpuFigures are what a result's telemetry says about the samples its
// figure describes: the median shader clock (MHz), the energy of one
// dispatch (J) and the work per joule in unit (the metric's unit with
// "/s" replaced by "/J": GFLOP/J, GB/J). A zero figure is unknown.
type gpuFigures struct {
	sclkMHz, joules, perJoule float64
	unit                      string
}

// figures derives r's gpuFigures from its interference record, over the
// samples its figure describes (the quiet ones when some are quiet, as
// Metric.Value is computed). Energy per dispatch is the sum of the
// samples' energy_j over their dispatches (each sample's run's Repeats,
// Result.SampleRepeats: runs calibrate their batches apart): one sample's
// energy depends on when the firmware refreshed its accumulator, a sum
// over many does not (docs/telemetry.md). Without energy it is the
// median power times the median time of one dispatch. Work per joule is
// the metric (work per second) times the time of one dispatch, over its
// energy; a metric that is not a rate (ns, µs) has none.
func figures(r *resultsfile.Result) gpuFigures {
	var g gpuFigures
	in, n := r.Interference, len(r.Metric.Samples)
	if r.Status != resultsfile.StatusOK || in == nil || n == 0 {
		return g
	}
	sel := make([]int, 0, n)
	quiet := len(r.Disturbed) == n && r.DisturbedSamples() < n
	for i := range n {
		if !quiet || !r.Disturbed[i] {
			sel = append(sel, i)
		}
	}
	median := func(col []float64) float64 {
		if len(col) != n {
			return 0
		}
		var xs []float64
		for _, i := range sel {
			if col[i] > 0 {
				xs = append(xs, col[i])
			}
		}
		if len(xs) == 0 {
			return 0
		}
		return stats.Median(xs)
	}
	g.sclkMHz = median(in.SCLKMHz)
	dispatchS := median(r.SamplesNS) * 1e-9
	if len(in.EnergyJ) == n {
		var sum float64
		dispatches := 0
		for _, i := range sel {
			if e, reps := in.EnergyJ[i], r.SampleRepeats(i); e >= 0 && reps > 0 {
				sum += e
				dispatches += reps
			}
		}
		if dispatches > 0 && sum > 0 {
			g.joules = sum / float64(dispatches)
		}
	}
	if g.joules == 0 {
		if p := median(in.PowerW); p > 0 {
			g.joules = p * dispatchS
		}
	}
	if base, rate := strings.CutSuffix(r.Metric.Unit, "/s"); rate && g.joules > 0 && dispatchS > 0 && r.Metric.Value > 0 {
		g.perJoule = r.Metric.Value * dispatchS / g.joules
		g.unit = base + "/J"
	}
	return g
}

// The optional columns of a run's table, shown once a row has them.
const (
	colClock  = 1 << iota // SCLK: median shader clock
	colEnergy             // J/DISP and WORK/J
)

// columns is the set of optional columns g fills.
func (g gpuFigures) columns() int {
	c := 0
	if g.sclkMHz > 0 {
		c |= colClock
	}
	if g.joules > 0 {
		c |= colEnergy
	}
	return c
}

// cells are g's texts for the columns cols, "-" where g has no figure.
func (g gpuFigures) cells(cols int) (format string, cells []any) {
	if cols&colClock != 0 {
		format += " %9s"
		cells = append(cells, orDash(g.sclkMHz > 0, func() string { return fmt.Sprintf("%.0f MHz", g.sclkMHz) }))
	}
	if cols&colEnergy != 0 {
		format += " %9s %15s"
		cells = append(cells,
			orDash(g.joules > 0, func() string { return fmt.Sprintf("%.3g", g.joules) }),
			orDash(g.perJoule > 0, func() string { return fmt.Sprintf("%.4g %s", g.perJoule, g.unit) }))
	}
	return format, cells
}

// headCells are the optional columns' headings.
func headCells(cols int) (format string, cells []any) {
	if cols&colClock != 0 {
		format += " %9s"
		cells = append(cells, "SCLK")
	}
	if cols&colEnergy != 0 {
		format += " %9s %15s"
		cells = append(cells, "J/DISP", "WORK/J")
	}
	return format, cells
}

func orDash(ok bool, text func() string) string {
	if !ok {
		return "-"
	}
	return text()
}
