package compare

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/radvbench/radvbench/reports/results"
)

// Power and false-alarm rates of the default policy on seeded synthetic
// samples: per-dispatch times drawn from a normal distribution with the
// given CV, turned into a higher-is-better throughput (work / time) as the
// runner does.

const trials = 1000

// regressionRate runs trials comparisons of n baseline samples against n
// samples slowed down by slowdown (time × (1+slowdown)) and returns the
// fraction judged a regression.
func regressionRate(seed uint64, cv float64, n int, slowdown float64) float64 {
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	p := DefaultPolicy()
	hits := 0
	for range trials {
		base := throughput(normalSamples(rng, 1e6, cv, n))
		slow := throughput(normalSamples(rng, 1e6*(1+slowdown), cv, n))
		c := judge("s/k", "new", samplesEntry(results.HigherIsBetter, base...), samplesEntry(results.HigherIsBetter, slow...), &p)
		if c.Verdict == Regression {
			hits++
		}
	}
	return float64(hits) / trials
}

func throughput(ns []float64) []float64 {
	for i, t := range ns {
		ns[i] = 2e9 / t
	}
	return ns
}

// TestFalseAlarms: A/A pairs from one distribution (CV 1–3%, n 10–30) are
// not called a regression in at least 99% of 1000 trials.
func TestFalseAlarms(t *testing.T) {
	for _, cv := range []float64{0.01, 0.02, 0.03} {
		for _, n := range []int{10, 20, 30} {
			t.Run(fmt.Sprintf("cv=%.0f%%/n=%d", cv*100, n), func(t *testing.T) {
				rate := regressionRate(uint64(1000*cv*100)+uint64(n), cv, n, 0)
				t.Logf("false alarm rate %.1f%%", rate*100)
				if rate > 0.01 {
					t.Errorf("false alarm rate %.1f%% > 1%%", rate*100)
				}
			})
		}
	}
}

// TestPower: a 10% slowdown at CV 2% and n = 20 is caught in at least 99%
// of 1000 trials.
func TestPower(t *testing.T) {
	rate := regressionRate(7, 0.02, 20, 0.10)
	t.Logf("10%% slowdown at CV 2%%, n=20: caught in %.1f%% of %d trials", rate*100, trials)
	if rate < 0.99 {
		t.Errorf("caught %.1f%% < 99%%", rate*100)
	}
}

// TestSmallestDetectable finds the smallest slowdown (in steps of 0.1%)
// the default policy catches in at least 95% of 1000 trials at CV 1% and
// n = 20, and logs it (run with -v). With the 3% threshold the answer is
// a little above 3%: the median's own scatter (about 1.25·σ/√n per side)
// has to be overcome too.
func TestSmallestDetectable(t *testing.T) {
	if testing.Short() {
		t.Skip("scan of slowdowns skipped in -short")
	}
	found := -1.0
	for step := 25; step <= 60; step++ {
		s := float64(step) / 1000
		rate := regressionRate(11, 0.01, 20, s)
		if rate >= 0.95 {
			found = s
			t.Logf("smallest slowdown caught >= 95%% at CV 1%%, n=20: %.1f%% (caught %.1f%%; throughput change %.2f%%)", s*100, rate*100, (1/(1+s)-1)*100)
			break
		}
	}
	if found < 0.03 || found > 0.05 {
		t.Errorf("smallest detectable slowdown %.1f%% outside the expected 3–5%%", found*100)
	}
}
