package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestRunEstimate(t *testing.T) {
	// Ten times 10..19 ns as a time and as a throughput 1000/t.
	times := []float64{14, 11, 19, 10, 16, 12, 18, 13, 17, 15}
	thr := make([]float64, len(times))
	for i, x := range times {
		thr[i] = 1000 / x
	}
	nan := math.NaN()
	tests := []struct {
		name   string
		xs     []float64
		marks  []bool
		higher bool
		want   float64
	}{
		// 0.1-quantile of 10..19 (type 7): position 0.9 → 10.9.
		{"time", times, nil, false, 10.9},
		// The throughput's 0.9-quantile: position 8.1 between 1000/11
		// and 1000/10 (sorted ascending 1000/19 .. 1000/10).
		{"throughput", thr, nil, true, 1000/11.0*0.9 + 1000/10.0*0.1},
		// Marked samples (the three fastest) are left out: 13..19 remain,
		// 0.1-quantile position 0.6 → 13.6.
		{"marks leave out", times, []bool{false, true, false, true, false, true, false, false, false, false}, false, 13.6},
		// Every sample marked: all are used (the run has nothing better).
		{"all marked", times, []bool{true, true, true, true, true, true, true, true, true, true}, false, 10.9},
		// Marks shorter than the samples mark only what they cover: 10
		// goes, 11..19 remain, position 0.8 → 11.8.
		{"short marks", times, []bool{false, false, false, true}, false, 11.8},
		{"empty", nil, nil, false, nan},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := RunEstimate(tt.xs, tt.marks, tt.higher)
			if math.IsNaN(tt.want) != math.IsNaN(got) || (!math.IsNaN(got) && math.Abs(got-tt.want) > 1e-9) {
				t.Errorf("RunEstimate = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestRunEstimateOneSided: samples slowed down by bursts move the run's
// figure far less than its median (the reason for the estimator).
func TestRunEstimateOneSided(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	var clean, hit []float64
	for i := 0; i < 30; i++ {
		x := 100 * math.Exp(0.01*rng.NormFloat64())
		clean = append(clean, x)
		if i%10 < 6 { // 60% of the samples in bursts 50% slower
			x *= 1.5
		}
		hit = append(hit, x)
	}
	medShift := Median(hit)/Median(clean) - 1
	estShift := RunEstimate(hit, nil, false)/RunEstimate(clean, nil, false) - 1
	if !(math.Abs(estShift) < 0.02 && medShift > 0.3) {
		t.Errorf("60%% of samples 50%% slower: figure moved %.1f%%, median %.1f%%", 100*estShift, 100*medShift)
	}
}

func TestDisturbedRun(t *testing.T) {
	for _, tt := range []struct {
		marks []bool
		n     int
		want  bool
	}{
		{nil, 5, false},
		{[]bool{true, true, false, false}, 4, false}, // half is not most
		{[]bool{true, true, true, false}, 4, true},
		{[]bool{true, true, true, false}, 8, false}, // marks beyond n do not exist
		{[]bool{true}, 0, false},
	} {
		if got := DisturbedRun(tt.marks, tt.n); got != tt.want {
			t.Errorf("DisturbedRun(%v, %d) = %v, want %v", tt.marks, tt.n, got, tt.want)
		}
	}
}

func TestWelchLogDiffInterval(t *testing.T) {
	// Logs 0, ln2 against ln4, ln8 (TestWelchLog): diff 2·ln2, se
	// √(0.5)·ln2·... : in ln2 units the difference is 2, the standard
	// error √(0.5/2+0.5/2) = 0.7071, df 2; the 2.5%-each interval is
	// 2 ∓ t(0.975, 2)·0.7071 = 2 ∓ 4.3027·0.7071.
	d := WelchLogDiff([]float64{1, 2}, []float64{4, 8})
	ln2 := math.Ln2
	if !d.OK || math.Abs(d.Diff-2*ln2) > 1e-12 || math.Abs(d.SE-math.Sqrt(0.5)*ln2) > 1e-12 || math.Abs(d.DF-2) > 1e-9 {
		t.Fatalf("WelchLogDiff = %+v", d)
	}
	lo, hi := d.Interval(0.025)
	h := 4.302652729911275 * math.Sqrt(0.5) * ln2
	if math.Abs(lo-(2*ln2-h)) > 1e-9 || math.Abs(hi-(2*ln2+h)) > 1e-9 {
		t.Errorf("interval [%v, %v], want 2·ln2 ∓ %v", lo, hi, h)
	}
	if lo, hi := WelchLogDiff([]float64{5, 5}, []float64{6, 6}).Interval(0.01); math.Abs(lo-math.Log(1.2)) > 1e-12 || hi != lo {
		t.Errorf("no spread: [%v, %v], want the difference itself", lo, hi)
	}
	for _, bad := range [][2][]float64{{{1}, {1, 2}}, {{1, 0}, {1, 2}}} {
		if d := WelchLogDiff(bad[0], bad[1]); d.OK || !math.IsNaN(d.Diff) {
			t.Errorf("WelchLogDiff(%v, %v) = %+v, want not OK", bad[0], bad[1], d)
		}
	}
	if lo, _ := d.Interval(0.7); !math.IsNaN(lo) {
		t.Errorf("an end missing with probability 0.7 is no interval: %v", lo)
	}
}

// TestPairedLogDiff: rounds that drift together (the machine 40% slower
// in the second and fourth) with y 2% above x in each: the paired
// difference sees only the 2% and its small wobble; Welch's sees the
// drift as spread on both sides.
func TestPairedLogDiff(t *testing.T) {
	x := []float64{100, 60, 101, 61}
	y := []float64{102, 61.5, 102.5, 62}
	d := PairedLogDiff(x, y)
	var want, ss float64
	var ds []float64
	for i := range x {
		ds = append(ds, math.Log(y[i]/x[i]))
		want += ds[i] / 4
	}
	for _, v := range ds {
		ss += (v - want) * (v - want)
	}
	if !d.OK || !d.Paired || math.Abs(d.Diff-want) > 1e-12 || math.Abs(d.SE-math.Sqrt(ss/3/4)) > 1e-12 || d.DF != 3 {
		t.Fatalf("PairedLogDiff = %+v, want diff %v", d, want)
	}
	w := WelchLogDiff(x, y)
	if !(d.SE < w.SE/10) {
		t.Errorf("paired SE %v is not far below Welch's %v on drift shared by the pairs", d.SE, w.SE)
	}
	if lo, hi := d.Interval(0.025); !(lo > 0.01 && hi < 0.03) {
		t.Errorf("paired interval [%v, %v] of a 2%% change", math.Expm1(lo), math.Expm1(hi))
	}
	// At scales to more pairs: se·√(n/m) on m-1 degrees of freedom.
	if se, df := d.At(4, 16); math.Abs(se-d.SE/2) > 1e-12 || df != 15 {
		t.Errorf("At(4, 16) = %v, %v", se, df)
	}
	if se, df := w.At(4, 16); math.Abs(se-w.SE/2) > 1e-12 || df != 30 {
		t.Errorf("Welch At(4, 16) = %v, %v", se, df)
	}
	if p := d.P(); !(p < 0.01) {
		t.Errorf("paired p %v for a steady 2%% change", p)
	}
	if p, wp := w.P(), WelchLog(x, y).P; math.Abs(p-wp) > 1e-12 {
		t.Errorf("LogDiff.P %v, WelchLog %v", p, wp)
	}
	for _, bad := range [][2][]float64{{{1, 2}, {1, 2, 3}}, {{1}, {1}}, {{1, 0}, {1, 2}}, {{1, 2}, {1, math.Inf(1)}}} {
		if d := PairedLogDiff(bad[0], bad[1]); d.OK || !math.IsNaN(d.P()) {
			t.Errorf("PairedLogDiff(%v, %v) = %+v, want not OK", bad[0], bad[1], d)
		}
	}
}

func TestSpendAlpha(t *testing.T) {
	for _, tt := range []struct{ frac, rho, want float64 }{
		{0, 2, 0}, {0.5, 1, 0.005}, {0.5, 2, 0.0025}, {1, 3, 0.01}, {2, 2, 0.01}, {-1, 2, 0},
	} {
		if got := SpendAlpha(0.01, tt.frac, tt.rho); math.Abs(got-tt.want) > 1e-15 {
			t.Errorf("SpendAlpha(0.01, %v, %v) = %v, want %v", tt.frac, tt.rho, got, tt.want)
		}
	}
}

// TestOutside: Outside is the level at which Interval's nearer end meets
// the bound, so an interval at a slightly larger level clears it and one
// at a slightly smaller level does not.
func TestOutside(t *testing.T) {
	lo, hi := math.Log1p(-0.03), math.Log1p(0.03)
	for _, tc := range []struct {
		name string
		d    LogDiff
		want string // "", "zero", "one", "nan", "half+" (at least 0.5)
	}{
		{"above", PairedLogDiff([]float64{100, 100, 100}, []float64{110, 112, 109}), ""},
		{"below", WelchLogDiff([]float64{100, 101, 99, 100}, []float64{80, 82, 81, 79}), ""},
		{"inside", PairedLogDiff([]float64{100, 100, 100}, []float64{100.5, 99.5, 100.2}), "half+"},
		{"no spread outside", PairedLogDiff([]float64{100, 100, 100}, []float64{110, 110, 110}), "zero"},
		{"no spread inside", PairedLogDiff([]float64{100, 100, 100}, []float64{101, 101, 101}), "one"},
		{"not ok", PairedLogDiff([]float64{100}, []float64{101}), "nan"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.d.Outside(lo, hi)
			switch tc.want {
			case "zero", "one":
				if want := map[string]float64{"zero": 0, "one": 1}[tc.want]; p != want {
					t.Fatalf("Outside = %v, want %v", p, want)
				}
				return
			case "nan":
				if !math.IsNaN(p) {
					t.Fatalf("Outside = %v, want NaN", p)
				}
				return
			case "half+":
				if !(p >= 0.5) {
					t.Fatalf("Outside = %v, want at least 0.5 for a difference within the bounds", p)
				}
				return
			}
			if !(p > 0 && p < 0.5) {
				t.Fatalf("Outside = %v, want within (0, 0.5)", p)
			}
			clears := func(a float64) bool {
				l, h := tc.d.Interval(a)
				return l > hi || h < lo
			}
			if !clears(p*1.001) || clears(p*0.999) {
				t.Errorf("Outside = %v: interval at 1.001× clears %v, at 0.999× %v", p, clears(p*1.001), clears(p*0.999))
			}
		})
	}
}

func TestRunEstimateSEEdges(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name   string
		xs     []float64
		marks  []bool
		higher bool
		want   float64
	}{
		{"too few", []float64{1, 2, 3, 4}, nil, false, nan},
		{"too few left unmarked", []float64{1, 2, 3, 4, 5, 6}, []bool{true, true}, false, nan},
		{"no scatter", []float64{7, 7, 7, 7, 7, 7, 7, 7}, nil, false, 0},
		{"zero figure", []float64{0, 0, 0, 0, 0, 1}, nil, false, nan},
		// 10 samples: h = 0.2177, so the slope between the quantiles at
		// 0 and 0.3177 of 10..19 (10 and 12.859), /0.3177 = 9 per unit
		// of q (the samples are evenly spread); √(0.09/10)·9/10.9.
		{"even", []float64{14, 11, 19, 10, 16, 12, 18, 13, 17, 15}, nil, false, math.Sqrt(0.009) * 9 / 10.9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := RunEstimateSE(tt.xs, tt.marks, tt.higher)
			if math.IsNaN(tt.want) != math.IsNaN(got) || (!math.IsNaN(got) && math.Abs(got-tt.want) > 1e-9) {
				t.Errorf("RunEstimateSE = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestRunEstimateSE: over many seeded runs, the standard error estimated
// from each run's own samples matches how much the run figure really
// scatters from run to run, for normal samples and for samples with the
// slow tail interference leaves, where the CV-based figure (1.71·CV/√n)
// overstates it several times over. Times and throughputs alike.
func TestRunEstimateSE(t *testing.T) {
	normal := func(rng *rand.Rand) float64 { return math.Exp(0.02 * rng.NormFloat64()) }
	tail := func(rng *rand.Rand) float64 {
		x := math.Exp(0.005 * rng.NormFloat64())
		if rng.Float64() < 0.4 { // 40% of the samples slowed by 10-80%
			x *= 1.1 + 0.7*rng.Float64()
		}
		return x
	}
	tests := []struct {
		name      string
		draw      func(*rand.Rand) float64
		n         int
		higher    bool
		cvAtLeast float64 // the CV-based figure over the true scatter
	}{
		{"normal, 200 samples", normal, 200, false, 0.8},
		{"normal, 20 samples", normal, 20, false, 0.8},
		{"slow tail, 200 samples", tail, 200, false, 5},
		{"slow tail, throughput", tail, 200, true, 5},
		{"slow tail, 30 samples", tail, 30, false, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, uint64(tt.n)))
			const runs = 600
			var figures, ses, cvs []float64
			for range runs {
				xs := make([]float64, tt.n)
				for i := range xs {
					xs[i] = tt.draw(rng)
					if tt.higher {
						xs[i] = 1 / xs[i]
					}
				}
				figures = append(figures, RunEstimate(xs, nil, tt.higher))
				ses = append(ses, RunEstimateSE(xs, nil, tt.higher))
				cvs = append(cvs, CV(xs))
			}
			truth := LogSD(figures)
			est := Median(ses)
			if r := est / truth; r < 0.75 || r > 1.35 {
				t.Errorf("estimated SE %.3g%%, true scatter %.3g%% (ratio %.2f, want 0.75-1.35)", 100*est, 100*truth, r)
			}
			byCV := 1.71 * Median(cvs) / math.Sqrt(float64(tt.n))
			if r := byCV / truth; r < tt.cvAtLeast {
				t.Errorf("CV-based figure %.3g%% is only %.2f times the true %.3g%% (want at least %g)", 100*byCV, r, 100*truth, tt.cvAtLeast)
			}
			t.Logf("true %.3f%%, estimated %.3f%%, CV-based %.3f%%", 100*truth, 100*est, 100*byCV)
		})
	}
}
