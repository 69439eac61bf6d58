package measure

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// warmSeq is a device's batch times over time: f(t) in ns for a batch
// dispatched t after the warm-up began, plus seeded relative noise.
type warmSeq struct {
	clock *fakeClock
	t0    time.Time
	step  time.Duration
	f     func(t time.Duration) float64
	noise float64
	rng   *rand.Rand
}

func (w *warmSeq) Sample() (float64, error) {
	t := w.clock.now.Sub(w.t0)
	w.clock.now = w.clock.now.Add(w.step)
	return w.f(t) * (1 + w.noise*w.rng.NormFloat64()), nil
}

// ramp is a device whose batches take from times as long at first to 1x
// (1 ms) after over, falling linearly: a clock ramping up from idle.
func ramp(from float64, over time.Duration) func(time.Duration) float64 {
	return func(t time.Duration) float64 {
		if t >= over {
			return 1e6
		}
		return 1e6 * (from - (from-1)*float64(t)/float64(over))
	}
}

// TestWarmupSteady: the warm-up goes on past its minimum until the
// batch times stop improving, bounded; on a steady or a noisy-steady
// device it ends soon after the minimum.
func TestWarmupSteady(t *testing.T) {
	flat := func(time.Duration) float64 { return 1e6 }
	tests := []struct {
		name       string
		f          func(time.Duration) float64
		noise      float64
		warmup     time.Duration
		max        time.Duration
		wantSteady bool
		// the warm-up's length (sampling time) within [atLeast, atMost]
		atLeast, atMost time.Duration
	}{
		{"steady", flat, 0, 20 * time.Millisecond, time.Second, true, DefaultSteadySpan, DefaultSteadySpan + 15*time.Millisecond},
		{"noisy steady (CV 25%, lavapipe)", flat, 0.25, 20 * time.Millisecond, time.Second, true, DefaultSteadySpan, 200 * time.Millisecond},
		// 3x over 300 ms: not done before the ramp is (300 ms), done
		// within about twice it.
		{"ramping 3x over 300 ms", ramp(3, 300*time.Millisecond), 0.01, 20 * time.Millisecond, 2 * time.Second, true, 300 * time.Millisecond, 700 * time.Millisecond},
		{"ramping 3x over 300 ms, 3% noise", ramp(3, 300*time.Millisecond), 0.03, 20 * time.Millisecond, 2 * time.Second, true, 250 * time.Millisecond, 800 * time.Millisecond},
		// A ramp longer than the bound: ends at the bound, not steady.
		{"never steady within the bound", ramp(3, 400*time.Millisecond), 0.01, 20 * time.Millisecond, 200 * time.Millisecond, false, 200 * time.Millisecond, 205 * time.Millisecond},
		// No bound: the minimum alone, as before.
		{"no steady-state search", ramp(3, 300*time.Millisecond), 0.01, 20 * time.Millisecond, 0, false, 20 * time.Millisecond, 25 * time.Millisecond},
	}
	for _, tt := range tests {
		for seed := uint64(1); seed <= 20; seed++ {
			clock := &fakeClock{now: time.Date(2026, 12, 4, 0, 0, 0, 0, time.UTC)}
			s := &warmSeq{clock: clock, t0: clock.now, step: 2 * time.Millisecond, f: tt.f, noise: tt.noise, rng: rand.New(rand.NewPCG(seed, 7))}
			p := Policy{TargetCI: 0.01, MinSamples: 5, MaxSamples: 5, Budget: time.Second, Warmup: tt.warmup, WarmupMax: tt.max, SteadySpan: DefaultSteadySpan}
			m, err := Measure(context.Background(), s, clock, p)
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			w := m.Warmup
			if w.Steady != tt.wantSteady || w.Time < tt.atLeast || w.Time > tt.atMost || w.Samples != m.Warmups {
				t.Errorf("%s (seed %d): warm-up %+v (%d samples), want steady %v within [%v, %v]", tt.name, seed, w, m.Warmups, tt.wantSteady, tt.atLeast, tt.atMost)
			}
			// The timed samples of a finished ramp are the steady ones.
			if tt.wantSteady && tt.noise < 0.02 {
				for _, ns := range m.NS {
					if math.Abs(ns/1e6-1) > 0.06 {
						t.Errorf("%s (seed %d): a timed sample of %.2f ms: the warm-up ended on the ramp", tt.name, seed, ns/1e6)
						break
					}
				}
			}
		}
	}
}

