package resultsfile

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestInterferenceRoundTrip: marks and figures survive Save and Load; a
// file written before the fields (the A/A fixtures) still loads, without
// marks.
func TestInterferenceRoundTrip(t *testing.T) {
	r := Result{Suite: "s", Kernel: "k", Status: StatusOK, Metric: Metric{Better: LowerIsBetter, Samples: []float64{10, 12, 11}},
		Disturbed: []bool{false, true, false},
		Interference: &Interference{OtherCPU: []float64{0, 0.9, 0.1}, Wait: []float64{0, 0.3, 0},
			SCLKMHz: []float64{2500, 2500, 2500}, Why: []string{"", "cpu+wait", ""}}}
	path := filepath.Join(t.TempDir(), "r.json")
	at := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	if err := Save(path, &File{Schema: Schema, Started: at, Device: Device{Name: "d"}, Results: []Result{r}}); err != nil {
		t.Fatal(err)
	}
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	got := f.Results[0]
	if !reflect.DeepEqual(got.Disturbed, r.Disturbed) || !reflect.DeepEqual(got.Interference, r.Interference) || got.DisturbedSamples() != 1 {
		t.Errorf("round trip: %+v %+v", got.Disturbed, got.Interference)
	}
	raw, _ := os.ReadFile(path)
	if bytes.Contains(raw, []byte(`"steal"`)) || bytes.Contains(raw, []byte(`"gpu_other"`)) {
		t.Errorf("columns the observer did not read are written:\n%s", raw)
	}

	old, err := Load(filepath.Join("..", "..", "reports", "compare", "testdata", "aa-quick", "aa1.json"))
	if err != nil {
		t.Fatalf("a file without interference fields: %v", err)
	}
	if r := old.Results[0]; r.Disturbed != nil || r.Interference != nil || r.DisturbedSamples() != 0 {
		t.Errorf("old file has marks: %+v", r.Disturbed)
	}
}

func TestInterferenceDamaged(t *testing.T) {
	for _, tc := range []struct{ name, result, want string }{
		{"marks", `"disturbed": [true]`, "1 disturbed marks for 2 samples"},
		{"figures", `"interference": {"wait": [0.1, 0.2, 0.3]}`, "3 wait figures for 2 samples"},
		{"why", `"interference": {"why": [""]}`, "1 why entries for 2 samples"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := `{"schema": "radvbench/results/v1", "results": [{"suite": "s", "kernel": "k", "status": "ok", "metric": {"samples": [1, 2]}, ` + tc.result + `}]}`
			_, err := Decode(strings.NewReader(in), "x.json")
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "damaged") {
				t.Errorf("err = %v, want %q", err, tc.want)
			}
		})
	}
}

// TestAppendRun: runs with and without an observer merge into aligned
// columns; RunDisturbed splits the marks like RunSamples splits samples.
func TestAppendRun(t *testing.T) {
	observed := &Result{SamplesNS: []float64{1, 2}, Metric: Metric{Samples: []float64{10, 20}},
		Disturbed: []bool{true, false}, Interference: &Interference{Wait: []float64{0.5, 0}, Why: []string{"wait", ""}}}
	plain := &Result{SamplesNS: []float64{3}, Metric: Metric{Samples: []float64{30}}}
	// The first run's copy with its samples cleared, as the run supervisor
	// makes it: its stale marks must not survive.
	m := *observed
	m.SamplesNS, m.Metric.Samples = nil, nil
	m.AppendRun(plain, 2)
	m.AppendRun(observed, 1)
	if want := []bool{false, true, false}; !reflect.DeepEqual(m.Disturbed, want) {
		t.Errorf("disturbed %v, want %v", m.Disturbed, want)
	}
	if want := []float64{0, 0.5, 0}; !reflect.DeepEqual(m.Interference.Wait, want) {
		t.Errorf("wait %v, want %v", m.Interference.Wait, want)
	}
	if want := []string{"", "wait", ""}; !reflect.DeepEqual(m.Interference.Why, want) {
		t.Errorf("why %q, want %q", m.Interference.Why, want)
	}
	if m.Interference.OtherCPU != nil || !reflect.DeepEqual(m.SampleRounds, []int{2, 1, 1}) {
		t.Errorf("other %v rounds %v", m.Interference.OtherCPU, m.SampleRounds)
	}
	rounds, samples := m.RunSamples()
	marks := m.RunDisturbed()
	if !reflect.DeepEqual(rounds, []int{1, 2}) || !reflect.DeepEqual(samples, [][]float64{{10, 20}, {30}}) ||
		!reflect.DeepEqual(marks, [][]bool{{true, false}, {false}}) {
		t.Errorf("runs %v %v marks %v", rounds, samples, marks)
	}
	var none Result
	none.AppendRun(plain, 1)
	if none.Disturbed != nil || none.Interference != nil || len(none.RunDisturbed()) != 1 || none.RunDisturbed()[0] != nil {
		t.Errorf("runs without an observer gained marks: %v %v", none.Disturbed, none.Interference)
	}
}
