package resulttable

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/golden"
)

// synthetic is an ok result of n samples of one dispatch time (ns),
// repeats dispatches a sample, its metric value in unit.
func synthetic(kernel, unit string, value float64, n, repeats int, ns float64) resultsfile.Result {
	r := resultsfile.Result{Suite: "s", Kernel: kernel, Variant: map[string]string{"name": "v"}, Params: map[string]int64{"n": 1024},
		Status: resultsfile.StatusOK, Repeats: repeats, Metric: resultsfile.Metric{Name: "m", Unit: unit, Value: value},
		CI: resultsfile.CI{Low: value * 0.99, High: value * 1.01}, CV: 0.01}
	for range n {
		r.Metric.Samples = append(r.Metric.Samples, value)
		r.SamplesNS = append(r.SamplesNS, ns)
		r.Disturbed = append(r.Disturbed, false)
	}
	return r
}

func column(n int, v float64) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = v
	}
	return xs
}

// TestFigures: energy per dispatch is the samples' energy over their
// dispatches (the fixture's delta), or power × time without energy;
// work per joule the metric's work over it; disturbed samples are left
// out as they are of the figure; a metric that is not a rate has no
// work per joule; lavapipe's record (no telemetry) has none of them.
func TestFigures(t *testing.T) {
	near := func(t *testing.T, what string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-9*math.Abs(want) {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
	}
	// 10 samples of 100 dispatches of 1 ms, 0.5 J a sample; 2000 GFLOP/s
	// is 2 GFLOP a dispatch.
	e := synthetic("gemm", "GFLOP/s", 2000, 10, 100, 1e6)
	e.Interference = &resultsfile.Interference{SCLKMHz: column(10, 2400), EnergyJ: column(10, 0.5), PowerW: column(10, 999)}
	e.Interference.SCLKMHz[3], e.Interference.EnergyJ[3], e.Disturbed[3] = 900, 40, true // throttled: left out
	e.Interference.EnergyJ[4] = -1                                                       // not read
	g := figures(&e)
	near(t, "sclk", g.sclkMHz, 2400)
	near(t, "J/dispatch", g.joules, 0.005)
	near(t, "GFLOP/J", g.perJoule, 400)
	if g.unit != "GFLOP/J" {
		t.Errorf("unit %q", g.unit)
	}

	// Power only: 300 W for 1 ms is 0.3 J; 600 GB/s is 0.6 GB a dispatch.
	p := synthetic("copy", "GB/s", 600, 5, 10, 1e6)
	p.Interference = &resultsfile.Interference{PowerW: []float64{300, 300, -1, 300, 300}}
	g = figures(&p)
	near(t, "J/dispatch (power)", g.joules, 0.3)
	near(t, "GB/J", g.perJoule, 2)
	if g.sclkMHz != 0 || g.unit != "GB/J" {
		t.Errorf("power-only figures %+v", g)
	}

	l := synthetic("chase", "ns", 300, 5, 10, 300)
	l.Interference = &resultsfile.Interference{SCLKMHz: column(5, 2000), EnergyJ: column(5, 1e-3)}
	g = figures(&l)
	near(t, "J/dispatch (latency)", g.joules, 1e-4)
	if g.perJoule != 0 || g.unit != "" {
		t.Errorf("a latency has no work per joule: %+v", g)
	}

	// Two runs merged, whose calibrations batched 100 and 300 dispatches
	// of 1 ms: 0.5 J and 1.5 J a sample are 5 mJ a dispatch in both; the
	// first run's count alone would make it (4·0.5 + 4·1.5) J / 800 =
	// 10 mJ.
	m := synthetic("gemm", "GFLOP/s", 2000, 8, 100, 1e6)
	m.SampleRounds = []int{1, 1, 1, 1, 2, 2, 2, 2}
	m.Runs = []resultsfile.RunSummary{{Round: 1, N: 4, Median: 2000, Repeats: 100}, {Round: 2, N: 4, Median: 2000, Repeats: 300}}
	m.Interference = &resultsfile.Interference{EnergyJ: []float64{0.5, 0.5, 0.5, 0.5, 1.5, 1.5, 1.5, 1.5}}
	g = figures(&m)
	near(t, "J/dispatch (two runs' batches)", g.joules, 0.005)
	near(t, "GFLOP/J (two runs' batches)", g.perJoule, 400)

	lvp := synthetic("gemm", "GFLOP/s", 20, 5, 10, 1e6)
	lvp.Interference = &resultsfile.Interference{OtherCPU: column(5, 0.1), SelfCPU: column(5, 1)}
	if g := figures(&lvp); g != (gpuFigures{}) {
		t.Errorf("no telemetry, figures %+v", g)
	}
}

// TestTableTelemetry: a run with telemetry gets SCLK, J/DISP and WORK/J
// (the heading printed again when a row brings them after one without);
// a run without (lavapipe) prints exactly the columns it always did.
func TestTableTelemetry(t *testing.T) {
	e := synthetic("gemm", "GFLOP/s", 2000, 10, 100, 1e6)
	e.Interference = &resultsfile.Interference{SCLKMHz: column(10, 2400), EnergyJ: column(10, 0.5)}
	clockOnly := synthetic("chase", "ns", 300, 5, 10, 300)
	clockOnly.Interference = &resultsfile.Interference{SCLKMHz: column(5, 2100)}
	failed := resultsfile.Result{Suite: "s", Kernel: "bad", Variant: map[string]string{"name": "v"}, Status: resultsfile.StatusFailed, Reason: "wrong result"}
	lvp := synthetic("gemm", "GFLOP/s", 20, 5, 10, 1e6)
	lvp.Interference = &resultsfile.Interference{OtherCPU: column(5, 0.1)}

	var b bytes.Buffer
	tb := New(&b)
	for _, r := range []resultsfile.Result{failed, clockOnly, e, lvp} {
		tb.Add(&r)
	}
	b.WriteString("---\n")
	var plain bytes.Buffer
	tb = New(&plain)
	for _, r := range []resultsfile.Result{lvp, failed} {
		tb.Add(&r)
	}
	b.Write(plain.Bytes())
	golden.Check(t, "testdata/telemetry-table.txt", b.Bytes())

	want := "BENCHMARK                                    SIZE                       MEDIAN    ±CI95      CV   %PEAK    N  DIST  STATUS\n"
	if !strings.HasPrefix(plain.String(), want) || strings.Contains(plain.String(), "SCLK") {
		t.Errorf("a run without telemetry changed its table:\n%s", plain.String())
	}
}
