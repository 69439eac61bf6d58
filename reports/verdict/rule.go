package verdict

import (
	"fmt"
	"math"

	"github.com/radvbench/radvbench/core/stats"
)

// Evidence is what the decision rule looks at for one benchmark.
type Evidence struct {
	// BaseRuns and NewRuns count each side's runs (those not set aside
	// as disturbed).
	BaseRuns, NewRuns int
	// Change is the ratio of the sides' figures, minus 1; Low and High
	// bound its alarm interval, EqLow and EqHigh its equivalence interval
	// (see Assess; NaN without one).
	Change, Low, High float64
	EqLow, EqHigh     float64
	// P is the run-level test's p-value (NaN without one); reported only.
	P float64
	// Dir is +1 when higher is better, -1 when lower is.
	Dir int
	// Floor is the noise floor for these run counts (NaN when unknown).
	Floor float64
}

// Effective is the threshold the change is judged against: with enough
// runs the larger of the policy's threshold and the noise floor; with
// fewer, the floor plus the threshold (NaN without a floor: nothing can
// be decided).
func (e Evidence) Effective(l Limits) float64 {
	if e.BaseRuns < stats.MinRuns || e.NewRuns < stats.MinRuns {
		return e.Floor + l.Threshold
	}
	if e.Floor > l.Threshold {
		return e.Floor
	}
	return l.Threshold
}

// Decide is the gating rule; it returns the verdict and, for Unsure, why.
//
// With at least 3 runs a side (Assess computes the intervals):
//
//   - Regression: the whole alarm interval of the change lies beyond the
//     effective threshold in the bad direction (each end of that interval
//     misses with probability alpha, so a change no larger than the
//     threshold is called a regression with probability at most alpha);
//   - Improvement: the same in the good direction;
//   - ~: the whole equivalence interval lies within ±the effective
//     threshold (each end misses with EquivalenceAlpha: a change of the
//     threshold or more is called ~ with probability at most that);
//   - otherwise Unsure.
//
// With fewer runs on a side there is no estimate of the run-to-run
// variation in the data: the change is a Regression (or Improvement) only
// when it exceeds the known noise floor plus the threshold, else Unsure.
func Decide(e Evidence, l Limits) (Verdict, string) {
	bad := float64(e.Dir)*e.Change < 0
	eff := e.Effective(l)
	if e.BaseRuns < stats.MinRuns || e.NewRuns < stats.MinRuns {
		if math.IsNaN(e.Floor) {
			return Unsure, fmt.Sprintf("fewer than %d runs a side and no noise floor: one run a side cannot tell a change from run-to-run variation", stats.MinRuns)
		}
		if math.Abs(e.Change) > eff {
			if bad {
				return Regression, ""
			}
			return Improvement, ""
		}
		return Unsure, fmt.Sprintf("fewer than %d runs a side: the change is within the noise floor plus the threshold", stats.MinRuns)
	}
	if math.IsNaN(e.Low) || math.IsNaN(e.High) || math.IsNaN(e.EqLow) || math.IsNaN(e.EqHigh) {
		return Unsure, "no interval for the change"
	}
	return decideIntervals(e.Low, e.High, e.EqLow, e.EqHigh, e.Dir, eff)
}
