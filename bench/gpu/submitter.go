package gpu

import (
	"fmt"

	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

// Submitter submits a fixed set of recorded command buffers on the
// device's queue in one vkQueueSubmit and waits for its own fence, in C
// with pre-built structures: a CPU-clock round trip measures the driver,
// not the Go binding. Every call returns only after the work finished (or
// the device was marked lost), so nothing stays in flight.
type Submitter struct {
	dev    *Device
	s      *vkshim.Submitter
	cbs    []*CommandBuffer
	closed bool
}

// NewSubmitter prepares lean submissions of cbs, which must stay recorded
// and open while the submitter is used.
func (d *Device) NewSubmitter(cbs ...*CommandBuffer) (*Submitter, error) {
	if d.lost != nil {
		return nil, d.lost
	}
	if d.compileOnly {
		return &Submitter{dev: d, cbs: cbs}, nil // submits nothing
	}
	hs := make([]vk.CommandBuffer, len(cbs))
	for i, c := range cbs {
		hs[i] = c.h
	}
	s, r := d.fns.NewSubmitter(d.queue, hs)
	if err := d.check("prepare lean submit", r); err != nil {
		return nil, err
	}
	return &Submitter{dev: d, s: s, cbs: cbs}, nil
}

func (s *Submitter) ready(op string) error {
	if s.closed {
		return fmt.Errorf("%s: submitter is closed", op)
	}
	if err := s.dev.Lost(); err != nil {
		return err
	}
	if s.dev.inflight {
		return s.dev.wait()
	}
	return nil
}

// SubmitWait submits and sleeps in vkWaitForFences, bounded by the
// device's timeout.
func (s *Submitter) SubmitWait() error {
	if err := s.ready("submit and wait"); err != nil || s.s == nil {
		return err
	}
	return s.dev.fail(s.dev.timeout("submit and wait", s.s.SubmitWait(uint64(s.dev.Timeout.Nanoseconds()))))
}

// SubmitPoll submits and busy-polls vkGetFenceStatus at most maxPolls
// times; running out is a timeout (the device is marked hung).
func (s *Submitter) SubmitPoll(maxPolls uint64) error {
	if err := s.ready("submit and poll"); err != nil || s.s == nil {
		return err
	}
	return s.dev.fail(s.dev.timeout("submit and poll", s.s.SubmitPoll(maxPolls)))
}

// Close destroys the submitter's fence; safe to call twice.
func (s *Submitter) Close() {
	if s == nil || s.closed {
		return
	}
	s.closed = true
	if s.dev.release() {
		s.s.Close()
	}
}
