package compare

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

// aloneTails draws one A/B file of rounds whose two runs took turns
// sample by sample: each round, both runs take `together` samples over
// the same seconds (the machine at one level for both), then one of them,
// drawn at random, goes on alone for `alone` more samples while the
// machine's level moves (a neighbour's burst starting or ending: on the
// 2-vCPU VM the lavapipe kernels' throughput switches between levels
// 1.3-1.7 times apart). B is slower by slowdown. turns is the rounds'
// resultsfile.Round.Turns.
func aloneTails(rng *rand.Rand, rounds, together, alone int, slowdown float64, turns string) *resultsfile.File {
	f := &resultsfile.File{Schema: resultsfile.Schema, Configs: []resultsfile.Config{{Name: "A"}, {Name: "B"}}}
	rs := [2]resultsfile.Result{}
	for ci, cfg := range []string{"A", "B"} {
		rs[ci] = resultsfile.Result{Suite: "s", Kernel: "k", Status: resultsfile.StatusOK, Config: cfg,
			Metric: resultsfile.Metric{Name: "m", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter}}
	}
	for round := 1; round <= rounds; round++ {
		level := 100 * math.Exp(0.2*rng.NormFloat64()) // the round's machine, both sides
		later := level * (1 + 0.6*(rng.Float64()-0.5)) // the machine after the partner stopped
		longer := rng.IntN(2)
		for ci := range 2 {
			n := together
			if ci == longer {
				n += alone
			}
			for i := range n {
				l := level
				if i >= together {
					l = later
				}
				v := l / (1 + slowdown*float64(ci)) * math.Exp(0.03*rng.NormFloat64())
				rs[ci].Metric.Samples = append(rs[ci].Metric.Samples, v)
				rs[ci].SampleRounds = append(rs[ci].SampleRounds, round)
			}
			f.Rounds = append(f.Rounds, resultsfile.Round{Index: round, Config: rs[ci].Config, Turns: turns})
		}
	}
	f.Results = rs[:]
	return f
}

// TestSameSeconds: a round's two runs taken sample by sample are judged on
// the samples they took together (pairing.SameSeconds). When one run of
// each round goes on alone while the machine's level moves, judged whole
// an A/A pair scatters by the move and is seldom ~; cut to the shared
// seconds the pairs agree and it is ~, and a 10% slowdown is still
// caught. Files that do not say the runs took turns by sample are judged
// whole (as before the field).
func TestSameSeconds(t *testing.T) {
	const trials = 200
	tests := []struct {
		turns    string
		slowdown float64
		want     verdict.Verdict
		least    float64 // share of trials with the verdict, at least
		most     float64 // and at most
	}{
		{resultsfile.TurnsSample, 0, verdict.Same, 0.95, 1},
		{"", 0, verdict.Same, 0, 0.5},
		{resultsfile.TurnsBenchmark, 0, verdict.Same, 0, 0.5},
		{resultsfile.TurnsSample, 0.10, verdict.Regression, 0.95, 1},
	}
	for _, tt := range tests {
		rng := rand.New(rand.NewPCG(48, 7))
		got := 0
		for range trials {
			f := aloneTails(rng, 8, 20, 30, tt.slowdown, tt.turns)
			rep, err := Compare([]pairing.Input{{Name: "ab.json", File: f}}, Options{Policy: verdict.DefaultPolicy(), By: "config"})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Comparisons[0].Verdict == tt.want {
				got++
			}
		}
		share := float64(got) / trials
		t.Logf("turns %q, slowdown %g: %s in %d of %d", tt.turns, tt.slowdown, tt.want, got, trials)
		if share < tt.least || share > tt.most {
			t.Errorf("turns %q, slowdown %g: %s in %.0f%% of trials, want %.0f%% to %.0f%%", tt.turns, tt.slowdown, tt.want, 100*share, 100*tt.least, 100*tt.most)
		}
	}
}

// TestSameSecondsEntries: only rounds both of whose runs took turns by
// sample are cut, to the shorter run's count, marks and clocks alike;
// the entries given are never changed; a pair with fewer than
// resultsfile.MinSampledTogether samples together stays whole.
func TestSameSecondsEntries(t *testing.T) {
	run := func(n int) []float64 {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = float64(i + 1)
		}
		return xs
	}
	marks := func(n int) []bool { return make([]bool, n) }
	be := &pairing.Entry{Runs: [][]float64{run(12), run(30), run(30), run(5)}, Marks: [][]bool{marks(12), marks(30), marks(30), marks(5)},
		Clocks: [][]float64{run(12), run(30), nil, nil},
		Blocks: []string{"f#1", "f#2", "f#3", "f#4"}, Turns: []string{"sample", "sample", "", "sample"}}
	ge := &pairing.Entry{Runs: [][]float64{run(40), run(25), run(10), run(9)}, Marks: [][]bool{marks(40), nil, marks(10), marks(9)},
		Clocks: [][]float64{run(40), run(25), nil, nil},
		Blocks: []string{"f#1", "f#2", "f#3", "f#4"}, Turns: []string{"sample", "sample", "sample", "sample"}}
	cb, cg := pairing.SameSeconds(be, ge)
	lens := func(e *pairing.Entry) (runs, marks, clocks []int) {
		for i := range e.Runs {
			runs = append(runs, len(e.Runs[i]))
			marks = append(marks, len(e.Marks[i]))
			clocks = append(clocks, len(e.Clocks[i]))
		}
		return
	}
	check := func(name string, e *pairing.Entry, runs, mk, clk []int) {
		t.Helper()
		r, m, c := lens(e)
		if !slices.Equal(r, runs) || !slices.Equal(m, mk) || !slices.Equal(c, clk) {
			t.Errorf("%s: runs %v marks %v clocks %v; want %v %v %v", name, r, m, c, runs, mk, clk)
		}
	}
	check("base cut", cb, []int{12, 25, 30, 5}, []int{12, 25, 30, 5}, []int{12, 25, 0, 0})
	check("new cut", cg, []int{12, 25, 10, 9}, []int{12, 0, 10, 9}, []int{12, 25, 0, 0})
	check("base as given", be, []int{12, 30, 30, 5}, []int{12, 30, 30, 5}, []int{12, 30, 0, 0})
	check("new as given", ge, []int{40, 25, 10, 9}, []int{40, 0, 10, 9}, []int{40, 25, 0, 0})
	// Nothing to cut: the same entries back.
	if b2, g2 := pairing.SameSeconds(cb, cg); b2 != cb || g2 != cg {
		t.Error("entries already cut were copied again")
	}
}
