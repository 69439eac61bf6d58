package compare

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
	"github.com/radvbench/radvbench/internal/race"
	"github.com/radvbench/radvbench/reports/verdict"
)

// Bursty one-sided interference, seeded: the model the run-level design
// is tested on. A benchmark's run takes `samples` samples of a time; the
// run as a whole is shifted by a drift exp(drift·N(0,1)) (thread
// placement, memory layout: two-sided and invisible), each sample
// scatters by within·N(0,1), and a neighbour switches on and off as a
// two-state Markov chain over the samples: on for `occupancy` of the time
// on average, in bursts of burstLen samples on average; each burst slows
// the samples it covers by a factor drawn from [slowLo, slowHi] (20–80%).
// The observer marks a disturbed sample with probability detect and a
// quiet one with probability falseMark. The figure is a throughput
// (higher is better), so the direction handling is exercised too.

type burst struct {
	occupancy, burstLen float64 // share of samples disturbed; mean burst length in samples
	slowLo, slowHi      float64 // a burst slows its samples by a factor in [slowLo, slowHi]
	drift, within       float64 // between-run and within-run CVs (log scale)
	samples             int     // per run
	detect, falseMark   float64 // observer: P(mark | disturbed), P(mark | quiet)
	// roundDrift is a drift both runs of a round share (log scale): the
	// shared host slower or faster for minutes, which no observer inside
	// the guest sees (on the 2-vCPU VM, A/A runs of one round moved
	// together by 20–40% between rounds).
	roundDrift float64
	// spell is a slow spell of the machine that no observer sees (another
	// tenant of the host, seen through memory and cache: on the 2-vCPU VM
	// every sample of a benchmark 1.5–1.8 times slower for seconds, other
	// processes' CPU ~0): a two-state chain in time, on for spellOcc of it
	// in spells of spellLen seconds on average, slowing a whole run it
	// falls on by spellSlow. gap is the time between the two sides' runs
	// of a benchmark in a round: a whole run (~45 s) when the sides run
	// one after the other, a benchmark (~2 s) in lockstep.
	spellOcc, spellLen, spellSlow, gap float64
}

func (b burst) String() string {
	s := fmt.Sprintf("occ=%g%%/len=%g/slow=%g-%g%%/drift=%g%%/within=%g%%/n=%d/detect=%g",
		b.occupancy*100, b.burstLen, b.slowLo*100, b.slowHi*100, b.drift*100, b.within*100, b.samples, b.detect)
	if b.roundDrift > 0 {
		s += fmt.Sprintf("/round=%g%%", b.roundDrift*100)
	}
	if b.spellOcc > 0 {
		s += fmt.Sprintf("/spells=%g%%x%gs+%g%%/gap=%gs", b.spellOcc*100, b.spellLen, b.spellSlow*100, b.gap)
	}
	return s
}

// spellAfter draws whether a slow spell is on gap seconds after a moment
// when it was (on) or was not: the chain's state decorrelates as
// exp(-gap/τ), τ = spellLen·(1-spellOcc).
func (b burst) spellAfter(rng *rand.Rand, on bool) bool {
	keep := math.Exp(-b.gap / (b.spellLen * (1 - b.spellOcc)))
	p := b.spellOcc * (1 - keep) // P(on | off before)
	if on {
		p = b.spellOcc + (1-b.spellOcc)*keep
	}
	return rng.Float64() < p
}

