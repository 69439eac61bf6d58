package runner

// One benchmark from its setup to its result: verify, choose and calibrate
// the sampler, measure under the run's policy, record the figures.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/measure"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
)

func newResult(it Item) resultsfile.Result {
	variant := map[string]string{"name": it.Variant.Name}
	for k, v := range it.Variant.Params {
		variant[k] = v
	}
	m := it.Kernel.Metric
	r := resultsfile.Result{
		Suite:   it.Kernel.Suite,
		Kernel:  it.Kernel.Name,
		Variant: variant,
		Params:  map[string]int64(it.Params),
		Metric:  resultsfile.Metric{Name: m.Name, Unit: m.Unit, Better: m.Better},
	}
	if len(it.Kernel.Shaders) > 0 {
		r.Shader = it.Kernel.Shaders[0]
	}
	return r
}

// runOne sets up, verifies and times one benchmark. measured reports
// that its sampling ran to its own end (not cut short by ctx).
func runOne(ctx context.Context, dev *gpu.Device, it Item, o Options, progress func(string)) (r resultsfile.Result, measured bool) {
	r = newResult(it)
	start := time.Now()
	defer func() {
		r.DurationS = time.Since(start).Seconds()
		if p := recover(); p != nil {
			internalError(&r, p)
		}
	}()
	inst := setUp(dev, it, o, &r)
	if inst == nil {
		return r, measured
	}
	defer inst.Close()
	if o.BeforeEach != nil {
		addExtra(&r, "before.", o.BeforeEach())
	}
	if o.AfterEach != nil {
		defer func() { addExtra(&r, "after.", o.AfterEach()) }()
	}

	// Verify, then time.
	if !verify(dev, inst, &r, progress) {
		return r, measured
	}
	sampler, release, err := newBenchSampler(dev, it, inst, o, &r, progress)
	if err != nil {
		r.Status, r.Reason = resultsfile.StatusFailed, err.Error()
		return r, measured
	}
	defer release()
	clock := o.Clock
	if clock == nil {
		clock = measure.System
	}
	ms, err := measure.Measure(ctx, sampler, clock, measurePolicy(dev, it, inst, o, r.ID(), progress))
	measured = ms.Stop != measure.StopCancelled && ms.Stop != measure.StopNone
	if len(ms.NS) == 0 || (err != nil && ms.Stop != measure.StopCancelled) {
		r.Status = resultsfile.StatusFailed
		switch {
		case err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
			r.Reason = "interrupted before any sample"
		default:
			r.Reason = err.Error()
		}
		return r, measured
	}
	recordFigures(&r, ms, it, inst, o)
	return r, measured
}

// verify dispatches the benchmark once and checks its output against the
// CPU reference (the check's figures in r.Verify): false, with r failed,
// when either fails, for nothing unverified is ever timed.
func verify(dev *gpu.Device, inst kernel.Instance, r *resultsfile.Result, progress func(string)) bool {
	progress("verifying")
	if err := dev.Run(func(cb *gpu.CommandBuffer) error { inst.Record(cb); return nil }); err != nil {
		r.Status, r.Reason = resultsfile.StatusFailed, "first dispatch: "+err.Error()
		return false
	}
	figures, err := inst.Verify()
	r.Verify = finiteFigures(figures)
	if err != nil {
		r.Status, r.Reason = resultsfile.StatusFailed, "verification failed: "+err.Error()
		return false
	}
	r.Verified = true
	return true
}

// newBenchSampler is how the benchmark's samples are timed: by the
// instance itself when it is a kernel.Timer (its own clock), else by GPU
// timestamps around a batch of dispatches calibrated to span
// o.SampleTime (one dispatch for a serial kernel). It records the clock
// and the batch in r; release frees the sampler's GPU work once sampling
// is done.
func newBenchSampler(dev *gpu.Device, it Item, inst kernel.Instance, o Options, r *resultsfile.Result, progress func(string)) (sampler measure.Sampler, release func(), err error) {
	if t, ok := inst.(kernel.Timer); ok {
		r.Clock, r.Repeats = t.Clock(), 1
		return measure.SamplerFunc(t.Sample), func() {}, nil
	}
	s, err := newSampler(dev, inst)
	if err != nil {
		return nil, nil, err
	}
	ready := false
	defer func() {
		if !ready {
			s.close()
		}
	}()
	progress("calibrating")
	repeats := 1
	if !it.Kernel.Serial {
		repeats, err = measure.Calibrate(s.time, measure.Calibration{
			Target:     o.SampleTime,
			MinNS:      1000 * s.ts.PeriodNS,
			MaxRepeats: maxRepeats,
		})
		if err != nil {
			return nil, nil, err
		}
	}
	if err := s.record(repeats); err != nil {
		return nil, nil, err
	}
	r.Clock, r.Repeats = "gpu-timestamp", repeats
	ready = true
	return measure.SamplerFunc(s.sample), s.close, nil
}

