package measure

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
	"time"
)

// fakeClock is a clock that only moves when a fake sample takes time.
type fakeClock struct{ now time.Time }

func (c *fakeClock) Now() time.Time { return c.now }

// fakeSampler returns ns[i] for its i-th call (the last value repeats),
// advancing the clock by step per call. Call numbers count from 1 and
// include warm-up samples.
type fakeSampler struct {
	clock    *fakeClock
	step     time.Duration
	ns       []float64
	errAt    int   // call that fails with err (0: none)
	err      error // default errDevice
	cancelAt int   // call after which cancel is called (0: none)
	cancel   func()
	calls    int
}

var errDevice = errors.New("submit: VK_ERROR_DEVICE_LOST")

func (f *fakeSampler) Sample() (float64, error) {
	f.calls++
	f.clock.now = f.clock.now.Add(f.step)
	if f.calls == f.cancelAt {
		defer f.cancel()
	}
	if f.calls == f.errAt {
		if f.err == nil {
			return 0, errDevice
		}
		return 0, f.err
	}
	return f.ns[min(f.calls, len(f.ns))-1], nil
}

// alternating returns n values alternating between a and b.
func alternating(n int, a, b float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = a
		if i%2 == 1 {
			out[i] = b
		}
	}
	return out
}

func base() Policy {
	return Policy{TargetCI: 0.01, MinSamples: 5, MaxSamples: 200, Budget: time.Second, Warmup: 0}
}

