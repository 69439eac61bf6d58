package runner

import (
	"fmt"
	"math"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
)

// maxRepeats bounds how many dispatches one sample may batch.
const maxRepeats = 4096

// sampler times batches of dispatches with two GPU timestamps.
type sampler struct {
	dev     *gpu.Device
	inst    kernel.Instance
	serial  bool
	ts      *gpu.TimestampPool
	cb      *gpu.CommandBuffer
	repeats int
}

func newSampler(dev *gpu.Device, inst kernel.Instance, serial bool) (*sampler, error) {
	ts, err := dev.NewTimestampPool(2)
	if err != nil {
		return nil, err
	}
	cb, err := dev.NewCommandBuffer()
	if err != nil {
		ts.Close()
		return nil, err
	}
	return &sampler{dev: dev, inst: inst, serial: serial, ts: ts, cb: cb}, nil
}

func (s *sampler) close() {
	s.cb.Close()
	s.ts.Close()
}

// record builds the sample command buffer: reset, timestamp, n dispatches
// each followed by a barrier (so each dispatch sees the previous one
// finished, as dependent kernels do), timestamp.
func (s *sampler) record(n int) error {
	if err := s.cb.Begin(); err != nil {
		return err
	}
	s.ts.Reset(s.cb)
	s.ts.Write(s.cb, 0)
	for i := 0; i < n; i++ {
		s.inst.Record(s.cb)
		s.cb.Barrier()
	}
	s.ts.Write(s.cb, 1)
	if err := s.cb.End(); err != nil {
		return err
	}
	s.repeats = n
	return nil
}

// sample submits the command buffer and returns GPU nanoseconds per
// dispatch.
func (s *sampler) sample() (float64, error) {
	if err := s.dev.Submit(s.cb); err != nil {
		return 0, fmt.Errorf("sample: %w", err)
	}
	t, err := s.ts.Ticks()
	if err != nil {
		return 0, fmt.Errorf("sample: %w", err)
	}
	ns := s.ts.DeltaNS(t[0], t[1])
	if ns <= 0 {
		return 0, fmt.Errorf("sample: GPU timestamps did not advance (%d -> %d)", t[0], t[1])
	}
	return ns / float64(s.repeats), nil
}

// calibrate picks the number of dispatches per sample so that a sample
// spans at least target of GPU time (at least 1000 timer ticks).
func (s *sampler) calibrate(target time.Duration) (int, error) {
	if err := s.record(1); err != nil {
		return 0, err
	}
	if s.serial {
		return 1, nil
	}
	one := math.Inf(1)
	for range 2 { // the first submit may include one-off costs
		ns, err := s.sample()
		if err != nil {
			return 0, err
		}
		one = math.Min(one, ns)
	}
	want := math.Max(float64(target.Nanoseconds()), 1000*s.ts.PeriodNS)
	n := int(math.Ceil(want / one))
	n = max(1, min(n, maxRepeats))
	if n > 1 {
		if err := s.record(n); err != nil {
			return 0, err
		}
	}
	return n, nil
}
