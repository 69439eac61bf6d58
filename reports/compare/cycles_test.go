package compare

import (
	"github.com/radvbench/radvbench/reports/pairing"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/verdict"
)

// clocked is a run file of one GEMM whose every sample ran at about mhz
// (±0.2%, seeded) and took about ns.
func clocked(seed uint64, ns, mhz float64) *resultsfile.File {
	b := gemm("tiled", 1024, ns, 0.003)
	f := file(radvDevice(), seed, b)
	rng := rand.New(rand.NewPCG(seed, 9))
	r := &f.Results[0]
	r.Interference = &resultsfile.Interference{}
	for range r.Metric.Samples {
		r.Interference.SCLKMHz = append(r.Interference.SCLKMHz, mhz*(1+0.002*rng.NormFloat64()))
	}
	return f
}

// TestCycles: seeded pairs where the time changes with the clock (the
// clock's change, not the code's), where it changes at a fixed clock (a
// regression in both), and where a clock rise hides a slowdown in
// cycles; the policy's clock_changes decides whether the first fails.
func TestCycles(t *testing.T) {
	for _, tc := range []struct {
		name             string
		baseNS, baseMHz  float64
		newNS, newMHz    float64
		clockPass        bool
		verdict, cycles  verdict.Verdict
		text             string
		fails            bool
		clockChangeCount int
	}{
		{"clock fell 10%", 1e6, 2000, 1e6 / 0.9, 1800, false, verdict.Regression, verdict.Same, "SLOW in time, same in cycles: the clock fell 10%", true, 0},
		{"clock fell 10%, policy lets it pass", 1e6, 2000, 1e6 / 0.9, 1800, true, verdict.Regression, verdict.Same, "SLOW in time, same in cycles: the clock fell 10%", false, 1},
		{"code slower at a fixed clock", 1e6, 2000, 1.1e6, 2000, true, verdict.Regression, verdict.Regression, "", true, 0},
		{"clock rose, hiding a slowdown", 1e6, 2000, 1e6, 2200, false, verdict.Same, verdict.Regression, "same in time, SLOW in cycles: the clock rose 10%", false, 0},
		{"clock rose 10%: faster in time only", 1e6, 2000, 1e6 / 1.1, 2200, false, verdict.Improvement, verdict.Same, "FAST in time, same in cycles: the clock rose 10%", false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := verdict.DefaultPolicy()
			if tc.clockPass {
				p.ClockChanges = verdict.ClockPass
			}
			in := []pairing.Input{{Name: "base.json", File: clocked(1, tc.baseNS, tc.baseMHz)}, {Name: "new.json", File: clocked(2, tc.newNS, tc.newMHz)}}
			rep, err := Compare(in, Options{Policy: p})
			if err != nil {
				t.Fatal(err)
			}
			c := &rep.Comparisons[0]
			if c.Verdict != tc.verdict || c.Cycles == nil || c.Cycles.Verdict != tc.cycles {
				t.Fatalf("verdict %s, cycles %+v: want %s in time, %s in cycles", c.Verdict, c.Cycles, tc.verdict, tc.cycles)
			}
			if c.Cycles.Text != tc.text {
				t.Errorf("text %q, want %q", c.Cycles.Text, tc.text)
			}
			if c.Fail != tc.fails || rep.Failed() != tc.fails || rep.Counts.ClockChanges != tc.clockChangeCount {
				t.Errorf("fails %v (report %v, %d clock changes), want %v (%d)", c.Fail, rep.Failed(), rep.Counts.ClockChanges, tc.fails, tc.clockChangeCount)
			}
		})
	}
	// Clocks on one side only: nothing judged in cycles.
	in := []pairing.Input{{Name: "base.json", File: clocked(1, 1e6, 2000)}, {Name: "new.json", File: file(radvDevice(), 2, gemm("tiled", 1024, 1e6, 0.003))}}
	rep, err := Compare(in, Options{Policy: verdict.DefaultPolicy()})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Comparisons[0].Cycles != nil {
		t.Errorf("clocks on one side: cycles %+v, want none", rep.Comparisons[0].Cycles)
	}
}

func TestPolicyClockChanges(t *testing.T) {
	p, err := verdict.ReadPolicy(strings.NewReader("clock_changes: pass\n"), "p.yaml", verdict.DefaultPolicy())
	if err != nil || p.ClockChanges != verdict.ClockPass {
		t.Fatalf("clock_changes: pass read as %q (%v)", p.ClockChanges, err)
	}
	if _, err := verdict.ReadPolicy(strings.NewReader("clock_changes: maybe\n"), "p.yaml", verdict.DefaultPolicy()); err == nil || !strings.Contains(err.Error(), "clock_changes") {
		t.Errorf("clock_changes: maybe: %v, want a refusal naming it", err)
	}
}
