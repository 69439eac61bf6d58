package stats

import (
	"math/rand/v2"
	"testing"
)

// TestRunLevels: the H200's cold A/A (three runs at 212, 565 and 566
// TFLOP/s, each with a CV under 1%) is flagged; runs that wander within
// their own noise (lavapipe: CV 20–30%, levels 15% apart) or sit close
// together are not.
func TestRunLevels(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	run := func(level, cv float64, n int) []float64 {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = level * (1 + cv*rng.NormFloat64())
		}
		return xs
	}
	for _, tt := range []struct {
		name  string
		runs  [][]float64
		marks [][]bool
		want  bool
		ratio float64 // about
	}{
		{"idle clock, then busy (H200)", [][]float64{run(212, 0.008, 50), run(565, 0.005, 50), run(566, 0.005, 50)}, nil, true, 2.67},
		{"A/A within the noise", [][]float64{run(100, 0.01, 50), run(102, 0.01, 50), run(99, 0.01, 50)}, nil, false, 1.03},
		{"lavapipe: apart, but noisier", [][]float64{run(80, 0.25, 200), run(92, 0.25, 200), run(85, 0.25, 200)}, nil, false, 1.15},
		{"steady, 12% apart", [][]float64{run(100, 0.01, 50), run(112, 0.01, 50)}, nil, true, 1.12},
		{"one run", [][]float64{run(212, 0.008, 50)}, nil, false, 0},
		// The slow run's samples all disturbed: it has no level.
		{"disturbed run left out", [][]float64{run(212, 0.008, 10), run(565, 0.005, 10), run(566, 0.005, 10)},
			[][]bool{{true, true, true, true, true, true, true, true, true, true}}, false, 1.0},
	} {
		l := RunLevels(tt.runs, tt.marks)
		if l.Flagged != tt.want || (tt.ratio > 0 && (l.Ratio < tt.ratio*0.97 || l.Ratio > tt.ratio*1.03)) {
			t.Errorf("%s: %+v, want flagged %v at about %.2f", tt.name, l, tt.want, tt.ratio)
		}
	}
}
