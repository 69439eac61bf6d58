package merge

import (
	"reflect"
	"testing"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// TestRun: the runs of one benchmark pool their samples; a failed
// run fails the whole; the note survives merging, the reason is
// recomputed.
func TestRun(t *testing.T) {
	ok := func(note string, xs ...float64) *resultsfile.Result {
		return &resultsfile.Result{Status: resultsfile.StatusOK, Verified: true, Note: note, Metric: resultsfile.Metric{Samples: xs}, SamplesNS: xs}
	}
	for _, tc := range []struct {
		name       string
		runs       []*resultsfile.Result
		wantStatus string
		wantNote   string
		wantN      int
		wantReason string
	}{
		{"notes kept", []*resultsfile.Result{ok("second device", 1, 2), ok("second device", 3)}, resultsfile.StatusOK, "second device", 3, "noisy: 3 samples over all runs are too few for a 95% CI"},
		{"no note", []*resultsfile.Result{ok("", 1, 1, 1, 1, 1, 1), ok("", 1, 1, 1, 1)}, resultsfile.StatusOK, "", 10, ""},
		{"failed run", []*resultsfile.Result{ok("n", 1), {Status: resultsfile.StatusFailed, Reason: "device lost"}}, resultsfile.StatusFailed, "n", 1, "run 1: device lost"},
		{"skipped", []*resultsfile.Result{{Status: resultsfile.StatusSkipped, Reason: "no fp16"}}, resultsfile.StatusSkipped, "", 0, "no fp16"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := &resultsfile.Result{Status: resultsfile.StatusOK, Verified: true}
			for i, r := range tc.runs {
				Run(m, r, i)
			}
			Finalize(m, 0.05)
			if m.Status != tc.wantStatus || m.Note != tc.wantNote || len(m.Metric.Samples) != tc.wantN || m.Reason != tc.wantReason {
				t.Errorf("status %s, note %q, %d samples, reason %q; want %s, %q, %d, %q", m.Status, m.Note, len(m.Metric.Samples), m.Reason, tc.wantStatus, tc.wantNote, tc.wantN, tc.wantReason)
			}
			if len(m.SampleRounds) != len(m.Metric.Samples) {
				t.Errorf("%d sample runs for %d samples", len(m.SampleRounds), len(m.Metric.Samples))
			}
		})
	}
}

func TestFinalize(t *testing.T) {
	r := &resultsfile.Result{Status: resultsfile.StatusOK, Metric: resultsfile.Metric{Value: 10, Samples: []float64{18, 20, 22, 19, 21, 20, 20, 19, 21, 20}}, PercentOfPeak: 5}
	Finalize(r, 0.001)
	if r.Metric.Value != 20 || r.PercentOfPeak != 10 || !r.Noisy || r.CI.Low >= 20 || r.CI.High <= 20 {
		t.Errorf("median %v, %%peak %v, noisy %v, CI %+v", r.Metric.Value, r.PercentOfPeak, r.Noisy, r.CI)
	}
	Finalize(r, 0.5)
	if r.Noisy || r.Reason != "" {
		t.Errorf("wide target: noisy %v %q", r.Noisy, r.Reason)
	}
}

