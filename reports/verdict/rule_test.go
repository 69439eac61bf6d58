package verdict

import (
	"math"
	"testing"
)

// TestDecide: the rule on the intervals. (Before issue 22 a regression
// also needed Welch's p < alpha and ~ used the same 95% bootstrap interval;
// now the alarm interval, each end at alpha, carries the test, and ~ has
// its own equivalence interval: the cases say so.)
func TestDecide(t *testing.T) {
	def := Limits{Alpha: 0.01, Threshold: 0.03, Noise: 0.03}
	nan := math.NaN()
	// ev is evidence from runs a side (5 unless given), a change with its
	// alarm interval (the equivalence interval is the same unless eq
	// sets it) and p, higher is better unless dir says otherwise.
	ev := func(runs int, change, lo, hi, p float64) Evidence {
		return Evidence{BaseRuns: runs, NewRuns: runs, Change: change, Low: lo, High: hi, EqLow: lo, EqHigh: hi, P: p, Dir: +1, Floor: nan}
	}
	eq := func(e Evidence, lo, hi float64) Evidence { e.EqLow, e.EqHigh = lo, hi; return e }
	lower := func(e Evidence) Evidence { e.Dir = -1; return e }
	floor := func(e Evidence, f float64) Evidence { e.Floor = f; return e }
	tests := []struct {
		name string
		e    Evidence
		l    Limits
		want Verdict
	}{
		// Throughput down 5%, interval [-6%, -4%] wholly beyond -3%.
		{"throughput down 5%", ev(5, -0.05, -0.06, -0.04, 0.001), def, Regression},
		// The same change on a time (lower is better) is an improvement.
		{"time down 5%", lower(ev(5, -0.05, -0.06, -0.04, 0.001)), def, Improvement},
		{"time up 5%", lower(ev(5, 0.05, 0.04, 0.06, 0.001)), def, Regression},
		{"throughput up 5%", ev(5, 0.05, 0.04, 0.06, 0.001), def, Improvement},
		// The interval reaches into the threshold band: cannot tell.
		{"interval straddles threshold", ev(5, -0.05, -0.08, -0.02, 0.001), def, Unsure},
		// The alarm interval is the test: p is reported, not a second rule.
		{"p not used", ev(5, -0.05, -0.06, -0.04, 0.5), def, Regression},
		// A real but small change: interval within ±3% is "~" whatever p.
		{"small significant", ev(5, -0.02, -0.025, -0.015, 1e-6), def, Same},
		// Interval exactly at the threshold still counts as within.
		{"at threshold", ev(5, -0.02, -0.03, 0.03, 0.5), def, Same},
		// ~ reads the (narrower) equivalence interval, not the alarm one.
		{"equivalence interval within", eq(ev(5, 0, -0.04, 0.04, 0.9), -0.025, 0.025), def, Same},
		{"equivalence interval straddles", eq(ev(5, 0, -0.05, 0.05, 0.9), -0.035, 0.035), def, Unsure},
		// A noise floor of 8% above the 3% threshold: a 5% drop is within.
		{"floor raises threshold", floor(ev(5, -0.05, -0.06, -0.04, 0.001), 0.08), def, Same},
		// A floor below the threshold changes nothing.
		{"floor below threshold", floor(ev(5, -0.05, -0.06, -0.04, 0.001), 0.01), def, Regression},
		// A per-benchmark threshold of 10% lets a 5% drop pass.
		{"override threshold", ev(5, -0.05, -0.06, -0.04, 1e-4), Limits{Alpha: 0.01, Threshold: 0.10, Noise: 0.10}, Same},
		// No interval with enough runs: unsure.
		{"no interval", ev(5, -0.05, nan, nan, 0.001), def, Unsure},
		// One run a side, no floor: never a regression, however large.
		{"one run, no floor", ev(1, -0.50, nan, nan, nan), def, Unsure},
		// Two runs a side, no floor: still unsure.
		{"two runs, no floor", ev(2, -0.20, nan, nan, 0.001), def, Unsure},
		// One run a side with a 4% floor: -8% > 4% + 3% is a regression...
		{"one run beyond floor", floor(ev(1, -0.08, nan, nan, nan), 0.04), def, Regression},
		{"one run beyond floor, better", floor(ev(1, 0.08, nan, nan, nan), 0.04), def, Improvement},
		// ... -6% is not (within floor + threshold = 7%).
		{"one run within floor", floor(ev(1, -0.06, nan, nan, nan), 0.04), def, Unsure},
		// Mixed: 5 runs against 2 is judged like one run a side.
		{"5 vs 2 runs", Evidence{BaseRuns: 5, NewRuns: 2, Change: -0.2, Low: nan, High: nan, EqLow: nan, EqHigh: nan, P: 0.001, Dir: 1, Floor: nan}, def, Unsure},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, reason := Decide(tt.e, tt.l)
			if got != tt.want {
				t.Errorf("Decide(%+v) = %s (%s), want %s", tt.e, got, reason, tt.want)
			}
			if (got == Unsure) != (reason != "") {
				t.Errorf("verdict %s with reason %q: an unsure verdict, and only that, says why", got, reason)
			}
		})
	}
}
