package runner_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/runner"
	_ "github.com/radvbench/radvbench/bench/suites/matmul"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// openDevice opens the default device (lavapipe in CI).
func openDevice(t *testing.T) *gpu.Device {
	t.Helper()
	inst, d, err := gpu.OpenSelected("")
	if err != nil {
		t.Fatalf("Vulkan is required (run 'make deps'): %v", err)
	}
	t.Cleanup(func() { d.Close(); inst.Close() })
	return d
}

// fakeInst is an instance that records nothing and times itself (a
// kernel.Timer) from a script, so the runner's glue is tested on a real
// device with known samples.
type fakeInst struct {
	verifyErr   error
	verifyPanic bool
	ns          []float64 // samples; the last repeats
	errAt       int       // Sample call that fails (0: none)
	cancelAt    int       // Sample call after which cancel is called
	cancel      func()
	calls       int
	extraNS     *float64 // receives Extra's median
	closed      *int
	clock       *fakeClock // advanced by a millisecond a sample
}

// fakeClock only moves when a fake sample takes time.
type fakeClock struct{ now time.Time }

func (c *fakeClock) Now() time.Time { return c.now }

var errSample = errors.New("fence wait: VK_TIMEOUT")

func (f *fakeInst) Record(*gpu.CommandBuffer) {}
func (f *fakeInst) Work() float64             { return 1000 }
func (f *fakeInst) Clock() string             { return "fake-clock" }
func (f *fakeInst) Close() {
	if f.closed != nil {
		*f.closed++
	}
}
func (f *fakeInst) Verify() (map[string]float64, error) {
	if f.verifyPanic {
		var m map[string]int
		m["x"] = 1 // a bug in a suite: the runner must not crash
	}
	return map[string]float64{"max_abs_err": 0}, f.verifyErr
}
func (f *fakeInst) Sample() (float64, error) {
	f.calls++
	if f.clock != nil {
		f.clock.now = f.clock.now.Add(time.Millisecond)
	}
	if f.calls == f.cancelAt {
		defer f.cancel()
	}
	if f.calls == f.errAt {
		return 0, errSample
	}
	return f.ns[min(f.calls, len(f.ns))-1], nil
}
func (f *fakeInst) Extra(medianNS float64) map[string]float64 {
	if f.extraNS != nil {
		*f.extraNS = medianNS
	}
	return map[string]float64{"fake_extra": 1}
}

// fakeKernel wraps an instance (or a setup error) in a kernel of suite
// "fake" with one variant and one size.
func fakeKernel(name string, inst *fakeInst, setupErr error) *kernel.Kernel {
	return &kernel.Kernel{
		Suite: "fake", Name: name,
		Metric:    kernel.Metric{Name: "throughput", Unit: "Gop/s", Better: resultsfile.HigherIsBetter, Scale: 1, Peak: "fp32"},
		Variants:  []kernel.Variant{{Name: "v"}},
		Supported: func(*gpu.PhysicalDevice, kernel.Variant) (bool, string) { return true, "" },
		Setup: func(*gpu.Device, kernel.Variant, kernel.Params, kernel.Options) (kernel.Instance, error) {
			if setupErr != nil {
				return nil, setupErr
			}
			return inst, nil
		},
	}
}

// options runs ks with a fake clock their instances advance: a warm-up of
// 1 ms, bounded at 1 ms (no search for a steady state), is one sample.
func options(ks ...*kernel.Kernel) runner.Options {
	clock := &fakeClock{}
	for _, k := range ks {
		setup := k.Setup
		k.Setup = func(d *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
			inst, err := setup(d, v, p, o)
			if f, ok := inst.(*fakeInst); ok {
				f.clock = clock
			}
			return inst, err
		}
	}
	return runner.Options{
		Clock:    clock,
		Suites:   []*kernel.Suite{{Name: "fake", Kernels: ks}},
		TargetCI: 0.01, MaxTime: time.Minute, Warmup: time.Millisecond, WarmupMax: time.Millisecond,
		MinSamples: 5, MaxSamples: 20,
		Peaks: map[string]float64{"fp32": 100},
	}
}

func alternating(n int, a, b float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = a
		if i%2 == 1 {
			out[i] = b
		}
	}
	return out
}

