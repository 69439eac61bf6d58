package noise

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/reports/results"
	"github.com/radvbench/radvbench/reports/stats"
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

func result(id string, rounds []int, xs ...float64) results.Result {
	return results.Result{Suite: "s", Kernel: id, Status: results.StatusOK, SampleRounds: rounds, DurationS: 1,
		Metric: results.Metric{Name: "m", Unit: "u", Better: results.HigherIsBetter, Samples: xs}}
}

func TestMeasureSaveLoad(t *testing.T) {
	// One file of two runs and one single-run file: three runs of s/a
	// with medians 100, 110, 121 (log steps of ln 1.1).
	f1 := &results.File{Device: results.Device{Name: "llvmpipe", DriverName: "llvmpipe", DriverInfo: "Mesa 25"},
		Fingerprint: map[string]string{"kernel.release": "6.1"},
		Rounds:      []results.Round{{Index: 1}, {Index: 2}},
		Results:     []results.Result{result("a", []int{1, 1, 1, 2, 2, 2}, 99, 100, 101, 109, 110, 111)}}
	f2 := &results.File{Device: f1.Device, Results: []results.Result{result("a", nil, 120, 121, 122)}}
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
	if mm := back.Mismatch(&results.File{Device: results.Device{Name: "RX 7900", DriverName: "radv", DriverInfo: "Mesa 25"}, Fingerprint: map[string]string{"kernel.release": "6.12"}}); len(mm) != 3 {
		t.Errorf("mismatch %q: want device, driver and kernel.release", mm)
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
