package compare

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// TestUnsurePolicy: "unsure: fail" makes an unsure verdict fail the gate
// (the fixtures hold one), "pass" and the default do not, anything else
// is an error naming both values.
func TestUnsurePolicy(t *testing.T) {
	base, newer := loadFixture(t, "base.json"), loadFixture(t, "new.json")
	allow := "allow:\n  - match: \"matmul/*\"\n    reason: \"accepted\"\n" // the regressions and the failure pass
	for _, tt := range []struct {
		yaml       string
		wantFailed bool
	}{
		{allow, false},
		{allow + "unsure: pass\n", false},
		{allow + "unsure: fail\n", true},
	} {
		p, err := ReadPolicy(strings.NewReader(tt.yaml), "p.yaml", DefaultPolicy())
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Compare([]Input{base, newer}, Options{Policy: p})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Counts.Unsure != 1 || rep.Counts.Regressions != 0 || rep.Counts.Failed != 0 {
			t.Fatalf("counts %+v: the fixtures changed", rep.Counts)
		}
		if rep.Failed() != tt.wantFailed || rep.FailedGate != tt.wantFailed {
			t.Errorf("%q: failed %v, want %v (%s)", tt.yaml, rep.Failed(), tt.wantFailed, rep.Summary())
		}
		for _, c := range rep.Comparisons {
			if c.Verdict == Unsure && c.Fail != tt.wantFailed {
				t.Errorf("%q: unsure comparison fails=%v", tt.yaml, c.Fail)
			}
		}
		var buf bytes.Buffer
		if err := WriteText(&buf, rep); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(buf.String(), "unsure fails") != tt.wantFailed {
			t.Errorf("%q: the policy line does not say whether unsure fails:\n%s", tt.yaml, buf.String())
		}
	}
	_, err := ReadPolicy(strings.NewReader("unsure: maybe\n"), "p.yaml", DefaultPolicy())
	if err == nil || !strings.Contains(err.Error(), `unsure "maybe": use fail`) || !strings.Contains(err.Error(), "pass") {
		t.Errorf("bad unsure value: %v", err)
	}
}

// TestPlanDesign: the plan uses the design the comparison was judged
// under: a sequential design spends part of alpha at every look, so it
// asks for at least as many runs as a fixed one, at one of its looks.
func TestPlanDesign(t *testing.T) {
	p := DefaultPolicy()
	lim, _ := p.For("s/k")
	for _, spread := range []float64{0.005, 0.01, 0.02} {
		fixed := RunsNeeded(0.10, spread, 0, lim, DefaultPower, noFloor)
		d := Design{MaxRuns: 30}
		seq := RunsNeededIn(d, 0.10, spread, 0, lim, DefaultPower, noFloor)
		if fixed == 0 || seq < fixed || !slices.Contains(d.Looks(), seq) {
			t.Errorf("spread %g: fixed %d runs, sequential %d (looks %v)", spread, fixed, seq, d.Looks())
		}
	}
	// Beyond the design's last look there is no answer.
	if n := RunsNeededIn(Design{MaxRuns: 5}, 0.10, 0.05, 0, lim, DefaultPower, noFloor); n != 0 {
		t.Errorf("5 runs at most, 5%% spread: %d runs", n)
	}
	// The report carries its design to the plan.
	base, newer := loadFixture(t, "base.json"), loadFixture(t, "new.json")
	rep, err := Compare([]Input{base, newer}, Options{Policy: p, Design: Design{MaxRuns: 30}})
	if err != nil {
		t.Fatal(err)
	}
	if pl := PlanFromReport(rep, nil, 0.10, DefaultPower); pl.Design.MaxRuns != 30 {
		t.Errorf("plan design %+v", pl.Design)
	}
}