// run draws one run: throughput samples and the observer's marks, slowed
// down by slowdown (time × (1+slowdown)) and by the round's factor.
func (b burst) run(rng *rand.Rand, slowdown, round float64) ([]float64, []bool) {
	f := (1 + slowdown) * round * math.Exp(b.drift*rng.NormFloat64())
	xs := make([]float64, b.samples)
	marks := make([]bool, b.samples)
	// Markov chain: leave a burst with probability 1/len; enter one with
	// the probability that makes the stationary share `occupancy`.
	pOff := 1 / math.Max(1, b.burstLen)
	pOn := 0.0
	if b.occupancy > 0 {
		pOn = math.Min(1, b.occupancy*pOff/(1-b.occupancy))
	}
	on := rng.Float64() < b.occupancy
	slow := b.slowLo + (b.slowHi-b.slowLo)*rng.Float64()
	for i := range xs {
		if i > 0 {
			switch {
			case on && rng.Float64() < pOff:
				on = false
			case !on && rng.Float64() < pOn:
				on = true
				slow = b.slowLo + (b.slowHi-b.slowLo)*rng.Float64()
			}
		}
		t := 1e6 * f * math.Exp(b.within*rng.NormFloat64())
		if on {
			t *= 1 + slow
			marks[i] = rng.Float64() < b.detect
		} else {
			marks[i] = rng.Float64() < b.falseMark
		}
		xs[i] = 2e9 / t
	}
	return xs, marks
}

// file is one run as a results file of one benchmark ("s/k"), as the
// run supervisor would hand it to Until.
func (b burst) file(rng *rand.Rand, slowdown, round float64) *resultsfile.File {
	xs, marks := b.run(rng, slowdown, round)
	r := resultsfile.Result{Suite: "s", Kernel: "k", Status: resultsfile.StatusOK, Disturbed: marks,
		Metric: resultsfile.Metric{Name: "m", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter, Samples: xs}}
	if b.detect == 0 && b.falseMark == 0 {
		r.Disturbed = nil // no observer
	}
	return &resultsfile.File{Schema: resultsfile.Schema, Results: []resultsfile.Result{r}}
}

