package measure

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"
)

// fakeObserver marks the samples whose numbers (from 1) are in disturbed;
// Quiet advances the fake clock by quietAfter (capped at max) and
// reports quiet when that is within max.
type fakeObserver struct {
	clock      *fakeClock
	disturbed  func(n int) bool
	quietAfter time.Duration
	n          int
	begun      bool
	waits      []time.Duration // the max of each Quiet call
}

func (o *fakeObserver) Begin() { o.begun = true }

func (o *fakeObserver) End() Interference {
	if !o.begun {
		panic("End without Begin")
	}
	o.begun = false
	o.n++
	in := Interference{OtherCPU: 0, SelfCPU: 1}
	if o.disturbed(o.n) {
		in.OtherCPU = 1
	}
	DefaultRule(true).Judge(&in)
	return in
}

func (o *fakeObserver) Quiet(_ context.Context, max time.Duration) bool {
	o.waits = append(o.waits, max)
	d := min(o.quietAfter, max)
	o.clock.now = o.clock.now.Add(d)
	return o.quietAfter <= max
}

func TestMeasureObserved(t *testing.T) {
	every := func(k int) func(int) bool { return func(n int) bool { return n%k == 0 } }
	none := func(int) bool { return false }
	all := func(int) bool { return true }
	// Undisturbed samples climb from 101 ns (the CI never reaches the
	// target) unless steady (100); disturbed ones are 400 ns (they should
	// not count). benchmath needs 6 samples for a 95% interval.
	tests := []struct {
		name       string
		disturbed  func(n int) bool
		quietAfter time.Duration
		budget     time.Duration
		steady     bool
		// quietBudget is Policy.QuietBudget (0: the default).
		quietBudget time.Duration
		noQuietWait bool
		check       func(t *testing.T, m Measurement, o *fakeObserver)
	}{
		{
			name: "disturbed samples are left out", disturbed: every(3), steady: true, budget: time.Second,
			check: func(t *testing.T, m Measurement, o *fakeObserver) {
				// Steady 100s with every third at 400: the target is reached
				// on 6 quiet samples, after 8 in all; the median is 100.
				if len(m.NS) != 8 || m.Quiet != 6 || m.Stop != StopTarget || m.Summary.Median != 100 || m.Summary.N != 6 {
					t.Errorf("%d samples, %d quiet, stop %v, median %v over %d", len(m.NS), m.Quiet, m.Stop, m.Summary.Median, m.Summary.N)
				}
				if want := []bool{false, false, true, false, false, true, false, false}; !slices.Equal(m.Disturbed, want) || len(m.Interference) != 8 {
					t.Errorf("marks %v (%d records), want %v", m.Disturbed, len(m.Interference), want)
				}
				// A wait after each disturbed sample, of the default length.
				if !slices.Equal(o.waits, []time.Duration{DefaultQuietWait, DefaultQuietWait}) || m.Waited != 2*10*time.Millisecond {
					t.Errorf("waits %v, waited %v", o.waits, m.Waited)
				}
			},
		},
		{
			name: "waits stop at the quiet budget", disturbed: all, quietAfter: time.Hour, budget: time.Second,
			check: func(t *testing.T, m Measurement, o *fakeObserver) {
				// Disturbed throughout: waits of 1 s until the default
				// quiet budget (4 s: more than half the 1 s budget) went on
				// them, then samples back to back (1 ms each on the fake
				// clock) up to the sample limit.
				want := []time.Duration{DefaultQuietWait, DefaultQuietWait, DefaultQuietWait, DefaultQuietWait}
				if m.Waited != DefaultQuietBudget || !slices.Equal(o.waits, want) {
					t.Errorf("waited %v in %v, want %v", m.Waited, o.waits, want)
				}
				// Every sample disturbed: the summary has nothing better than
				// all of them, and the result says so even though they agree.
				if m.Stop != StopMaxSamples || m.Quiet != 0 || m.Summary.N != len(m.NS) || !m.Noisy ||
					!strings.Contains(m.NoisyReason, "every one of") {
					t.Errorf("stop %v, %d quiet of %d, summary of %d, noisy %q", m.Stop, m.Quiet, len(m.NS), m.Summary.N, m.NoisyReason)
				}
			},
		},
		{
			name: "a set quiet budget bounds the waits", disturbed: all, quietAfter: time.Hour, budget: time.Second, quietBudget: 300 * time.Millisecond,
			check: func(t *testing.T, m Measurement, o *fakeObserver) {
				if m.Waited != 300*time.Millisecond || !slices.Equal(o.waits, []time.Duration{300 * time.Millisecond}) {
					t.Errorf("waited %v in %v, want one wait of 300ms", m.Waited, o.waits)
				}
			},
		},
		{
			name: "no quiet wait: disturbed samples marked, never waited for", disturbed: every(3), steady: true, budget: time.Second, noQuietWait: true,
			check: func(t *testing.T, m Measurement, o *fakeObserver) {
				// As the first case, without the two waits.
				if len(o.waits) != 0 || m.Waited != 0 {
					t.Errorf("waits %v, waited %v, want none", o.waits, m.Waited)
				}
				if want := []bool{false, false, true, false, false, true, false, false}; !slices.Equal(m.Disturbed, want) || m.Quiet != 6 || m.Summary.Median != 100 {
					t.Errorf("marks %v, %d quiet, median %v; want %v, 6, 100", m.Disturbed, m.Quiet, m.Summary.Median, want)
				}
			},
		},
		{
			name: "waiting is not sampling time", disturbed: every(2), quietAfter: 150 * time.Millisecond, budget: 250 * time.Millisecond,
			check: func(t *testing.T, m Measurement, o *fakeObserver) {
				// Every other sample disturbed, quiet 150 ms later: the
				// waits (within the quiet budget) move the 250 ms
				// deadline, so the samples get their whole budget.
				// 27 waits of 150 ms use the 4 s quiet budget; the 200
				// samples (1 ms each) then fit in the 250 ms: the sample
				// limit ends it, not the budget the waits would have spent.
				if m.Waited != DefaultQuietBudget {
					t.Errorf("waited %v, want the quiet budget %v", m.Waited, DefaultQuietBudget)
				}
				if m.Stop != StopMaxSamples || len(m.NS) != 200 {
					t.Errorf("stop %v after %d samples: the waits counted as sampling time", m.Stop, len(m.NS))
				}
				if !strings.Contains(m.NoisyReason, "samples disturbed, left out") {
					t.Errorf("%q (stop %v, %d of %d quiet, %v)", m.NoisyReason, m.Stop, m.Quiet, len(m.NS), m.Summary)
				}
			},
		},
		{
			name: "quiet machine: as without an observer", disturbed: none, steady: true, budget: time.Second,
			check: func(t *testing.T, m Measurement, o *fakeObserver) {
				if len(m.NS) != 6 || m.Quiet != 6 || m.Stop != StopTarget || len(o.waits) != 0 || m.Noisy || len(m.Disturbed) != 6 {
					t.Errorf("%d samples, %d quiet, stop %v, waits %v", len(m.NS), m.Quiet, m.Stop, o.waits)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := &fakeClock{now: time.Unix(0, 0)}
			o := &fakeObserver{clock: clock, disturbed: tt.disturbed, quietAfter: tt.quietAfter}
			if tt.quietAfter == 0 {
				o.quietAfter = 10 * time.Millisecond
			}
			calls, quiet := 0, 0
			s := SamplerFunc(func() (float64, error) {
				calls++
				clock.now = clock.now.Add(time.Millisecond)
				switch {
				case calls == 1:
					return 100, nil // warm-up
				case o.disturbed(o.n + 1):
					return 400, nil
				case tt.steady:
					return 100, nil
				}
				quiet++
				return float64(100 + quiet%50), nil
			})
			p := base()
			p.Budget = tt.budget
			p.QuietBudget = tt.quietBudget
			p.NoQuietWait = tt.noQuietWait
			p.Observer = o
			m, err := Measure(context.Background(), s, clock, p)
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, m, o)
		})
	}
	p := base()
	p.QuietWait = -time.Second
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "wait for quiet") {
		t.Errorf("negative QuietWait: %v", err)
	}
	p = base()
	p.QuietBudget = -time.Second
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "wait for quiet") {
		t.Errorf("negative QuietBudget: %v", err)
	}
}

