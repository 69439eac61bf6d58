// Package latency is the latency suite: the GPU time of an empty dispatch
// (GPU timestamps), dispatch throughput with and without a barrier between
// dispatches (GPU timestamps), the submit-to-fence round trip of one
// command buffer on the CPU clock (median and p99, through bench/gpu's Go
// path — vulkan-go's fence calls around a submit built in C — and through
// a lean C path), and one queue submit of many command buffers (CPU
// clock). Every figure's clock is recorded in the result's "clock" field.
// Each dispatch writes one word, so every kernel is checked.
package latency

import (
	"encoding/binary"
	"fmt"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
	"github.com/radvbench/radvbench/shaders"
)

const (
	shader = "lat_empty.comp"
	// throughputDispatches is how many dispatches one throughput iteration
	// records into the command buffer.
	throughputDispatches = 256
	// multiCBs is how many command buffers the multi-submit kernel submits.
	multiCBs = 64
	// tripsPerSample is how many round trips one CPU-clock sample times
	// (the sample is their median; all of them feed the p99).
	tripsPerSample = 32
	baseValue      = 0x5EED0000
	// maxPolls bounds a busy-polled wait (far beyond any sane round trip).
	maxPolls = 1 << 32
)

type kind int

const (
	kEmpty kind = iota
	kThroughput
	kRoundTrip
	kMultiSubmit
)

type cfg struct {
	kind  kind
	chain bool // barrier between dispatches, each reading the last one's word
	lean  bool // submit through the C path instead of vulkan-go
	poll  bool // busy-poll the fence instead of vkWaitForFences
}

func init() {
	always := func(*gpu.PhysicalDevice, kernel.Variant) (bool, string) { return true, "" }
	usec := kernel.Metric{Name: "round_trip", Unit: "µs", Better: resultsfile.LowerIsBetter, Scale: 1e-3, Time: true}
	kernel.Register(&kernel.Suite{
		Name:        "latency",
		Description: "empty-dispatch GPU time, dispatch throughput, submit-to-fence round trip (CPU clock), many command buffers per submit",
		Kernels: []*kernel.Kernel{
			{
				Name:        "empty",
				Description: "GPU time of one near-empty dispatch (1 invocation) between two timestamps, barrier included; clock: GPU timestamps",
				Shaders:     []string{shader},
				Metric:      kernel.Metric{Name: "gpu_time", Unit: "ns", Better: resultsfile.LowerIsBetter, Scale: 1, Time: true},
				Variants:    []kernel.Variant{{Name: "1x1", Params: map[string]string{"invocations": "1"}, Data: cfg{kind: kEmpty}}},
				Supported:   always, Setup: setup, Serial: true,
			},
			{
				Name:        "throughput",
				Description: fmt.Sprintf("%d near-empty dispatches recorded in one command buffer, with or without a barrier between them; clock: GPU timestamps", throughputDispatches),
				Shaders:     []string{shader},
				Metric:      kernel.Metric{Name: "dispatch_rate", Unit: "dispatches/s", Better: resultsfile.HigherIsBetter, Scale: 1e9},
				Variants: []kernel.Variant{
					{Name: "nobarrier", Params: map[string]string{"barrier": "no"}, Data: cfg{kind: kThroughput}},
					{Name: "barrier", Params: map[string]string{"barrier": "yes"}, Data: cfg{kind: kThroughput, chain: true}},
				},
				Supported: always, Setup: setup,
			},
			{
				Name:        "roundtrip",
				Description: "vkQueueSubmit of one command buffer (one near-empty dispatch) until its fence signals, median per sample; p50/p99 of all trips in extra; clock: CPU monotonic",
				Shaders:     []string{shader},
				Metric:      usec,
				Variants: []kernel.Variant{
					{Name: "lean", Params: map[string]string{"api": "c-shim"}, Data: cfg{kind: kRoundTrip, lean: true}},
					{Name: "lean-poll", Params: map[string]string{"api": "c-shim", "wait": "poll"}, Data: cfg{kind: kRoundTrip, lean: true, poll: true}},
					{Name: "vulkan-go", Params: map[string]string{"api": "vulkan-go"}, Data: cfg{kind: kRoundTrip}},
				},
				Supported: always, Setup: setup,
			},
			{
				Name:        "multisubmit",
				Description: fmt.Sprintf("one vkQueueSubmit of %d command buffers (one near-empty dispatch each) until its fence signals; µs per submit, ns per command buffer in extra; clock: CPU monotonic", multiCBs),
				Shaders:     []string{shader},
				Metric:      kernel.Metric{Name: "submit_time", Unit: "µs", Better: resultsfile.LowerIsBetter, Scale: 1e-3, Time: true},
				Variants:    []kernel.Variant{{Name: fmt.Sprintf("cbs%d", multiCBs), Params: map[string]string{"command_buffers": fmt.Sprint(multiCBs), "api": "c-shim"}, Data: cfg{kind: kMultiSubmit, lean: true}}},
				Supported:   always, Setup: setup,
			},
		},
	})
}

func push(slot, value uint32) []byte {
	b := make([]byte, 8)
	binary.LittleEndian.PutUint32(b, slot)
	binary.LittleEndian.PutUint32(b[4:], value)
	return b
}

// inst is the shared part of every latency instance.
type inst struct {
	cfg    cfg
	dev    *gpu.Device
	pipe   *gpu.ComputePipeline
	out    *gpu.Buffer
	slots  int
	pushes [][]byte
	// CPU-clock kernels:
	cbs   []*gpu.CommandBuffer
	sub   *gpu.Submitter
	trips []float64
}

