package measure

import (
	"fmt"
	"math"
	"time"
)

// Method numbers this package's measurement method, recorded in every
// results file (resultsfile.Tool.Method): it changes when a change to how
// samples are taken changes what a figure reads, so that a comparison or
// a trend across it can say so (docs/measuring.md, "Method versions").
//
//  1. Batches sized from one dispatch timed alone.
//  2. Batches grown until a timed batch spans the sample target
//     (Calibrate): a fast kernel's figure no longer carries the batch's
//     fixed cost.
const Method = 2

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

// CalibrationTries is how often Calibrate times each batch size: the first
// submission may include one-off costs (caches, page faults, shader
// upload, a freshly recorded batch), so the fastest is kept.
const CalibrationTries = 2

// calibrationHeadroom is how far past the target a growing batch aims, so
// that the batch the prediction gives spans the target even when its fixed
// cost, spread over more iterations, makes each one cheaper than predicted.
const calibrationHeadroom = 1.2

// calibrationMaxGrowth bounds how many times larger each timed batch may be
// than the last, so one implausibly fast timing cannot jump to a batch far
// longer than the target.
const calibrationMaxGrowth = 100

// Calibrate returns how many iterations one sample batches so that a batch
// spans at least max(Target, MinNS). time(n) times a batch of n and returns
// nanoseconds per iteration.
//
// It times one iteration (CalibrationTries times, the fastest kept, as
// every size is), then, while the last timed batch spans less than the
// target, times a larger one: calibrationHeadroom × the target over the
// last time per iteration, at most calibrationMaxGrowth × the last batch
// and at most MaxRepeats. A batch carries a fixed cost (its timestamps,
// the first dispatch's start), which a single iteration's time is mostly
// made of on a fast kernel: predicting from it alone left the batch far short of the
// target and its size, and with it the share of the fixed cost in every
// sample, at the mercy of that one timing (a 64 KiB vkCmdCopyBuffer on
// lavapipe batched 26 to 78 copies and read 25.8 to 44.7 GB/s in six
// processes). From the batch that spans the target it returns
// ceil(target / its time per iteration), clamped to [1, MaxRepeats]: no
// more than that batch (its time per iteration is the fixed cost spread
// furthest) and, for a fixed cost plus a cost per iteration, still
// spanning the target.
func Calibrate(time func(n int) (ns float64, err error), c Calibration) (int, error) {
	if c.MaxRepeats < 1 {
		return 0, &PolicyError{Field: "MaxRepeats", Why: fmt.Sprintf("calibration needs a maximum of at least 1 repeat, got %d", c.MaxRepeats)}
	}
	timed := 0
	timeBatch := func(n int) (float64, error) {
		timed++
		ns, err := time(n)
		if err != nil {
			if n == 1 {
				return 0, fmt.Errorf("calibrate: timing one iteration: %w", err)
			}
			return 0, fmt.Errorf("calibrate: timing %d iterations: %w", n, err)
		}
		if !(ns > 0) || math.IsInf(ns, 1) {
			return 0, fmt.Errorf("calibrate: %w", &SampleError{N: timed, NS: ns, Err: ErrBadDuration})
		}
		return ns, nil
	}
	// fastest times a batch of n CalibrationTries times: a freshly recorded
	// batch's first submission can carry one-off costs too (on lavapipe,
	// 64 KiB copies timed once a size read 2.0-5.9 µs a copy in batches
	// of 597-1,175; timed twice, the faster 2.05-2.28 µs, the first of the
	// two up to 25% slower).
	fastest := func(n int) (float64, error) {
		per := math.Inf(1)
		for range CalibrationTries {
			ns, err := timeBatch(n)
			if err != nil {
				return 0, err
			}
			per = math.Min(per, ns)
		}
		return per, nil
	}
	per, err := fastest(1)
	if err != nil {
		return 0, err
	}
	want := math.Max(float64(c.Target.Nanoseconds()), c.MinNS)
	limit := float64(c.MaxRepeats)
	n := 1.0
	for n*per < want && n < limit {
		// Each step grows by at least calibrationHeadroom (the batch spanned
		// less than the target), so the loop ends by MaxRepeats.
		next := math.Ceil(calibrationHeadroom * want / per)
		next = math.Min(next, math.Min(calibrationMaxGrowth*n, limit))
		ns, err := fastest(int(next))
		if err != nil {
			return 0, err
		}
		n, per = next, ns
	}
	// Clamp as a float: a huge ratio must not overflow the conversion.
	return int(math.Max(1, math.Min(math.Ceil(want/per), n))), nil
}
