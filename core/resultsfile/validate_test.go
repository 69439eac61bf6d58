package resultsfile

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

// validFile is a small plausible results file: one run, two benchmarks.
func validFile() *File {
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	return &File{Schema: Schema, Started: at, Finished: at.Add(time.Minute), Device: Device{Name: "gpu", VendorID: 0x1002, DeviceID: 0x744c},
		Labels: map[string]string{"ci": "nightly"}, Fingerprint: map[string]string{"kernel.release": "6.12.9"},
		Results: []Result{
			{Suite: "matmul", Kernel: "naive", Variant: map[string]string{"wg": "8x8"}, Params: map[string]int64{"M": 64}, Status: StatusOK,
				SamplesNS: []float64{1000, 1100}, Metric: Metric{Name: "throughput", Unit: "GFLOP/s", Better: HigherIsBetter, Value: 2.1, Samples: []float64{2, 2.2}},
				CI: CI{Low: 2, High: 2.2, Level: 0.95}, CV: 0.05, DurationS: 1.5},
			{Suite: "memory", Kernel: "copy", Status: StatusSkipped, Reason: "no fp16"},
		}}
}

// TestValidate: each rule refuses its damage, naming the field and the
// value; the untouched file passes.
func TestValidate(t *testing.T) {
	if err := Validate(validFile(), "ok.json"); err != nil {
		t.Fatalf("a valid file: %v", err)
	}
	for _, tc := range []struct {
		name string
		edit func(f *File)
		want string // in the one-line error, after "bad.json: "
	}{
		{"no start", func(f *File) { f.Started = time.Time{} }, "started: missing"},
		{"start before 2000", func(f *File) { f.Started = time.Date(1999, 12, 31, 0, 0, 0, 0, time.UTC) }, "started = 1999-12-31T00:00:00Z: before 2000-01-01"},
		{"start in 9999", func(f *File) { f.Started = time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC) }, "started = 9999-12-31T23:59:59Z: in the future"},
		{"finish in 9999", func(f *File) { f.Finished = time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC) }, "finished = 9999-01-01T00:00:00Z"},
		{"no device", func(f *File) { f.Device.Name = " " }, `device.name = " "`},
		{"negative sample", func(f *File) { f.Results[0].Metric.Samples[1] = -60.95 }, "results[0].metric.samples[1] = -60.95: a GFLOP/s figure is positive"},
		{"zero sample", func(f *File) { f.Results[0].Metric.Samples[0] = 0 }, "results[0].metric.samples[0] = 0"},
		{"infinite sample", func(f *File) { f.Results[0].Metric.Samples[0] = math.Inf(1) }, "results[0].metric.samples[0] = +Inf"},
		{"NaN sample time", func(f *File) { f.Results[0].SamplesNS[0] = math.NaN() }, "results[0].samples_ns[0] = NaN"},
		{"negative value", func(f *File) { f.Results[0].Metric.Value = -1 }, "results[0].metric.value = -1: must not be negative"},
		{"NaN CI", func(f *File) { f.Results[0].CI.High = math.NaN() }, "results[0].ci.high = NaN: not a finite number"},
		{"CI level 2", func(f *File) { f.Results[0].CI.Level = 2 }, "results[0].ci.level = 2"},
		{"negative duration", func(f *File) { f.Results[0].DurationS = -3 }, "results[0].duration_s = -3"},
		{"unknown status", func(f *File) { f.Results[1].Status = "great" }, `results[1].status = "great"`},
		{"no direction", func(f *File) { f.Results[0].Metric.Better = "" }, `results[0].metric.better = ""`},
		{"negative size", func(f *File) { f.Results[0].Params["M"] = -64 }, `results[0].params["M"] = -64`},
		{"infinite extra", func(f *File) { f.Results[0].Extra = map[string]float64{"x": math.Inf(-1)} }, `results[0].extra["x"] = -Inf`},
		{"unknown round", func(f *File) {
			f.Rounds = []Round{{Index: 1, Started: f.Started}}
			f.Results[0].SampleRounds = []int{1, 2}
		}, "results[0].sample_rounds[1] = 2: names no run"},
		{"negative run repeats", func(f *File) {
			f.Results[0].Runs = []RunSummary{{Round: 1, N: 2, Median: 60, Repeats: -2}}
		}, "results[0].runs[0] = round 1, n 2, repeats -2: must not be negative"},
		{"round 0", func(f *File) { f.Rounds = []Round{{Index: 0, Started: f.Started}} }, "rounds[0].index = 0"},
		{"round twice", func(f *File) { f.Rounds = []Round{{Index: 1, Started: f.Started}, {Index: 1, Started: f.Started}} }, "rounds[1].index = 1: two runs of the same configuration"},
		{"round without start", func(f *File) { f.Rounds = []Round{{Index: 1}} }, "rounds[0].started: missing"},
		{"huge label", func(f *File) { f.Labels["note"] = strings.Repeat("x", 50<<20) }, `labels["note"] = a text of 52428800 bytes: longer than the 16384 bytes`},
		{"long label key", func(f *File) { f.Labels[strings.Repeat("k", 300)] = "v" }, `labels["kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…"] = a text of 300 bytes: longer than the 256 bytes`},
		{"many labels", func(f *File) {
			for i := 0; i < 300; i++ {
				f.Labels[strings.Repeat("k", i+1)] = "v"
			}
		}, "labels = 301 labels: more than the 256"},
		{"NUL in a fingerprint", func(f *File) { f.Fingerprint["kernel.release"] = "6.1\x00" }, `fingerprint["kernel.release"] = "6.1\x00": holds a NUL`},
		{"NUL in a variant", func(f *File) { f.Results[0].Variant["wg"] = "\x00" }, `results[0].variant["wg"]`},
		{"long kernel name", func(f *File) { f.Results[1].Kernel = strings.Repeat("k", 1000) }, "results[1].kernel = a text of 1000 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := validFile()
			tc.edit(f)
			err := Validate(f, "bad.json")
			var ve *ValidationError
			if !errors.As(err, &ve) || !strings.HasPrefix(err.Error(), "bad.json: "+tc.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("err = %v\nwant one line starting %q", err, "bad.json: "+tc.want)
			}
		})
	}
}

