// Package measure is radvbench's measurement policy, as pure functions:
// how many iterations one sample batches (Calibrate), how long to warm up,
// when to stop sampling (target confidence interval, time budget, sample
// bounds, the slow-dispatch exit), which samples interference disturbed
// and how long to wait for it to pass (Observer, Rule), and whether the
// result is noisy and why (Measure). The sampler, the clock and the
// observer are arguments, so the policy is table-tested with fakes; the
// observer of a real machine, which reads /proc and sysfs, is
// bench/observer, and bench/runner glues both to a Vulkan device. The
// package reads no file, and has no cgo and no Vulkan (TestPure):
// `CGO_ENABLED=0 go test -race` works.
package measure

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/radvbench/radvbench/core/stats"
)

// Sampler takes one timed sample: the time of one iteration in
// nanoseconds (for a batch of n iterations, the batch's time divided by n).
type Sampler interface {
	Sample() (ns float64, err error)
}

// SamplerFunc adapts a function to Sampler.
type SamplerFunc func() (float64, error)

// Sample calls f.
func (f SamplerFunc) Sample() (float64, error) { return f() }

// Clock tells the time the policy's deadlines are measured on.
type Clock interface {
	Now() time.Time
}

// System is the monotonic wall clock (time.Now).
var System Clock = systemClock{}

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// Slow-dispatch exit: a benchmark that has not reached MinSamples stops
// once it has SlowSamples samples and SlowFactor times the budget has
// passed since sampling began (very slow dispatches, seconds each, such as
// a naive GEMM on a CPU implementation). The result is flagged noisy.
const (
	SlowSamples = 3
	SlowFactor  = 3
)

// Policy is the stopping rule of one benchmark.
type Policy struct {
	// TargetCI is the wanted half-width of the 95% CI of the median,
	// relative to the median (0.01 = ±1%); > 0.
	TargetCI float64
	// MinSamples and MaxSamples bound the number of timed samples;
	// 1 <= MinSamples <= MaxSamples.
	MinSamples, MaxSamples int
	// Budget is the sampling time after warm-up (> 0). Sampling stops at
	// the first check after it is spent, once MinSamples are in.
	Budget time.Duration
	// Warmup is how long untimed samples run before timing (>= 0); at
	// least one warm-up sample is always taken. WarmupMax, when set
	// (above Warmup), makes Warmup the minimum: the warm-up goes on until
	// its batches are steady (Steady; and the shader clock off its idle
	// level where the Observer reads it, ClockWatcher), for at most
	// WarmupMax. Rewarm, when set, warms up again (for at most WarmupMax/4)
	// after a wait for quiet at least that long: a GPU idles while it
	// waits. Time spent warming up is not sampling time.
	Warmup    time.Duration
	WarmupMax time.Duration
	Rewarm    time.Duration
	// SteadySpan is the least warm-up before the steady-state rule may
	// end it (DefaultSteadySpan for a GPU; a CPU's clock ramps in
	// milliseconds, so a CPU implementation needs less).
	SteadySpan time.Duration
	// ToMetric converts a sample's nanoseconds to the metric the target
	// applies to (GFLOP/s, GB/s, µs...); nil is the identity.
	ToMetric func(ns float64) float64
	// Progress, when set, is told the phase ("warming up", "sampling 7").
	Progress func(phase string)
	// OnSample, when set, is called after each timed sample (never for a
	// warm-up sample) with its number n (from 1) and its value in the
	// metric's unit, so a live view can follow the samples as they arrive.
	OnSample func(n int, metric float64)
	// Observer, when set, watches for interference around every timed
	// sample. A disturbed sample is kept (Measurement.Disturbed) but left
	// out of the summary and the stopping rule, and before the next one
	// Measure waits for the machine to quieten (Observer.Quiet), up to
	// QuietWait at a time (DefaultQuietWait when 0) and QuietBudget in all
	// (when 0: half the Budget, at least DefaultQuietBudget). Time spent
	// waiting is not sampling time: it moves the Budget's deadline.
	// NoQuietWait: never wait; disturbed samples are still marked and
	// left out (a correctness run on a machine busy throughout, where
	// waiting would only stretch every benchmark by its QuietBudget).
	Observer    Observer
	QuietWait   time.Duration
	QuietBudget time.Duration
	NoQuietWait bool
	// ClockFloor, when set (0 < ClockFloor < 1), marks disturbed
	// ("clock-low") the samples whose GPU shader clock (the observer's
	// Interference.GPU) is below ClockFloor times the median clock of the
	// benchmark's samples, once sampling is done: the figure then leaves
	// them out as it does other disturbed samples (DefaultClockFloor).
	ClockFloor float64
	// Turn, when set, is called before every sample, warm-up and timed
	// alike, and returns when the sample may be taken: two processes
	// taking turns sample by sample (bench/lockstep.Turns). The time
	// it waits is not warm-up or sampling time: the deadlines move by it,
	// as by a wait for quiet. An error ends the measurement with it.
	Turn func() error
}