// trial is one comparison run until decided by Until: the new side
// slowed down by slowdown. It returns the verdict and the rounds taken.
func (b burst) trial(t testing.TB, rng *rand.Rand, seed uint64, slowdown float64) (verdict.Verdict, int) {
	// Until asks for both sides of a round one after the other: the
	// round's shared factor is drawn at its first call.
	calls, round, spell := 0, 1.0, false
	s := SamplerFunc(func(_ context.Context, side Arm, _ []string) (*resultsfile.File, error) {
		if calls%2 == 0 {
			round = math.Exp(b.roundDrift * rng.NormFloat64())
			spell = rng.Float64() < b.spellOcc // rounds are far apart: a fresh draw
		} else if b.spellOcc > 0 {
			spell = b.spellAfter(rng, spell)
		}
		calls++
		round := round
		if spell {
			round /= 1 + b.spellSlow // a throughput
		}
		if side == New {
			return b.file(rng, slowdown, round), nil
		}
		return b.file(rng, 0, round), nil
	})
	res, err := Until(context.Background(), s, UntilOptions{Policy: verdict.DefaultPolicy(), Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return res.Report.Comparisons[0].Verdict, res.Rounds
}

// cellResult tallies a cell's trials.
type cellResult struct {
	verdicts map[verdict.Verdict]int
	rounds   []float64
	trials   int
}

func (r cellResult) rate(v verdict.Verdict) float64 {
	return float64(r.verdicts[v]) / float64(r.trials)
}

// medianRounds is the median number of rounds (runs a side, disturbed
// ones included) to the end: a verdict, or the budget.
func (r cellResult) medianRounds() float64 {
	xs := slices.Clone(r.rounds)
	slices.Sort(xs)
	return stats.Quantile(xs, 0.5)
}

func (b burst) cell(t testing.TB, seed uint64, slowdown float64, trials int) cellResult {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	r := cellResult{verdicts: map[verdict.Verdict]int{}, trials: trials}
	for i := range trials {
		v, n := b.trial(t, rng, seed*1e6+uint64(i), slowdown)
		r.verdicts[v]++
		r.rounds = append(r.rounds, float64(n))
	}
	return r
}

var gridTrials = flag.Int("grid-trials", 1000, "with -long: trials per cell of TestBurstyGrid")

// checkCell runs a cell's A/A and 10%-slowdown trials and fails the test
// unless false regressions stay at most 1% and (when power is set) the
// slowdown is caught in at least 95%; minSame, when positive, is the
// share of A/A trials that must end "~".
func checkCell(t *testing.T, b burst, seed uint64, trials int, power bool, minSame float64) {
	aa := b.cell(t, seed, 0, trials)
	slow := b.cell(t, seed+1, 0.10, trials)
	t.Logf("%s: A/A regression %.1f%%, ~ %.1f%%, unsure %.1f%%, median %g runs a side | 10%% slower: caught %.1f%%, median %g runs a side",
		b, 100*aa.rate(verdict.Regression), 100*aa.rate(verdict.Same), 100*aa.rate(verdict.Unsure), aa.medianRounds(), 100*slow.rate(verdict.Regression), slow.medianRounds())
	if r := aa.rate(verdict.Regression) + aa.rate(verdict.Improvement); r > 0.01 {
		t.Errorf("%s: A/A called a change in %.1f%% of %d trials > 1%%", b, 100*r, trials)
	}
	if r := slow.rate(verdict.Improvement); r > 0.01 {
		t.Errorf("%s: a 10%% slowdown called an improvement in %.1f%% > 1%%", b, 100*r)
	}
	if power && slow.rate(verdict.Regression) < 0.95 {
		t.Errorf("%s: 10%% slowdown caught in %.1f%% of %d trials < 95%%", b, 100*slow.rate(verdict.Regression), trials)
	}
	if minSame > 0 && aa.rate(verdict.Same) < minSame {
		t.Errorf("%s: A/A ended ~ in %.1f%% of %d trials < %.0f%%", b, 100*aa.rate(verdict.Same), trials, 100*minSame)
	}
}

// TestBursty: runs until decided (Until, the default design) on seeded
// bursty one-sided interference, a small grid: a quiet machine, bursts of
// a few samples on 60% of the time, and bursts longer than a whole run on
// 60% of the time. False regressions at most 1%, a 10% slowdown caught in
// at least 95%, and A/A ends "~" in at least 90% of the trials (the
// observer's marks and the run figure at work: with the median of all
// samples the bursty cells end unsure). TestBurstyGrid is the full grid.
func TestBursty(t *testing.T) {
	t.Parallel() // a long simulation with its own generators: beside the others
	race.SkipSimulation(t)
	const trials = 100
	for i, b := range []burst{
		{0, 5, 0.2, 0.8, 0.01, 0.02, 20, 0.9, 0.02, 0, 0, 0, 0, 0},
		{0.6, 5, 0.2, 0.8, 0.01, 0.02, 20, 0.9, 0.02, 0, 0, 0, 0, 0},
		{0.6, 50, 0.2, 0.8, 0.01, 0.02, 20, 0.9, 0.02, 0, 0, 0, 0, 0},
	} {
		t.Run(b.String(), func(t *testing.T) {
			checkCell(t, b, uint64(10+2*i), trials, true, 0.9)
		})
	}
}

// TestBurstyRounds: the shared host's drift, whole rounds 20% slower or
// faster (log-normal, both sides' runs of a round alike) on top of bursts
// on 20% of the time. Until pairs the runs of a round: the A/A ends "~"
// in at least 90% of trials and a 10% slowdown is caught in 95%, where
// Welch's test on the same runs counts the rounds' drift as spread on
// both sides (logged: the median A/A then runs out of rounds).
func TestBurstyRounds(t *testing.T) {
	b := burst{0.2, 5, 0.2, 0.8, 0.005, 0.02, 20, 0.9, 0.02, 0.2, 0, 0, 0, 0}
	checkCell(t, b, 77, 100, true, 0.9)
}

// TestSlowSpells: slow spells no observer sees (30% of the time, 20 s on
// average, 60% slower), as on the 2-vCPU VM (slow stretches of 5–15
// benchmarks of about 2 s in the runs of one A/A study). With the two
// sides of a round a whole run apart (45 s, --interleave run) a spell
// falls on one run of a pair about as often as on both; in lockstep (2 s
// apart, --interleave benchmark) it mostly falls on both, and pairing
// cancels it. The lockstep keeps the false-alarm bound and must be
// clearly ahead in A/A ~ and in slowdowns caught. (Runs apart are only
// logged: their pairs' log ratios are bimodal, and the t interval, made
// for roughly normal ones, called 1.3% of 1000 A/A trials an improvement
// and 0.6% a regression, the first above the 1% a side it promises.) What it does not reach
// (the 95%/80% of TestBursty): a pair that straddles a spell's edge is an
// outlier of ±47% in log ratio, which a t interval cannot discount
// (docs/verdicts.md §6).
func TestSlowSpells(t *testing.T) {
	t.Parallel() // a long simulation with its own generators: beside the others
	race.SkipSimulation(t)
	spells := func(gap float64) burst {
		return burst{0.2, 4, 0.2, 0.8, 0.005, 0.02, 20, 0.9, 0.02, 0, 0.3, 20, 0.6, gap}
	}
	lockstep, apart := spells(2), spells(45)
	checkCell(t, lockstep, 91, 100, false, 0)
	lsAA, apAA := lockstep.cell(t, 95, 0, 100), apart.cell(t, 95, 0, 100)
	lsSlow, apSlow := lockstep.cell(t, 97, 0.10, 100), apart.cell(t, 97, 0.10, 100)
	t.Logf("%s: A/A regression %.1f%%, improvement %.1f%%, ~ %.1f%% | 10%% caught %.1f%%", apart,
		100*apAA.rate(verdict.Regression), 100*apAA.rate(verdict.Improvement), 100*apAA.rate(verdict.Same), 100*apSlow.rate(verdict.Regression))
	if lsAA.rate(verdict.Same) < apAA.rate(verdict.Same)+0.3 || lsSlow.rate(verdict.Regression) < apSlow.rate(verdict.Regression)+0.3 {
		t.Errorf("A/A ~ in %.0f%% in lockstep, %.0f%% with runs apart; 10%% caught in %.0f%% and %.0f%%: want the lockstep clearly ahead",
			100*lsAA.rate(verdict.Same), 100*apAA.rate(verdict.Same), 100*lsSlow.rate(verdict.Regression), 100*apSlow.rate(verdict.Regression))
	}
}

// TestBurstyGrid is the full synthetic grid under -long: occupancy 0, 20,
// 40, 60%; bursts of 4 samples or longer than a run (50); between-run
// drift 0.5% or 2%; within-run CV 1% or 3%; 20 samples a run; the
// observer marks 90% of disturbed samples and 2% of quiet ones. Every
// cell: A/A false regressions at most 1% and a 10% slowdown caught in at
// least 95% of -grid-trials trials, with the median runs a side to a
// verdict logged. Cells without an observer (no marks) are logged and
// held to the false-alarm bound only: without marks whole disturbed runs
// stay in and the runs may not decide within the budget.
func TestBurstyGrid(t *testing.T) {
	if !*long {
		t.Skip("the full grid runs with -long")
	}
	seed := uint64(1000)
	for _, occ := range []float64{0, 0.2, 0.4, 0.6} {
		for _, blen := range []float64{4, 50} {
			if occ == 0 && blen > 4 {
				continue // no bursts: their length does not matter
			}
			for _, drift := range []float64{0.005, 0.02} {
				for _, within := range []float64{0.01, 0.03} {
					b := burst{occ, blen, 0.2, 0.8, drift, within, 20, 0.9, 0.02, 0, 0, 0, 0, 0}
					seed += 2
					t.Run(b.String(), func(t *testing.T) {
						t.Parallel()
						checkCell(t, b, seed, *gridTrials, true, 0)
					})
				}
			}
		}
	}
	for _, occ := range []float64{0.2, 0.6} {
		for _, blen := range []float64{4, 50} {
			b := burst{occ, blen, 0.2, 0.8, 0.01, 0.02, 20, 0, 0, 0, 0, 0, 0, 0}
			seed += 2
			t.Run("no-observer/"+b.String(), func(t *testing.T) {
				t.Parallel()
				checkCell(t, b, seed, *gridTrials, false, 0)
			})
		}
	}
}
