package supervise

// The watchdog: a child that reports nothing for the budget is killed,
// with its process group.

import "time"

// Watchdog is a resettable timer.
type Watchdog interface {
	C() <-chan time.Time
	// Reset restarts the budget; Stop releases the timer.
	Reset()
	Stop()
}

type clockWatchdog struct {
	t *time.Timer
	d time.Duration
}

func (w *clockWatchdog) C() <-chan time.Time { return w.t.C }
func (w *clockWatchdog) Stop()               { w.t.Stop() }
func (w *clockWatchdog) Reset() {
	if !w.t.Stop() {
		select {
		case <-w.t.C:
		default:
		}
	}
	w.t.Reset(w.d)
}

// watchdog starts a child's watchdog with the supervisor's budget.
func (s *Supervisor) watchdog() Watchdog {
	if s.newWatchdog != nil {
		return s.newWatchdog(s.Budget)
	}
	return &clockWatchdog{t: time.NewTimer(s.Budget), d: s.Budget}
}

// awaitExit gives the child, whose protocol pipe is closed (it exited or
// closed it), the watchdog's budget to exit, then kills its process
// group: nothing of the child may outlive it.
func (f *follower) awaitExit() {
	f.wd.Reset()
	select {
	case <-f.p.waited:
	case <-f.wd.C():
		f.timedOut = true
		f.p.kill()
		<-f.p.waited
	case <-f.ctx.Done():
		f.interrupted = true
		f.p.kill()
		<-f.p.waited
	}
	f.p.kill()
}