// DefaultQuietWait bounds one wait for quiet after a disturbed sample;
// DefaultQuietBudget is the least a benchmark may wait in all. A
// neighbour's bursts last seconds (a build step, a test binary): a
// benchmark whose budget is shorter than a burst (a --quick run's 1 s)
// could otherwise never leave it, and every sample of it would be
// disturbed. Waiting ends at the first quiet poll, so a quiet machine
// never waits.
const (
	DefaultQuietWait   = time.Second
	DefaultQuietBudget = 4 * time.Second
)

// Validate reports the first invalid field of p.
func (p Policy) Validate() error {
	switch {
	case !(p.TargetCI > 0) || math.IsInf(p.TargetCI, 0):
		return &PolicyError{Field: "TargetCI", Why: fmt.Sprintf("the target CI must be a positive fraction, got %v", p.TargetCI)}
	case p.MinSamples < 1:
		return &PolicyError{Field: "MinSamples", Why: fmt.Sprintf("at least one sample is needed, got a minimum of %d", p.MinSamples)}
	case p.MaxSamples < p.MinSamples:
		return &PolicyError{Field: "MaxSamples", Why: fmt.Sprintf("the maximum of %d samples is below the minimum of %d", p.MaxSamples, p.MinSamples)}
	case p.Budget <= 0:
		return &PolicyError{Field: "Budget", Why: fmt.Sprintf("the sampling budget must be positive, got %v", p.Budget)}
	case p.Warmup < 0:
		return &PolicyError{Field: "Warmup", Why: fmt.Sprintf("the warm-up must not be negative, got %v", p.Warmup)}
	case p.WarmupMax < 0:
		return &PolicyError{Field: "WarmupMax", Why: fmt.Sprintf("the warm-up bound must not be negative, got %v", p.WarmupMax)}
	case p.SteadySpan < 0:
		return &PolicyError{Field: "SteadySpan", Why: fmt.Sprintf("the least steady warm-up must not be negative, got %v", p.SteadySpan)}
	case p.Rewarm < 0:
		return &PolicyError{Field: "Rewarm", Why: fmt.Sprintf("the wait that calls for a new warm-up must not be negative, got %v", p.Rewarm)}
	case p.QuietWait < 0:
		return &PolicyError{Field: "QuietWait", Why: fmt.Sprintf("the wait for quiet must not be negative, got %v", p.QuietWait)}
	case p.QuietBudget < 0:
		return &PolicyError{Field: "QuietBudget", Why: fmt.Sprintf("the time to wait for quiet must not be negative, got %v", p.QuietBudget)}
	case !(p.ClockFloor >= 0 && p.ClockFloor < 1):
		return &PolicyError{Field: "ClockFloor", Why: fmt.Sprintf("the clock floor must be a fraction below 1, got %v", p.ClockFloor)}
	}
	return nil
}

// PolicyError is an invalid Policy (a programming error: the runner's
// defaults never produce one).
type PolicyError struct {
	Field string
	Why   string
}

func (e *PolicyError) Error() string { return "measurement policy: " + e.Why }

// ErrBadDuration is wrapped by a SampleError whose sample was not a
// positive, finite number of nanoseconds: the timer did not advance, went
// backwards or overflowed. Such a sample is never a figure.
var ErrBadDuration = errors.New("duration is not a positive, finite number of nanoseconds")

// SampleError is a sample that failed: the sampler's error, or
// ErrBadDuration.
type SampleError struct {
	// Warmup is set for a warm-up sample.
	Warmup bool
	// N counts the samples of that phase, from 1.
	N int
	// NS is the rejected duration (for ErrBadDuration).
	NS  float64
	Err error
}

func (e *SampleError) Error() string {
	phase := "sample"
	if e.Warmup {
		phase = "warm-up sample"
	}
	if errors.Is(e.Err, ErrBadDuration) {
		return fmt.Sprintf("%s %d: %v ns: %v (the timer did not advance or went backwards)", phase, e.N, e.NS, ErrBadDuration)
	}
	return fmt.Sprintf("%s %d: %v", phase, e.N, e.Err)
}

func (e *SampleError) Unwrap() error { return e.Err }

// Stop says why sampling ended.
type Stop int

const (
	// StopNone: sampling did not end normally (an error).
	StopNone Stop = iota
	// StopTarget: the interval reached the target.
	StopTarget
	// StopMaxSamples: MaxSamples were taken without reaching the target.
	StopMaxSamples
	// StopBudget: the budget was spent without reaching the target.
	StopBudget
	// StopSlow: the slow-dispatch exit (SlowSamples after SlowFactor×Budget).
	StopSlow
	// StopCancelled: the context was cancelled between samples.
	StopCancelled
)

