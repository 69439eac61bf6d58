package resultsfile

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestTelemetryColumns: the GPU telemetry beside each sample survives
// Save and Load, is checked against the samples, and merges run by run.
func TestTelemetryColumns(t *testing.T) {
	r := Result{Suite: "s", Kernel: "k", Status: StatusOK, Metric: Metric{Better: LowerIsBetter, Samples: []float64{10, 12, 5}},
		Disturbed: []bool{false, false, true},
		Interference: &Interference{SCLKMHz: []float64{2500, 2480, 1200}, MCLKMHz: []float64{1250, 1250, 1250},
			PowerW: []float64{300, 301, -1}, EnergyJ: []float64{0.6, 0.61, 0.3}, TempC: []float64{60, 61, 99},
			Throttle: []string{"", "", "TEMP_HOTSPOT"}, Why: []string{"", "", "throttle+clock-low"},
			GPUSources: map[string]string{"sclk": "gpu_metrics v1.3 current_gfxclk", "power": "hwmon power1_average"}}}
	path := filepath.Join(t.TempDir(), "r.json")
	if err := Save(path, &File{Schema: Schema, Started: time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC), Device: Device{Name: "d"}, Results: []Result{r}}); err != nil {
		t.Fatal(err)
	}
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Results[0].Interference; !reflect.DeepEqual(got, r.Interference) {
		t.Errorf("round trip: %+v", got)
	}

	in := `{"schema": "radvbench/results/v1", "results": [{"suite": "s", "kernel": "k", "status": "ok", "metric": {"samples": [1, 2]}, "interference": {"throttle": ["PPT0"]}}]}`
	if _, err := Decode(strings.NewReader(in), "x.json"); err == nil || !strings.Contains(err.Error(), "1 throttle entries for 2 samples") {
		t.Errorf("short throttle column: %v", err)
	}
	in = `{"schema": "radvbench/results/v1", "results": [{"suite": "s", "kernel": "k", "status": "ok", "metric": {"samples": [1, 2]}, "interference": {"energy_j": [1, 2, 3]}}]}`
	if _, err := Decode(strings.NewReader(in), "x.json"); err == nil || !strings.Contains(err.Error(), "3 energy_j figures for 2 samples") {
		t.Errorf("long energy column: %v", err)
	}

	var m Result
	plain := &Result{Metric: Metric{Samples: []float64{7}}, Interference: &Interference{OtherCPU: []float64{0.1}}}
	m.AppendRun(plain, 1)
	m.AppendRun(&r, 2)
	if want := []string{"", "", "", "TEMP_HOTSPOT"}; !reflect.DeepEqual(m.Interference.Throttle, want) {
		t.Errorf("throttle %q, want %q", m.Interference.Throttle, want)
	}
	if want := []float64{0, 0.6, 0.61, 0.3}; !reflect.DeepEqual(m.Interference.EnergyJ, want) {
		t.Errorf("energy %v, want %v", m.Interference.EnergyJ, want)
	}
	if !reflect.DeepEqual(m.Interference.GPUSources, r.Interference.GPUSources) {
		t.Errorf("sources %v", m.Interference.GPUSources)
	}
}
