package noise

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
)

func TestFloor(t *testing.T) {
	b := &Bench{Key: "k", Runs: 5, BetweenCV: 0.02}
	t4 := stats.TQuantile(0.99, 4) // 3.747
	tests := []struct {
		nb, nn int
		want   float64
	}{
		// One run a side: t · s · √2.
		{1, 1, math.Expm1(t4 * 0.02 * math.Sqrt2)},
		// Five a side: medians, √(π/2) larger, √(2/5) smaller.
		{5, 5, math.Expm1(t4 * 0.02 * math.Sqrt(math.Pi/2) * math.Sqrt(2.0/5))},
		// Mixed.
		{2, 5, math.Expm1(t4 * 0.02 * math.Sqrt(1.0/2+math.Pi/2/5))},
	}
	for _, tc := range tests {
		if got := b.Floor(tc.nb, tc.nn, 0.01); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("Floor(%d, %d) = %v, want %v", tc.nb, tc.nn, got, tc.want)
		}
	}
	// More runs a side, lower floor; a steadier benchmark, lower floor.
	if b.Floor(10, 10, 0.01) >= b.Floor(3, 3, 0.01) {
		t.Error("floor does not shrink with runs")
	}
	if (&Bench{Runs: 5, BetweenCV: 0.005}).Floor(1, 1, 0.01) >= b.Floor(1, 1, 0.01) {
		t.Error("floor does not grow with the spread")
	}
	var none *Bench
	if !math.IsNaN(none.Floor(3, 3, 0.01)) || !math.IsNaN((&Bench{Runs: 1}).Floor(1, 1, 0.01)) {
		t.Error("a floor without a measured spread is not NaN")
	}
}

func result(id string, rounds []int, xs ...float64) resultsfile.Result {
	return resultsfile.Result{Suite: "s", Kernel: id, Status: resultsfile.StatusOK, SampleRounds: rounds, DurationS: 1,
		Metric: resultsfile.Metric{Name: "m", Unit: "u", Better: resultsfile.HigherIsBetter, Samples: xs}}
}

func TestMeasureSaveLoad(t *testing.T) {
	// One file of two runs and one single-run file: three runs of s/a
	// with medians 100, 110, 121 (log steps of ln 1.1).
	f1 := &resultsfile.File{Device: resultsfile.Device{Name: "llvmpipe", DriverName: "llvmpipe", DriverInfo: "Mesa 25"},
		Fingerprint: map[string]string{"kernel.release": "6.1"},
		Rounds:      []resultsfile.Round{{Index: 1}, {Index: 2}},
		Results:     []resultsfile.Result{result("a", []int{1, 1, 1, 2, 2, 2}, 99, 100, 101, 109, 110, 111)}}
	f2 := &resultsfile.File{Device: f1.Device, Results: []resultsfile.Result{result("a", nil, 120, 121, 122)}}
	nf, err := Measure([]Source{{"f1.json", f1}, {"f2.json", f2}})
	if err != nil {
		t.Fatal(err)
	}
	if nf.Runs != 3 || len(nf.Benchmarks) != 1 {
		t.Fatalf("measured %+v", nf)
	}
	b := nf.Benchmarks[0]
	if b.Key != "s/a" || b.Runs != 3 || b.Median != 110 || math.Abs(b.BetweenCV-math.Log(1.1)) > 1e-3 || b.SamplesPerRun != 3 {
		t.Errorf("bench %+v: want s/a, 3 runs, median 110, between-run CV ln 1.1", b)
	}
	if b.WithinSE != 0 {
		t.Errorf("within_se %v from runs of 3 samples, want 0 (unknown: stats.MinSESamples)", b.WithinSE)
	}
	nf.Benchmarks[0].WithinSE = 0.004
	path := filepath.Join(t.TempDir(), "noise.json")
	if err := Save(path, nf); err != nil {
		t.Fatal(err)
	}
	back, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Lookup("s/a@cfg"); got == nil || got.BetweenCV != b.BetweenCV || got.WithinSE != 0.004 {
		t.Errorf("lookup after load: %+v", got)
	}
	if mm := back.Mismatch(&resultsfile.File{Device: resultsfile.Device{Name: "RX 7900", DriverName: "radv", DriverInfo: "Mesa 25"}, Fingerprint: map[string]string{"kernel.release": "6.12"}}); len(mm) != 3 {
		t.Errorf("mismatch %q: want device, driver and kernel.release", mm)
	}
	// The sources were measured by method 1 (no tool.method): a file of
	// method 2 was measured otherwise, one of method 1 alike.
	if back.Method != 1 {
		t.Errorf("method %d, want 1 from sources without the field", back.Method)
	}
	if mm := back.Mismatch(&resultsfile.File{Tool: resultsfile.Tool{Method: 2}, Device: f1.Device, Fingerprint: f1.Fingerprint}); len(mm) != 1 || mm[0] != "measurement method 1, not 2" {
		t.Errorf("mismatch %q: want the measurement method alone", mm)
	}
	if mm := back.Mismatch(&resultsfile.File{Tool: resultsfile.Tool{Method: 1}, Device: f1.Device, Fingerprint: f1.Fingerprint}); len(mm) != 0 {
		t.Errorf("mismatch %q with a file of the same method", mm)
	}
	// Only single runs: nothing to measure.
	if _, err := Measure([]Source{{"f2.json", f2}}); err == nil || !strings.Contains(err.Error(), "every benchmark has one run") {
		t.Errorf("single run: %v", err)
	}
	// A results file is not a noise file.
	if _, err := Load(filepath.Join("..", "compare", "testdata", "base.json")); err == nil || !strings.Contains(err.Error(), `not "radvbench/noise/v1"`) {
		t.Errorf("results as noise file: %v", err)
	}
}

