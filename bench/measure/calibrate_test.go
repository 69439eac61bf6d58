package measure

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

func TestCalibrate(t *testing.T) {
	c := Calibration{Target: 2 * time.Millisecond, MinNS: 1000, MaxRepeats: 4096}
	tests := []struct {
		name  string
		c     Calibration
		times []float64 // ns per iteration of successive time(1) calls
		err   error     // returned by the first call
		want  int
		fail  string // substring of the error
		is    error
	}{
		{name: "target over one iteration", c: c, times: []float64{1000, 1000}, want: 2000},
		{name: "rounds up", c: c, times: []float64{3000, 3000}, want: 667},
		{name: "the fastest try counts (one-off costs)", c: c, times: []float64{50000, 1000}, want: 2000},
		{name: "the fastest try counts in either order", c: c, times: []float64{1000, 50000}, want: 2000},
		{name: "timer floor above the target", c: Calibration{Target: time.Microsecond, MinNS: 40000, MaxRepeats: 4096}, times: []float64{100, 100}, want: 400},
		{name: "slower than the target: one", c: c, times: []float64{5e6, 5e6}, want: 1},
		{name: "clamped at the maximum", c: c, times: []float64{1, 1}, want: 4096},
		{name: "no overflow for a tiny time", c: c, times: []float64{1e-300, 1e-300}, want: 4096},
		{name: "maximum of one", c: Calibration{Target: time.Second, MaxRepeats: 1}, times: []float64{1, 1}, want: 1},
		{name: "timer error", c: c, err: errDevice, fail: "calibrate: timing one iteration: submit: VK_ERROR_DEVICE_LOST", is: errDevice},
		{name: "zero duration", c: c, times: []float64{1000, 0}, fail: "calibrate: sample 2: 0 ns", is: ErrBadDuration},
		{name: "negative duration", c: c, times: []float64{-3, 1000}, fail: "calibrate: sample 1: -3 ns", is: ErrBadDuration},
		{name: "NaN duration", c: c, times: []float64{math.NaN(), 1000}, fail: "NaN ns", is: ErrBadDuration},
		{name: "no repeats allowed", c: Calibration{Target: time.Millisecond}, times: []float64{1, 1}, fail: "at least 1 repeat"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls := 0
			timeN := func(n int) (float64, error) {
				if n != 1 {
					t.Errorf("time(%d), want time(1)", n)
				}
				calls++
				if tt.err != nil {
					return 0, tt.err
				}
				return tt.times[calls-1], nil
			}
			n, err := Calibrate(timeN, tt.c)
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
			if calls != CalibrationTries {
				t.Errorf("timed %d times, want %d", calls, CalibrationTries)
			}
		})
	}
}