// TestRunOne runs fake kernels through the real runner on a real device:
// verify-then-time, the measurement's outcome and failures as results.
func TestRunOne(t *testing.T) {
	d := openDevice(t)
	tests := []struct {
		name     string
		inst     *fakeInst
		setupErr error
		// unsupported is the kernel's Supported reason ("" = supported).
		unsupported string
		status      string
		reason      string // substring; "" = empty reason
		verified    bool
		samples     int
		noisy       bool
	}{
		{name: "converges", inst: &fakeInst{ns: []float64{100}}, status: resultsfile.StatusOK, verified: true, samples: 6},
		{name: "noisy at the sample limit", inst: &fakeInst{ns: alternating(50, 100, 300)}, status: resultsfile.StatusOK, verified: true, samples: 20, noisy: true,
			reason: "noisy: 95% CI ±50.0% after 20 samples, target ±1.0% (limit of 20 samples)"},
		{name: "unsupported", unsupported: "device lacks shaderFloat16", status: resultsfile.StatusSkipped, reason: "device lacks shaderFloat16"},
		{name: "setup skip", setupErr: kernel.Skipf("needs %d GiB", 64), status: resultsfile.StatusSkipped, reason: "needs 64 GiB"},
		{name: "setup error", setupErr: errors.New("allocate A: out of memory"), status: resultsfile.StatusFailed, reason: "setup: allocate A: out of memory"},
		{name: "verification fails", inst: &fakeInst{ns: []float64{100}, verifyErr: errors.New("C[3] = 1, want 2")}, status: resultsfile.StatusFailed,
			reason: "verification failed: C[3] = 1, want 2"},
		{name: "panic in a suite", inst: &fakeInst{verifyPanic: true}, status: resultsfile.StatusFailed, reason: "internal error: assignment to entry in nil map"},
		// Call 1 is the warm-up, so call 4 is the third timed sample.
		{name: "sampler error mid-run", inst: &fakeInst{ns: []float64{100}, errAt: 4}, status: resultsfile.StatusFailed, verified: true,
			reason: "sample 3: fence wait: VK_TIMEOUT"},
		{name: "zero duration", inst: &fakeInst{ns: []float64{100, 100, 0}}, status: resultsfile.StatusFailed, verified: true,
			reason: "sample 2: 0 ns: duration is not a positive, finite number of nanoseconds"},
		{name: "negative duration in warm-up", inst: &fakeInst{ns: []float64{-7}}, status: resultsfile.StatusFailed, verified: true,
			reason: "warm-up sample 1: -7 ns"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			closed := 0
			if tt.inst != nil {
				tt.inst.closed = &closed
			}
			k := fakeKernel("k", tt.inst, tt.setupErr)
			if tt.unsupported != "" {
				k.Supported = func(*gpu.PhysicalDevice, kernel.Variant) (bool, string) { return false, tt.unsupported }
				k.Setup = func(*gpu.Device, kernel.Variant, kernel.Params, kernel.Options) (kernel.Instance, error) {
					t.Error("Setup called for an unsupported variant")
					return nil, errors.New("unreachable")
				}
			}
			rs, _, err := runner.Run(context.Background(), d, options(k))
			if err != nil {
				t.Fatal(err)
			}
			if len(rs) != 1 {
				t.Fatalf("%d results, want 1", len(rs))
			}
			r := rs[0]
			if r.Status != tt.status || r.Verified != tt.verified || r.Noisy != tt.noisy {
				t.Errorf("status %s verified %v noisy %v (%s), want %s %v %v", r.Status, r.Verified, r.Noisy, r.Reason, tt.status, tt.verified, tt.noisy)
			}
			if (tt.reason == "") != (r.Reason == "") || !strings.Contains(r.Reason, tt.reason) {
				t.Errorf("reason %q, want %q", r.Reason, tt.reason)
			}
			if len(r.SamplesNS) != tt.samples || len(r.Metric.Samples) != tt.samples {
				t.Errorf("%d samples (%d metric samples), want %d", len(r.SamplesNS), len(r.Metric.Samples), tt.samples)
			}
			if r.Status != resultsfile.StatusOK && (r.Metric.Value != 0 || r.CI != (resultsfile.CI{}) || r.PercentOfPeak != 0) {
				t.Errorf("a %s result carries a figure: value %v CI %+v peak %v%%", r.Status, r.Metric.Value, r.CI, r.PercentOfPeak)
			}
			if tt.inst != nil && tt.setupErr == nil && tt.unsupported == "" && closed != 1 {
				t.Errorf("instance closed %d times, want 1", closed)
			}
		})
	}
}

