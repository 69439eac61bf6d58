// Package lockstep is the turn-taking rule of two runs side by side: the
// children of two configurations take turns benchmark by benchmark (or
// sample by sample), one side at a time, each pair's first side drawn
// from a seed. It is pure (no processes): the supervisor of each side
// asks it for its child's turns.
package lockstep

import (
	"context"
	"math/rand/v2"
	"sync"
)

// Turns lets the children of two configurations run side by side and
// take turns benchmark by benchmark: one side's child times a benchmark
// while the other's waits, then the other side times the same benchmark,
// and so on, each pair's first side drawn at random. The two runs of a
// benchmark are then seconds apart, not a whole run apart: a shared
// machine's slow stretches that last seconds to minutes (another tenant
// on the host, which the observer may not see, or a neighbour's burst)
// fall on both sides of a pair alike, and the paired comparison of the
// rounds cancels them. It is the fine-grained form of randomized
// multiple interleaved trials (Abedi & Brecht, ICPE 2017); duet
// benchmarking (Bulej et al., 2020) runs both at once, which on a machine
// with few cores makes the two compete for them.
//
// Each child asks for its turn before every benchmark (the protocol's
// Ready, bench/supervise.Msg); the supervisor of its side calls Acquire,
// which returns when the side may go. The rules: one side at a time; a
// side that has started more benchmarks than the other waits for it to
// catch up; when both have started as many, the next pair starts when
// both are ready, with the side drawn to go first. A side whose run
// ended (Leave) no longer holds the other back.
//
// With Samples set the turns are finer: the benchmark's turn covers its
// setup, verification and calibration only, and each of its samples
// (warm-up and timed) is a turn of its own (Msg.ReadySample,
// AcquireSample), the two sides alternating sample by sample, the side
// drawn for the pair first. The two runs of a benchmark then take their
// samples over the same second, so a slow spell shorter than a
// benchmark's turn (on the 2-vCPU VM the 4 MiB memory kernels' throughput
// switches between two levels 1.7 times apart every few seconds, with
// no counter that shows it) falls on both alike. A side samples only
// once the other has begun the benchmark (its setup is a turn of its
// own), and goes on alone when the other has finished it (it asks for
// the next benchmark's turn) or skipped it.
type Turns struct {
	mu      sync.Mutex
	changed chan struct{} // closed and replaced on every change
	rng     *rand.Rand

	active  int         // the side timing a benchmark, -1 for none
	ready   [2]bool     // waiting in Acquire
	started [2]int      // benchmarks started
	gone    [2]bool     // between Leave and the next Acquire
	first   map[int]int // pair index -> side drawn to go first

	// Samples makes every sample a turn (see above); set it before the
	// first Acquire.
	Samples    bool
	wantSample [2]bool     // the waiting request is a sample turn
	lastSample map[int]int // pair index -> the side that took its last sample turn
	// Log, when set, sees every turn granted: the side, the benchmark
	// and the pair's index (tests read the interleaving from it);
	// LogSample every sample turn.
	Log       func(side int, id string, pair int)
	LogSample func(side int, id string, pair int)
}

// New makes the turns of one round; seed draws each pair's first side.
func New(seed uint64) *Turns {
	return &Turns{changed: make(chan struct{}), rng: rand.New(rand.NewPCG(seed, 0x10c5)), active: -1, first: map[int]int{}, lastSample: map[int]int{}}
}

func (l *Turns) broadcast() {
	close(l.changed)
	l.changed = make(chan struct{})
}

// Acquire waits until side (0 or 1) may start benchmark id, then marks
// it the one running; the side's previous turn, if any, ends here. It
// returns ctx's error if ctx ends first.
func (l *Turns) Acquire(ctx context.Context, side int, id string) error {
	return l.acquire(ctx, side, id, false)
}

// AcquireSample waits until side may take a sample of benchmark id, the
// one it started last (Samples mode), and marks it the one running; the
// side's previous turn ends here.
func (l *Turns) AcquireSample(ctx context.Context, side int, id string) error {
	return l.acquire(ctx, side, id, true)
}

func (l *Turns) acquire(ctx context.Context, side int, id string, sample bool) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.active == side {
		l.active = -1
	}
	l.gone[side] = false
	l.ready[side] = true
	l.wantSample[side] = sample
	l.broadcast()
	for !l.mayGo(side) {
		ch := l.changed
		l.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			l.mu.Lock()
			l.ready[side] = false
			l.broadcast()
			return ctx.Err()
		}
		l.mu.Lock()
	}
	l.ready[side] = false
	l.active = side
	if sample {
		pair := l.started[side] - 1
		l.lastSample[pair] = side
		if l.LogSample != nil {
			l.LogSample(side, id, pair)
		}
	} else {
		pair := l.started[side]
		l.started[side]++
		if l.Log != nil {
			l.Log(side, id, pair)
		}
	}
	l.broadcast()
	return nil
}

// mayGo is the turn rule for side (l.mu held).
func (l *Turns) mayGo(side int) bool {
	other := 1 - side
	switch {
	case l.active != -1:
		return false
	case l.gone[other]:
		return true
	case l.wantSample[side]:
		return l.maySample(side)
	case l.started[side] > l.started[other]:
		return false // ahead: the other side runs this pair's second half
	case l.started[side] < l.started[other]:
		return true
	case !l.ready[other] || l.wantSample[other]:
		return false // a new pair starts when both sides are ready for it
	}
	return l.firstOf(l.started[side]) == side
}

// maySample is the turn rule for a sample of side's current benchmark
// (l.mu held, no turn active, the other side not gone).
func (l *Turns) maySample(side int) bool {
	other := 1 - side
	if l.started[other] < l.started[side] {
		return false // the other side has not begun this benchmark: its setup goes first
	}
	pair := l.started[side] - 1
	if !l.ready[other] || !l.wantSample[other] {
		return true // the other side finished or skipped it (or its child is gone)
	}
	last, ok := l.lastSample[pair]
	if !ok {
		return l.firstOf(pair) == side
	}
	return last != side
}

// firstOf is the side drawn to go first in pair (l.mu held).
func (l *Turns) firstOf(pair int) int {
	f, ok := l.first[pair]
	if !ok {
		f = l.rng.IntN(2)
		l.first[pair] = f
	}
	return f
}

// Release ends side's turn without asking for another (its child ended
// or failed; a fresh child of the same run asks again).
func (l *Turns) Release(side int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.active == side {
		l.active = -1
		l.broadcast()
	}
}

// Leave says that side's run is over: the other side goes on alone.
func (l *Turns) Leave(side int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.active == side {
		l.active = -1
	}
	l.gone[side] = true
	l.broadcast()
}