// pairedFile is a file of two configurations taken in rounds: the
// rounds drift by 30% on both alike, B runs shift× A's, and each run's
// figure carries a jitter of about jitter (seeded). Every run has 20
// samples within 0.1% of its level; marked rounds of B are disturbed
// throughout.
func pairedFile(rounds int, shift, jitter float64, seed uint64, marked ...int) *resultsfile.File {
	rng := rand.New(rand.NewPCG(seed, seed))
	f := &resultsfile.File{Device: resultsfile.Device{Name: "llvmpipe"}, Configs: []resultsfile.Config{{Name: "A"}, {Name: "B"}}}
	rs := []resultsfile.Result{
		{Suite: "s", Kernel: "k", Status: resultsfile.StatusOK, Config: "A", DurationS: 1, Metric: resultsfile.Metric{Name: "m", Unit: "GB/s", Better: resultsfile.HigherIsBetter}},
		{Suite: "s", Kernel: "k", Status: resultsfile.StatusOK, Config: "B", DurationS: 1, Metric: resultsfile.Metric{Name: "m", Unit: "GB/s", Better: resultsfile.HigherIsBetter}},
	}
	for round := 1; round <= rounds; round++ {
		f.Rounds = append(f.Rounds, resultsfile.Round{Index: round, Config: "A"}, resultsfile.Round{Index: round, Config: "B"})
		drift := math.Exp(0.3 * rng.NormFloat64())
		for side := range rs {
			level := 100 * drift * math.Exp(jitter*rng.NormFloat64())
			if side == 1 {
				level *= shift
			}
			for i := range 20 {
				rs[side].Metric.Samples = append(rs[side].Metric.Samples, level*(1+0.001*float64(i%5)))
				rs[side].SampleRounds = append(rs[side].SampleRounds, round)
				rs[side].Disturbed = append(rs[side].Disturbed, side == 1 && slices.Contains(marked, round))
			}
		}
	}
	f.Results = rs
	return f
}

// TestMeasurePaired: runs of two configurations in rounds give the
// spread of their pairs, under the bare benchmark ID (where a comparison
// by config looks), with each configuration's runs pooled there too; the
// rounds' drift is not in it, nor a constant difference between the
// configurations (each file's own), nor a run set aside as disturbed.
func TestMeasurePaired(t *testing.T) {
	f1 := pairedFile(8, 1.1, 0.01, 1, 3) // round 3 of B disturbed: 7 pairs
	f2 := pairedFile(6, 0.9, 0.01, 2)
	nf, err := Measure([]Source{{"f1.json", f1}, {"f2.json", f2}})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, b := range nf.Benchmarks {
		keys = append(keys, b.Key)
	}
	if !slices.Equal(keys, []string{"s/k@A", "s/k@B", "s/k"}) {
		t.Fatalf("keys %q, want s/k@A, s/k@B and the bare s/k", keys)
	}
	bare := nf.Lookup("s/k")
	if bare.Pairs != 13 || bare.PairedDF != 11 || bare.Runs != 28 {
		t.Errorf("bare entry: %d pairs, %d degrees of freedom, %d runs; want 13, 11 (one a file less), 28", bare.Pairs, bare.PairedDF, bare.Runs)
	}
	// The pairs' log ratios scatter by √2·1%: PairedCV about 1%, where
	// the runs drift by 30% and the files' shifts differ by 20%.
	if !(bare.PairedCV > 0.005 && bare.PairedCV < 0.02) || bare.BetweenCV < 0.15 {
		t.Errorf("paired_cv %.4f, between_cv %.3f: want about 0.01 and the drift's 0.3", bare.PairedCV, bare.BetweenCV)
	}
	if a := nf.Lookup("s/k@A"); a.PairedCV != 0 || a.Runs != 14 {
		t.Errorf("s/k@A: paired_cv %v over %d runs; want none, 14 runs", a.PairedCV, a.Runs)
	}
	// Runs not in configurations have no pairs.
	plain := &resultsfile.File{Device: f1.Device, Results: []resultsfile.Result{result("a", []int{1, 1, 1, 2, 2, 2}, 99, 100, 101, 109, 110, 111)}}
	nf, err = Measure([]Source{{"plain.json", plain}})
	if err != nil || nf.Benchmarks[0].PairedCV != 0 || nf.Benchmarks[0].Pairs != 0 {
		t.Errorf("plain runs: %+v, %v", nf.Benchmarks, err)
	}
}