// TestRunFigures checks what the runner derives from the samples.
func TestRunFigures(t *testing.T) {
	d := openDevice(t)
	var extraNS float64
	inst := &fakeInst{ns: []float64{1e6, 200, 100, 300}, extraNS: &extraNS} // warm-up 1e6 ns
	rs, _, err := runner.Run(context.Background(), d, options(fakeKernel("k", inst, nil)))
	if err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	if slices.Contains(r.SamplesNS, 1e6) {
		t.Errorf("the warm-up sample was timed: %v", r.SamplesNS)
	}
	if r.Clock != "fake-clock" || r.Repeats != 1 {
		t.Errorf("clock %q repeats %d, want the instance's clock and 1", r.Clock, r.Repeats)
	}
	// Throughput = Scale·Work/ns = 1000/ns Gop/s.
	for i, ns := range r.SamplesNS {
		if r.Metric.Samples[i] != 1000/ns {
			t.Errorf("metric sample %d = %v for %v ns, want %v", i, r.Metric.Samples[i], ns, 1000/ns)
		}
	}
	if extraNS != 300 || r.Extra["fake_extra"] != 1 || r.Extra["work_per_dispatch"] != 1000 {
		t.Errorf("extra %v (median ns %v), want fake_extra, work_per_dispatch and median 300 ns", r.Extra, extraNS)
	}
	if r.Metric.Value != 1000.0/300 || r.PercentOfPeak != 100*r.Metric.Value/100 || r.PeakName != "fp32" {
		t.Errorf("value %v, %v%% of %s", r.Metric.Value, r.PercentOfPeak, r.PeakName)
	}
	if r.Verify["max_abs_err"] != 0 || r.DurationS <= 0 {
		t.Errorf("verify %v duration %v", r.Verify, r.DurationS)
	}
}

// TestRunOnSample follows two benchmarks sample by sample: OnSample gets
// each timed sample's metric value (never the warm-up's), numbered, under
// the ID its result later has, before OnResult reports the benchmark.
func TestRunOnSample(t *testing.T) {
	d := openDevice(t)
	a := &fakeInst{ns: []float64{1e6, 200, 100, 300}} // warm-up 1e6 ns
	b := &fakeInst{ns: []float64{1e6, 50}}
	o := options(fakeKernel("a", a, nil), fakeKernel("b", b, nil))
	type sample struct {
		n int
		v float64
	}
	seen := map[string][]sample{}
	var events []string // "sample ID" and "result ID", in order
	o.OnSample = func(id string, n int, v float64) {
		seen[id] = append(seen[id], sample{n, v})
		events = append(events, "sample "+id)
	}
	o.OnResult = func(r *resultsfile.Result) { events = append(events, "result "+r.ID()) }
	rs, _, err := runner.Run(context.Background(), d, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 {
		t.Fatalf("%d results, want 2", len(rs))
	}
	for _, r := range rs {
		got := seen[r.ID()]
		if len(got) != len(r.Metric.Samples) {
			t.Fatalf("%s: OnSample called %d times for %d timed samples", r.ID(), len(got), len(r.Metric.Samples))
		}
		for i, s := range got {
			if s.n != i+1 || s.v != r.Metric.Samples[i] {
				t.Errorf("%s: OnSample %d = (%d, %v), want (%d, %v)", r.ID(), i, s.n, s.v, i+1, r.Metric.Samples[i])
			}
		}
	}
	// Every sample of a benchmark comes before its result, and the
	// second benchmark's after the first's result.
	first, second := rs[0].ID(), rs[1].ID()
	want := slices.Repeat([]string{"sample " + first}, len(rs[0].Metric.Samples))
	want = append(want, "result "+first)
	want = append(want, slices.Repeat([]string{"sample " + second}, len(rs[1].Metric.Samples))...)
	want = append(want, "result "+second)
	if !slices.Equal(events, want) {
		t.Errorf("events %v, want %v", events, want)
	}
}

// TestRunCancelled cancels a benchmark in its warm-up and in its
// sampling: the benchmark cut short is not a result (a resumed run runs
// it again), the next one does not run, Run returns the error; a
// benchmark that finished before the cancellation stays a result.
func TestRunCancelled(t *testing.T) {
	d := openDevice(t)
	tests := []struct {
		name     string
		cancelAt int // the first kernel's Sample call that cancels
		finished bool
	}{
		{name: "in the warm-up", cancelAt: 1},
		{name: "while sampling", cancelAt: 4},
		{name: "after the last sample", cancelAt: 7, finished: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			first := &fakeInst{ns: []float64{100}, cancelAt: tt.cancelAt, cancel: cancel}
			second := &fakeInst{ns: []float64{100}}
			var journaled []string
			o := options(fakeKernel("a", first, nil), fakeKernel("b", second, nil))
			o.OnResult = func(r *resultsfile.Result) { journaled = append(journaled, r.ID()) }
			rs, _, err := runner.Run(ctx, d, o)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("error %v, want context.Canceled", err)
			}
			if second.calls != 0 {
				t.Errorf("second kernel sampled %d times after the cancellation", second.calls)
			}
			want := 0
			if tt.finished {
				want = 1
			}
			if len(rs) != want || len(journaled) != want {
				t.Fatalf("%d results, %d given to OnResult (%v); want %d", len(rs), len(journaled), journaled, want)
			}
			if want == 1 && (rs[0].Status != resultsfile.StatusOK || len(rs[0].SamplesNS) != 6) {
				t.Errorf("finished benchmark: status %s, %d samples (%s); want ok with 6", rs[0].Status, len(rs[0].SamplesNS), rs[0].Reason)
			}
		})
	}
}

