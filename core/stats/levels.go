package stats

import (
	"math"
	"slices"
)

// Run levels: runs of one configuration that each sit steady at their own
// level, levels far apart. On a GPU that is a power state (a clock that
// idled between runs: an NVIDIA H200 measured whole rounds at 212, 565
// and 566 TFLOP/s, each run with a CV under 1%), not the code; on a CPU
// implementation (lavapipe) each process settles at a level of its own
// (docs/verdicts.md §3), for a cause not pinned down. Paired verdicts
// cancel it when both sides moved together, an unpaired comparison, a
// trend or a share of peak do not, so it is flagged wherever runs are
// shown.

// LevelCause words what flagged run levels are, for the device the runs
// came from: a GPU's power state or clock, or, on a CPU implementation
// (lavapipe), the level each of its processes settles at. Neither is the
// code, and a GPU's clock is no explanation of a CPU's figures.
func LevelCause(cpu bool) string {
	if cpu {
		return "on a CPU implementation, the level each of its processes settles at"
	}
	return "a power state or a clock (a GPU idling between runs)"
}

// Levels is what RunLevels found.
type Levels struct {
	// Medians are the runs' medians (undisturbed samples), in run
	// order; Ratio is the highest over the lowest.
	Medians []float64
	Ratio   float64
	// WithinCV is the largest of the runs' own robust CVs (1.4826·MAD
	// over the median).
	WithinCV float64
	// Flagged says the levels differ beyond LevelShiftMin and beyond
	// LevelShiftWithin times WithinCV: each run steady, the runs apart.
	Flagged bool
}

// The rule of RunLevels: levels more than LevelShiftMin apart (10%, ten
// times the default target CI of a figure) and more than LevelShiftWithin
// times the noisiest run's own spread; a run needs LevelMinSamples
// undisturbed samples to have a level.
const (
	LevelShiftMin    = 0.10
	LevelShiftWithin = 4
	LevelMinSamples  = 5
)

// RunLevels judges the runs' levels: runs[i] are run i's samples,
// marks[i] its disturbed marks (nil: none), by the rule above; a run
// mostly disturbed (DisturbedRun) has no level. Fewer than two runs with
// a level are never flagged.
func RunLevels(runs [][]float64, marks [][]bool) Levels {
	var l Levels
	for i, r := range runs {
		var m []bool
		if i < len(marks) {
			m = marks[i]
		}
		if DisturbedRun(m, len(r)) {
			continue // mostly disturbed: its level is the load's
		}
		xs := slices.Clone(Undisturbed(r, m))
		if len(xs) < LevelMinSamples {
			continue
		}
		med := MedianInPlace(xs)
		if !(med > 0) {
			continue
		}
		dev := make([]float64, len(xs))
		for k, x := range xs {
			dev[k] = math.Abs(x - med)
		}
		l.Medians = append(l.Medians, med)
		l.WithinCV = math.Max(l.WithinCV, 1.4826*MedianInPlace(dev)/med)
	}
	if len(l.Medians) < 2 {
		return l
	}
	l.Ratio = slices.Max(l.Medians) / slices.Min(l.Medians)
	gap := l.Ratio - 1
	l.Flagged = gap > LevelShiftMin && gap > LevelShiftWithin*l.WithinCV
	return l
}
