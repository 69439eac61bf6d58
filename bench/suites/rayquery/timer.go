package rayquery

import (
	"fmt"
	"math"
	"sort"

	"github.com/radvbench/radvbench/bench/gpu"
)

// batchTimer times batches of recorded work between two GPU timestamps,
// like the runner's sampler, and keeps the samples so that instances can
// report per-ray and per-primitive figures (kernel.Timer).
type batchTimer struct {
	dev     *gpu.Device
	record  func(cb *gpu.CommandBuffer)
	ts      *gpu.TimestampPool
	cb      *gpu.CommandBuffer
	repeats int
	samples []float64
}

// sampleTarget is the GPU time one sample should span.
const sampleTarget = 2e6 // ns

func newBatchTimer(d *gpu.Device, record func(cb *gpu.CommandBuffer)) (*batchTimer, error) {
	ts, err := d.NewTimestampPool(2)
	if err != nil {
		return nil, err
	}
	cb, err := d.NewCommandBuffer()
	if err != nil {
		ts.Close()
		return nil, err
	}
	return &batchTimer{dev: d, record: record, ts: ts, cb: cb}, nil
}

func (t *batchTimer) recordBatch(n int) error {
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

func (t *batchTimer) run() (float64, error) {
	if err := t.dev.Submit(t.cb); err != nil {
		return 0, fmt.Errorf("sample: %w", err)
	}
	ticks, err := t.ts.Ticks()
	if err != nil {
		return 0, fmt.Errorf("sample: %w", err)
	}
	ns := t.ts.DeltaNS(ticks[0], ticks[1])
	if ns <= 0 {
		return 0, fmt.Errorf("sample: GPU timestamps did not advance")
	}
	return ns / float64(t.repeats), nil
}

// Sample returns GPU nanoseconds per iteration; the first call calibrates
// the batch size.
func (t *batchTimer) Sample() (float64, error) {
	if t.repeats == 0 {
		if err := t.recordBatch(1); err != nil {
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
		want := math.Max(sampleTarget, 1000*t.ts.PeriodNS)
		if n := max(1, min(int(math.Ceil(want/one)), 4096)); n > 1 {
			if err := t.recordBatch(n); err != nil {
				return 0, err
			}
		}
	}
	ns, err := t.run()
	if err == nil {
		t.samples = append(t.samples, ns)
	}
	return ns, err
}

func (t *batchTimer) Clock() string { return "gpu-timestamp" }

// median of the samples so far (the last ones are the timed ones; warm-up
// samples are few and close).
func (t *batchTimer) median() float64 {
	if len(t.samples) == 0 {
		return 0
	}
	s := append([]float64(nil), t.samples...)
	sort.Float64s(s)
	return s[len(s)/2]
}

func (t *batchTimer) Close() {
	t.cb.Close()
	t.ts.Close()
}
