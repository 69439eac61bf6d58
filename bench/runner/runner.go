// Package runner executes benchmarks: for every (kernel, variant, size) it
// sets up, verifies one dispatch against the CPU reference, calibrates how
// many dispatches one sample spans, warms up, and then samples with GPU
// timestamps until the 95% confidence interval of the median is within the
// target or the time budget is spent. Skips carry their reason; failures
// carry the error; nothing unverified is ever timed.
//
// The runner is glue: the measurement policy (calibration, warm-up, when
// to stop, noisy flags) is bench/measure's, pure and tested with fakes;
// the runner records and submits the GPU work, owns the per-(kernel, size)
// shared state every Setup gets (kernel.Shared), and fills the results.
package runner

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"runtime/debug"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/hostobs"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/measure"
	"github.com/radvbench/radvbench/bench/telemetry"
	"github.com/radvbench/radvbench/core/results"
	"github.com/radvbench/radvbench/core/stats"
	"github.com/radvbench/radvbench/shaders"
)

// Options control a run.
type Options struct {
	Suites []*kernel.Suite
	Filter *regexp.Regexp
	Kernel kernel.Options
	// TargetCI is the wanted half-width of the 95% CI of the median,
	// relative to the median (0.01 = ±1%).
	TargetCI float64
	// MaxTime is the sampling budget of one benchmark.
	MaxTime time.Duration
	// Warmup is how long each benchmark runs untimed before sampling, at
	// least; WarmupMax how long it may run on until its batch times are
	// steady (measure.Steady; and the shader clock off its idle level
	// where the observer reads it). A WarmupMax at or below Warmup looks
	// no further than Warmup.
	Warmup, WarmupMax time.Duration
	// MinSamples and MaxSamples bound the number of samples.
	MinSamples, MaxSamples int
	// SampleTime is the GPU time one sample should span (repeats are
	// batched to reach it), so timer resolution is negligible.
	SampleTime time.Duration
	// Peaks are the device's peak figures by name ("fp32" in GFLOP/s,
	// "bandwidth" in GB/s, ...), for "% of peak"; nil when unknown.
	Peaks map[string]float64
	// Progress receives a one-line status as work advances (may be nil).
	Progress func(done, total int, name, phase string)
	// OnResult is called with every finished benchmark.
	OnResult func(r *results.Result)
	// OnSample, when set, is called after each timed sample of a
	// benchmark (never a warm-up one) with the benchmark's ID
	// (results.Result.ID), the sample's number from 1 and its value in
	// the metric's unit; a live view follows a benchmark with it.
	OnSample func(id string, n int, value float64)
	// BeforeEach and AfterEach, when set, are called around each
	// benchmark (e.g. to record clocks); their values land in Extra.
	BeforeEach, AfterEach func() map[string]float64
	// Clock times warm-up and budgets (nil: the system clock); tests
	// pass a fake one.
	Clock measure.Clock
	// Order, when set, rearranges or trims the plan before the run (a
	// shuffled order, a resumed run's remaining benchmarks).
	Order func([]Item) []Item
	// Observer, when set, watches for interference around every timed
	// sample (NewObserver for the host): disturbed samples are kept and
	// marked in the result (Disturbed, Interference) but left out of its
	// figure, and the runner waits a moment for quiet before sampling
	// again (measure.Policy.Observer). Nil: no observation.
	Observer measure.Observer
	// SampleTurn, when set, is called before every sample of a benchmark
	// (warm-up and timed; calibration's belong to its setup) with the
	// benchmark's ID, and returns when the sample may be taken: the
	// run's process takes turns with another sample by sample
	// (bench/supervise.Lockstep.Samples). An error fails the benchmark.
	SampleTurn func(id string) error
}

// NewObserver is the observer of the machine dev runs on, reading /proc
// and sysfs under sysroot ("" or "/" for this machine): for a CPU
// implementation (lavapipe) it watches the CPUs, for a GPU the other DRM
// clients and the shader clock (measure.DefaultRule), and on an amdgpu
// card its telemetry beside every sample (withTelemetry). One observer
// serves a whole run: it keeps the last moments' counters for the next
// sample.
func NewObserver(dev *gpu.Device, sysroot string) measure.Observer {
	return withTelemetry(dev, sysroot, hostobs.New(hostobs.Options{Root: sysroot, CPUDevice: dev.Phys.IsCPU()}))
}