func (s Stop) String() string {
	switch s {
	case StopTarget:
		return "target reached"
	case StopMaxSamples:
		return "sample limit reached"
	case StopBudget:
		return "budget spent"
	case StopSlow:
		return "slow dispatches"
	case StopCancelled:
		return "interrupted"
	case StopNone:
		return "none"
	}
	return fmt.Sprintf("Stop(%d)", int(s))
}

// Measurement is what Measure took.
type Measurement struct {
	// NS are the timed samples in nanoseconds per iteration; Values the
	// same samples in the metric's unit (Policy.ToMetric).
	NS, Values []float64
	// Warmups counts the untimed warm-up samples (never in NS), Warmup
	// says what the warm-up before the first timed sample did (its
	// Samples and Time include the warm-ups again after long waits,
	// Rewarms of them).
	Warmups int
	Warmup  Warmup
	Rewarms int
	Stop    Stop
	// Disturbed and Interference (with an Observer) are aligned with NS:
	// whether each sample was disturbed, and what the observer saw.
	// Quiet counts the samples that were not; Waited is the time spent
	// waiting for quiet between samples.
	Disturbed    []bool
	Interference []Interference
	Quiet        int
	Waited       time.Duration
	// Summary summarises Values, those of the undisturbed samples when
	// there are any (the zero Summary when there are no samples).
	Summary stats.Summary
	// Noisy is set when the interval is wider than the target (or sampling
	// was interrupted before MinSamples); NoisyReason says why, in the
	// words the results file records ("noisy: ...").
	Noisy       bool
	NoisyReason string
}

// Measure warms up (at least one untimed sample, then until Warmup has
// passed on c, and until an Observer that is a Readier is ready; with
// WarmupMax, on until the batches are steady: see Steady), then
// takes timed samples until, once MinSamples are in,
// the 95% CI of the median of the metric is within TargetCI, MaxSamples are
// taken or the Budget (measured from the end of warm-up) is spent. Below
// MinSamples it stops only for the slow-dispatch exit (see SlowSamples).
// With an Observer, the target needs MinSamples undisturbed samples and
// is judged on them; MaxSamples and the budget count every sample.
//
// The context is checked before every sample: when cancelled, Measure
// returns what it has (summarised, Stop = StopCancelled) with ctx.Err().
// A sampler error or a bad duration ends it with a *SampleError; the
// samples taken so far are returned but not summarised, and are no figure.
func Measure(ctx context.Context, s Sampler, c Clock, p Policy) (Measurement, error) {
	if err := p.Validate(); err != nil {
		return Measurement{}, err
	}
	r := newMeasurer(ctx, s, c, p)
	if err := r.warmUp(); err != nil {
		return r.m, err
	}
	if err := r.sampleUntilStop(); err != nil {
		return r.m, err
	}
	if len(r.m.NS) == 0 {
		return r.m, ctx.Err()
	}
	r.summarize()
	if r.m.Stop == StopCancelled {
		return r.m, ctx.Err()
	}
	return r.m, nil
}

// noisy flags a measurement whose interval is wider than the target, or
// that was interrupted before its minimum of samples, and says why.
func noisy(m Measurement, p Policy) (bool, string) {
	w := m.Summary.RelWidth()
	var why string
	switch {
	case m.Stop == StopCancelled && len(m.NS) < p.MinSamples:
		return true, fmt.Sprintf("noisy: interrupted after %d of at least %d samples", len(m.NS), p.MinSamples)
	case len(m.Disturbed) > 0 && m.Quiet == 0:
		return true, fmt.Sprintf("noisy: every one of %d samples disturbed (see the interference record)", len(m.NS))
	case w <= p.TargetCI:
		return false, ""
	case math.IsInf(w, 1):
		why = fmt.Sprintf("noisy: %d samples are too few for a 95%% interval", m.Summary.N)
	default:
		why = fmt.Sprintf("noisy: 95%% CI ±%.1f%% after %d samples, target ±%.1f%%", 100*w, m.Summary.N, 100*p.TargetCI)
	}
	if d := len(m.NS) - m.Quiet; len(m.Disturbed) > 0 && d > 0 {
		why += fmt.Sprintf(" (%d of %d samples disturbed, left out)", d, len(m.NS))
	}
	switch m.Stop {
	case StopSlow:
		why += fmt.Sprintf(" (dispatches too slow: stopped after %d× the %v budget)", SlowFactor, p.Budget)
	case StopBudget:
		why += fmt.Sprintf(" (%v budget spent)", p.Budget)
	case StopMaxSamples:
		why += fmt.Sprintf(" (limit of %d samples)", p.MaxSamples)
	case StopCancelled:
		why += " (interrupted)"
	}
	return true, why
}
