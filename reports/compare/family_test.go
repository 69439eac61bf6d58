package compare

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/race"
	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/verdict"
)

// TestHolm: the step-down on alarm scales (the multiple of its own alpha
// a benchmark's alarm needs): the clearest goes first at 1/m of its
// alpha, each one called passes its share on, and the first that needs
// more than its share stops the step-down; those left are judged at the
// last share. Benchmarks outside the family (not tested) keep scale 0.
func TestHolm(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		name       string
		alarm      []float64 // alarm scale of each comparison; NaN: not tested
		want       []float64
		wantFamily int
	}{
		{"none tested", []float64{math.NaN(), math.NaN()}, []float64{0, 0}, 0},
		{"no alarm: Bonferroni", []float64{inf, inf, inf, inf}, []float64{0.25, 0.25, 0.25, 0.25}, 4},
		{"one clear alarm", []float64{inf, 0.001, 0.3, 0.6, inf}, []float64{0.25, 0.2, 0.25, 0.25, 0.25}, 5},
		{"cascade", []float64{0.49, 0.1, inf, 0.24, 0.3}, []float64{0.5, 0.2, 1, 0.25, 1.0 / 3}, 5},
		{"all called", []float64{0.9, 0.01}, []float64{1, 0.5}, 2},
		{"untested outside the family", []float64{0.3, math.NaN(), inf}, []float64{0.5, 0, 1}, 2},
		{"ties go together", []float64{0.3, 0.3, 0.3}, []float64{1.0 / 3, 0.5, 1}, 3},
		{"stops at the first miss", []float64{0.6, 0.55, 0.01}, []float64{0.5, 0.5, 1.0 / 3}, 3},
		{"one benchmark keeps its alpha", []float64{inf}, []float64{1}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cs := make([]Comparison, len(tc.alarm))
			for i, a := range tc.alarm {
				cs[i] = Comparison{Key: fmt.Sprintf("s/%c", 'a'+i), tested: !math.IsNaN(a), alarmScale: a}
			}
			got, family := holm(cs)
			if family != tc.wantFamily {
				t.Errorf("family = %d, want %d", family, tc.wantFamily)
			}
			for i := range got {
				if math.Abs(got[i]-tc.want[i]) > 1e-12 {
					t.Errorf("scales = %v, want %v", got, tc.want)
					break
				}
			}
		})
	}
}

// family is a seeded gate of many benchmarks run until decided: each
// benchmark's paired log ratio between a round's two runs is normal with
// its own spread, and now and then (outlier of the rounds) one side of a
// round is slowed by 20-60%, as on the 2-vCPU VM (docs/verdicts.md
// section 6: heavy-tailed pairs of 1-30% spread).
type family struct {
	spreads  []float64 // per benchmark: the paired spread (log)
	slowdown []float64 // per benchmark: the new side's true slowdown
	outlier  float64   // chance that a run is slowed by 20-60%
}

// trial runs one comparison until decided (at most rounds rounds of a
// 12-run design, so it closes early as a time budget would) and returns
// the verdicts by benchmark index.
func (f family) trial(t testing.TB, rng *rand.Rand, seed uint64, rounds int, alphaPer string) []verdict.Verdict {
	shared := make([]float64, len(f.spreads))
	calls := 0
	s := SamplerFunc(func(_ context.Context, side Arm, keys []string) (*resultsfile.File, error) {
		if calls%2 == 0 { // a round's first run draws what both runs share
			for i := range shared {
				shared[i] = 0.3 * rng.NormFloat64()
			}
		}
		calls++
		out := &resultsfile.File{Schema: resultsfile.Schema}
		for i, sd := range f.spreads {
			key := fmt.Sprintf("k%02d", i)
			if keys != nil && !slices.Contains(keys, "s/"+key) {
				continue
			}
			lt := shared[i] + sd/math.Sqrt2*rng.NormFloat64()
			if side == New {
				lt += math.Log1p(f.slowdown[i])
			}
			if rng.Float64() < f.outlier {
				lt += math.Log1p(0.2 + 0.4*rng.Float64())
			}
			xs := make([]float64, 5)
			for j := range xs {
				xs[j] = 1e5 * math.Exp(lt) * (1 + 0.0001*float64(j))
			}
			out.Results = append(out.Results, resultsfile.Result{Suite: "s", Kernel: key, Status: resultsfile.StatusOK,
				Metric: resultsfile.Metric{Name: "time", Unit: "ns", Better: resultsfile.LowerIsBetter, Samples: xs}})
		}
		return out, nil
	})
	p := verdict.DefaultPolicy()
	p.AlphaPer = alphaPer
	if alphaPer == "bonferroni" { // alpha divided among the benchmarks
		p.AlphaPer, p.Alpha = verdict.AlphaPerBenchmark, p.Alpha/float64(len(f.spreads))
	}
	res, err := Until(context.Background(), s, UntilOptions{Policy: p, Seed: seed, MaxRuns: 12, MaxRounds: rounds})
	if err != nil {
		t.Fatal(err)
	}
	out := make([]verdict.Verdict, len(f.spreads))
	for _, c := range res.Report.Comparisons {
		var i int
		fmt.Sscanf(c.Key, "s/k%02d", &i)
		out[i] = c.Verdict
	}
	return out
}

// vmLike is 23 benchmarks with the paired spreads of the quick
// matmul/peak/memory set on the 2-vCPU VM: seven ALU kernels at 2-4%,
// the rest at 6-16%.
func vmLike() family {
	var f family
	for i := 0; i < 23; i++ {
		sd := 0.02 + 0.003*float64(i)
		if i >= 7 {
			sd = 0.06 + 0.006*float64(i-7)
		}
		f.spreads = append(f.spreads, sd)
	}
	f.slowdown = make([]float64, len(f.spreads))
	f.outlier = 0.03
	return f
}

