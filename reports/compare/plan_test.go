package compare

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/results"
)

// slowTailFile is an A/A file of rounds of two configurations whose
// samples have the shape lavapipe's have: a tight fast level (0.3%) and
// 40% of the samples slowed by 10-80%, so the samples' CV is about 20%
// while the fast tenth of 200 of them moves by about 0.1%. The rounds
// drift by 20% on both sides alike, and the pairs differ by 1%.
func slowTailFile(rounds, samples int) *results.File {
	rng := rand.New(rand.NewPCG(5, 5))
	f := &results.File{Schema: results.Schema, Configs: []results.Config{{Name: "A"}, {Name: "B"}}}
	rs := make([]results.Result, 2)
	for i, cfg := range []string{"A", "B"} {
		rs[i] = results.Result{Suite: "s", Kernel: "k", Status: results.StatusOK, Config: cfg,
			Metric: results.Metric{Name: "throughput", Unit: "GB/s", Better: results.HigherIsBetter}}
	}
	for round := 1; round <= rounds; round++ {
		drift := math.Exp(0.2 * rng.NormFloat64())
		for i := range rs {
			level := drift * math.Exp(0.01*rng.NormFloat64())
			for range samples {
				x := 100 * level * math.Exp(0.003*rng.NormFloat64())
				if rng.Float64() < 0.4 {
					x /= 1.1 + 0.7*rng.Float64()
				}
				rs[i].Metric.Samples = append(rs[i].Metric.Samples, x)
				rs[i].SampleRounds = append(rs[i].SampleRounds, round)
			}
		}
	}
	f.Results = rs
	return f
}

// TestPlanWithinFromFastTenth: the plan floors the runs' spread at the
// part a run's figure owes to its own samples, and reads that part from
// the samples near the fast tenth (stats.RunEstimateSE), not from their
// CV, which the slow tail sets: with the CV-based floor the plan asks for
// many times the runs the pairs' spread needs. A noise file's within_se
// is used the same way; a file without it falls back to the CV.
func TestPlanWithinFromFastTenth(t *testing.T) {
	f := slowTailFile(6, 200)
	rep, err := Compare([]Input{{Name: "aa.json", File: f}}, Options{Policy: DefaultPolicy(), By: "config"})
	if err != nil {
		t.Fatal(err)
	}
	c := rep.Comparisons[0]
	if cv := float64(c.Base.WithinCV); cv < 0.1 {
		t.Fatalf("within-run CV %.3f; the fixture wants a slow tail (about 0.2)", cv)
	}
	pl := PlanFromReport(rep, nil, 0.10, DefaultPower)
	r := pl.Rows[0]
	if w := float64(r.Within); !(w > 0 && w < 0.003) {
		t.Errorf("plan's within part %.4f, want the fast tenth's (under 0.3%%)", w)
	}
	lim, _ := rep.Policy.For(c.Key)
	none := func(int) float64 { return math.NaN() }
	bySpread := RunsNeededIn(rep.Design, 0.10, float64(r.Spread), 0, lim, DefaultPower, none)
	byCV := RunsNeededIn(rep.Design, 0.10, float64(r.Spread), WithinSpread(float64(c.Base.WithinCV), c.Base.N/c.Base.Runs), lim, DefaultPower, none)
	t.Logf("within %.4f (CV %.3f), spread %.4f: %d runs a side; by the CV-based floor %d", float64(r.Within), float64(c.Base.WithinCV), float64(r.Spread), r.Runs, byCV)
	if r.Runs != bySpread || !(byCV == 0 || byCV > 2*r.Runs) {
		t.Errorf("plan: %d runs a side; the pairs' spread alone needs %d, the CV-based floor %d (want the first, and the second far more)", r.Runs, bySpread, byCV)
	}

	// The same floor from a noise file measured on these runs.
	nf, err := noise.Measure([]noise.Source{{Name: "aa.json", File: f}})
	if err != nil {
		t.Fatal(err)
	}
	nb := &nf.Benchmarks[0] // s/k@A
	if !(nb.WithinSE > 0 && nb.WithinSE < 0.003) {
		t.Fatalf("noise file's within_se: %+v", nb)
	}
	p := DefaultPolicy()
	if got := PlanFromNoise(nf, &p, 0.10, DefaultPower).Rows[0].Within; math.Abs(float64(got)-nb.WithinSE) > 1e-12 {
		t.Errorf("plan from the noise file: within %v, want its within_se %v", got, nb.WithinSE)
	}
	old := *nf
	old.Benchmarks = []noise.Bench{*nb}
	old.Benchmarks[0].WithinSE = 0 // a file made before within_se
	want := WithinSpread(nb.WithinCV, nb.SamplesPerRun)
	if got := PlanFromNoise(&old, &p, 0.10, DefaultPower).Rows[0].Within; math.Abs(float64(got)-want) > 1e-12 {
		t.Errorf("plan from an older noise file: within %v, want the CV-based %v", got, want)
	}
}