// measurePolicy is the stopping rule of benchmark id from the run's
// options: its kernel's metric, the clock floor, a CPU implementation's
// shorter steady span (a GPU's warm-up again after a long wait for
// quiet), and the live view's OnSample and the lockstep's Turn when the
// run has them.
func measurePolicy(dev *gpu.Device, it Item, inst kernel.Instance, o Options, id string, progress func(string)) measure.Policy {
	m := it.Kernel.Metric
	policy := measure.Policy{
		TargetCI:   o.TargetCI,
		MinSamples: o.MinSamples,
		MaxSamples: o.MaxSamples,
		Budget:     o.MaxTime,
		Warmup:     o.Warmup,
		WarmupMax:  o.WarmupMax,
		ToMetric: func(ns float64) float64 {
			if m.Time {
				return ns * m.Scale
			}
			return m.Scale * inst.Work() / ns
		},
		Progress:    progress,
		Observer:    o.Observer,
		QuietBudget: o.QuietBudget,
		NoQuietWait: o.NoQuietWait,
		// Only an observer with telemetry (Interference.GPU) gives the
		// clocks the floor judges.
		ClockFloor: measure.DefaultClockFloor,
	}
	if dev.Phys.IsCPU() {
		policy.SteadySpan = CPUSteadySpan
	} else {
		policy.Rewarm, policy.SteadySpan = RewarmAfter, measure.DefaultSteadySpan
	}
	if o.OnSample != nil {
		policy.OnSample = func(n int, v float64) { o.OnSample(id, n, v) }
	}
	if o.SampleTurn != nil {
		policy.Turn = func() error { return o.SampleTurn(id) }
	}
	return policy
}

// recordFigures fills r from a measurement with samples: the warm-up, the
// samples and what the observer saw, the figure (the median, its
// interval, CV and noisy flag), the instance's note and extras, the
// roofline and % of peak.
func recordFigures(r *resultsfile.Result, ms measure.Measurement, it Item, inst kernel.Instance, o Options) {
	m := it.Kernel.Metric
	sum := ms.Summary
	r.Warmup = []resultsfile.Warmup{{Seconds: math.Round(ms.Warmup.Time.Seconds()*1e4) / 1e4, Samples: ms.Warmup.Samples,
		Steady: ms.Warmup.Steady, ClockIdle: ms.Warmup.ClockIdle, Rewarms: ms.Rewarms}}
	r.SamplesNS = ms.NS
	r.Metric.Samples = ms.Values
	r.Disturbed, r.Interference = interference(ms)
	r.Status = resultsfile.StatusOK
	r.Metric.Value = sum.Median
	r.CI = resultsfile.NewCI(sum.Low, sum.High, stats.Confidence)
	r.CV = sum.CV
	r.Noisy, r.Reason = ms.Noisy, ms.NoisyReason
	if n, ok := inst.(kernel.Noter); ok {
		r.Note = n.Note()
	}
	r.Roofline = m.Roofline
	if peak, ok := o.Peaks[m.Peak]; ok && peak > 0 && !m.Time {
		r.PercentOfPeak = 100 * sum.Median / peak
		r.PeakName = m.Peak
	}
	if x, ok := inst.(kernel.Extras); ok {
		addExtra(r, "", x.Extra(stats.Summarize(r.SamplesNS).Median))
	}
	if w := inst.Work(); w > 0 && !m.Time {
		addExtra(r, "", map[string]float64{"work_per_dispatch": w})
	}
}

func addExtra(r *resultsfile.Result, prefix string, m map[string]float64) {
	if len(m) == 0 {
		return
	}
	if r.Extra == nil {
		r.Extra = map[string]float64{}
	}
	for k, v := range finiteFigures(m) {
		r.Extra[prefix+k] = v
	}
}

// finiteFigures drops NaN and ±Inf, which JSON (the results file and
// its journal) cannot hold: a failed check's max_abs_err of +Inf (a NaN
// in the output) must not stop the run. Nil stays nil.
func finiteFigures(m map[string]float64) map[string]float64 {
	if m == nil {
		return nil
	}
	out := make(map[string]float64, len(m))
	for k, v := range m {
		if !math.IsInf(v, 0) && !math.IsNaN(v) {
			out[k] = v
		}
	}
	return out
}

// internalError records a panic p of a benchmark as its failure (with
// the stack under RADVBENCH_DEBUG); called from the deferred recover.
func internalError(r *resultsfile.Result, p any) {
	r.Status, r.Reason = resultsfile.StatusFailed, fmt.Sprintf("internal error: %v", p)
	if debugPanics {
		r.Reason += "\n" + string(debug.Stack())
	}
}

// debugPanics adds stack traces to internal-error reasons (RADVBENCH_DEBUG).
var debugPanics = false

// SetDebug makes internal errors carry a stack trace.
func SetDebug(on bool) { debugPanics = on }