// readyObserver is a fakeObserver that can judge samples only from a
// time on (Readier).
type readyObserver struct {
	fakeObserver
	from time.Time
}

func (o *readyObserver) Ready() time.Duration { return max(0, o.from.Sub(o.clock.now)) }

// TestMeasureReady: warm-up lasts until the observer can judge, and no
// longer than the policy's when it already can.
func TestMeasureReady(t *testing.T) {
	none := func(int) bool { return false }
	for _, c := range []struct {
		name        string
		ready       time.Duration // from the start
		warmup      time.Duration
		wantWarmups int
	}{
		{"observer not ready: warm up until it is", 250 * time.Millisecond, 20 * time.Millisecond, 25},
		{"ready before the warm-up ends", 5 * time.Millisecond, 50 * time.Millisecond, 5},
		{"ready already", 0, 0, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			clock := &fakeClock{now: time.Unix(0, 0)}
			o := &readyObserver{fakeObserver: fakeObserver{clock: clock, disturbed: none}, from: clock.now.Add(c.ready)}
			s := &fakeSampler{clock: clock, step: 10 * time.Millisecond, ns: []float64{100}}
			p := base()
			p.Warmup, p.Observer = c.warmup, o
			m, err := Measure(context.Background(), s, clock, p)
			if err != nil {
				t.Fatal(err)
			}
			if m.Warmups != c.wantWarmups {
				t.Errorf("%d warm-up samples, want %d", m.Warmups, c.wantWarmups)
			}
			if o.Ready() != 0 {
				t.Errorf("sampling began %v before the observer was ready", o.Ready())
			}
		})
	}
}