// smallGEMM runs one real kernel, the naive GEMM on a small size, with a
// short budget.
func smallGEMM(t *testing.T) runner.Options {
	t.Helper()
	suites, err := kernel.Lookup([]string{"matmul"})
	if err != nil {
		t.Fatal(err)
	}
	return runner.Options{
		Suites: suites, Filter: regexp.MustCompile(`^matmul/naive/`),
		Kernel:  kernel.Options{Sizes: []kernel.Params{{"M": 32, "N": 24, "K": 40}}, Seed: 1},
		MaxTime: 50 * time.Millisecond, Warmup: time.Millisecond, MinSamples: 3, TargetCI: 0.5,
	}
}

// TestRunGPUTimestamps runs a real kernel (the naive GEMM on a small size)
// through calibration and GPU-timestamp sampling.
func TestRunGPUTimestamps(t *testing.T) {
	d := openDevice(t)
	o := smallGEMM(t)
	var phases []string
	o.Progress = func(done, total int, name, phase string) { phases = append(phases, phase) }
	rs, hashes, err := runner.Run(context.Background(), d, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 {
		t.Fatalf("%d results, want 1", len(rs))
	}
	r := rs[0]
	if r.Status != resultsfile.StatusOK || !r.Verified || r.Clock != "gpu-timestamp" || r.Repeats < 1 || r.Repeats > 4096 {
		t.Fatalf("status %s (%s) verified %v clock %q repeats %d", r.Status, r.Reason, r.Verified, r.Clock, r.Repeats)
	}
	if len(r.SamplesNS) < 3 || r.Metric.Value <= 0 || r.Metric.Unit != "GFLOP/s" {
		t.Errorf("%d samples, value %v %s", len(r.SamplesNS), r.Metric.Value, r.Metric.Unit)
	}
	if hashes["matmul_naive.comp"] == "" {
		t.Errorf("no shader hash: %v", hashes)
	}
	for _, want := range []string{"setting up", "verifying", "calibrating", "warming up", "sampling 1", "done"} {
		if !slices.Contains(phases, want) {
			t.Errorf("phases %q lack %q", phases, want)
		}
	}
}

// TestPlan checks the order (kernel, size, variant) and the filter.
func TestPlan(t *testing.T) {
	sizes := func(kernel.Options) []kernel.Params { return []kernel.Params{{"N": 1}, {"N": 2}} }
	a := &kernel.Kernel{Suite: "s", Name: "a", Variants: []kernel.Variant{{Name: "x"}, {Name: "y"}}, Sizes: sizes}
	b := &kernel.Kernel{Suite: "s", Name: "b", Variants: []kernel.Variant{{Name: "x"}}}
	o := runner.Options{Suites: []*kernel.Suite{{Name: "s", Kernels: []*kernel.Kernel{a, b}}}}
	name := func(it runner.Item) string {
		return kernel.FullName(it.Kernel, it.Variant) + resultsfile.FormatParams(map[string]int64(it.Params))
	}
	var got []string
	for _, it := range runner.Plan(o) {
		got = append(got, name(it))
	}
	want := []string{"s/a/xN=1", "s/a/yN=1", "s/a/xN=2", "s/a/yN=2", "s/b/x"}
	if !slices.Equal(got, want) {
		t.Errorf("plan %q, want %q", got, want)
	}
	o.Filter = regexp.MustCompile(`/y$`)
	got = nil
	for _, it := range runner.Plan(o) {
		got = append(got, name(it))
	}
	if want := []string{"s/a/yN=1", "s/a/yN=2"}; !slices.Equal(got, want) {
		t.Errorf("filtered plan %q, want %q", got, want)
	}
	// Pinned: a pinned kernel runs its pins (a variant not in its list
	// included, each at its own size), an empty pin list runs nothing,
	// the filter still applies; unpinned kernels run as before.
	o.Filter = nil
	o.Kernel.Pinned = map[string][]kernel.Pin{"s/a": {{Params: kernel.Params{"N": 2}, Variant: kernel.Variant{Name: "z"}}, {Params: kernel.Params{"N": 7}, Variant: kernel.Variant{Name: "x"}}}}
	got = nil
	for _, it := range runner.Plan(o) {
		got = append(got, name(it))
	}
	if want := []string{"s/a/zN=2", "s/a/xN=7", "s/b/x"}; !slices.Equal(got, want) {
		t.Errorf("pinned plan %q, want %q", got, want)
	}
	o.Kernel.Pinned["s/b"] = nil
	o.Filter = regexp.MustCompile(`/x$`)
	got = nil
	for _, it := range runner.Plan(o) {
		got = append(got, name(it))
	}
	if want := []string{"s/a/xN=7"}; !slices.Equal(got, want) {
		t.Errorf("pinned, filtered plan %q, want %q", got, want)
	}
}

// TestRunShared checks that Setup gets its (kernel, size)'s shared state:
// the variants of a size build their input once, and each size its own.
func TestRunShared(t *testing.T) {
	d := openDevice(t)
	builds := map[int64]int{}
	k := &kernel.Kernel{
		Suite: "fake", Name: "k",
		Metric:    kernel.Metric{Name: "time", Unit: "ns", Better: resultsfile.LowerIsBetter, Scale: 1, Time: true},
		Variants:  []kernel.Variant{{Name: "x"}, {Name: "y"}, {Name: "z"}},
		Sizes:     func(kernel.Options) []kernel.Params { return []kernel.Params{{"N": 1}, {"N": 2}} },
		Supported: func(*gpu.PhysicalDevice, kernel.Variant) (bool, string) { return true, "" },
		Setup: func(_ *gpu.Device, _ kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
			in := kernel.Share(o.Shared, "input", func() int64 { builds[p["N"]]++; return p["N"] })
			if in != p["N"] {
				return nil, fmt.Errorf("size %d got the input of size %d", p["N"], in)
			}
			return &fakeInst{ns: []float64{100}}, nil
		},
	}
	rs, _, err := runner.Run(context.Background(), d, options(k))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if r.Status != resultsfile.StatusOK {
			t.Errorf("%s: %s %s", r.ID(), r.Status, r.Reason)
		}
	}
	if len(rs) != 6 || builds[1] != 1 || builds[2] != 1 {
		t.Errorf("%d results, builds per size %v; want 6 and one build per size", len(rs), builds)
	}
}

