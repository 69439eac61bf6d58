package runner

import (
	"fmt"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
)

// maxRepeats bounds how many dispatches one sample may batch.
const maxRepeats = 4096

// sampler times batches of dispatches with two GPU timestamps. It is the
// GPU side of the measurement; the policy (how many repeats, when to stop)
// is bench/measure's.
type sampler struct {
	dev     *gpu.Device
	inst    kernel.Instance
	ts      *gpu.TimestampPool
	cb      *gpu.CommandBuffer
	repeats int
}

func newSampler(dev *gpu.Device, inst kernel.Instance) (*sampler, error) {
	ts, err := dev.NewTimestampPool(2)
	if err != nil {
		return nil, err
	}
	cb, err := dev.NewCommandBuffer()
	if err != nil {
		ts.Close()
		return nil, err
	}
	return &sampler{dev: dev, inst: inst, ts: ts, cb: cb}, nil
}

func (s *sampler) close() {
	s.cb.Close()
	s.ts.Close()
}

// record builds the sample command buffer: reset, timestamp, n dispatches
// each followed by a barrier (so each dispatch sees the previous one
// finished, as dependent kernels do), timestamp.
func (s *sampler) record(n int) error {
	if s.repeats == n {
		return nil
	}
	if err := s.cb.Begin(); err != nil {
		return fmt.Errorf("record %d dispatches: %w", n, err)
	}
	s.ts.Reset(s.cb)
	s.ts.Write(s.cb, 0)
	for i := 0; i < n; i++ {
		s.inst.Record(s.cb)
		s.cb.Barrier()
	}
	s.ts.Write(s.cb, 1)
	if err := s.cb.End(); err != nil {
		return fmt.Errorf("record %d dispatches: %w", n, err)
	}
	s.repeats = n
	return nil
}

// time records n dispatches (when not already recorded) and samples them:
// the "time n repeats" function measure.Calibrate takes.
func (s *sampler) time(n int) (float64, error) {
	if err := s.record(n); err != nil {
		return 0, err
	}
	return s.sample()
}

// sample submits the command buffer and returns GPU nanoseconds per
// dispatch.
func (s *sampler) sample() (float64, error) {
	if err := s.dev.Submit(s.cb); err != nil {
		return 0, fmt.Errorf("submit: %w", err)
	}
	t, err := s.ts.Ticks()
	if err != nil {
		return 0, fmt.Errorf("read timestamps: %w", err)
	}
	ns := s.ts.DeltaNS(t[0], t[1])
	if ns <= 0 {
		return 0, fmt.Errorf("GPU timestamps did not advance (%d -> %d)", t[0], t[1])
	}
	return ns / float64(s.repeats), nil
}
