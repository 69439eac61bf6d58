package measure

// The steps of Measure: one call's state (the measurement so far and the
// sampling deadlines that waits move), the timed samples, the stopping
// rule, the back-off after a disturbed sample and the summary.

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/radvbench/radvbench/core/stats"
)

// measurer is one Measure call: its arguments, the measurement so far and
// the deadlines of sampling.
type measurer struct {
	ctx context.Context
	s   Sampler
	c   Clock
	p   Policy
	// toMetric is p.ToMetric, the identity when nil; progress is
	// p.Progress, a no-op when nil.
	toMetric func(ns float64) float64
	progress func(phase string)
	m        Measurement
	// deadline (the Budget's) and slowDeadline (the slow-dispatch exit's)
	// are measured from the end of the warm-up; waits for a turn or for
	// quiet move them.
	deadline, slowDeadline time.Time
	// quietWait bounds one wait for quiet, quietBudget all of them
	// (p.QuietWait and p.QuietBudget with their defaults).
	quietWait, quietBudget time.Duration
	// quiet holds the values of the undisturbed samples.
	quiet []float64
}

// newMeasurer sets up one Measure call of a valid policy, with the
// defaults of its unset fields.
func newMeasurer(ctx context.Context, s Sampler, c Clock, p Policy) *measurer {
	r := &measurer{ctx: ctx, s: s, c: c, p: p, toMetric: p.ToMetric, progress: p.Progress,
		quietWait: p.QuietWait, quietBudget: p.QuietBudget}
	if r.toMetric == nil {
		r.toMetric = func(ns float64) float64 { return ns }
	}
	if r.progress == nil {
		r.progress = func(string) {}
	}
	if r.quietWait == 0 {
		r.quietWait = DefaultQuietWait
	}
	if r.quietBudget == 0 {
		r.quietBudget = max(p.Budget/2, DefaultQuietBudget)
	}
	return r
}

// turn waits for the sample's turn and returns how long that took:
// waiting for the other side's samples (or its waits for quiet) is not
// this side's warm-up or sampling time, so the deadlines move by it, as
// they do for a wait for quiet.
func (r *measurer) turn(warm bool, n int) (time.Duration, error) {
	if r.p.Turn == nil {
		return 0, nil
	}
	t0 := r.c.Now()
	if err := r.p.Turn(); err != nil {
		return 0, &SampleError{Warmup: warm, N: n, Err: fmt.Errorf("wait for its turn: %w", err)}
	}
	return r.c.Now().Sub(t0), nil
}

// take takes sample n of its phase: a *SampleError when the sampler fails
// or its duration is not a positive, finite number of nanoseconds.
func (r *measurer) take(warm bool, n int) (float64, error) {
	ns, err := r.s.Sample()
	if err != nil {
		return 0, &SampleError{Warmup: warm, N: n, Err: err}
	}
	if !(ns > 0) || math.IsInf(ns, 1) {
		return 0, &SampleError{Warmup: warm, N: n, NS: ns, Err: ErrBadDuration}
	}
	return ns, nil
}

// sampleUntilStop takes timed samples from the end of the warm-up until
// the stopping rule ends sampling or the context is cancelled
// (StopCancelled), backing off after a disturbed sample; an error of a
// sample or of a turn ends it.
func (r *measurer) sampleUntilStop() error {
	start := r.c.Now()
	r.deadline = start.Add(r.p.Budget)
	r.slowDeadline = start.Add(SlowFactor * r.p.Budget)
	for r.m.Stop == StopNone {
		if r.ctx.Err() != nil {
			r.m.Stop = StopCancelled
			break
		}
		disturbed, err := r.sampleOnce()
		if err != nil {
			return err
		}
		r.m.Stop = r.stopRule()
		if disturbed && r.m.Stop == StopNone {
			if err := r.backOff(); err != nil {
				return err
			}
		}
	}
	return nil
}