// TestDefaults checks the budgets a run gets when the options leave them
// unset, and that set ones are kept.
func TestDefaults(t *testing.T) {
	tests := []struct {
		name                 string
		in                   runner.Options
		ci                   float64
		maxTime, warmup, smp time.Duration
		warmupMax            time.Duration
		min, max             int
	}{
		{name: "full", ci: 0.01, maxTime: 10 * time.Second, warmup: 200 * time.Millisecond, smp: 2 * time.Millisecond, warmupMax: 2 * time.Second, min: 10, max: 200},
		{name: "quick", in: runner.Options{Kernel: kernel.Options{Quick: true}}, ci: 0.01, maxTime: time.Second, warmup: 20 * time.Millisecond, smp: 2 * time.Millisecond, warmupMax: time.Second, min: 5, max: 200},
		{name: "cpu", in: runner.Options{Kernel: kernel.Options{CPU: true}}, ci: 0.01, maxTime: 10 * time.Second, warmup: 200 * time.Millisecond, smp: 2 * time.Millisecond, warmupMax: 250 * time.Millisecond, min: 10, max: 200},
		{name: "cpu quick", in: runner.Options{Kernel: kernel.Options{CPU: true, Quick: true}}, ci: 0.01, maxTime: time.Second, warmup: 20 * time.Millisecond, smp: 2 * time.Millisecond, warmupMax: 100 * time.Millisecond, min: 5, max: 200},
		{name: "kept", in: runner.Options{TargetCI: 0.05, MaxTime: 3 * time.Second, Warmup: time.Millisecond, WarmupMax: 3 * time.Millisecond, SampleTime: time.Millisecond, MinSamples: 3, MaxSamples: 7, Kernel: kernel.Options{CPU: true}},
			ci: 0.05, maxTime: 3 * time.Second, warmup: time.Millisecond, smp: time.Millisecond, warmupMax: 3 * time.Millisecond, min: 3, max: 7},
	}
	for _, tt := range tests {
		o := tt.in
		o.Defaults()
		if o.TargetCI != tt.ci || o.MaxTime != tt.maxTime || o.Warmup != tt.warmup || o.WarmupMax != tt.warmupMax || o.SampleTime != tt.smp || o.MinSamples != tt.min || o.MaxSamples != tt.max {
			t.Errorf("%s: got ci %v max-time %v warm-up %v..%v sample %v samples %d..%d", tt.name, o.TargetCI, o.MaxTime, o.Warmup, o.WarmupMax, o.SampleTime, o.MinSamples, o.MaxSamples)
		}
	}
}

