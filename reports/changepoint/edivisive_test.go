package changepoint

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

var long = flag.Bool("long", false, "run the full change-point quality grid")

// naiveQ is the energy statistic of splitting z at tau, from the
// definition (Matteson & James 2014, alpha = 1).
func naiveQ(z []float64, tau int) float64 {
	x, y := z[:tau], z[tau:]
	m, k := float64(len(x)), float64(len(y))
	var c, sx, sy float64
	for _, a := range x {
		for _, b := range y {
			c += math.Abs(a - b)
		}
	}
	for i := range x {
		for j := i + 1; j < len(x); j++ {
			sx += math.Abs(x[i] - x[j])
		}
	}
	for i := range y {
		for j := i + 1; j < len(y); j++ {
			sy += math.Abs(y[i] - y[j])
		}
	}
	e := 2*c/(m*k) - sx/(m*(m-1)/2) - sy/(k*(k-1)/2)
	return m * k / (m + k) * e
}

func TestScanMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 20; trial++ {
		n := 10 + rng.IntN(60)
		z := make([]float64, n)
		for i := range z {
			z[i] = math.Round(rng.NormFloat64()*4) / 2 // ties on purpose
			if i > n/3 {
				z[i] += float64(trial % 3)
			}
		}
		minSize := 3
		// kappa = n: the scan against the definition.
		wantTau, wantQ := 0, math.Inf(-1)
		for tau := minSize; tau <= n-minSize; tau++ {
			if q := naiveQ(z, tau); q > wantQ+1e-9 {
				wantTau, wantQ = tau, q
			}
		}
		var w workspace
		w.prepare(z)
		tau, q := w.scan(z, w.rank, minSize)
		if tau != wantTau || math.Abs(q-wantQ) > 1e-6*math.Max(1, math.Abs(wantQ)) {
			t.Fatalf("trial %d (n=%d): scan = (%d, %g), definition gives (%d, %g)", trial, n, tau, q, wantTau, wantQ)
		}
		// bestSplit: the maximum over tau and the kappa grid.
		wantTau, wantQ = 0, math.Inf(-1)
		for g := 1; g <= kappaGrid; g++ {
			k := n * g / kappaGrid
			for tau := minSize; tau <= k-minSize; tau++ {
				if q := naiveQ(z[:k], tau); q > wantQ+1e-9 {
					wantTau, wantQ = tau, q
				}
			}
		}
		tau, q = w.bestSplit(z, minSize)
		if tau != wantTau || math.Abs(q-wantQ) > 1e-6*math.Max(1, math.Abs(wantQ)) {
			t.Fatalf("trial %d (n=%d): bestSplit = (%d, %g), definition over the kappa grid gives (%d, %g)", trial, n, tau, q, wantTau, wantQ)
		}
	}
}