// withTelemetry wraps obs with the telemetry of dev's amdgpu card under
// sysroot (bench/telemetry: clocks, power, energy and throttle bits
// beside every sample), found by its PCI device ID; obs alone for a CPU
// implementation or a device without such a card.
func withTelemetry(dev *gpu.Device, sysroot string, obs measure.Observer) measure.Observer {
	if dev.Phys.IsCPU() || dev.Phys.VendorID != gpu.VendorAMD {
		return obs
	}
	r, err := telemetry.OpenDevice(sysroot, dev.Phys.DeviceID)
	if err != nil {
		return obs
	}
	return telemetry.Observe(obs, r)
}

// NewSiblingObserver is NewObserver for a run that takes turns sample by
// sample with another child of its parent (SampleTurn): the other's CPU
// time is not a neighbour's (hostobs.Options.Siblings).
func NewSiblingObserver(dev *gpu.Device, sysroot string) measure.Observer {
	return withTelemetry(dev, sysroot, hostobs.New(hostobs.Options{Root: sysroot, CPUDevice: dev.Phys.IsCPU(), Siblings: true}))
}

// The warm-up's bound (Options.WarmupMax) by default: a GPU's clock
// comes out of idle in tens to hundreds of milliseconds; a warm-up that
// is still not steady at the bound is recorded as such.
const (
	DefaultWarmupMax      = 2 * time.Second
	DefaultQuickWarmupMax = time.Second
)

// The warm-up's bound on a CPU implementation (lavapipe): a CPU's clock
// ramps in milliseconds, so what keeps its batch times from settling is
// other load, which a longer warm-up does not end (the samples it
// disturbs are marked instead); on a busy 2-core machine a third of the
// quick benchmarks ran to the GPU's 1 s bound, 4.1 s of warm-up in a
// 23-benchmark run, time an until-decided gate's rounds did not get.
const (
	CPUWarmupMax      = 250 * time.Millisecond
	CPUQuickWarmupMax = 100 * time.Millisecond
)

// RewarmAfter is the wait for quiet after which a GPU is warmed up again
// before the next timed sample (measure.Policy.Rewarm): long enough for
// its power management to lower the clock. A CPU implementation is not
// warmed up again.
const RewarmAfter = 50 * time.Millisecond

// CPUSteadySpan is the least warm-up before a CPU implementation's batches
// may be found steady (measure.Policy.SteadySpan): a CPU's clock ramps in
// milliseconds, not the hundreds a GPU's takes.
const CPUSteadySpan = 20 * time.Millisecond

// Defaults fills unset options: quick runs use short budgets.
func (o *Options) Defaults() {
	if o.TargetCI == 0 {
		o.TargetCI = 0.01
	}
	if o.MaxTime == 0 {
		o.MaxTime = 10 * time.Second
		if o.Kernel.Quick {
			o.MaxTime = time.Second
		}
	}
	if o.Warmup == 0 {
		o.Warmup = 200 * time.Millisecond
		if o.Kernel.Quick {
			o.Warmup = 20 * time.Millisecond
		}
	}
	if o.WarmupMax == 0 {
		switch {
		case o.Kernel.CPU && o.Kernel.Quick:
			o.WarmupMax = CPUQuickWarmupMax
		case o.Kernel.CPU:
			o.WarmupMax = CPUWarmupMax
		case o.Kernel.Quick:
			o.WarmupMax = DefaultQuickWarmupMax
		default:
			o.WarmupMax = DefaultWarmupMax
		}
	}
	if o.MinSamples == 0 {
		o.MinSamples = 10
		if o.Kernel.Quick {
			o.MinSamples = 5
		}
	}
	if o.MaxSamples == 0 {
		o.MaxSamples = 200
	}
	if o.SampleTime == 0 {
		o.SampleTime = 2 * time.Millisecond
	}
}

// Item is one planned benchmark.
type Item struct {
	Kernel  *kernel.Kernel
	Variant kernel.Variant
	Params  kernel.Params
}

// Plan lists the benchmarks a run will do, in order: kernel by kernel,
// size by size, variant by variant (variants of one size share inputs).
// A kernel pinned in o.Kernel.Pinned runs its pins instead, in their
// order.
func Plan(o Options) []Item {
	var items []Item
	for _, s := range o.Suites {
		for _, k := range s.Kernels {
			if pins, ok := o.Kernel.Pinned[k.Suite+"/"+k.Name]; ok {
				for _, pin := range pins {
					if kernel.Filter(o.Filter, k, pin.Variant) {
						items = append(items, Item{Kernel: k, Variant: pin.Variant, Params: pin.Params})
					}
				}
				continue
			}
			var vs []kernel.Variant
			for _, v := range k.Variants {
				if kernel.Filter(o.Filter, k, v) {
					vs = append(vs, v)
				}
			}
			if len(vs) == 0 {
				continue
			}
			sizes := []kernel.Params{nil}
			if k.Sizes != nil {
				sizes = k.Sizes(o.Kernel.For(k))
			}
			for _, p := range sizes {
				for _, v := range vs {
					items = append(items, Item{Kernel: k, Variant: v, Params: p})
				}
			}
		}
	}
	return items
}

