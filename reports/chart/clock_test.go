package chart

import (
	"os"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/golden"
	"github.com/radvbench/radvbench/reports/pairing"
)

// clockRun is a synthetic run on an RX 7900 XTX whose telemetry read
// the shader clock after every sample: matmul/tiled steady at 2400 MHz,
// matmul/naive throttled for samples 3..5 (1800 MHz, marked), one
// sample with no clock read (0), and a memory benchmark without clocks.
func clockRun() *resultsfile.File {
	res := func(kernel string, clocks []float64, why []string, throttle []string) resultsfile.Result {
		r := resultsfile.Result{Suite: "matmul", Kernel: kernel, Variant: map[string]string{"name": "v"}, Params: map[string]int64{"M": 512, "N": 512, "K": 512},
			Status: resultsfile.StatusOK, Metric: resultsfile.Metric{Name: "throughput", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter, Value: 1000}}
		for range clocks {
			r.Metric.Samples = append(r.Metric.Samples, 1000)
		}
		if clocks != nil {
			r.Interference = &resultsfile.Interference{SCLKMHz: clocks, MCLKMHz: make([]float64, len(clocks)), Why: why, Throttle: throttle}
			for i := range clocks {
				r.Interference.MCLKMHz[i] = 1249
			}
		}
		return r
	}
	naiveWhy := []string{"", "", "", "throttle", "throttle+clock-low", "clock-low", "", ""}
	naiveThr := []string{"", "", "", "PPT0", "PPT0", "", "", ""}
	mem := res("copy", nil, nil, nil)
	mem.Suite = "memory"
	return &resultsfile.File{Schema: resultsfile.Schema,
		Device: resultsfile.Device{Name: "AMD Radeon RX 7900 XTX (RADV NAVI31)", DriverName: "radv", DriverInfo: "Mesa 25.0.7", SKU: sku()},
		Results: []resultsfile.Result{
			res("tiled", []float64{2400, 2410, 2395, 2400, 0, 2405}, nil, nil),
			res("naive", []float64{2400, 2390, 2380, 1800, 1790, 1810, 2350, 2400}, naiveWhy, naiveThr),
			mem,
		}}
}

// TestClockChart: a run whose samples carry clocks gets a clock chart
// per suite with clocks (none for a suite without), one data row per
// sample with a clock, the throttle window's samples marked, the chart
// renders; the lavapipe fixture (no clocks) has none.
func TestClockChart(t *testing.T) {
	in := []pairing.Input{{Name: "amd", File: clockRun()}}
	var clock *Chart
	for _, c := range All(in, Options{}) {
		if c.Kind == KindClock {
			if clock != nil {
				t.Errorf("second clock chart %s", c.Name)
			}
			clock = c
		}
	}
	if clock == nil || clock.Name != "clock-matmul" {
		t.Fatalf("clock chart %+v, want clock-matmul", clock)
	}
	checkChart(t, clock, os.Getenv("RADVBENCH_CHART_DIR"), "clock")
	golden.Check(t, "testdata/clock-matmul.csv", clock.CSV())
	rows := clock.Data[1:]
	if len(rows) != 13 {
		t.Errorf("%d rows, want 13 (14 samples, one without a clock)", len(rows))
	}
	var marked []string
	for _, r := range rows {
		if clockMarked(r[7]) {
			marked = append(marked, r[1]+"#"+r[2]+"@"+r[4])
		}
	}
	if got := strings.Join(marked, " "); got != "naive v 512³#3@1800 naive v 512³#4@1790 naive v 512³#5@1810" {
		t.Errorf("marked samples %q, want naive's 3..5", got)
	}
	for _, c := range All(load(t, fixLVP), Options{}) {
		if c.Kind == KindClock {
			t.Errorf("lavapipe run has a clock chart %s", c.Name)
		}
	}
}