// notedInst is a fakeInst with a note.
type notedInst struct{ *fakeInst }

func (notedInst) Note() string {
	return "latency not measured: the device lacks VK_KHR_present_wait"
}

// TestRunNoter: an instance's note becomes the result's note; the
// result's ID stays the planned one.
func TestRunNoter(t *testing.T) {
	d := openDevice(t)
	inst := notedInst{&fakeInst{ns: []float64{100}}}
	k := fakeKernel("k", nil, nil)
	k.Setup = func(*gpu.Device, kernel.Variant, kernel.Params, kernel.Options) (kernel.Instance, error) {
		return inst, nil
	}
	o := options(k)
	clock := &fakeClock{} // options gives only *fakeInst its clock
	inst.clock, o.Clock = clock, clock
	plan := runner.Plan(o)
	rs, _, err := runner.Run(context.Background(), d, o)
	if err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	if r.Status != resultsfile.StatusOK || !strings.Contains(r.Note, "lacks VK_KHR_present_wait") {
		t.Errorf("status %s, note %q; want ok with the instance's note", r.Status, r.Note)
	}
	if len(plan) != 1 || plan[0].ID() != r.ID() {
		t.Errorf("result ID %s, planned %v", r.ID(), plan)
	}
}

// infInst fails its check with figures JSON cannot hold.
type infInst struct{ *fakeInst }

func (infInst) Verify() (map[string]float64, error) {
	return map[string]float64{"max_abs_err": math.Inf(1), "nan": math.NaN(), "checked": 4}, errors.New("C[0][0] = NaN")
}

func (infInst) Extra(float64) map[string]float64 {
	return map[string]float64{"inf": math.Inf(-1), "ok": 1}
}

// TestRunNonFiniteFigures: NaN and ±Inf figures (a failed check of an
// output full of NaN) are dropped, so the result can be written.
func TestRunNonFiniteFigures(t *testing.T) {
	d := openDevice(t)
	k := fakeKernel("k", nil, nil)
	k.Setup = func(*gpu.Device, kernel.Variant, kernel.Params, kernel.Options) (kernel.Instance, error) {
		return infInst{&fakeInst{ns: []float64{100}}}, nil
	}
	rs, _, err := runner.Run(context.Background(), d, options(k))
	if err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	if r.Status != resultsfile.StatusFailed || len(r.Verify) != 1 || r.Verify["checked"] != 4 {
		t.Errorf("status %s, verify %v; want a failure keeping only the finite figure", r.Status, r.Verify)
	}
	if _, err := json.Marshal(r); err != nil {
		t.Errorf("the result cannot be written: %v", err)
	}
}

