package compare

import (
	"fmt"
	"math"

	"github.com/radvbench/radvbench/reports/stats"
)

// Evidence is what the decision rule looks at for one benchmark.
type Evidence struct {
	// BaseRuns and NewRuns count each side's runs.
	BaseRuns, NewRuns int
	// Change is the ratio of the medians of run medians, minus 1; Low and
	// High bound its 95% interval (NaN without one).
	Change, Low, High float64
	// P is the run-level test's p-value (NaN without one).
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
// With at least 3 runs a side:
//
//   - Regression: the whole 95% interval of the change lies beyond the
//     effective threshold in the bad direction, and the test on the run
//     medians agrees (p < alpha);
//   - Improvement: the same in the good direction;
//   - ~: the whole interval lies within ±the effective threshold (a real
//     change too small to matter is ~ too);
//   - otherwise Unsure.
//
// Requiring both the interval and the test keeps the false-alarm rate of
// an A/A comparison under alpha even where the bootstrap's interval is too
// narrow (with three runs a side it spans about the range of the runs).
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
	if math.IsNaN(e.Low) || math.IsNaN(e.High) {
		return Unsure, "no interval for the change"
	}
	var beyondBad, beyondGood bool
	if e.Dir > 0 {
		beyondBad, beyondGood = e.High < -eff, e.Low > eff
	} else {
		beyondBad, beyondGood = e.Low > eff, e.High < -eff
	}
	sig := e.P < l.Alpha
	switch {
	case beyondBad && sig && bad:
		return Regression, ""
	case beyondGood && sig && !bad:
		return Improvement, ""
	case e.Low >= -eff && e.High <= eff:
		return Same, ""
	case beyondBad || beyondGood:
		return Unsure, "the change's interval lies beyond the effective threshold, but the t-test on the run medians is not significant (p >= alpha)"
	}
	return Unsure, "the change's 95% interval straddles the effective threshold: the runs cannot tell whether it exceeds it"
}

// medianSE is the inflation of the standard error of a median of n
// values over that of their mean: √(π/2) for normal data (its
// large-sample value; slightly less for small n, so figures based on it
// err on the safe side).
var medianSE = math.Sqrt(math.Pi / 2)

// SettleRuns is how many runs a side would settle an Unsure verdict if the
// change and the run-to-run spread (standard deviation of the log run
// medians; within its part from the runs' own samples, see RunsNeeded)
// stayed as measured: the smallest n at which the change's interval would
// clear the effective threshold, one way or the other, and the run-level
// test would agree. floorAt gives the noise floor for n runs a side (NaN
// when none). -1 when more than maxSettleRuns are needed.
func SettleRuns(change, spread, within float64, l Limits, floorAt func(n int) float64) int {
	d := math.Abs(math.Log1p(change))
	if math.IsNaN(within) {
		within = 0
	}
	for n := stats.MinRuns; n <= maxSettleRuns; n++ {
		eff := l.Threshold
		if f := floorAt(n); f > eff {
			eff = f
		}
		t := math.Log1p(eff)
		se := spread * math.Sqrt(2/float64(n))
		h := stats.NormalQuantile(1-(1-stats.Confidence)/2) * medianSE * math.Hypot(spread, within) * math.Sqrt(2/float64(n))
		switch {
		case d < t && d+h <= t:
			return n
		case d > t && d-h >= t && d >= stats.TQuantile(1-l.Alpha/2, float64(n-1))*se:
			return n
		}
	}
	return -1
}
