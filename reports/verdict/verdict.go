// Package verdict is the pure verdict engine of a comparison: the verdicts,
// the gating policy (thresholds, noise floors, alpha, per-benchmark rules
// and allowances, the isa classes), the decision rule on one benchmark's
// evidence, and the sequential design that says when runs decide and how
// many more would. It reads no files but a policy file, knows nothing of
// results files or how runs are grouped and paired (reports/compare does
// that), and words nothing but its reasons, its policy errors and the
// summary line of a tally of verdicts. It is pure Go: no cgo, no Vulkan.
package verdict

import (
	"fmt"
	"math"
	"strconv"
)

// Verdict is the outcome for one benchmark in one group against the
// baseline.
type Verdict string

const (
	// Regression: worse beyond the effective threshold with run-level
	// evidence (see Decide).
	Regression Verdict = "regression"
	// Improvement: better beyond the effective threshold.
	Improvement Verdict = "improvement"
	// Same: the change's interval lies within ±the effective threshold.
	Same Verdict = "~"
	// Unsure: the runs cannot decide (too few, or too noisy for the
	// threshold); reports/compare's Comparison.Reason says why and
	// SettleRuns how many runs a side would settle it. It fails the gate
	// only under the policy Unsure: fail.
	Unsure Verdict = "unsure"
	// Failed: the benchmark was ok in the baseline and failed (e.g. did not
	// verify) in the other group. Fails the gate like a regression.
	Failed Verdict = "failed"
	// Missing: the benchmark is in the baseline only.
	Missing Verdict = "missing"
	// Added: the benchmark is in the other group only.
	Added Verdict = "added"
	// Incomparable: present on both sides but not comparable (skipped,
	// failed in the baseline, different metrics).
	Incomparable Verdict = "incomparable"
)

// MaxSettleRuns bounds the search for the runs that would settle a verdict.
const MaxSettleRuns = 200

// Float is a figure that may be missing: NaN (or ±Inf) means "no value"
// and is written as null in JSON, "?" or nothing in tables, so a missing
// interval is the same thing in every format.
type Float float64

// NaN reports whether the figure is missing.
func (f Float) NaN() bool { return math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) }

// MarshalJSON writes null for a missing figure.
func (f Float) MarshalJSON() ([]byte, error) {
	if f.NaN() {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, float64(f), 'g', -1, 64), nil
}

// UnmarshalJSON reads null as a missing figure.
func (f *Float) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*f = Float(math.NaN())
		return nil
	}
	v, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return fmt.Errorf("figure %s: %w", b, err)
	}
	*f = Float(v)
	return nil
}

// What Policy.ClockChanges does to a regression in time that is the same
// in cycles (the clock fell): ClockFail (the default: the benchmark is
// slower, whatever the cause) or ClockPass (only code regressions fail;
// the clock change is reported).
const (
	ClockFail = "fail"
	ClockPass = "pass"
)

// CheckClockChanges checks a value for Policy.ClockChanges ("" is the
// default, fail).
func CheckClockChanges(v string) error {
	switch v {
	case "", ClockFail, ClockPass:
		return nil
	}
	return fmt.Errorf("clock_changes %q: use %s (a slowdown the clock explains fails the gate; the default) or %s (it is reported, only what holds in cycles fails)", v, ClockFail, ClockPass)
}