func setup(d *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
	c := v.Data.(cfg)
	in := &inst{cfg: c, dev: d, slots: 1}
	switch c.kind {
	case kThroughput:
		in.slots = throughputDispatches
	case kMultiSubmit:
		in.slots = multiCBs
	}
	fail := func(err error) (kernel.Instance, error) {
		in.Close()
		return nil, err
	}
	var err error
	if in.out, err = d.NewBuffer(uint64(4*in.slots), gpu.HostVisible); err != nil {
		return fail(fmt.Errorf("allocate output: %w", err))
	}
	spirv, err := shaders.Get(shader)
	if err != nil {
		return fail(err)
	}
	chain := uint32(0)
	if c.chain {
		chain = 1
	}
	if in.pipe, err = d.NewComputePipeline(gpu.ComputeSpec{Name: shader, SPIRV: spirv, Buffers: 1, PushSize: 8, SpecConstants: []uint32{1, chain}}); err != nil {
		return fail(err)
	}
	in.pipe.Bind(in.out)
	for s := 0; s < in.slots; s++ {
		in.pushes = append(in.pushes, push(uint32(s), baseValue+uint32(s)))
	}
	if c.kind == kRoundTrip || c.kind == kMultiSubmit {
		n := 1
		if c.kind == kMultiSubmit {
			n = multiCBs
		}
		for i := 0; i < n; i++ {
			cb, err := d.NewCommandBuffer()
			if err != nil {
				return fail(err)
			}
			in.cbs = append(in.cbs, cb)
			if err := cb.Begin(); err != nil {
				return fail(err)
			}
			in.pipe.Dispatch(cb, in.pushes[i], 1, 1, 1)
			if err := cb.End(); err != nil {
				return fail(err)
			}
		}
		if c.lean {
			if in.sub, err = d.NewSubmitter(in.cbs...); err != nil {
				return fail(err)
			}
		}
		return &timed{in}, nil
	}
	return in, nil
}

// Record records the kernel's dispatches (for the timestamped kernels, one
// iteration; for the CPU-clock ones, the same work as one submission).
func (in *inst) Record(cb *gpu.CommandBuffer) {
	for s := 0; s < in.slots; s++ {
		if s > 0 && in.cfg.chain {
			cb.Barrier()
		}
		in.pipe.Dispatch(cb, in.pushes[s], 1, 1, 1)
	}
}

// Work is dispatches per iteration (the throughput kernel's numerator).
func (in *inst) Work() float64 { return float64(in.slots) }

func (in *inst) Verify() (map[string]float64, error) {
	got := make([]byte, 4*in.slots)
	if err := in.out.Download(got); err != nil {
		return nil, fmt.Errorf("read back: %w", err)
	}
	bad, first := 0, -1
	var g0, w0 uint32
	for s := 0; s < in.slots; s++ {
		g := binary.LittleEndian.Uint32(got[4*s:])
		w := baseValue + uint32(s) // the chain adds one per slot from the same base
		if g != w {
			if first < 0 {
				first, g0, w0 = s, g, w
			}
			bad++
		}
	}
	figs := map[string]float64{"checked_dispatches": float64(in.slots), "mismatches": float64(bad)}
	if bad > 0 {
		return figs, fmt.Errorf("%d of %d dispatches wrote the wrong word; first: slot %d = %#x, want %#x", bad, in.slots, first, g0, w0)
	}
	return figs, nil
}

func (in *inst) Close() {
	in.sub.Close()
	for _, cb := range in.cbs {
		cb.Close()
	}
	in.pipe.Close()
	in.out.Close()
}

// timed is an instance timed on the CPU clock (kernel.Timer).
type timed struct{ *inst }

// clear zeroes the output so Verify sees what the timed path wrote.
func (t *timed) clear() error { return t.out.Upload(make([]byte, t.out.Size)) }

func (t *timed) trip() (float64, error) {
	start := time.Now()
	var err error
	switch {
	case t.sub != nil && t.cfg.poll:
		err = t.sub.SubmitPoll(maxPolls)
	case t.sub != nil:
		err = t.sub.SubmitWait()
	default:
		err = t.dev.Submit(t.cbs...)
	}
	if err != nil {
		return 0, err
	}
	return float64(time.Since(start).Nanoseconds()), nil
}

// Verify checks a submission made the way the timed path makes it.
func (t *timed) Verify() (map[string]float64, error) {
	if err := t.clear(); err != nil {
		return nil, fmt.Errorf("clear output: %w", err)
	}
	if _, err := t.trip(); err != nil {
		return nil, fmt.Errorf("timed submission: %w", err)
	}
	return t.inst.Verify()
}

// Sample times tripsPerSample submit-to-fence round trips and returns
// their median in nanoseconds.
func (t *timed) Sample() (float64, error) {
	batch := make([]float64, 0, tripsPerSample)
	for range tripsPerSample {
		ns, err := t.trip()
		if err != nil {
			return 0, err
		}
		batch = append(batch, ns)
	}
	t.trips = append(t.trips, batch...)
	return stats.QuantileOf(batch, 0.5), nil
}

func (t *timed) Clock() string { return "cpu-monotonic" }

func (t *timed) Extra(float64) map[string]float64 {
	if len(t.trips) == 0 {
		return nil
	}
	x := map[string]float64{
		"p50_us":           stats.QuantileOf(t.trips, 0.5) / 1e3,
		"p99_us":           stats.QuantileOf(t.trips, 0.99) / 1e3,
		"min_us":           stats.QuantileOf(t.trips, 0) / 1e3,
		"round_trips":      float64(len(t.trips)),
		"trips_per_sample": tripsPerSample,
	}
	if t.cfg.kind == kMultiSubmit {
		x["command_buffers"] = multiCBs
		x["ns_per_command_buffer"] = stats.QuantileOf(t.trips, 0.5) / multiCBs
	}
	return x
}
