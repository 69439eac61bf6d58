package stats

import (
	"math"
	"testing"
)

// TestModerate: a paired spread is pooled with the prior on their summed
// degrees of freedom when it fits; it is left alone when it is not paired,
// when there is no prior, and when it exceeds the prior by more than the F
// test allows (the machine noisier than when the prior was measured).
func TestModerate(t *testing.T) {
	// Four pairs whose log ratios have a standard deviation of 0.05.
	four := LogDiff{Diff: 0.01, SE: 0.05 / 2, DF: 3, OK: true, Paired: true}
	for _, tt := range []struct {
		name         string
		d            LogDiff
		p            Prior
		wantSE       float64 // NaN: unchanged
		wantDF       float64
		ok, wantFits bool
	}{
		{"fits: pooled", four, Prior{SD: 0.04, DF: 20}, math.Sqrt((3*0.05*0.05 + 20*0.04*0.04) / 23 / 4), 23, true, true},
		{"narrower than the prior: raised toward it", LogDiff{Diff: 0, SE: 0.01 / 2, DF: 3, OK: true, Paired: true}, Prior{SD: 0.04, DF: 20},
			math.Sqrt((3*0.01*0.01 + 20*0.04*0.04) / 23 / 4), 23, true, true},
		// s²/p² = 16 on (3, 20) degrees of freedom: P(F > 16) ≈ 2e-5.
		{"four times the prior's spread: not used", four, Prior{SD: 0.0125, DF: 20}, math.NaN(), 3, false, false},
		// 1.5 times: P(F > 2.25) ≈ 0.11, fits.
		{"one and a half times: fits", four, Prior{SD: 0.05 / 1.5, DF: 20}, math.Sqrt((3*0.05*0.05 + 20*0.05*0.05/2.25) / 23 / 4), 23, true, true},
		{"no prior", four, Prior{}, math.NaN(), 3, false, true},
		{"unpaired", LogDiff{Diff: 0.01, SE: 0.02, DF: 6, OK: true}, Prior{SD: 0.04, DF: 20}, math.NaN(), 6, false, true},
		{"not OK", LogDiff{Diff: math.NaN(), SE: math.NaN(), DF: math.NaN(), Paired: true}, Prior{SD: 0.04, DF: 20}, math.NaN(), math.NaN(), false, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m, ok, fits := tt.d.Moderate(tt.p)
			if ok != tt.ok || fits != tt.wantFits {
				t.Fatalf("ok, fits = %v, %v; want %v, %v", ok, fits, tt.ok, tt.wantFits)
			}
			wantSE := tt.wantSE
			if math.IsNaN(wantSE) {
				wantSE = tt.d.SE
			}
			if !(math.Abs(m.SE-wantSE) < 1e-12 || math.IsNaN(m.SE) && math.IsNaN(wantSE)) {
				t.Errorf("SE %v, want %v", m.SE, wantSE)
			}
			if !(m.DF == tt.wantDF || math.IsNaN(m.DF) && math.IsNaN(tt.wantDF)) {
				t.Errorf("DF %v, want %v", m.DF, tt.wantDF)
			}
			if m.Diff != tt.d.Diff && !math.IsNaN(tt.d.Diff) {
				t.Errorf("Diff %v, want %v unchanged", m.Diff, tt.d.Diff)
			}
			if ok {
				// Moderating twice changes nothing; At keeps the prior's
				// degrees of freedom: 8 pairs on 7 + 20.
				if again, _, _ := m.Moderate(tt.p); again != m {
					t.Errorf("moderated twice: %+v, then %+v", m, again)
				}
				if se, df := m.At(4, 8); df != 27 || math.Abs(se-m.SE/math.Sqrt2) > 1e-12 {
					t.Errorf("At(4, 8) = %v, %v; want %v, 27", se, df, m.SE/math.Sqrt2)
				}
			}
		})
	}
}

// TestFitsPrior: the F test of a paired spread against a prior, at a
// level of the caller's.
func TestFitsPrior(t *testing.T) {
	three := func(sd float64) LogDiff { return LogDiff{SE: sd / math.Sqrt(3), DF: 2, OK: true, Paired: true} }
	p := Prior{SD: 0.02, DF: 20}
	for _, tt := range []struct {
		name  string
		d     LogDiff
		alpha float64
		want  bool
	}{
		{"tighter than the prior", three(0.01), 0.2, true},
		{"equal", three(0.02), 0.2, true},
		// s²/p² = 2.25 on (2, 20): P(F > 2.25) ≈ 0.13.
		{"1.5 times, lenient level", three(0.03), 0.01, true},
		{"1.5 times, strict level", three(0.03), 0.2, false},
		{"no prior", three(0.01), 0.2, false},
		{"unpaired", LogDiff{SE: 0.01, DF: 4, OK: true}, 0.2, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			pr := p
			if tt.name == "no prior" {
				pr = Prior{}
			}
			if got := tt.d.FitsPrior(pr, tt.alpha); got != tt.want {
				t.Errorf("FitsPrior = %v, want %v", got, tt.want)
			}
		})
	}
}