// Run executes the plan on dev. It returns every result (also those of
// benchmarks that failed or were skipped), and the SHA-256 of each shader
// used. A cancelled context stops the run after the current sample; what
// finished is returned with ctx.Err(). The benchmark the cancellation cut
// short (in setup, verification, warm-up or sampling) is not a result:
// it is not returned, nor given to OnResult, so a resumed run runs it
// again.
func Run(ctx context.Context, dev *gpu.Device, o Options) ([]results.Result, map[string]string, error) {
	o.Defaults()
	items := Plan(o)
	if o.Order != nil {
		items = o.Order(items)
	}
	shared := newSharedState(items, maxLiveShared)
	hashes := map[string]string{}
	var out []results.Result
	for i, it := range items {
		if err := ctx.Err(); err != nil {
			return out, hashes, err
		}
		name := results.Result{Suite: it.Kernel.Suite, Kernel: it.Kernel.Name, Variant: it.Variant.Params, Params: it.Params}
		progress := func(phase string) {
			if o.Progress != nil {
				o.Progress(i, len(items), name.ID(), phase)
			}
		}
		progress("setting up")
		for _, s := range it.Kernel.Shaders {
			if h, err := shaders.Hash(s); err == nil {
				hashes[s] = h
			}
		}
		oi := o
		oi.Kernel.Shared = shared.get(it)
		r, measured := runOne(ctx, dev, it, oi, progress)
		shared.done(it)
		if ctx.Err() != nil && !measured {
			// Cut short by the cancellation (a signal): not a result. It
			// is neither journaled nor returned, so a resumed run runs
			// it again.
			return out, hashes, ctx.Err()
		}
		out = append(out, r)
		if o.OnResult != nil {
			o.OnResult(&out[len(out)-1])
		}
	}
	if o.Progress != nil {
		o.Progress(len(items), len(items), "", "done")
	}
	return out, hashes, ctx.Err()
}

func newResult(it Item) results.Result {
	variant := map[string]string{"name": it.Variant.Name}
	for k, v := range it.Variant.Params {
		variant[k] = v
	}
	m := it.Kernel.Metric
	r := results.Result{
		Suite:   it.Kernel.Suite,
		Kernel:  it.Kernel.Name,
		Variant: variant,
		Params:  map[string]int64(it.Params),
		Metric:  results.Metric{Name: m.Name, Unit: m.Unit, Better: m.Better},
	}
	if len(it.Kernel.Shaders) > 0 {
		r.Shader = it.Kernel.Shaders[0]
	}
	return r
}

