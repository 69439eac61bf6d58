package main

import (
	"os"
	"testing"

	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/verdict"
)

// TestTruncate: the file of the first r rounds of each side holds their
// samples and runs only, every column aligned.
func TestTruncate(t *testing.T) {
	raw, err := os.ReadFile("../../reports/compare/testdata/ab.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, keep := range []map[int]bool{{1: true, 2: true}, {1: true, 2: true, 3: true, 4: true}} {
		f, err := truncate(raw, keep, "ab.json")
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Rounds) != len(keep) {
			t.Errorf("keep %v: %d rounds in the file", keep, len(f.Rounds))
		}
		for _, r := range f.Results {
			rounds, _ := r.RunSamples()
			if len(rounds) != len(keep)/2 || (len(r.Disturbed) > 0 && len(r.Disturbed) != len(r.Metric.Samples)) || len(r.SamplesNS) != len(r.Metric.Samples) {
				t.Errorf("keep %v: %s %s has runs %v, %d marks, %d times for %d samples", keep, r.ID(), r.Config, rounds, len(r.Disturbed), len(r.SamplesNS), len(r.Metric.Samples))
			}
			for _, rd := range rounds {
				if !keep[rd] {
					t.Errorf("keep %v: %s %s kept round %d", keep, r.ID(), r.Config, rd)
				}
			}
		}
	}
}

// TestReplay: every benchmark of the A/B file gets one verdict, over its
// three rounds, and the last look judges all three.
func TestReplay(t *testing.T) {
	g, err := replay("../../reports/compare/testdata/ab.json", compare.Options{Policy: verdict.DefaultPolicy(), By: "config"}, 12, 10, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range g.counts {
		n += c
	}
	if g.rounds != 3 || g.runs != 3 || g.total != 2 || n != 2 {
		t.Errorf("replay: %d rounds, last look at %d runs a side, %d benchmarks, %d verdicts (%v); want 3, 3, 2, 2", g.rounds, g.runs, g.total, n, g.counts)
	}
}
