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
	"regexp"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/measure"
	"github.com/radvbench/radvbench/core/resultsfile"
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
	OnResult func(r *resultsfile.Result)
	// OnSample, when set, is called after each timed sample of a
	// benchmark (never a warm-up one) with the benchmark's ID
	// (resultsfile.Result.ID), the sample's number from 1 and its value in
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
	// QuietBudget bounds a benchmark's waits for quiet in all (0: the
	// measure package's default, measure.Policy.QuietBudget); NoQuietWait
	// turns them off.
	QuietBudget time.Duration
	NoQuietWait bool
	// SampleTurn, when set, is called before every sample of a benchmark
	// (warm-up and timed; calibration's belong to its setup) with the
	// benchmark's ID, and returns when the sample may be taken: the
	// run's process takes turns with another sample by sample
	// (bench/lockstep.Turns.Samples). An error fails the benchmark.
	SampleTurn func(id string) error
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
func Run(ctx context.Context, dev *gpu.Device, o Options) ([]resultsfile.Result, map[string]string, error) {
	o.Defaults()
	items := Plan(o)
	if o.Order != nil {
		items = o.Order(items)
	}
	shared := newSharedState(items, maxLiveShared)
	hashes := map[string]string{}
	var out []resultsfile.Result
	for i, it := range items {
		if err := ctx.Err(); err != nil {
			return out, hashes, err
		}
		name := resultsfile.Result{Suite: it.Kernel.Suite, Kernel: it.Kernel.Name, Variant: it.Variant.Params, Params: it.Params}
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