// runOne sets up, verifies and times one benchmark. measured reports
// that its sampling ran to its own end (not cut short by ctx).
func runOne(ctx context.Context, dev *gpu.Device, it Item, o Options, progress func(string)) (r results.Result, measured bool) {
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
	progress("verifying")
	if err := dev.Run(func(cb *gpu.CommandBuffer) error { inst.Record(cb); return nil }); err != nil {
		r.Status, r.Reason = results.StatusFailed, "first dispatch: "+err.Error()
		return r, measured
	}
	figures, err := inst.Verify()
	r.Verify = finiteFigures(figures)
	if err != nil {
		r.Status, r.Reason = results.StatusFailed, "verification failed: "+err.Error()
		return r, measured
	}
	r.Verified = true

	var sampler measure.Sampler
	if t, ok := inst.(kernel.Timer); ok {
		sampler = measure.SamplerFunc(t.Sample)
		r.Clock, r.Repeats = t.Clock(), 1
	} else {
		s, err := newSampler(dev, inst)
		if err != nil {
			r.Status, r.Reason = results.StatusFailed, err.Error()
			return r, measured
		}
		defer s.close()
		progress("calibrating")
		repeats := 1
		if !it.Kernel.Serial {
			repeats, err = measure.Calibrate(s.time, measure.Calibration{
				Target:     o.SampleTime,
				MinNS:      1000 * s.ts.PeriodNS,
				MaxRepeats: maxRepeats,
			})
			if err != nil {
				r.Status, r.Reason = results.StatusFailed, err.Error()
				return r, measured
			}
		}
		if err := s.record(repeats); err != nil {
			r.Status, r.Reason = results.StatusFailed, err.Error()
			return r, measured
		}
		sampler = measure.SamplerFunc(s.sample)
		r.Clock, r.Repeats = "gpu-timestamp", repeats
	}
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
		Progress: progress,
		Observer: o.Observer,
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
		id := r.ID()
		policy.OnSample = func(n int, v float64) { o.OnSample(id, n, v) }
	}
	if o.SampleTurn != nil {
		id := r.ID()
		policy.Turn = func() error { return o.SampleTurn(id) }
	}
	clock := o.Clock
	if clock == nil {
		clock = measure.System
	}
	ms, err := measure.Measure(ctx, sampler, clock, policy)
	measured = ms.Stop != measure.StopCancelled && ms.Stop != measure.StopNone
	if len(ms.NS) == 0 || (err != nil && ms.Stop != measure.StopCancelled) {
		r.Status = results.StatusFailed
		switch {
		case err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
			r.Reason = "interrupted before any sample"
		default:
			r.Reason = err.Error()
		}
		return r, measured
	}
	sum := ms.Summary
	r.Warmup = []results.Warmup{{Seconds: math.Round(ms.Warmup.Time.Seconds()*1e4) / 1e4, Samples: ms.Warmup.Samples,
		Steady: ms.Warmup.Steady, ClockIdle: ms.Warmup.ClockIdle, Rewarms: ms.Rewarms}}
	r.SamplesNS = ms.NS
	r.Metric.Samples = ms.Values
	r.Disturbed, r.Interference = interference(ms)
	r.Status = results.StatusOK
	r.Metric.Value = sum.Median
	r.CI = results.NewCI(sum.Low, sum.High, stats.Confidence)
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
		addExtra(&r, "", x.Extra(stats.Summarize(r.SamplesNS).Median))
	}
	if w := inst.Work(); w > 0 && !m.Time {
		addExtra(&r, "", map[string]float64{"work_per_dispatch": w})
	}
	return r, measured
}

// interference converts what the observer saw to the result's columns: a
// figure to three decimals, -1 where it could not be read; a column only
// when some sample has it, the clock only when known, the reasons only
// when a sample was disturbed. Nil, nil without an observer.
func interference(ms measure.Measurement) ([]bool, *results.Interference) {
	if len(ms.Interference) == 0 {
		return nil, nil
	}
	in := &results.Interference{}
	col := func(get func(measure.Interference) float64) []float64 {
		out := make([]float64, len(ms.Interference))
		known := false
		for i, x := range ms.Interference {
			v := get(x)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				out[i] = -1
				continue
			}
			known = true
			out[i] = math.Round(v*1000) / 1000
		}
		if !known {
			return nil
		}
		return out
	}
	in.OtherCPU = col(func(x measure.Interference) float64 { return x.OtherCPU })
	in.Steal = col(func(x measure.Interference) float64 { return x.Steal })
	in.SelfCPU = col(func(x measure.Interference) float64 { return x.SelfCPU })
	in.Wait = col(func(x measure.Interference) float64 { return x.Wait })
	in.GPUOther = col(func(x measure.Interference) float64 { return x.GPUOther })
	clock := func(x measure.Interference) float64 {
		if x.SCLKMHz > 0 {
			return x.SCLKMHz
		}
		return math.NaN()
	}
	in.SCLKMHz = col(clock)
	if gpuCols(ms, in) {
		// The telemetry's shader clock (gpu_metrics first) replaces the
		// host observer's pp_dpm_sclk level.
		in.SCLKMHz = col(func(x measure.Interference) float64 {
			if x.GPU != nil && x.GPU.SclkMHz > 0 {
				return x.GPU.SclkMHz
			}
			return clock(x)
		})
	}
	if ms.Quiet < len(ms.NS) {
		in.Why = make([]string, len(ms.Interference))
		for i, x := range ms.Interference {
			in.Why[i] = x.Why
		}
	}
	return ms.Disturbed, in
}