func TestDetectCases(t *testing.T) {
	step := func(n int, at []int, levels []float64, cv float64, seed uint64) []float64 {
		rng := rand.New(rand.NewPCG(seed, 9))
		xs := make([]float64, n)
		li := 0
		for i := range xs {
			for li < len(at) && i >= at[li] {
				li++
			}
			xs[i] = levels[li] * (1 + cv*rng.NormFloat64())
		}
		return xs
	}
	for _, tc := range []struct {
		name string
		xs   []float64
		want []int
	}{
		{"flat", step(100, nil, []float64{100}, 0.01, 1), nil},
		{"one 10% step", step(60, []int{30}, []float64{100, 110}, 0.01, 2), []int{30}},
		{"two steps", step(90, []int{30, 60}, []float64{100, 90, 100}, 0.01, 3), []int{30, 60}},
		{"too short", step(8, []int{4}, []float64{100, 200}, 0.01, 4), nil},
		{"1% step under the 2% floor", step(200, []int{100}, []float64{100, 101}, 0.001, 5), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Detect(tc.xs, DefaultOptions())
			if len(got) != len(tc.want) {
				t.Fatalf("Detect = %+v, want change points at %v", got, tc.want)
			}
			for i, c := range got {
				if abs(c.Index-tc.want[i]) > 2 || c.P > 0.01 || math.Abs(c.Change) < 0.02 {
					t.Errorf("change %d = %+v, want index %d ±2, p <= 0.01, |change| >= 2%%", i, c, tc.want[i])
				}
			}
		})
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// series is a generated series with known change points.
type series struct {
	xs    []float64
	truth []int
	// sd3 is true when every true step is at least 3 noise SDs high.
	sd3 bool
}

// gen makes a series of length n with steps (relative, alternating in
// sign) at evenly spaced positions, noise CV, and outliers (fraction,
// each ±30%).
func gen(rng *rand.Rand, n, steps int, size, cv, outliers float64) series {
	s := series{xs: make([]float64, n), sd3: size >= 3*cv}
	level := 100.0
	var at []int
	for k := 1; k <= steps; k++ {
		at = append(at, k*n/(steps+1))
	}
	s.truth = at
	j := 0
	for i := range s.xs {
		if j < len(at) && i == at[j] {
			if j%2 == 0 {
				level *= 1 + size
			} else {
				level /= 1 + size
			}
			j++
		}
		x := level * (1 + cv*rng.NormFloat64())
		if rng.Float64() < outliers {
			x *= 1 + 0.3*float64(1-2*rng.IntN(2))
		}
		s.xs[i] = x
	}
	return s
}

// score counts true positives (a detection within ±2 of an unmatched
// truth), false positives and false negatives.
func score(truth []int, got []Change) (tp, fp, fn int) {
	used := make([]bool, len(truth))
	for _, c := range got {
		hit := false
		for i, tr := range truth {
			if !used[i] && abs(c.Index-tr) <= 2 {
				used[i], hit = true, true
				break
			}
		}
		if hit {
			tp++
		} else {
			fp++
		}
	}
	for _, u := range used {
		if !u {
			fn++
		}
	}
	return
}

func f1(tp, fp, fn int) (p, r, f float64) {
	p = float64(tp) / math.Max(1, float64(tp+fp))
	r = float64(tp) / math.Max(1, float64(tp+fn))
	if p+r > 0 {
		f = 2 * p * r / (p + r)
	}
	return
}

// TestQuality measures precision, recall and F1 (±2 points) on generated
// series with known truth, and false change points on flat series. The
// default is a fast subset; -long runs the whole grid (lengths 30-500,
// steps 2-20%, noise CV 1-10%, one to three steps, with and without 2%
// outliers) with more trials.
func TestQuality(t *testing.T) {
	lengths := []int{60, 200}
	sizes := []float64{0.05, 0.10, 0.20}
	cvs := []float64{0.01, 0.05}
	stepsN := []int{1, 3}
	outl := []float64{0, 0.02}
	trials := 2
	if *long {
		lengths = []int{30, 100, 200, 500}
		sizes = []float64{0.02, 0.03, 0.05, 0.10, 0.20}
		cvs = []float64{0.01, 0.02, 0.05, 0.10}
		stepsN = []int{1, 2, 3}
		trials = 4
	}
	rng := rand.New(rand.NewPCG(42, 42))
	opt := DefaultOptions()
	var tp3, fp3, fn3, tpAll, fpAll, fnAll int
	for _, n := range lengths {
		for _, steps := range stepsN {
			if n/(steps+1) < 2*opt.MinSize {
				continue
			}
			for _, size := range sizes {
				for _, cv := range cvs {
					for _, o := range outl {
						var tp, fp, fn int
						var sd3 bool
						for tr := 0; tr < trials; tr++ {
							s := gen(rng, n, steps, size, cv, o)
							sd3 = s.sd3
							a, b, c := score(s.truth, Detect(s.xs, opt))
							tp, fp, fn = tp+a, fp+b, fn+c
						}
						tpAll, fpAll, fnAll = tpAll+tp, fpAll+fp, fnAll+fn
						if sd3 {
							tp3, fp3, fn3 = tp3+tp, fp3+fp, fn3+fn
						}
						if *long {
							p, r, f := f1(tp, fp, fn)
							t.Logf("n=%3d steps=%d size=%4.0f%% cv=%4.0f%% outliers=%2.0f%% step/sd=%4.1f: P=%.2f R=%.2f F1=%.2f", n, steps, size*100, cv*100, o*100, size/cv, p, r, f)
						}
					}
				}
			}
		}
	}
	p, r, f := f1(tp3, fp3, fn3)
	t.Logf("steps >= 3 noise SDs: precision %.3f recall %.3f F1 %.3f (tp %d fp %d fn %d)", p, r, f, tp3, fp3, fn3)
	if f < 0.9 {
		t.Errorf("F1 = %.3f for steps >= 3 noise SDs, want >= 0.9", f)
	}
	p, r, f = f1(tpAll, fpAll, fnAll)
	t.Logf("all cells (incl. steps below 3 SDs): precision %.3f recall %.3f F1 %.3f", p, r, f)

	// Flat series: at most one false change point per 1,000 points.
	points, falses := 0, 0
	flatTrials := 30
	if *long {
		flatTrials = 100
	}
	for tr := 0; tr < flatTrials; tr++ {
		for _, n := range []int{30, 100, 500} {
			for _, cv := range []float64{0.01, 0.05, 0.10} {
				o := 0.0
				if tr%2 == 1 {
					o = 0.02
				}
				s := gen(rng, n, 0, 0, cv, o)
				points += n
				falses += len(Detect(s.xs, opt))
			}
		}
	}
	rate := float64(falses) / float64(points) * 1000
	t.Logf("flat series: %d false change points in %d points (%.2f per 1000)", falses, points, rate)
	if rate > 1 {
		t.Errorf("%.2f false change points per 1000 flat points, want <= 1", rate)
	}
}

// TestVarianceAndDrift: a variance-only change is not a step (the medians
// do not move) and a slow drift is reported at most as a few steps whose
// sizes add up to the drift, never as noise-level blips.
func TestVarianceAndDrift(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	fpVar := 0
	for tr := 0; tr < 20; tr++ {
		xs := make([]float64, 200)
		for i := range xs {
			cv := 0.01
			if i >= 100 {
				cv = 0.08
			}
			xs[i] = 100 * (1 + cv*rng.NormFloat64())
		}
		fpVar += len(Detect(xs, DefaultOptions()))
	}
	t.Logf("variance-only change (CV 1%% -> 8%%): %d change points reported in 20 series", fpVar)
	if fpVar > 2 {
		t.Errorf("variance-only change reported as %d steps in 20 series, want at most 2", fpVar)
	}
	// Drift: +20% over 200 runs.
	xs := make([]float64, 200)
	for i := range xs {
		xs[i] = 100 * (1 + 0.2*float64(i)/200) * (1 + 0.01*rng.NormFloat64())
	}
	got := Detect(xs, DefaultOptions())
	total := 1.0
	for _, c := range got {
		total *= 1 + c.Change
		if math.Abs(c.Change) < 0.02 {
			t.Errorf("drift: change point %+v below the 2%% floor", c)
		}
	}
	t.Logf("slow drift +20%% over 200 runs: %d change points, compounded %+.1f%%", len(got), (total-1)*100)
	if len(got) == 0 {
		t.Errorf("drift of 20%% reported no change at all")
	}
}

func BenchmarkDetect10k(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	s := gen(rng, 10000, 3, 0.05, 0.01, 0.01)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		got := Detect(s.xs, DefaultOptions())
		if i == 0 {
			b.ReportMetric(float64(len(got)), "changes")
		}
	}
	_ = fmt.Sprint()
}

// TestDetectEnds: series whose splits leave segments too short to split
// again (steps near the ends, lengths just over two segments) end, and
// report each change point once. Before the fix, a too-short segment at
// a nonzero offset looked splittable and Detect never returned.
func TestDetectEnds(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for trial := 0; trial < 300; trial++ {
		n := 10 + rng.IntN(40)
		xs := make([]float64, n)
		at := []int{rng.IntN(n), rng.IntN(n)}
		for i := range xs {
			level := 100.0
			if i >= at[0] {
				level *= 1.03
			}
			if i >= at[1] {
				level /= 1.03
			}
			xs[i] = level * (1 + 0.01*rng.NormFloat64())
			if rng.IntN(50) == 0 {
				xs[i] *= 1.3
			}
		}
		got := Detect(xs, DefaultOptions())
		for i := 1; i < len(got); i++ {
			if got[i].Index <= got[i-1].Index {
				t.Fatalf("trial %d: change points %+v not strictly increasing", trial, got)
			}
		}
		for _, c := range got {
			if c.Index < DefaultOptions().MinSize || c.Index > n-DefaultOptions().MinSize {
				t.Fatalf("trial %d (n=%d): change point %+v leaves a segment under MinSize", trial, n, c)
			}
		}
	}
}
