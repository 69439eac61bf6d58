package supervise

// Following a child: its protocol messages, each result journaled, its
// turns in lockstep, the watchdog restarted on every message.

import (
	"context"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// follower follows one child of run run and configuration c to its end
// and keeps what end classifies: the benchmark the child was running
// when it ended, and why it ended.
type follower struct {
	s     *Supervisor
	ctx   context.Context
	run   int
	c     Config
	p     *childProc
	wd    Watchdog
	done  map[string]bool
	order *[]string

	out      childOutcome
	cur      *resultsfile.Result // the benchmark running (nil: none)
	curStart time.Time
	// timedOut: the watchdog killed the child; interrupted: ctx or the
	// lockstep did; gotEnd: it sent its end; lostReported: a result it
	// sent lost the device.
	timedOut, interrupted, gotEnd, lostReported bool
	// fatal ends the whole run (the results could not be recorded).
	fatal error
}

// follow reads the child's messages until its protocol pipe closes. Each
// message restarts the watchdog; when the watchdog fires, ctx is
// cancelled or recording fails, the child's process group is killed
// (and its pipe closes).
func (f *follower) follow() {
	for {
		select {
		case m, ok := <-f.p.msgs:
			if !ok {
				return
			}
			f.wd.Reset()
			f.handle(m)
		case <-f.wd.C():
			f.timedOut = true
			f.p.kill()
		case <-f.ctx.Done():
			f.interrupted = true
			f.p.kill()
		}
	}
}

// handle acts on one message (see Msg).
func (f *follower) handle(m Msg) {
	s := f.s
	switch {
	case m.Header != nil:
		f.header(m)
	case (m.Ready != "" || m.ReadySample != "") && s.Lockstep != nil:
		f.turn(m)
	case m.Start != "":
		f.cur, f.curStart = m.Item, time.Now()
		if f.cur == nil {
			f.cur = &resultsfile.Result{Suite: "?", Kernel: m.Start}
		} else if s.OnStart != nil {
			s.OnStart(f.cur)
		}
	case m.Sample != nil:
		if s.OnSample != nil {
			s.OnSample(m.Sample.ID, m.Sample.N, m.Sample.Value)
		}
	case m.Result != nil:
		f.result(m)
	case m.End:
		f.gotEnd = true
		if s.Lockstep != nil {
			s.Lockstep.Release(s.Side)
		}
	}
}

// header records a child's header and plan; the run's order is the first
// child's.
func (f *follower) header(m Msg) {
	s := f.s
	if s.OnHeader != nil {
		s.OnHeader(f.c, m.Header)
	}
	s.Recorder.ConfigHeader(f.c.Name, m.Header)
	if err := s.Recorder.SetHeader(m.Header, m.Plan); err != nil {
		f.fatal = err
		f.p.kill()
	}
	if *f.order == nil {
		*f.order = m.Order
	}
}

// turn waits for the child's turn in lockstep (m says it is ready for a
// benchmark or a sample) and gives it the go. Waiting for the other
// side's turn is not a hang: the watchdog restarts when the turn comes.
func (f *follower) turn(m Msg) {
	s := f.s
	var err error
	if m.Ready != "" {
		err = s.Lockstep.Acquire(f.ctx, s.Side, m.Ready)
	} else {
		err = s.Lockstep.AcquireSample(f.ctx, s.Side, m.ReadySample)
	}
	if err != nil {
		f.interrupted = true
		f.p.kill()
		return
	}
	f.wd.Reset()
	if _, err := f.p.turnW.Write([]byte{1}); err != nil {
		s.Lockstep.Release(s.Side) // the child is gone; end classifies its exit
	}
}

// result journals a finished benchmark (a device loss counted, with the
// kernel log's new GPU-fault lines) and marks it done.
func (f *follower) result(m Msg) {
	s, res := f.s, m.Result
	if m.DeviceLost {
		s.Stats.Lost++
		f.lostReported = true
		res.Reason = s.withKernelLog(res.Reason)
	}
	if err := s.Recorder.Add(f.run, f.c.Name, res, m.Shaders); err != nil {
		f.fatal = err
		f.p.kill()
	}
	f.done[res.ID()] = true
	f.out.results++
	f.cur = nil
}