// clockObserver reports a GPU shader clock per sample from a script
// (0: no telemetry for that sample).
type clockObserver struct {
	clocks []float64
	n      int
}

func (o *clockObserver) Begin() {}
func (o *clockObserver) End() Interference {
	in := Interference{SelfCPU: 1}
	if mhz := o.clocks[o.n%len(o.clocks)]; mhz > 0 {
		in.GPU = &GPUState{SclkMHz: mhz}
	}
	o.n++
	return in
}
func (o *clockObserver) Quiet(context.Context, time.Duration) bool { return true }

func TestMeasureClockFloor(t *testing.T) {
	// Every third sample runs at half the clock and takes twice as long;
	// one sample has no telemetry. The rule marks the slow-clock ones
	// once sampling is done, and the figure leaves them out.
	clocks := []float64{2500, 2480, 1250, 2500, 0, 1240, 2510, 2490, 1250, 2500, 2500, 1200}
	run := func(floor float64) Measurement {
		t.Helper()
		clock := &fakeClock{}
		o := &clockObserver{clocks: clocks}
		calls := 0
		s := SamplerFunc(func() (float64, error) {
			calls++
			clock.now = clock.now.Add(time.Millisecond)
			if calls > 1 && clocks[(calls-2)%len(clocks)] > 0 && clocks[(calls-2)%len(clocks)] < 2000 {
				return 200, nil
			}
			return 100, nil
		})
		p := base()
		p.MaxSamples = len(clocks)
		p.Observer = o
		p.ClockFloor = floor
		m, err := Measure(context.Background(), s, clock, p)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	m := run(DefaultClockFloor)
	if len(m.NS) != len(clocks) {
		t.Fatalf("%d samples, want %d", len(m.NS), len(clocks))
	}
	for i, mhz := range clocks {
		low := mhz > 0 && mhz < 2000
		if m.Disturbed[i] != low || (low && m.Interference[i].Why != "clock-low") {
			t.Errorf("sample %d at %v MHz: disturbed %v (%q)", i+1, mhz, m.Disturbed[i], m.Interference[i].Why)
		}
	}
	if m.Quiet != 8 || m.Summary.Median != 100 || m.Summary.N != 8 {
		t.Errorf("%d quiet, median %v over %d: the slow-clock samples must be left out", m.Quiet, m.Summary.Median, m.Summary.N)
	}
	if m = run(0); slices.Contains(m.Disturbed, true) {
		t.Errorf("ClockFloor 0 marked samples: %v", m.Disturbed)
	}
	p := base()
	p.ClockFloor = 1
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "clock floor") {
		t.Errorf("ClockFloor 1: %v", err)
	}
	in := Interference{Why: "cpu", Disturbed: true}
	in.Mark("throttle")
	in.Mark("throttle")
	if in.Why != "cpu+throttle" || !in.Disturbed {
		t.Errorf("Mark: %q %v", in.Why, in.Disturbed)
	}
}