// clockObs is an observer whose shader clock sits at idle until ready.
type clockObs struct {
	quietObserver
	clock *fakeClock
	until time.Time
}

func (o *clockObs) ShaderClock() (float64, float64, bool) {
	if o.clock.now.Before(o.until) {
		return 500, 500, true
	}
	return 2500, 500, true
}

// quietObserver sees nothing.
type quietObserver struct{}

func (quietObserver) Begin()                                    {}
func (quietObserver) End() Interference                         { return Interference{} }
func (quietObserver) Quiet(context.Context, time.Duration) bool { return true }

// TestWarmupClockIdle: steady batch times at an idle clock are not a
// steady state; the warm-up waits for the clock, bounded.
func TestWarmupClockIdle(t *testing.T) {
	for _, tt := range []struct {
		name      string
		idleFor   time.Duration
		steady    bool
		clockIdle bool
		atLeast   time.Duration
	}{
		{"clock leaves idle at 150 ms", 150 * time.Millisecond, true, false, 150 * time.Millisecond},
		{"clock idle throughout", time.Hour, false, true, time.Second},
	} {
		clock := &fakeClock{now: time.Date(2026, 12, 4, 0, 0, 0, 0, time.UTC)}
		obs := &clockObs{clock: clock, until: clock.now.Add(tt.idleFor)}
		s := &warmSeq{clock: clock, t0: clock.now, step: 2 * time.Millisecond, f: func(time.Duration) float64 { return 1e6 }, rng: rand.New(rand.NewPCG(1, 1))}
		p := Policy{TargetCI: 0.01, MinSamples: 5, MaxSamples: 5, Budget: time.Second, Warmup: 20 * time.Millisecond, WarmupMax: time.Second, Observer: obs, SteadySpan: DefaultSteadySpan}
		m, err := Measure(context.Background(), s, clock, p)
		if err != nil {
			t.Fatal(err)
		}
		if m.Warmup.Steady != tt.steady || m.Warmup.ClockIdle != tt.clockIdle || m.Warmup.Time < tt.atLeast {
			t.Errorf("%s: warm-up %+v", tt.name, m.Warmup)
		}
	}
}

// TestSteady: the rule on hand-made sequences.
func TestSteady(t *testing.T) {
	seq := func(n int, f func(i int) float64) []float64 {
		out := make([]float64, n)
		for i := range out {
			out[i] = f(i)
		}
		return out
	}
	for _, tt := range []struct {
		name string
		ns   []float64
		want bool
	}{
		{"too few", seq(7, func(int) float64 { return 1 }), false},
		{"flat", seq(8, func(int) float64 { return 1 }), true},
		{"still falling 5% a window", seq(40, func(i int) float64 { return 2 - 0.01*float64(i) }), false},
		{"slower lately (not improving)", seq(40, func(i int) float64 { return 1 + 0.01*float64(i) }), true},
		{"fell, then flat for half", seq(40, func(i int) float64 { return max(1, 3-0.1*float64(i)) }), true},
		{"fell, flat for the last quarter only", seq(40, func(i int) float64 { return max(1, 3-0.07*float64(i)) }), false},
	} {
		if got := Steady(tt.ns); got != tt.want {
			t.Errorf("%s: Steady = %v, want %v", tt.name, got, tt.want)
		}
	}
}