func TestMeasure(t *testing.T) {
	type want struct {
		samples, warmups int
		stop             Stop
		noisy            string // substring of NoisyReason; "" = not noisy
		err              string // substring of the error; "" = none
		errIs            error
		median           float64 // checked when > 0
	}
	tests := []struct {
		name     string
		policy   func(p *Policy)
		sampler  fakeSampler
		cancelAt int // call after which the context is cancelled
		want     want
	}{
		{
			// Constant samples: the first finite interval (benchmath needs
			// 6 samples for a 95% interval of the median) has zero width.
			name:    "converges to the target",
			sampler: fakeSampler{step: time.Millisecond, ns: []float64{100}},
			want:    want{samples: 6, warmups: 1, stop: StopTarget, median: 100},
		},
		{
			name:    "converges after the warm-up's one-off costs",
			sampler: fakeSampler{step: time.Millisecond, ns: []float64{5000, 100}},
			want:    want{samples: 6, warmups: 1, stop: StopTarget, median: 100},
		},
		{
			name:    "never reaches the target: sample limit",
			policy:  func(p *Policy) { p.MaxSamples = 20; p.Budget = time.Hour },
			sampler: fakeSampler{step: time.Millisecond, ns: alternating(100, 100, 300)},
			want:    want{samples: 20, warmups: 1, stop: StopMaxSamples, noisy: "after 20 samples, target ±1.0% (limit of 20 samples)"},
		},
		{
			// 100 ms a sample, 1 s budget: the 11th sample is the first
			// taken after the deadline.
			name:    "never reaches the target: budget spent",
			sampler: fakeSampler{step: 100 * time.Millisecond, ns: alternating(100, 100, 300)},
			want:    want{samples: 11, warmups: 1, stop: StopBudget, noisy: "after 11 samples, target ±1.0% (1s budget spent)"},
		},
		{
			name: "below the minimum the budget does not stop sampling",
			// 0.5 ms a sample, 1 ms budget: past the budget at sample 3,
			// stopped at the minimum of 5, before the slow exit (3 ms).
			policy:  func(p *Policy) { p.Budget = time.Millisecond },
			sampler: fakeSampler{step: time.Millisecond / 2, ns: alternating(100, 100, 300)},
			want:    want{samples: 5, warmups: 1, stop: StopBudget, noisy: "5 samples are too few for a 95% interval (1ms budget spent)"},
		},
		{
			// 2 s a sample, 1 s budget, minimum 10: after 3 samples 6 s
			// have passed, more than 3× the budget.
			name:    "slow dispatches stop at 3 samples",
			policy:  func(p *Policy) { p.MinSamples = 10 },
			sampler: fakeSampler{step: 2 * time.Second, ns: []float64{2e9}},
			want:    want{samples: 3, warmups: 1, stop: StopSlow, noisy: "3 samples are too few for a 95% interval (dispatches too slow: stopped after 3× the 1s budget)"},
		},
		{
			name:    "the slow exit never stops below 3 samples",
			policy:  func(p *Policy) { p.MinSamples = 10 },
			sampler: fakeSampler{step: 10 * time.Second, ns: []float64{1e10}},
			want:    want{samples: 3, warmups: 1, stop: StopSlow, noisy: "too few"},
		},
		{
			// Warm-up samples 1000 ns, timed ones 100 ns: none of the
			// warm-up values may appear among the timed samples.
			name:    "warm-up is untimed and counted apart",
			policy:  func(p *Policy) { p.Warmup = 250 * time.Millisecond },
			sampler: fakeSampler{step: 100 * time.Millisecond, ns: []float64{1000, 1000, 1000, 100}},
			want:    want{samples: 6, warmups: 3, stop: StopTarget, median: 100},
		},
		{
			// OnSample gets the metric (1e6/ns), not the nanoseconds, and
			// nothing for the three warm-up samples (checked below).
			name: "OnSample follows the timed samples in the metric's unit",
			policy: func(p *Policy) {
				p.Warmup = 250 * time.Millisecond
				p.ToMetric = func(ns float64) float64 { return 1e6 / ns }
			},
			sampler: fakeSampler{step: 100 * time.Millisecond, ns: []float64{1000, 1000, 1000, 100}},
			want:    want{samples: 6, warmups: 3, stop: StopTarget, median: 1e4},
		},
		{
			name:    "a sampler error mid-run",
			sampler: fakeSampler{step: time.Millisecond, ns: []float64{100}, errAt: 4},
			want:    want{samples: 2, warmups: 1, err: "sample 3: submit: VK_ERROR_DEVICE_LOST", errIs: errDevice},
		},
		{
			name:    "a sampler error during warm-up",
			sampler: fakeSampler{step: time.Millisecond, ns: []float64{100}, errAt: 1},
			want:    want{err: "warm-up sample 1: submit: VK_ERROR_DEVICE_LOST", errIs: errDevice},
		},
		{
			name:    "a zero duration",
			sampler: fakeSampler{step: time.Millisecond, ns: []float64{100, 100, 100, 0}},
			want:    want{samples: 2, warmups: 1, err: "sample 3: 0 ns: duration is not a positive", errIs: ErrBadDuration},
		},
		{
			name:    "a negative duration",
			sampler: fakeSampler{step: time.Millisecond, ns: []float64{100, -5}},
			want:    want{warmups: 1, err: "sample 1: -5 ns: duration is not a positive", errIs: ErrBadDuration},
		},
		{
			name:    "a negative duration during warm-up",
			sampler: fakeSampler{step: time.Millisecond, ns: []float64{-1}},
			want:    want{err: "warm-up sample 1: -1 ns", errIs: ErrBadDuration},
		},
		{
			name:    "a NaN duration",
			sampler: fakeSampler{step: time.Millisecond, ns: []float64{100, math.NaN()}},
			want:    want{warmups: 1, err: "sample 1: NaN ns", errIs: ErrBadDuration},
		},
		{
			name:    "an infinite duration",
			sampler: fakeSampler{step: time.Millisecond, ns: []float64{100, math.Inf(1)}},
			want:    want{warmups: 1, err: "sample 1: +Inf ns", errIs: ErrBadDuration},
		},
		{
			name:    "a budget of zero is an invalid policy",
			policy:  func(p *Policy) { p.Budget = 0 },
			sampler: fakeSampler{ns: []float64{100}},
			want:    want{err: "measurement policy: the sampling budget must be positive, got 0s"},
		},
		{
			name:    "a negative warm-up is an invalid policy",
			policy:  func(p *Policy) { p.Warmup = -time.Second },
			sampler: fakeSampler{ns: []float64{100}},
			want:    want{err: "warm-up must not be negative"},
		},
		{
			name:    "a zero target is an invalid policy",
			policy:  func(p *Policy) { p.TargetCI = 0 },
			sampler: fakeSampler{ns: []float64{100}},
			want:    want{err: "target CI must be a positive fraction"},
		},
		{
			name:    "max below min is an invalid policy",
			policy:  func(p *Policy) { p.MaxSamples = 4 },
			sampler: fakeSampler{ns: []float64{100}},
			want:    want{err: "maximum of 4 samples is below the minimum of 5"},
		},
		{
			name:    "no minimum is an invalid policy",
			policy:  func(p *Policy) { p.MinSamples = 0 },
			sampler: fakeSampler{ns: []float64{100}},
			want:    want{err: "at least one sample is needed"},
		},
		{
			// Cancelled after the 4th call (warm-up + 3 timed): the three
			// samples come back, summarised and flagged, with the error.
			name:     "cancelled between samples",
			sampler:  fakeSampler{step: time.Millisecond, ns: []float64{100}},
			cancelAt: 4,
			want:     want{samples: 3, warmups: 1, stop: StopCancelled, noisy: "noisy: interrupted after 3 of at least 5 samples", errIs: context.Canceled, median: 100},
		},
		{
			name:     "cancelled past the minimum",
			sampler:  fakeSampler{step: time.Millisecond, ns: alternating(100, 100, 300)},
			cancelAt: 9,
			want:     want{samples: 8, warmups: 1, stop: StopCancelled, noisy: "after 8 samples, target ±1.0% (interrupted)", errIs: context.Canceled},
		},
		{
			name:     "cancelled during warm-up",
			policy:   func(p *Policy) { p.Warmup = time.Second },
			sampler:  fakeSampler{step: time.Millisecond, ns: []float64{100}},
			cancelAt: 2,
			want:     want{warmups: 2, stop: StopCancelled, errIs: context.Canceled},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := base()
			if tt.policy != nil {
				tt.policy(&p)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			clock := &fakeClock{now: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)}
			s := tt.sampler
			s.clock, s.cancelAt, s.cancel = clock, tt.cancelAt, cancel
			var seen []float64 // OnSample's values, in order
			p.OnSample = func(n int, v float64) {
				if n != len(seen)+1 {
					t.Errorf("OnSample numbered %d, want %d", n, len(seen)+1)
				}
				seen = append(seen, v)
			}
			m, err := Measure(ctx, &s, clock, p)

			w := tt.want
			switch {
			case w.err == "" && w.errIs == nil && err != nil:
				t.Fatalf("error %v", err)
			case w.err != "" && (err == nil || !strings.Contains(err.Error(), w.err)):
				t.Fatalf("error %v, want one containing %q", err, w.err)
			case w.errIs != nil && !errors.Is(err, w.errIs):
				t.Fatalf("error %v, want errors.Is %v", err, w.errIs)
			}
			if len(m.NS) != w.samples || len(m.Values) != w.samples {
				t.Errorf("%d samples (%d values), want %d", len(m.NS), len(m.Values), w.samples)
			}
			if m.Warmups != w.warmups {
				t.Errorf("%d warm-up samples, want %d", m.Warmups, w.warmups)
			}
			if s.calls != m.Warmups+len(m.NS)+boolInt(err != nil && !errors.Is(err, context.Canceled) && p.Validate() == nil) {
				t.Errorf("sampler called %d times for %d warm-up and %d timed samples", s.calls, m.Warmups, len(m.NS))
			}
			if m.Stop != w.stop {
				t.Errorf("stop %v, want %v", m.Stop, w.stop)
			}
			if (w.noisy != "") != m.Noisy || !strings.Contains(m.NoisyReason, w.noisy) {
				t.Errorf("noisy %v %q, want %q", m.Noisy, m.NoisyReason, w.noisy)
			}
			if w.noisy != "" && !strings.HasPrefix(m.NoisyReason, "noisy: ") {
				t.Errorf("reason %q does not start with \"noisy: \"", m.NoisyReason)
			}
			if w.median > 0 && m.Summary.Median != w.median {
				t.Errorf("median %v, want %v", m.Summary.Median, w.median)
			}
			// An error other than cancellation is never a figure.
			if err != nil && !errors.Is(err, context.Canceled) && (m.Summary.N != 0 || m.Summary.Median != 0 || m.Noisy) {
				t.Errorf("failed measurement carries a figure: %+v", m.Summary)
			}
			if slices.Contains(m.NS, 1000) {
				t.Errorf("a warm-up sample was timed: %v", m.NS)
			}
			// Once per timed sample, with its metric value; never for a
			// warm-up sample.
			if !slices.Equal(seen, m.Values) {
				t.Errorf("OnSample saw %v, want the timed samples' values %v", seen, m.Values)
			}
		})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestMeasureMetric checks that the target applies to the metric, not the
// nanoseconds, and that Values are the converted samples: nanoseconds that
// never converge, mapped to a constant metric, reach the target.
func TestMeasureMetric(t *testing.T) {
	clock := &fakeClock{}
	s := &fakeSampler{clock: clock, step: time.Millisecond, ns: alternating(100, 100, 400)}
	p := base()
	p.ToMetric = func(ns float64) float64 { return 7 }
	m, err := Measure(context.Background(), s, clock, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.NS) != 6 || m.Summary.Median != 7 || m.Stop != StopTarget || m.Noisy {
		t.Errorf("%d samples, median %v, stop %v, noisy %v; want 6, 7, the target reached, not noisy", len(m.NS), m.Summary.Median, m.Stop, m.Noisy)
	}
	for i := range m.NS {
		if m.Values[i] != 7 {
			t.Errorf("value %d = %v, want 7", i, m.Values[i])
		}
	}
	if !slices.Equal(m.NS, alternating(7, 100, 400)[1:]) {
		t.Errorf("samples %v, want the sampler's nanoseconds after the warm-up", m.NS)
	}
}

// TestMeasureProgress checks the phases reported.
func TestMeasureProgress(t *testing.T) {
	clock := &fakeClock{}
	s := &fakeSampler{clock: clock, step: time.Millisecond, ns: []float64{100}}
	p := base()
	var phases []string
	p.Progress = func(ph string) { phases = append(phases, ph) }
	if _, err := Measure(context.Background(), s, clock, p); err != nil {
		t.Fatal(err)
	}
	want := []string{"warming up", "sampling 1", "sampling 2", "sampling 3", "sampling 4", "sampling 5", "sampling 6"}
	if !slices.Equal(phases, want) {
		t.Errorf("phases %q, want %q", phases, want)
	}
}

// TestSampleErrorAs checks the typed errors callers branch on.
func TestSampleErrorAs(t *testing.T) {
	clock := &fakeClock{}
	s := &fakeSampler{clock: clock, step: time.Millisecond, ns: []float64{100, 100, 0}}
	_, err := Measure(context.Background(), s, clock, base())
	var se *SampleError
	if !errors.As(err, &se) || se.N != 2 || se.Warmup || se.NS != 0 {
		t.Fatalf("error %#v, want a *SampleError for timed sample 2", err)
	}
	p := base()
	p.Budget = -time.Second
	_, err = Measure(context.Background(), s, clock, p)
	var pe *PolicyError
	if !errors.As(err, &pe) || pe.Field != "Budget" {
		t.Fatalf("error %#v, want a *PolicyError for Budget", err)
	}
}

// TestStopString: each reason's words (a progress line shows them), and
// a value outside the enumeration named as a number, not as one of them.
func TestStopString(t *testing.T) {
	for _, tc := range []struct {
		stop Stop
		want string
	}{
		{StopNone, "none"},
		{StopTarget, "target reached"},
		{StopMaxSamples, "sample limit reached"},
		{StopBudget, "budget spent"},
		{StopSlow, "slow dispatches"},
		{StopCancelled, "interrupted"},
		{StopCancelled + 1, "Stop(6)"},
		{Stop(-1), "Stop(-1)"},
	} {
		if got := tc.stop.String(); got != tc.want {
			t.Errorf("Stop(%d).String() = %q, want %q", int(tc.stop), got, tc.want)
		}
	}
}

// TestSystemClock: System is this machine's clock, read now (not a fixed
// or cached time), and it carries the monotonic reading the deadlines
// are measured on (a Time stripped of it, by Round(0), UTC() or a
// round trip through a wall-clock value, prints without "m=").
func TestSystemClock(t *testing.T) {
	before := time.Now()
	got := System.Now()
	after := time.Now()
	if got.Before(before) || got.After(after) {
		t.Errorf("System.Now() = %v, not between %v and %v read around it", got, before, after)
	}
	if !strings.Contains(got.String(), " m=") {
		t.Errorf("System.Now() = %v has no monotonic reading", got)
	}
}

// turnObserver records the order of turns and observations.
type turnObserver struct {
	fakeObserver
	events *[]string
}

func (o *turnObserver) Begin() { *o.events = append(*o.events, "begin"); o.fakeObserver.Begin() }

// TestMeasureTurn: with Policy.Turn, every sample (warm-up and timed)
// waits for its turn first, and a timed sample's observation begins only
// once the turn came (the wait is not the sample's); the waits move the
// budget's deadline; a failed turn ends the measurement with a
// SampleError naming the sample.
func TestMeasureTurn(t *testing.T) {
	clock := &fakeClock{}
	var events []string
	s := &fakeSampler{clock: clock, step: time.Millisecond, ns: []float64{100}}
	p := base()
	p.Warmup = 2 * time.Millisecond
	p.Turn = func() error {
		events = append(events, "turn")
		clock.now = clock.now.Add(5 * time.Millisecond) // the other side's sample
		return nil
	}
	p.Observer = &turnObserver{fakeObserver{clock: clock, disturbed: func(int) bool { return false }}, &events}
	m, err := Measure(context.Background(), s, clock, p)
	if err != nil {
		t.Fatal(err)
	}
	if turns := strings.Count(strings.Join(events, " "), "turn"); turns != s.calls {
		t.Errorf("%d turns for %d samples (%d warm-up)", turns, s.calls, m.Warmups)
	}
	// Warm-up: turn only; timed: turn, then begin.
	want := strings.Repeat("turn ", m.Warmups) + strings.TrimSuffix(strings.Repeat("turn begin ", len(m.NS)), " ")
	if got := strings.Join(events, " "); got != want {
		t.Errorf("events %q,\nwant %q", got, want)
	}

	// The waits are not sampling time: 200 samples of 1 ms, each after
	// 5 ms of the other side's, fit a 1 s budget (the deadline moves with
	// the waits; counted, the budget would end sampling after about 166).
	p = base()
	p.Turn = func() error { clock.now = clock.now.Add(5 * time.Millisecond); return nil }
	m, err = Measure(context.Background(), &fakeSampler{clock: clock, step: time.Millisecond, ns: alternating(400, 100, 150)}, clock, p)
	if err != nil || m.Stop != StopMaxSamples || len(m.NS) != p.MaxSamples {
		t.Errorf("with turns: %d samples, stop %v (%v); want %d, %v", len(m.NS), m.Stop, err, p.MaxSamples, StopMaxSamples)
	}

	stop := errors.New("the parent is gone")
	for _, at := range []int{1, 4} {
		n := 0
		p := base()
		p.Turn = func() error {
			if n++; n == at {
				return stop
			}
			return nil
		}
		_, err := Measure(context.Background(), &fakeSampler{clock: clock, step: time.Millisecond, ns: []float64{100}}, clock, p)
		var se *SampleError
		if !errors.Is(err, stop) || !errors.As(err, &se) || se.Warmup != (at == 1) {
			t.Errorf("turn %d failed: error %v, want a SampleError wrapping it", at, err)
		}
	}
}
