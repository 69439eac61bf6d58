package measure

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
	"time"
)

// batchModel times a batch of n iterations as a fixed cost plus a cost per
// iteration, returning nanoseconds per iteration as the sampler does; a
// scripted time overrides the model for the call it is listed at.
type batchModel struct {
	fixed, each float64
	script      map[int]float64 // call number (1-based) -> ns per iteration
	failAt      int             // call number that returns errDevice
}

func (m batchModel) time(calls *[]int) func(n int) (float64, error) {
	return func(n int) (float64, error) {
		*calls = append(*calls, n)
		k := len(*calls)
		if k == m.failAt {
			return 0, errDevice
		}
		if ns, ok := m.script[k]; ok {
			return ns, nil
		}
		return (m.fixed + m.each*float64(n)) / float64(n), nil
	}
}

func TestCalibrate(t *testing.T) {
	c := Calibration{Target: 2 * time.Millisecond, MinNS: 1000, MaxRepeats: 4096}
	tests := []struct {
		name  string
		c     Calibration
		model batchModel
		want  int
		calls []int // the batch sizes timed, in order
		fail  string
		is    error
	}{
		{name: "target over one iteration", c: c, model: batchModel{each: 1000}, want: 2000, calls: []int{1, 1, 100, 100, 2400, 2400}},
		{name: "rounds up", c: c, model: batchModel{each: 3000}, want: 667, calls: []int{1, 1, 100, 100, 800, 800}},
		{name: "the fastest try counts (one-off costs)", c: c, model: batchModel{each: 1000, script: map[int]float64{1: 50000}}, want: 2000, calls: []int{1, 1, 100, 100, 2400, 2400}},
		{name: "the fastest try counts in either order", c: c, model: batchModel{each: 1000, script: map[int]float64{2: 50000}}, want: 2000, calls: []int{1, 1, 100, 100, 2400, 2400}},
		{name: "the fastest try at a batch counts", c: c, model: batchModel{each: 1000, script: map[int]float64{3: 5000}}, want: 2000, calls: []int{1, 1, 100, 100, 2400, 2400}},
		// 42 µs of fixed cost and 0.94 µs an iteration: one iteration
		// alone takes about as long as a 64 KiB vkCmdCopyBuffer timed
		// alone on lavapipe (26-77 µs), and predicts 47; the batch must
		// span the target: 42000 + 940·2090 >= 2e6.
		{name: "a fixed cost a batch", c: c, model: batchModel{fixed: 42000, each: 940}, want: 2090, calls: []int{1, 1, 56, 56, 1421, 1421, 2476, 2476}},
		{name: "timer floor above the target", c: Calibration{Target: time.Microsecond, MinNS: 40000, MaxRepeats: 4096}, model: batchModel{each: 100}, want: 400, calls: []int{1, 1, 100, 100, 480, 480}},
		{name: "slower than the target: one", c: c, model: batchModel{each: 5e6}, want: 1, calls: []int{1, 1}},
		{name: "clamped at the maximum", c: c, model: batchModel{each: 1}, want: 4096, calls: []int{1, 1, 100, 100, 4096, 4096}},
		{name: "no overflow for a tiny time", c: c, model: batchModel{each: 1e-300}, want: 4096, calls: []int{1, 1, 100, 100, 4096, 4096}},
		{name: "maximum of one", c: Calibration{Target: time.Second, MaxRepeats: 1}, model: batchModel{each: 1}, want: 1, calls: []int{1, 1}},
		{name: "timer error", c: c, model: batchModel{each: 1000, failAt: 1}, fail: "calibrate: timing one iteration: submit: VK_ERROR_DEVICE_LOST", is: errDevice},
		{name: "timer error on a batch", c: c, model: batchModel{each: 1000, failAt: 3}, fail: "calibrate: timing 100 iterations: submit: VK_ERROR_DEVICE_LOST", is: errDevice},
		{name: "zero duration", c: c, model: batchModel{each: 1000, script: map[int]float64{2: 0}}, fail: "calibrate: sample 2: 0 ns", is: ErrBadDuration},
		{name: "negative duration", c: c, model: batchModel{each: 1000, script: map[int]float64{1: -3}}, fail: "calibrate: sample 1: -3 ns", is: ErrBadDuration},
		{name: "NaN duration", c: c, model: batchModel{each: 1000, script: map[int]float64{1: math.NaN()}}, fail: "NaN ns", is: ErrBadDuration},
		{name: "infinite duration on a batch", c: c, model: batchModel{each: 1000, script: map[int]float64{3: math.Inf(1)}}, fail: "calibrate: sample 3: +Inf ns", is: ErrBadDuration},
		{name: "no repeats allowed", c: Calibration{Target: time.Millisecond}, model: batchModel{each: 1}, fail: "at least 1 repeat"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls []int
			n, err := Calibrate(tt.model.time(&calls), tt.c)
			if tt.fail != "" {
				if err == nil || !strings.Contains(err.Error(), tt.fail) {
					t.Fatalf("error %v, want one containing %q", err, tt.fail)
				}
				if tt.is != nil && !errors.Is(err, tt.is) {
					t.Errorf("error %v is not %v", err, tt.is)
				}
				if n != 0 {
					t.Errorf("failed calibration returned %d repeats", n)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if n != tt.want {
				t.Errorf("%d repeats, want %d", n, tt.want)
			}
			if !slices.Equal(calls, tt.calls) {
				t.Errorf("timed batches %v, want %v", calls, tt.calls)
			}
		})
	}
}

// TestCalibrateFixedCost: the batch spans the target whatever a single
// iteration's time says, so the share of a batch's fixed cost in each
// sample, and with it the figure, no longer hangs on that one timing. The
// fixed costs span the one-copy times six processes of a 64 KiB
// vkCmdCopyBuffer on lavapipe implied (2 ms over their batches of 26 to
// 78 copies: 26-77 µs), whose figures read 25.8 to 44.7 GB/s.
func TestCalibrateFixedCost(t *testing.T) {
	c := Calibration{Target: 2 * time.Millisecond, MinNS: 1000, MaxRepeats: 4096}
	const each = 940.0
	var perDispatch []float64
	for _, fixed := range []float64{25000, 42000, 60000, 77000} {
		var calls []int
		n, err := Calibrate(batchModel{fixed: fixed, each: each}.time(&calls), c)
		if err != nil {
			t.Fatal(err)
		}
		span := fixed + each*float64(n)
		if span < 2e6 {
			t.Errorf("fixed cost %.0f ns: a batch of %d spans %.0f ns, short of the 2 ms target", fixed, n, span)
		}
		if n > int(math.Ceil(2e6/each)) {
			t.Errorf("fixed cost %.0f ns: a batch of %d is more than the target needs (%d)", fixed, n, int(math.Ceil(2e6/each)))
		}
		perDispatch = append(perDispatch, span/float64(n))
	}
	lo, hi := slices.Min(perDispatch), slices.Max(perDispatch)
	if hi/lo > 1.03 {
		t.Errorf("time per dispatch %.0f to %.0f ns across fixed costs of 25 to 77 µs: the figure still hangs on the fixed cost", lo, hi)
	}
}