// TestMeasurePairedSameSeconds: a round whose runs took turns sample by
// sample (resultsfile.Round.Turns) is measured on the samples its two runs
// took together, as a comparison judges it (pairing.SameSeconds): one
// run of each round going on alone while the machine is half as fast
// again leaves the paired spread at the together samples' 1%; a file
// that does not say how its runs took turns keeps them whole, and the
// alone samples' level lands in its spread.
func TestMeasurePairedSameSeconds(t *testing.T) {
	for _, tt := range []struct {
		turns    string
		min, max float64
	}{
		{resultsfile.TurnsSample, 0.005, 0.02},
		{"", 0.05, 1},
	} {
		f := pairedFile(8, 1, 0.01, 3)
		for i := range f.Rounds {
			f.Rounds[i].Turns = tt.turns
		}
		for round := 1; round <= 8; round++ {
			r := &f.Results[round%2] // A goes on alone in even rounds, B in odd ones
			level := r.Metric.Samples[slices.Index(r.SampleRounds, round)]
			for range 20 {
				r.Metric.Samples = append(r.Metric.Samples, 1.5*level)
				r.SampleRounds = append(r.SampleRounds, round)
				r.Disturbed = append(r.Disturbed, false)
			}
		}
		nf, err := Measure([]Source{{"f.json", f}})
		if err != nil {
			t.Fatal(err)
		}
		if b := nf.Lookup("s/k"); b.PairedCV < tt.min || b.PairedCV > tt.max || b.Pairs != 8 {
			t.Errorf("turns %q: paired_cv %.4f over %d pairs; want %g to %g over 8", tt.turns, b.PairedCV, b.Pairs, tt.min, tt.max)
		}
	}
}

func TestPairedFloor(t *testing.T) {
	b := &Bench{Key: "k", Runs: 10, BetweenCV: 0.3, PairedCV: 0.02, Pairs: 12, PairedDF: 10}
	t10 := stats.TQuantile(0.99, 10)
	tests := []struct {
		n    int
		want float64
	}{
		{4, math.Expm1(t10 * 0.02 * math.Sqrt(2.0/4))},
		{9, math.Expm1(t10 * 0.02 * math.Sqrt(2.0/9))},
	}
	for _, tc := range tests {
		if got := b.PairedFloor(tc.n, 0.01); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("PairedFloor(%d) = %v, want %v", tc.n, got, tc.want)
		}
	}
	if b.PairedFloor(4, 0.01) >= b.Floor(4, 4, 0.01) {
		t.Error("the paired floor is not below the floor of the drifting runs")
	}
	var none *Bench
	if !math.IsNaN(none.PairedFloor(4, 0.01)) || !math.IsNaN((&Bench{Runs: 5, BetweenCV: 0.1}).PairedFloor(4, 0.01)) {
		t.Error("a paired floor without paired runs is not NaN")
	}
	// The prior is one pair's spread: √2 of a run's.
	if p := b.PairedPrior(); math.Abs(p.SD-0.02*math.Sqrt2) > 1e-15 || p.DF != 10 {
		t.Errorf("PairedPrior() = %+v, want SD 0.02·√2 on 10", p)
	}
	if none.PairedPrior() != (stats.Prior{}) || (&Bench{Runs: 5, BetweenCV: 0.1}).PairedPrior() != (stats.Prior{}) {
		t.Error("a prior without paired runs is not the zero Prior")
	}
}

// TestMeasurePairedUnderLoad: where every run of a side was disturbed
// throughout (a machine under load all along), the pairs are kept, as a
// comparison of runs paired by round keeps them; where only some were,
// those are set aside (TestMeasurePaired).
func TestMeasurePairedUnderLoad(t *testing.T) {
	for _, tt := range []struct {
		name      string
		marked    []int
		wantPairs int
	}{
		{"every run of B disturbed", []int{1, 2, 3, 4, 5, 6}, 6},
		{"two of six disturbed", []int{2, 5}, 4},
		{"none", nil, 6},
	} {
		t.Run(tt.name, func(t *testing.T) {
			nf, err := Measure([]Source{{"f.json", pairedFile(6, 1, 0.01, 3, tt.marked...)}})
			if err != nil {
				t.Fatal(err)
			}
			if b := nf.Lookup("s/k"); b.Pairs != tt.wantPairs || !(b.PairedCV > 0.003 && b.PairedCV < 0.03) {
				t.Errorf("%d pairs, paired_cv %.4f; want %d pairs, about 1%%", b.Pairs, b.PairedCV, tt.wantPairs)
			}
		})
	}
}
