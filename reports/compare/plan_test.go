package compare

import (
	"github.com/radvbench/radvbench/reports/pairing"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/verdict"
)

// slowTailFile is a file of rounds of two configurations whose samples
// have the shape lavapipe's have: a tight fast level (0.3%) and 40% of
// the samples slowed by 10-80%, so the samples' CV is about 20% while the
// fast tenth of 200 of them moves by about 0.1%. The rounds drift by 20%
// on both sides alike, B's runs are shift× A's, and the runs of a pair
// differ by about jitter√2 (seeded).
func slowTailFile(rounds, samples int, shift, jitter float64, seed uint64) *resultsfile.File {
	rng := rand.New(rand.NewPCG(seed, seed))
	f := &resultsfile.File{Schema: resultsfile.Schema, Configs: []resultsfile.Config{{Name: "A"}, {Name: "B"}}}
	rs := make([]resultsfile.Result, 2)
	for i, cfg := range []string{"A", "B"} {
		rs[i] = resultsfile.Result{Suite: "s", Kernel: "k", Status: resultsfile.StatusOK, Config: cfg,
			Metric: resultsfile.Metric{Name: "throughput", Unit: "GB/s", Better: resultsfile.HigherIsBetter}}
	}
	for round := 1; round <= rounds; round++ {
		drift := math.Exp(0.2 * rng.NormFloat64())
		for i := range rs {
			level := drift * math.Exp(jitter*rng.NormFloat64())
			if i == 1 {
				level *= shift
			}
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
	f := slowTailFile(6, 200, 1, 0.01, 5)
	rep, err := Compare([]pairing.Input{{Name: "aa.json", File: f}}, Options{Policy: verdict.DefaultPolicy(), By: "config"})
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
	p := verdict.DefaultPolicy()
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

// aaNoise is the noise file of three seeded A/A files of 6 rounds
// (slowTailFile, seeds from seed) whose pairs scatter by about jitter√2.
func aaNoise(t *testing.T, jitter float64, seed uint64) *noise.File {
	t.Helper()
	var train []noise.Source
	for i := range uint64(3) {
		train = append(train, noise.Source{Name: "aa.json", File: slowTailFile(6, 50, 1, jitter, seed+i)})
	}
	nf, err := noise.Measure(train)
	if err != nil {
		t.Fatal(err)
	}
	return nf
}

// TestComparePairedNoiseFloor: a noise file measured on A/A files of
// configurations in rounds gives runs paired by round their own floor,
// from the pairs' spread (noise.Bench.PairedFloor), where the runs'
// drift between rounds would give a floor several times as large. With
// it, an A/A comparison whose pairs scatter by 4% (the noise file's by
// 6%) is ~, where against the 3% threshold alone it is unsure, and a 30%
// slowdown is still a regression.
// The plan takes the same spread and floor.
func TestComparePairedNoiseFloor(t *testing.T) {
	nf := aaNoise(t, 0.06, 10)
	nb := nf.Lookup("s/k")
	if nb == nil || nb.Pairs != 18 {
		t.Fatalf("noise of s/k: %+v", nb)
	}
	judge := func(f *resultsfile.File, nf *noise.File) Comparison {
		t.Helper()
		rep, err := Compare([]pairing.Input{{Name: "ab.json", File: f}}, Options{Policy: verdict.DefaultPolicy(), By: "config", Noise: nf})
		if err != nil {
			t.Fatal(err)
		}
		return rep.Comparisons[0]
	}
	aa := slowTailFile(6, 50, 1, 0.04, 20)
	if c := judge(aa, nil); c.Verdict != verdict.Unsure {
		t.Errorf("A/A without a noise file: %s (%s), want unsure: pairs that scatter by 4%% cannot show a 3%% threshold is kept", c.Verdict, c.Reason)
	}
	c := judge(aa, nf)
	if want := nb.PairedFloor(6, 0.01); !c.Paired || math.Abs(float64(c.Limits.Floor)-want) > 1e-12 {
		t.Errorf("floor %v (paired %v), want the paired floor %v", c.Limits.Floor, c.Paired, want)
	}
	if c.Verdict != verdict.Same {
		t.Errorf("A/A with the paired floor %.1f%%: %s (%s), want ~", 100*float64(c.Limits.Floor), c.Verdict, c.Reason)
	}
	if c := judge(slowTailFile(6, 50, 0.7, 0.06, 21), nf); c.Verdict != verdict.Regression {
		t.Errorf("30%% slowdown with the paired floor: %s (%s), want a regression", c.Verdict, c.Reason)
	}
	// A noise file without paired runs: the floor of the drifting runs.
	old := *nf
	old.Benchmarks = slices.Clone(nf.Benchmarks)
	for i := range old.Benchmarks {
		old.Benchmarks[i].PairedCV, old.Benchmarks[i].Pairs, old.Benchmarks[i].PairedDF = 0, 0, 0
	}
	c = judge(aa, &old)
	if want := old.Lookup("s/k").Floor(6, 6, 0.01); math.Abs(float64(c.Limits.Floor)-want) > 1e-12 || !(want > 3*nb.PairedFloor(6, 0.01)) {
		t.Errorf("floor without paired noise %v, want the between-run floor %v, several times the paired one", c.Limits.Floor, want)
	}
	// The plan: the noise file's paired spread and floor.
	rep, err := Compare([]pairing.Input{{Name: "ab.json", File: aa}}, Options{Policy: verdict.DefaultPolicy(), By: "config", Noise: nf})
	if err != nil {
		t.Fatal(err)
	}
	r := PlanFromReport(rep, nf, 0.10, DefaultPower).Rows[0]
	if float64(r.Spread) != nb.PairedCV || r.Source != "noise file, 18 pairs" {
		t.Errorf("plan row: spread %v from %q, want the paired %v from the noise file's 18 pairs", r.Spread, r.Source, nb.PairedCV)
	}
	p := verdict.DefaultPolicy()
	if r := PlanFromNoise(nf, &p, 0.10, DefaultPower).Rows[2]; r.Key != "s/k" || float64(r.Spread) != nb.PairedCV {
		t.Errorf("plan from the noise file: %s from %v, want s/k from its paired spread", r.Key, r.Spread)
	}
}

// TestFloorRuleWaitsForTheFirstLook: with fewer than 3 runs a side the
// noise floor is the test, a look of its own. A fixed design (one look)
// and the closing look of a sequential one may call a change with it;
// an open sequential design spends no error budget before its first look
// at 3 runs a side, so there it waits.
func TestFloorRuleWaitsForTheFirstLook(t *testing.T) {
	nf := aaNoise(t, 0.02, 30)
	slow := slowTailFile(2, 50, 0.5, 0.02, 40) // 2 rounds, B 50% slower
	tests := []struct {
		name   string
		design verdict.Design
		want   verdict.Verdict
	}{
		{"fixed design", verdict.Design{}, verdict.Regression},
		{"sequential, open", verdict.Design{MaxRuns: 12}, verdict.Unsure},
		{"sequential, closing look", verdict.Design{MaxRuns: 12, Closed: true}, verdict.Regression},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Compare([]pairing.Input{{Name: "ab.json", File: slow}}, Options{Policy: verdict.DefaultPolicy(), By: "config", Noise: nf, Design: tt.design})
			if err != nil {
				t.Fatal(err)
			}
			c := rep.Comparisons[0]
			if c.Verdict != tt.want || !(float64(c.Limits.Floor) > 0) {
				t.Errorf("%s (%s), floor %v; want %s", c.Verdict, c.Reason, c.Limits.Floor, tt.want)
			}
			if tt.want == verdict.Unsure && (!c.More || !strings.Contains(c.Reason, "first judged at 3 runs a side")) {
				t.Errorf("open design: more %v, reason %q; want more runs and the reason", c.More, c.Reason)
			}
		})
	}
}