// sampleOnce waits for the next timed sample's turn, takes it with the
// Observer watching, records it (its value, whether it was disturbed and
// what the observer saw) and tells OnSample and the progress. It reports
// whether the sample was disturbed.
func (r *measurer) sampleOnce() (bool, error) {
	w, err := r.turn(false, len(r.m.NS)+1)
	if err != nil {
		return false, err
	}
	r.deadline = r.deadline.Add(w)
	r.slowDeadline = r.slowDeadline.Add(w)
	obs := r.p.Observer
	if obs != nil {
		obs.Begin()
	}
	ns, err := r.take(false, len(r.m.NS)+1)
	if err != nil {
		return false, err
	}
	r.m.NS = append(r.m.NS, ns)
	v := r.toMetric(ns)
	r.m.Values = append(r.m.Values, v)
	disturbed := false
	if obs != nil {
		in := obs.End()
		disturbed = in.Disturbed
		r.m.Disturbed = append(r.m.Disturbed, disturbed)
		r.m.Interference = append(r.m.Interference, in)
	}
	if !disturbed {
		r.quiet = append(r.quiet, v)
	}
	n := len(r.m.NS)
	if r.p.OnSample != nil {
		r.p.OnSample(n, v)
	}
	r.progress(fmt.Sprintf("sampling %d", n))
	return disturbed, nil
}

// stopRule says whether sampling ends after the latest sample: below
// MinSamples only for the slow-dispatch exit; then when the undisturbed
// samples' interval reaches the target, MaxSamples are taken or the
// budget is spent. StopNone: sample on.
func (r *measurer) stopRule() Stop {
	n := len(r.m.NS)
	if n < r.p.MinSamples {
		if n >= SlowSamples && r.c.Now().After(r.slowDeadline) {
			return StopSlow
		}
		return StopNone
	}
	switch {
	case len(r.quiet) >= r.p.MinSamples && stats.Summarize(r.quiet).RelWidth() <= r.p.TargetCI:
		return StopTarget
	case n >= r.p.MaxSamples:
		return StopMaxSamples
	case r.c.Now().After(r.deadline):
		return StopBudget
	}
	return StopNone
}

// backOff waits, after a disturbed sample, for the machine to quieten:
// at most quietWait at a time and quietBudget in all. After a wait of at
// least Rewarm the device has idled, so it warms up again. Waiting is not
// sampling: the deadlines move with it.
func (r *measurer) backOff() error {
	left := min(r.quietWait, r.quietBudget-r.m.Waited)
	if left <= 0 || r.p.NoQuietWait {
		return nil
	}
	t0 := r.c.Now()
	r.p.Observer.Quiet(r.ctx, left)
	w := r.c.Now().Sub(t0)
	r.m.Waited += w
	if r.p.Rewarm > 0 && w >= r.p.Rewarm && r.ctx.Err() == nil {
		rw, all, err := r.warm(0, r.p.WarmupMax/4)
		if err != nil {
			return err
		}
		r.m.Rewarms++
		r.m.Warmup.Samples += rw.Samples
		r.m.Warmup.Time += rw.Time
		w += all
	}
	r.deadline = r.deadline.Add(w)
	r.slowDeadline = r.slowDeadline.Add(w)
	return nil
}

// summarize marks the samples whose clock was low (ClockFloor), then
// summarises the undisturbed samples' values (all of them when every
// sample was disturbed) and says whether the result is noisy.
func (r *measurer) summarize() {
	m := &r.m
	quiet := r.quiet
	if markLowClocks(m, r.p.ClockFloor) {
		quiet = quiet[:0:0]
		for i, v := range m.Values {
			if !m.Disturbed[i] {
				quiet = append(quiet, v)
			}
		}
	}
	m.Quiet = len(quiet)
	if len(quiet) > 0 {
		m.Summary = stats.Summarize(quiet)
	} else {
		m.Summary = stats.Summarize(m.Values)
	}
	m.Noisy, m.NoisyReason = noisy(*m, r.p)
}
