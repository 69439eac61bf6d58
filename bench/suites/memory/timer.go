package memory

import (
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
)

// tsTimer times batches of an instance's dispatches between two GPU
// timestamps, like the runner's sampler, but keeps the per-dispatch times
// so the instance can report derived figures (ns per access) in Extra.
type tsTimer struct {
	dev     *gpu.Device
	record  func(cb *gpu.CommandBuffer)
	ts      *gpu.TimestampPool
	cb      *gpu.CommandBuffer
	repeats int
	samples []float64
}

// sampleTarget is the GPU time one sample spans.
const sampleTarget = 2 * time.Millisecond

func newTSTimer(d *gpu.Device, record func(cb *gpu.CommandBuffer)) (*tsTimer, error) {
	ts, err := d.NewTimestampPool(2)
	if err != nil {
		return nil, err
	}
	cb, err := d.NewCommandBuffer()
	if err != nil {
		ts.Close()
		return nil, err
	}
	return &tsTimer{dev: d, record: record, ts: ts, cb: cb}, nil
}

func (t *tsTimer) close() {
	t.cb.Close()
	t.ts.Close()
}

func (t *tsTimer) build(n int) error {
	if err := t.cb.Begin(); err != nil {
		return err
	}
	t.ts.Reset(t.cb)
	t.ts.Write(t.cb, 0)
	for range n {
		t.record(t.cb)
		t.cb.Barrier()
	}
	t.ts.Write(t.cb, 1)
	if err := t.cb.End(); err != nil {
		return err
	}
	t.repeats = n
	return nil
}

func (t *tsTimer) run() (float64, error) {
	if err := t.dev.Submit(t.cb); err != nil {
		return 0, fmt.Errorf("sample: %w", err)
	}
	tk, err := t.ts.Ticks()
	if err != nil {
		return 0, fmt.Errorf("sample: %w", err)
	}
	ns := t.ts.DeltaNS(tk[0], tk[1])
	if ns <= 0 {
		return 0, fmt.Errorf("sample: GPU timestamps did not advance (%d -> %d)", tk[0], tk[1])
	}
	return ns / float64(t.repeats), nil
}

// Sample returns GPU nanoseconds per dispatch; the first call calibrates
// how many dispatches one sample batches.
func (t *tsTimer) Sample() (float64, error) {
	if t.repeats == 0 {
		if err := t.build(1); err != nil {
			return 0, err
		}
		one := math.Inf(1)
		for range 2 {
			ns, err := t.run()
			if err != nil {
				return 0, err
			}
			one = math.Min(one, ns)
		}
		want := math.Max(float64(sampleTarget.Nanoseconds()), 1000*t.ts.PeriodNS)
		n := max(1, min(int(math.Ceil(want/one)), 4096))
		if err := t.build(n); err != nil {
			return 0, err
		}
	}
	ns, err := t.run()
	if err == nil {
		t.samples = append(t.samples, ns)
	}
	return ns, err
}

// Clock names the clock of the samples.
func (t *tsTimer) Clock() string { return "gpu-timestamp" }

// median of the samples so far (warm-up included; it is a median).
func (t *tsTimer) median() float64 {
	if len(t.samples) == 0 {
		return 0
	}
	s := append([]float64(nil), t.samples...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
