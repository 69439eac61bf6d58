package stats

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestQuantile(t *testing.T) {
	s := []float64{1, 2, 3, 4, 5}
	for _, tc := range []struct {
		q, want float64
	}{{0, 1}, {0.25, 2}, {0.5, 3}, {0.9, 4.6}, {1, 5}, {-1, 1}, {2, 5}} {
		if got := Quantile(s, tc.q); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("Quantile(%v) = %v, want %v", tc.q, got, tc.want)
		}
	}
	if !math.IsNaN(Quantile(nil, 0.5)) {
		t.Error("Quantile of nothing is not NaN")
	}
	xs := []float64{5, 1, 4, 2, 3}
	if got := QuantileOf(xs, 0.9); math.Abs(got-4.6) > 1e-12 || xs[0] != 5 {
		t.Errorf("QuantileOf = %v (want 4.6), input now %v (want it unmodified)", got, xs)
	}
}

// TestMedianInPlace checks selection against sorting on random data with
// many ties, odd and even lengths.
func TestMedianInPlace(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n <= 40; n++ {
		for range 50 {
			xs := make([]float64, n)
			for i := range xs {
				xs[i] = float64(rng.IntN(7))
			}
			s := slices.Clone(xs)
			slices.Sort(s)
			want := Quantile(s, 0.5)
			if got := MedianInPlace(xs); got != want {
				t.Fatalf("n=%d %v: median %v, want %v", n, s, got, want)
			}
		}
	}
	if !math.IsNaN(Median(nil)) {
		t.Error("median of nothing is not NaN")
	}
}

func TestWelchLog(t *testing.T) {
	// Logs 0, ln2 against ln4, ln8 (= 0,1 and 2,3 in units of ln2): equal
	// variances 0.5·ln²2, t = 2/√(0.5) = 2.828 (in ln2 units), df = 2;
	// two-sided p = 2·P(T_2 < -2.828) = 0.1056 (tables).
	w := WelchLog([]float64{1, 2}, []float64{4, 8})
	if math.Abs(w.T-2*math.Sqrt2) > 1e-9 || math.Abs(w.DF-2) > 1e-9 || math.Abs(w.P-0.10557) > 1e-4 {
		t.Errorf("WelchLog = %+v, want t 2.828, df 2, p 0.1056", w)
	}
	if w := WelchLog([]float64{5, 5, 5}, []float64{5, 5, 5}); w.P != 1 {
		t.Errorf("identical constant sides: p %v, want 1", w.P)
	}
	if w := WelchLog([]float64{5, 5, 5}, []float64{6, 6, 6}); !(w.P < 1e-9) {
		t.Errorf("different constant sides: p %v, want about 0", w.P)
	}
	for _, bad := range [][2][]float64{{{1}, {1, 2}}, {{1, -2}, {1, 2}}, {nil, nil}} {
		if w := WelchLog(bad[0], bad[1]); !math.IsNaN(w.P) {
			t.Errorf("WelchLog(%v, %v) p = %v, want NaN", bad[0], bad[1], w.P)
		}
	}
}