// TestFile: one plain run keeps the results as reported (in plan
// order); several runs pool per benchmark with each sample's run and a
// per-run summary; named configurations keep their results apart and are
// listed.
func TestFile(t *testing.T) {
	res := func(kernel string, status string, xs ...float64) *resultsfile.Result {
		return &resultsfile.Result{Suite: "s", Kernel: kernel, Variant: map[string]string{"name": "v"}, Status: status, Verified: status == resultsfile.StatusOK,
			Metric: resultsfile.Metric{Value: 1, Samples: xs}, SamplesNS: xs}
	}
	id := func(k string) string { return res(k, "").ID() }
	plan := []string{id("a"), id("b")}
	header := &resultsfile.File{Schema: resultsfile.Schema, Device: resultsfile.Device{Name: "dev"}}
	at := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	type row struct {
		ID, Config, Status string
		N                  int
		Runs               int
	}
	for _, tc := range []struct {
		name    string
		entries []Entry
		opts    Options
		want    []row
		configs int
	}{
		{"one plain run, plan order", []Entry{{Result: res("b", resultsfile.StatusOK, 1, 2)}, {Result: res("a", resultsfile.StatusOK, 3)}},
			Options{Runs: 1}, []row{{id("a"), "", "ok", 1, 0}, {id("b"), "", "ok", 2, 0}}, 0},
		{"three runs pooled", []Entry{
			{Run: 1, Result: res("a", resultsfile.StatusOK, 1, 2)}, {Run: 2, Result: res("a", resultsfile.StatusOK, 3)}, {Run: 3, Result: res("a", resultsfile.StatusOK, 4)},
			{Run: 1, Result: res("b", resultsfile.StatusOK, 1)}, {Run: 2, Result: res("b", resultsfile.StatusFailed)}},
			Options{Runs: 3, TargetCI: 1}, []row{{id("a"), "", "ok", 4, 3}, {id("b"), "", "failed", 0, 0}}, 0},
		{"configurations apart", []Entry{
			{Run: 1, Config: "B", Result: res("a", resultsfile.StatusOK, 5)}, {Run: 1, Config: "A", Result: res("a", resultsfile.StatusOK, 1)},
			{Run: 2, Config: "A", Result: res("a", resultsfile.StatusOK, 2)}, {Run: 2, Config: "B", Result: res("a", resultsfile.StatusOK, 6)}},
			Options{Runs: 2, TargetCI: 1, Configs: []resultsfile.Config{{Name: "A"}, {Name: "B", Env: map[string]string{"X": "1"}}}},
			[]row{{id("a"), "A", "ok", 2, 2}, {id("a"), "B", "ok", 2, 2}}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Finished = at
			f := File(header, plan, tc.entries, nil, map[string]string{"x.spv": "h"}, tc.opts)
			var got []row
			for _, r := range f.Results {
				got = append(got, row{r.ID(), r.Config, r.Status, len(r.Metric.Samples), len(r.Runs)})
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v\nwant %+v", got, tc.want)
			}
			if len(f.Configs) != tc.configs || f.Finished != at || f.Shaders["x.spv"] != "h" || f.Device.Name != "dev" {
				t.Errorf("configs %v, finished %v, shaders %v, device %q", f.Configs, f.Finished, f.Shaders, f.Device.Name)
			}
		})
	}
	if header.Results != nil {
		t.Error("File changed its header")
	}
}

// TestFileRunRepeats: each run calibrates its own batch, so a merged
// result records every run's dispatches per sample, and each sample
// answers with its own run's (Result.SampleRepeats); the result's
// Repeats stays the first run's, as files before the runs had them.
func TestFileRunRepeats(t *testing.T) {
	res := func(repeats int, config string, xs ...float64) *resultsfile.Result {
		return &resultsfile.Result{Suite: "s", Kernel: "k", Variant: map[string]string{"name": "v"}, Status: resultsfile.StatusOK, Verified: true,
			Config: config, Repeats: repeats, Metric: resultsfile.Metric{Value: 1, Samples: xs}, SamplesNS: xs}
	}
	f := File(&resultsfile.File{Schema: resultsfile.Schema}, nil, []Entry{
		{Run: 1, Config: "A", Result: res(26, "A", 1, 2)}, {Run: 1, Config: "B", Result: res(30, "B", 1)},
		{Run: 2, Config: "A", Result: res(950, "A", 3)}, {Run: 2, Config: "B", Result: res(30, "B", 2)},
		{Run: 3, Config: "A", Result: res(870, "A", 4, 5)}, {Run: 3, Config: "B", Result: res(0, "B", 3)},
	}, nil, nil, Options{Runs: 3, TargetCI: 1, Configs: []resultsfile.Config{{Name: "A"}, {Name: "B"}}})
	type run struct{ Round, Repeats int }
	for _, tc := range []struct {
		config    string
		runs      []run
		repeats   int
		perSample []int
	}{
		{"A", []run{{1, 26}, {2, 950}, {3, 870}}, 26, []int{26, 26, 950, 870, 870}},
		// A run that recorded no count (0) leaves its samples the result's.
		{"B", []run{{1, 30}, {2, 30}, {3, 0}}, 30, []int{30, 30, 30}},
	} {
		var r *resultsfile.Result
		for i := range f.Results {
			if f.Results[i].Config == tc.config {
				r = &f.Results[i]
			}
		}
		if r == nil {
			t.Fatalf("no result of %s", tc.config)
		}
		var runs []run
		for _, s := range r.Runs {
			runs = append(runs, run{s.Round, s.Repeats})
		}
		var per []int
		for i := range r.Metric.Samples {
			per = append(per, r.SampleRepeats(i))
		}
		if !reflect.DeepEqual(runs, tc.runs) || r.Repeats != tc.repeats || !reflect.DeepEqual(per, tc.perSample) {
			t.Errorf("%s: runs %v, repeats %d, per sample %v; want %v, %d, %v", tc.config, runs, r.Repeats, per, tc.runs, tc.repeats, tc.perSample)
		}
	}
}