// TestValidateAB: an A/B file numbers each configuration's rounds from 1;
// a sample names a round of its own configuration.
func TestValidateAB(t *testing.T) {
	f := validFile()
	at := f.Started
	f.Rounds = []Round{{Index: 1, Config: "A", Started: at}, {Index: 1, Config: "B", Started: at}, {Index: 2, Config: "A", Started: at}}
	f.Results[0].Config, f.Results[0].SampleRounds = "A", []int{1, 2}
	if err := Validate(f, "ab.json"); err != nil {
		t.Fatalf("a valid A/B file: %v", err)
	}
	f.Results[0].Config = "B" // B has no round 2
	if err := Validate(f, "ab.json"); err == nil || !strings.Contains(err.Error(), "sample_rounds[1] = 2") {
		t.Errorf("a sample of another configuration's round: %v", err)
	}
}

// TestValidateResult: a result checked on its own (a journal entry) names
// its fields relative to itself and checks its text too.
func TestValidateResult(t *testing.T) {
	r := validFile().Results[0]
	if err := ValidateResult(&r, nil); err != nil {
		t.Fatal(err)
	}
	r.Metric.Samples[0] = -1
	if err := ValidateResult(&r, nil); err == nil || !strings.HasPrefix(err.Error(), "metric.samples[0] = -1") {
		t.Errorf("err = %v", err)
	}
	r = validFile().Results[0]
	r.Note = "a\x00b"
	if err := ValidateResult(&r, nil); err == nil || !strings.HasPrefix(err.Error(), `note = "a\x00b": holds a NUL`) {
		t.Errorf("err = %v", err)
	}
	r = validFile().Results[0]
	r.SampleRounds = []int{1, 3}
	if err := ValidateResult(&r, map[int]bool{1: true, 2: true}); err == nil || !strings.Contains(err.Error(), "sample_rounds[1] = 3") {
		t.Errorf("err = %v", err)
	}
}
