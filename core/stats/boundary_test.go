package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSequentialLevelsPublished: the boundaries of Lan & DeMets'
// spending functions at five equally spaced looks, one-sided 2.5%, as
// published (Lan & DeMets 1983; gsDesign's sfLDOF and sfLDPocock give the
// same): O'Brien-Fleming-type 4.877, 3.357, 2.680, 2.290, 2.031;
// Pocock-type 2.438, 2.427, 2.410, 2.397, 2.386.
func TestSequentialLevelsPublished(t *testing.T) {
	const alpha = 0.025
	fracs := []float64{0.2, 0.4, 0.6, 0.8, 1}
	tests := []struct {
		name  string
		spend func(t float64) float64
		want  []float64
	}{
		{"O'Brien-Fleming type", func(t float64) float64 { return 2 * upperNormal(upperNormalQuantile(alpha/2)/math.Sqrt(t)) },
			[]float64{4.877, 3.357, 2.680, 2.290, 2.031}},
		{"Pocock type", func(t float64) float64 { return alpha * math.Log(1+(math.E-1)*t) },
			[]float64{2.438, 2.427, 2.410, 2.397, 2.386}},
	}
	for _, tt := range tests {
		cum := make([]float64, len(fracs))
		for i, f := range fracs {
			cum[i] = tt.spend(f)
		}
		levels := SequentialLevels(fracs, cum)
		for i, p := range levels {
			if z := upperNormalQuantile(p); math.Abs(z-tt.want[i]) > 0.002 {
				t.Errorf("%s: look %d boundary %.4f, want %.3f", tt.name, i+1, z, tt.want[i])
			}
		}
	}
}

// TestSequentialLevelsSimulated: Brownian paths looked at with the levels
// cross first at each look as often as the look spends (power family,
// rho 2, 5% over looks at 3, 4, 5, 6, 8, 10 and 12 runs of 12), within
// Monte Carlo error; each level after the first is larger than the share
// it spends (the first is its share), and a
// look that spends nothing has level 0.
func TestSequentialLevelsSimulated(t *testing.T) {
	looks := []float64{3, 4, 5, 6, 8, 10, 12}
	fracs, cum := make([]float64, len(looks)), make([]float64, len(looks))
	for i, n := range looks {
		fracs[i] = n / 12
		cum[i] = SpendAlpha(0.05, fracs[i], 2)
	}
	levels := SequentialLevels(fracs, cum)
	bounds := make([]float64, len(levels))
	for i, p := range levels {
		bounds[i] = upperNormalQuantile(p)
		share := cum[i]
		if i > 0 {
			share -= cum[i-1]
		}
		if i > 0 && !(p > share) {
			t.Errorf("look %d: level %.5f not above its share %.5f", i+1, p, share)
		}
	}
	t.Logf("levels %.4f", levels)
	const trials = 200000
	rng := rand.New(rand.NewPCG(3, 4))
	first := make([]int, len(looks))
	for range trials {
		s, prev := 0.0, 0.0
		for i, f := range fracs {
			s += math.Sqrt(f-prev) * rng.NormFloat64()
			prev = f
			if s/math.Sqrt(f) >= bounds[i] {
				first[i]++
				break
			}
		}
	}
	for i := range looks {
		share := cum[i]
		if i > 0 {
			share -= cum[i-1]
		}
		got := float64(first[i]) / trials
		if se := math.Sqrt(share * (1 - share) / trials); math.Abs(got-share) > 4*se {
			t.Errorf("look %d: first crossings %.5f, spends %.5f (±%.5f)", i+1, got, share, 4*se)
		}
	}
	if l := SequentialLevels([]float64{0.5, 1}, []float64{0, 0.05}); l[0] != 0 || math.Abs(l[1]-0.05) > 1e-6 {
		t.Errorf("a first look that spends nothing: levels %v, want [0 0.05]", l)
	}
}
