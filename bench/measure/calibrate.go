package measure

import (
	"fmt"
	"math"
	"time"
)

// Calibration says how long one sample should span.
type Calibration struct {
	// Target is the time one sample should span, so the timer's
	// resolution is negligible (2 ms by default).
	Target time.Duration
	// MinNS is a floor in nanoseconds under the target (1000 timer ticks).
	MinNS float64
	// MaxRepeats bounds the iterations one sample may batch (>= 1).
	MaxRepeats int
}

// CalibrationTries is how often Calibrate times one iteration: the first
// run may include one-off costs (caches, page faults, shader upload), so
// the fastest is kept.
const CalibrationTries = 2

// Calibrate returns how many iterations one sample batches: it times one
// iteration CalibrationTries times with time(1) (which returns nanoseconds
// per iteration for a batch of n), keeps the fastest, and returns
// ceil(max(Target, MinNS) / fastest) clamped to [1, MaxRepeats].
func Calibrate(time func(n int) (ns float64, err error), c Calibration) (int, error) {
	if c.MaxRepeats < 1 {
		return 0, &PolicyError{Field: "MaxRepeats", Why: fmt.Sprintf("calibration needs a maximum of at least 1 repeat, got %d", c.MaxRepeats)}
	}
	one := math.Inf(1)
	for i := range CalibrationTries {
		ns, err := time(1)
		if err != nil {
			return 0, fmt.Errorf("calibrate: timing one iteration: %w", err)
		}
		if !(ns > 0) || math.IsInf(ns, 1) {
			return 0, fmt.Errorf("calibrate: %w", &SampleError{N: i + 1, NS: ns, Err: ErrBadDuration})
		}
		one = math.Min(one, ns)
	}
	want := math.Max(float64(c.Target.Nanoseconds()), c.MinNS)
	n := math.Ceil(want / one)
	// Clamp as a float: a huge ratio must not overflow the conversion.
	return int(math.Max(1, math.Min(n, float64(c.MaxRepeats)))), nil
}
