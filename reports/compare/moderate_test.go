package compare

import (
	"github.com/radvbench/radvbench/reports/pairing"
	"testing"

	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/verdict"
)

// TestModeratedPairs: four rounds of paired runs judged against a paired
// noise file have the spread of their equivalence interval moderated by
// the noise file's (stats.LogDiff.Moderate). Seeded trials of runs whose
// pairs scatter as the noise file measured (6% a run, so the floor, 12%
// at 4 pairs, is the threshold): A/A ends ~ in about 62% of trials, the
// most a floor at 1% leaves against a 5% equivalence interval on 18
// degrees of freedom (P(|Z| < 2.60-1.73); 35% with the pairs' own spread
// on 3), with no false change beyond 1%, and a 30% slowdown is never
// called ~. Against a stale noise file, measured when the pairs scattered
// by 1%, the F test turns the prior down in most trials, and the alarm
// interval, which is never moderated, keeps the false-change bound: had
// the alarm been moderated too, 2% of 2000 such trials called a change,
// from the 6% of trials whose pairs came out tight enough to pass the F
// test.
func TestModeratedPairs(t *testing.T) {
	const rounds = 4
	matched, stale := aaNoise(t, 0.06, 10), aaNoise(t, 0.01, 10)
	cell := func(nf *noise.File, shift float64, seed uint64, trials int) (verdicts map[verdict.Verdict]int, moderated, misfit int) {
		verdicts = map[verdict.Verdict]int{}
		for i := range uint64(trials) {
			f := slowTailFile(rounds, 50, shift, 0.06, seed+i)
			rep, err := Compare([]pairing.Input{{Name: "ab.json", File: f}}, Options{Policy: verdict.DefaultPolicy(), By: "config", Noise: nf})
			if err != nil {
				t.Fatal(err)
			}
			c := rep.Comparisons[0]
			verdicts[c.Verdict]++
			if c.Moderated {
				moderated++
			}
			for _, w := range c.Warnings {
				if w.Kind == "pairs-exceed-noise" {
					misfit++
				}
			}
		}
		return verdicts, moderated, misfit
	}
	const trials = 400
	share := func(n int) float64 { return float64(n) / trials }

	aa, mod, _ := cell(matched, 1, 1000, trials)
	t.Logf("A/A, matched noise file: %v, moderated in %d of %d", aa, mod, trials)
	if r := share(aa[verdict.Regression] + aa[verdict.Improvement]); r > 0.01 {
		t.Errorf("A/A called a change in %.1f%% of trials > 1%%", 100*r)
	}
	if r := share(aa[verdict.Same]); r < 0.55 {
		t.Errorf("A/A ended ~ in %.1f%% of trials < 55%%", 100*r)
	}
	if share(mod) < 0.9 {
		t.Errorf("moderated in %d of %d trials: the pairs scatter as the noise file's, so the F test should keep the prior in about 99%%", mod, trials)
	}

	// The report says which noise file ~ leaned on, and the JSON marks it.
	rep, err := Compare([]pairing.Input{{Name: "ab.json", File: slowTailFile(rounds, 50, 1, 0.06, 1000)}}, Options{Policy: verdict.DefaultPolicy(), By: "config", Noise: matched, NoiseName: "noise.json"})
	if err != nil {
		t.Fatal(err)
	}
	// (reports/comparefmt's TestPolicyLineAndRemarks: the text says so.)
	if rep.NoiseFile != "noise.json" || !rep.Comparisons[0].Moderated {
		t.Errorf("noise file %q, moderated %v: want noise.json's paired spread leaned on", rep.NoiseFile, rep.Comparisons[0].Moderated)
	}

	slow, _, _ := cell(matched, 0.7, 2000, trials)
	t.Logf("30%% slower, matched noise file: %v", slow)
	if r := share(slow[verdict.Same] + slow[verdict.Improvement]); r > 0.01 {
		t.Errorf("a 30%% slowdown called ~ or an improvement in %.1f%% of trials > 1%%", 100*r)
	}

	// 2000 trials: the 2% a moderated alarm would give must stand out
	// from the 1% bound.
	const staleTrials = 2000
	staleAA, mod, misfit := cell(stale, 1, 3000, staleTrials)
	t.Logf("A/A, stale noise file: %v, moderated in %d, turned down in %d of %d", staleAA, mod, misfit, staleTrials)
	if r := float64(staleAA[verdict.Regression]+staleAA[verdict.Improvement]) / staleTrials; r > 0.01 {
		t.Errorf("A/A against a stale noise file called a change in %.2f%% of trials > 1%%", 100*r)
	}
	if misfit < staleTrials*8/10 {
		t.Errorf("the stale prior was turned down in %d of %d trials, want most", misfit, staleTrials)
	}
}