// gpuCols fills in's telemetry columns from the samples' GPU states
// (-1 where not read, a column only when some sample has it) and reports whether any sample had telemetry.
func gpuCols(ms measure.Measurement, in *results.Interference) bool {
	seen := false
	for _, x := range ms.Interference {
		seen = seen || x.GPU != nil
	}
	if !seen {
		return false
	}
	// Figures to three decimals; energy over a sample of a few ms (J) to
	// six.
	col := func(get func(*measure.GPUState) float64, scale float64) []float64 {
		out := make([]float64, len(ms.Interference))
		known := false
		for i, x := range ms.Interference {
			v := math.NaN()
			if x.GPU != nil {
				v = get(x.GPU)
			}
			if math.IsNaN(v) || math.IsInf(v, 0) {
				out[i] = -1
				continue
			}
			known = true
			out[i] = math.Round(v*scale) / scale
		}
		if !known {
			return nil
		}
		return out
	}
	in.MCLKMHz = col(func(g *measure.GPUState) float64 { return g.MclkMHz }, 1e3)
	in.PowerW = col(func(g *measure.GPUState) float64 { return g.PowerW }, 1e3)
	in.TempC = col(func(g *measure.GPUState) float64 { return g.TempC }, 1e3)
	in.EnergyJ = col(func(g *measure.GPUState) float64 { return g.EnergyJ }, 1e6)
	throttled := false
	throttle := make([]string, len(ms.Interference))
	for i, x := range ms.Interference {
		if x.GPU != nil {
			throttle[i] = x.GPU.Throttle
			throttled = throttled || x.GPU.Throttle != ""
			if x.GPU.Sources != nil {
				in.GPUSources = x.GPU.Sources
			}
		}
	}
	if throttled {
		in.Throttle = throttle
	}
	return true
}

// setUp is the first step of every benchmark: the device must be usable
// and support the variant, and the kernel's Setup gets the options as the
// kernel sees them (--sizes, the shared state). It returns the instance,
// or nil with r's status and reason set (skipped or failed).
func setUp(dev *gpu.Device, it Item, o Options, r *results.Result) kernel.Instance {
	if err := dev.Lost(); err != nil {
		r.Status, r.Reason = results.StatusFailed, "device unusable after an earlier error: "+err.Error()
		return nil
	}
	if ok, why := it.Kernel.Supported(dev.Phys, it.Variant); !ok {
		r.Status, r.Reason = results.StatusSkipped, why
		return nil
	}
	inst, err := it.Kernel.Setup(dev, it.Variant, it.Params, o.Kernel.For(it.Kernel))
	var skip *kernel.Skip
	switch {
	case errors.As(err, &skip):
		r.Status, r.Reason = results.StatusSkipped, skip.Reason
		return nil
	case err != nil:
		r.Status, r.Reason = results.StatusFailed, "setup: "+err.Error()
		return nil
	}
	return inst
}

// SetUpEach does, for every benchmark of the plan of o (in o.Order's
// order), exactly what Run does before it verifies: the same Supported
// check and Setup, with the same options, sizes and per-size shared
// state. It calls each with the benchmark, its result skeleton (status
// skipped or failed with Run's reason, or empty when Setup succeeded) and
// the instance (nil unless Setup succeeded; it is closed when each
// returns). It never records, submits, verifies or times anything: a
// caller that only needs what Setup creates (radvbench isa collects the
// pipelines a compile-only device compiled) uses it instead of Run. A
// panic in Setup is a failed result, as in Run. A cancelled context stops
// before the next benchmark with ctx.Err().
func SetUpEach(ctx context.Context, dev *gpu.Device, o Options, each func(it Item, r *results.Result, inst kernel.Instance)) error {
	items := Plan(o)
	if o.Order != nil {
		items = o.Order(items)
	}
	shared := newSharedState(items, maxLiveShared)
	for i, it := range items {
		if err := ctx.Err(); err != nil {
			return err
		}
		if o.Progress != nil {
			o.Progress(i, len(items), it.ID(), "setting up")
		}
		oi := o
		oi.Kernel.Shared = shared.get(it)
		setUpOne(dev, it, oi, each)
		shared.done(it)
	}
	if o.Progress != nil {
		o.Progress(len(items), len(items), "", "done")
	}
	return nil
}

func setUpOne(dev *gpu.Device, it Item, o Options, each func(Item, *results.Result, kernel.Instance)) {
	r := newResult(it)
	start := time.Now()
	inst := func() (inst kernel.Instance) {
		defer func() {
			if p := recover(); p != nil {
				inst = nil
				internalError(&r, p)
			}
		}()
		return setUp(dev, it, o, &r)
	}()
	r.DurationS = time.Since(start).Seconds()
	if inst != nil {
		defer inst.Close()
	}
	each(it, &r, inst)
}

func addExtra(r *results.Result, prefix string, m map[string]float64) {
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
func internalError(r *results.Result, p any) {
	r.Status, r.Reason = results.StatusFailed, fmt.Sprintf("internal error: %v", p)
	if debugPanics {
		r.Reason += "\n" + string(debug.Stack())
	}
}

// debugPanics adds stack traces to internal-error reasons (RADVBENCH_DEBUG).
var debugPanics = false

// SetDebug makes internal errors carry a stack trace.
func SetDebug(on bool) { debugPanics = on }