// TestSetUpEach: SetUpEach gives every planned benchmark Run's Setup
// outcome — the same skip and failure reasons, the same shared state per
// size — and never verifies or samples; the instance is open during the
// callback and closed after it.
func TestSetUpEach(t *testing.T) {
	d := openDevice(t)
	builds := map[int64]int{}
	var live []*fakeInst
	k := &kernel.Kernel{
		Suite: "fake", Name: "k",
		Metric:   kernel.Metric{Name: "time", Unit: "ns", Better: resultsfile.LowerIsBetter, Scale: 1, Time: true},
		Variants: []kernel.Variant{{Name: "ok"}, {Name: "unsupported"}, {Name: "skip"}, {Name: "error"}, {Name: "panic"}},
		Sizes:    func(kernel.Options) []kernel.Params { return []kernel.Params{{"N": 1}, {"N": 2}} },
		Supported: func(_ *gpu.PhysicalDevice, v kernel.Variant) (bool, string) {
			if v.Name == "unsupported" {
				return false, "device lacks shaderFloat16"
			}
			return true, ""
		},
		Setup: func(_ *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
			kernel.Share(o.Shared, "input", func() int64 { builds[p["N"]]++; return p["N"] })
			switch v.Name {
			case "skip":
				return nil, kernel.Skipf("needs %d GiB", 64)
			case "error":
				return nil, errors.New("allocate A: out of memory")
			case "panic":
				var m map[string]int
				m["x"] = 1
			}
			f := &fakeInst{verifyErr: errors.New("Verify called"), errAt: 1, closed: new(int)}
			live = append(live, f)
			return f, nil
		},
	}
	want := map[string][2]string{
		"ok":          {"", ""},
		"unsupported": {resultsfile.StatusSkipped, "device lacks shaderFloat16"},
		"skip":        {resultsfile.StatusSkipped, "needs 64 GiB"},
		"error":       {resultsfile.StatusFailed, "setup: allocate A: out of memory"},
		"panic":       {resultsfile.StatusFailed, "internal error: assignment to entry in nil map"},
	}
	o := options(k)
	var ids []string
	err := runner.SetUpEach(context.Background(), d, o, func(it runner.Item, r *resultsfile.Result, inst kernel.Instance) {
		ids = append(ids, r.ID())
		w := want[it.Variant.Name]
		if r.Status != w[0] || r.Reason != w[1] || r.ID() != it.ID() {
			t.Errorf("%s: status %q reason %q, want %q %q", r.ID(), r.Status, r.Reason, w[0], w[1])
		}
		if (inst != nil) != (w[0] == "") {
			t.Errorf("%s: instance %v with status %q", r.ID(), inst, r.Status)
		}
		if f, ok := inst.(*fakeInst); ok && (*f.closed != 0 || f.calls != 0) {
			t.Errorf("%s: instance closed %d times or sampled %d times before the callback", r.ID(), *f.closed, f.calls)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != 10 || builds[1] != 1 || builds[2] != 1 {
		t.Errorf("%d benchmarks %v, builds per size %v; want 10 and one build per size", len(ids), ids, builds)
	}
	for _, f := range live {
		if *f.closed != 1 || f.calls != 0 {
			t.Errorf("instance closed %d times, sampled %d times; want 1 and 0", *f.closed, f.calls)
		}
	}
	// The same kernel through Run: the same reasons.
	rs, _, err := runner.Run(context.Background(), d, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if w := want[r.Variant["name"]]; w[0] != "" && (r.Status != w[0] || r.Reason != w[1]) {
			t.Errorf("Run %s: %q %q, SetUpEach gave %q %q", r.ID(), r.Status, r.Reason, w[0], w[1])
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := runner.SetUpEach(ctx, d, o, func(runner.Item, *resultsfile.Result, kernel.Instance) { t.Error("called after cancel") }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled SetUpEach: %v", err)
	}
}
