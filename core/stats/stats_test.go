package stats

import (
	"math"
	"testing"
)

func TestSummarize(t *testing.T) {
	tests := []struct {
		name           string
		xs             []float64
		median         float64
		finiteCI       bool
		cv             float64 // expected to 1e-9
		relWidthFinite bool
	}{
		// Too few samples for a distribution-free 95% interval of the
		// median (needs n >= 6: 2·0.5^6 = 0.03 < 0.05).
		{"five samples", []float64{1, 2, 3, 4, 5}, 3, false, math.Sqrt(2.5) / 3, false},
		// Ten equal samples: median 7, interval [7,7], CV 0.
		{"constant", []float64{7, 7, 7, 7, 7, 7, 7, 7, 7, 7}, 7, true, 0, true},
		// mean 5.5, sample sd sqrt(110/12)... of 1..10: sd = 3.0276503540974917
		{"one to ten", []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 5.5, true, 3.0276503540974917 / 5.5, true},
		{"empty", nil, math.NaN(), false, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := append([]float64(nil), tc.xs...)
			s := Summarize(tc.xs)
			if s.N != len(tc.xs) {
				t.Errorf("N = %d", s.N)
			}
			if !(s.Median == tc.median || math.IsNaN(s.Median) && math.IsNaN(tc.median)) {
				t.Errorf("median = %v, want %v", s.Median, tc.median)
			}
			finite := !math.IsInf(s.Low, 0) && !math.IsInf(s.High, 0)
			if finite != tc.finiteCI {
				t.Errorf("CI [%v, %v], want finite=%v", s.Low, s.High, tc.finiteCI)
			}
			if !tc.finiteCI && !(math.IsInf(s.Low, -1) && math.IsInf(s.High, 1)) {
				t.Errorf("CI [%v, %v]: without an interval both bounds must be infinite, not one", s.Low, s.High)
			}
			if finite && (s.Low > s.Median || s.High < s.Median) {
				t.Errorf("CI [%v, %v] does not contain the median %v", s.Low, s.High, s.Median)
			}
			if math.Abs(s.CV-tc.cv) > 1e-9 {
				t.Errorf("CV = %v, want %v", s.CV, tc.cv)
			}
			if !math.IsInf(s.RelWidth(), 1) != tc.relWidthFinite {
				t.Errorf("RelWidth = %v", s.RelWidth())
			}
			for i := range in {
				if in[i] != tc.xs[i] {
					t.Fatalf("Summarize modified its input")
				}
			}
		})
	}
}

// TestRelWidth: the half-width relative to the median is the larger side.
func TestRelWidth(t *testing.T) {
	s := Summary{Median: 100, Low: 98, High: 103}
	if got := s.RelWidth(); math.Abs(got-0.03) > 1e-12 {
		t.Errorf("RelWidth = %v, want 0.03", got)
	}
}
