package main

import (
	"testing"

	"github.com/radvbench/radvbench/reports/results"
)

// TestMergeRound: the rounds of one --config benchmark pool their samples;
// a failed round fails the whole; the note (how the benchmark ran, where
// the device decided) survives merging, while the reason is recomputed.
func TestMergeRound(t *testing.T) {
	ok := func(note string, xs ...float64) *results.Result {
		return &results.Result{Status: results.StatusOK, Verified: true, Note: note, Metric: results.Metric{Samples: xs}, SamplesNS: xs}
	}
	tests := []struct {
		name       string
		rounds     []*results.Result
		wantStatus string
		wantNote   string
		wantN      int
	}{
		{"notes kept", []*results.Result{ok("overlap_queue: second device, family 0", 1, 2), ok("overlap_queue: second device, family 0", 3)}, results.StatusOK, "overlap_queue: second device, family 0", 3},
		{"no note", []*results.Result{ok("", 1), ok("", 2)}, results.StatusOK, "", 2},
		{"failed round", []*results.Result{ok("n", 1), {Status: results.StatusFailed, Reason: "device lost"}}, results.StatusFailed, "n", 1},
	}
	for _, tc := range tests {
		m := &results.Result{Status: results.StatusOK, Verified: true}
		for i, r := range tc.rounds {
			mergeRound(m, r, i)
		}
		finalizeMerged(m, 0.05)
		if m.Status != tc.wantStatus || m.Note != tc.wantNote || len(m.Metric.Samples) != tc.wantN {
			t.Errorf("%s: status %s, note %q, %d samples; want %s, %q, %d", tc.name, m.Status, m.Note, len(m.Metric.Samples), tc.wantStatus, tc.wantNote, tc.wantN)
		}
		if tc.wantStatus == results.StatusFailed && m.Reason != "round 1: device lost" {
			t.Errorf("%s: reason %q", tc.name, m.Reason)
		}
	}
}
