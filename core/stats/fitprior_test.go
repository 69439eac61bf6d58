package stats

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// TestFitPriorRecovers: spreads drawn from a known scaled inverse χ²
// prior, on the degrees of freedom one A/A gate of a few rounds gives each
// benchmark, fit back to that prior.
func TestFitPriorRecovers(t *testing.T) {
	for _, tt := range []struct {
		name   string
		s0, d0 float64
		df     float64
	}{
		{"two pairs a benchmark", 0.01, 8, 1},
		{"three rounds", 0.02, 12, 2},
		{"scattered truths", 0.05, 3, 4},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			truth := distuv.ChiSquared{K: tt.d0, Src: rng}
			sample := distuv.ChiSquared{K: tt.df, Src: rng}
			const n = 4000
			sd, df := make([]float64, n), make([]float64, n)
			for i := range n {
				sigma2 := tt.s0 * tt.s0 * tt.d0 / truth.Rand()
				sd[i] = math.Sqrt(sigma2 * sample.Rand() / tt.df)
				df[i] = tt.df
			}
			p := FitPrior(sd, df)
			if math.Abs(p.SD/tt.s0-1) > 0.1 {
				t.Errorf("SD = %.4g, want %.4g ± 10%%", p.SD, tt.s0)
			}
			if math.Abs(p.DF/tt.d0-1) > 0.35 {
				t.Errorf("DF = %.3g, want %.3g ± 35%%", p.DF, tt.d0)
			}
		})
	}
}

// TestFitPriorEdges: too few spreads give no prior; spreads that scatter
// no more than sampling explains give the summed degrees of freedom, not
// infinity; unusable entries are left out.
func TestFitPriorEdges(t *testing.T) {
	nan := math.NaN()
	for _, tt := range []struct {
		name   string
		sd, df []float64
		wantDF float64
	}{
		{"none", nil, nil, 0},
		{"two", []float64{0.01, 0.02}, []float64{3, 3}, 0},
		{"three with one unusable", []float64{0.01, 0.02, 0}, []float64{3, 3, 3}, 0},
		{"NaN and zero degrees skipped", []float64{0.01, nan, 0.02, 0.015, 0.01}, []float64{3, 3, 0, 3, 3}, 9},
		{"identical spreads: the data's own degrees", []float64{0.01, 0.01, 0.01, 0.01}, []float64{2, 2, 2, 2}, 8},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := FitPrior(tt.sd, tt.df)
			if tt.wantDF == 0 {
				if p != (Prior{}) {
					t.Fatalf("FitPrior = %+v, want the zero Prior", p)
				}
				return
			}
			if p.DF != tt.wantDF || !(p.SD > 0) {
				t.Fatalf("FitPrior = %+v, want DF %g and a spread", p, tt.wantDF)
			}
		})
	}
}

func TestModerated(t *testing.T) {
	p := Prior{SD: 0.02, DF: 20}
	for _, tt := range []struct {
		name           string
		sd, df         float64
		p              Prior
		wantSD, wantDF float64
	}{
		{"pooled", 0.04, 2, p, math.Sqrt((2*0.04*0.04 + 20*0.02*0.02) / 22), 22},
		{"no prior", 0.04, 2, Prior{}, 0.04, 2},
		{"no degrees of its own", 0.04, 0, p, 0.04, 0},
		{"zero spread raised", 0, 3, p, math.Sqrt(20 * 0.02 * 0.02 / 23), 23},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sd, df := Moderated(tt.sd, tt.df, tt.p)
			if math.Abs(sd-tt.wantSD) > 1e-12 || df != tt.wantDF {
				t.Fatalf("Moderated = %g on %g, want %g on %g", sd, df, tt.wantSD, tt.wantDF)
			}
		})
	}
}

func TestTrigammaInverse(t *testing.T) {
	for _, y := range []float64{0.05, 0.5, 1, 3, 50, 1e4} {
		if got := trigammaInverse(trigamma(y)); math.Abs(got/y-1) > 1e-6 {
			t.Errorf("trigammaInverse(trigamma(%g)) = %g", y, got)
		}
	}
	if got := trigamma(1); math.Abs(got-math.Pi*math.Pi/6) > 1e-12 {
		t.Errorf("trigamma(1) = %.15g, want π²/6", got)
	}
}

// TestModeratedOutlier: a spread far above the prior's (the F test
// rejects it) is not pulled down toward it.
func TestModeratedOutlier(t *testing.T) {
	p := Prior{SD: 0.02, DF: 10}
	if sd, df := Moderated(0.22, 1, p); sd != 0.22 || df != 1 {
		t.Errorf("22%% against a 2%% prior: %g on %g, want it kept", sd, df)
	}
	if sd, df := Moderated(0.04, 1, p); !(sd < 0.04) || df != 11 {
		t.Errorf("4%% against a 2%% prior: %g on %g, want it moderated on 11", sd, df)
	}
}