// TestFamilyWiseAA: on A/A comparisons of 23 heavy-tailed benchmarks,
// alpha a benchmark lets a gate call some change in a few percent of the
// comparisons; alpha for the comparison (Holm) keeps that at alpha.
func TestFamilyWiseAA(t *testing.T) {
	t.Parallel() // a long simulation with its own generators: beside the others
	race.SkipSimulation(t)
	trials := 300
	if testing.Short() {
		trials = 100
	}
	f := vmLike()
	rng := rand.New(rand.NewPCG(11, 12))
	alarms := map[string]int{}
	for i := 0; i < trials; i++ {
		for _, per := range []string{verdict.AlphaPerBenchmark, verdict.AlphaPerComparison} {
			for _, v := range f.trial(t, rng, uint64(i), 4, per) {
				if v == verdict.Regression || v == verdict.Improvement {
					alarms[per]++
					break
				}
			}
		}
	}
	per, fam := float64(alarms[verdict.AlphaPerBenchmark])/float64(trials), float64(alarms[verdict.AlphaPerComparison])/float64(trials)
	t.Logf("A/A comparisons with a false alarm, %d trials of 23 benchmarks: alpha a benchmark %.1f%%, a comparison %.1f%%", trials, 100*per, 100*fam)
	if fam > verdict.DefaultAlpha+0.01 {
		t.Errorf("alpha a comparison: %.1f%% of comparisons called a change, want at most about %g%%", 100*fam, 100*verdict.DefaultAlpha)
	}
	if per <= fam {
		t.Errorf("alpha a benchmark called a change in %.1f%% of comparisons, alpha a comparison in %.1f%%: the model shows no multiplicity", 100*per, 100*fam)
	}
}

// TestFamilyWisePower: a change that slows 21 of the 23 benchmarks by
// 30-80% (as GALLIVM_PERF=nopt does on lavapipe) is caught for nearly as
// many of them with alpha a comparison as with alpha a benchmark: once
// the clearest are called, the others get their shares (Holm), where
// dividing alpha by 23 for each (Bonferroni) loses the noisy ones.
func TestFamilyWisePower(t *testing.T) {
	t.Parallel() // a long simulation with its own generators: beside the others
	race.SkipSimulation(t)
	f := vmLike()
	for i := range f.slowdown {
		if i != 3 && i != 15 {
			f.slowdown[i] = 0.3 + 0.5*float64(i)/22
		}
	}
	trials := 40
	caught := map[string]int{}
	for _, per := range []string{verdict.AlphaPerBenchmark, verdict.AlphaPerComparison, "bonferroni"} {
		rng := rand.New(rand.NewPCG(21, 22)) // the same runs for each
		for i := 0; i < trials; i++ {
			for k, v := range f.trial(t, rng, uint64(i), 6, per) {
				if f.slowdown[k] > 0 && v == verdict.Regression {
					caught[per]++
				}
				if f.slowdown[k] == 0 && v == verdict.Regression {
					t.Errorf("trial %d (%s): benchmark %d, not slowed, called a regression", i, per, k)
				}
			}
		}
	}
	total := float64(21 * trials)
	per, fam, bonf := float64(caught[verdict.AlphaPerBenchmark])/total, float64(caught[verdict.AlphaPerComparison])/total, float64(caught["bonferroni"])/total
	t.Logf("slowed benchmarks caught in 6 rounds: alpha a benchmark %.1f%%, a comparison (Holm) %.1f%%, alpha/23 a benchmark (Bonferroni) %.1f%%", 100*per, 100*fam, 100*bonf)
	if fam < 0.9*per || fam < bonf+0.1 {
		t.Errorf("Holm caught %.1f%%: want at least nine tenths of alpha a benchmark's %.1f%% and ten points above Bonferroni's %.1f%%", 100*fam, 100*per, 100*bonf)
	}
}

// TestPlanFamily: --plan sizes each benchmark for the share Holm's first
// step gives it (alpha/m), which a slowdown of one benchmark alone faces;
// alpha a benchmark plans at the whole alpha.
func TestPlanFamily(t *testing.T) {
	nf := &noise.File{Schema: noise.Schema}
	for i := 0; i < 20; i++ {
		nf.Benchmarks = append(nf.Benchmarks, noise.Bench{Key: fmt.Sprintf("s/k%02d", i), Runs: 10, Median: 1, BetweenCV: 0.02, WithinCV: 0.01, SamplesPerRun: 20})
	}
	p := verdict.DefaultPolicy()
	fam := PlanFromNoise(nf, &p, 0.10, DefaultPower)
	p.AlphaPer = verdict.AlphaPerBenchmark
	per := PlanFromNoise(nf, &p, 0.10, DefaultPower)
	if fam.Family != 20 || per.Family != 0 {
		t.Fatalf("family = %d and %d, want 20 and 0", fam.Family, per.Family)
	}
	lim, _ := p.For("s/k00")
	own := lim.Alpha // the floor is a threshold: judged at alpha a benchmark
	floor := func(n int) float64 { return nf.Benchmarks[0].Floor(n, n, own) }
	lim.Alpha /= 20
	want := RunsNeededIn(verdict.Design{}, 0.10, 0.02, WithinSpread(0.01, 20), lim, DefaultPower, floor)
	if fam.Runs != want || !(fam.Runs > per.Runs) {
		t.Errorf("runs a side: %d with alpha a comparison, %d a benchmark; want %d (alpha/20), more than a benchmark's", fam.Runs, per.Runs, want)
	}
	if fam.Alpha != 0.01 {
		t.Errorf("plan alpha %g, want the policy's 0.01 (its header: reports/comparefmt's TestPlanHeader)", fam.Alpha)
	}
}
