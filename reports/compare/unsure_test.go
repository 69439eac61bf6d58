package compare

import (
	"github.com/radvbench/radvbench/reports/pairing"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/reports/note"
	"github.com/radvbench/radvbench/reports/verdict"
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
		p, err := verdict.ReadPolicy(strings.NewReader(tt.yaml), "p.yaml", verdict.DefaultPolicy())
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Compare([]pairing.Input{base, newer}, Options{Policy: p})
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
			if c.Verdict == verdict.Unsure && c.Fail != tt.wantFailed {
				t.Errorf("%q: unsure comparison fails=%v", tt.yaml, c.Fail)
			}
		}
		// (The policy line says whether unsure fails: reports/comparefmt.)
		if rep.Policy.UnsureFails() != tt.wantFailed {
			t.Errorf("%q: the report's policy: unsure fails %v", tt.yaml, rep.Policy.UnsureFails())
		}
	}
	_, err := verdict.ReadPolicy(strings.NewReader("unsure: maybe\n"), "p.yaml", verdict.DefaultPolicy())
	if err == nil || !strings.Contains(err.Error(), `unsure "maybe": use fail`) || !strings.Contains(err.Error(), "pass") {
		t.Errorf("bad unsure value: %v", err)
	}
}

// TestPlanDesign: the plan uses the design the comparison was judged
// under: a sequential design spends part of alpha at every look, so it
// asks for at least as many runs as a fixed one, at one of its looks.
func TestPlanDesign(t *testing.T) {
	p := verdict.DefaultPolicy()
	lim, _ := p.For("s/k")
	for _, spread := range []float64{0.005, 0.01, 0.02} {
		fixed := RunsNeeded(0.10, spread, 0, lim, DefaultPower, noFloor)
		d := verdict.Design{MaxRuns: 30}
		seq := RunsNeededIn(d, 0.10, spread, 0, lim, DefaultPower, noFloor)
		if fixed == 0 || seq < fixed || !slices.Contains(d.Looks(), seq) {
			t.Errorf("spread %g: fixed %d runs, sequential %d (looks %v)", spread, fixed, seq, d.Looks())
		}
	}
	// Beyond the design's last look there is no answer.
	if n := RunsNeededIn(verdict.Design{MaxRuns: 5}, 0.10, 0.05, 0, lim, DefaultPower, noFloor); n != 0 {
		t.Errorf("5 runs at most, 5%% spread: %d runs", n)
	}
	// The report carries its design to the plan.
	base, newer := loadFixture(t, "base.json"), loadFixture(t, "new.json")
	rep, err := Compare([]pairing.Input{base, newer}, Options{Policy: p, Design: verdict.Design{MaxRuns: 30}})
	if err != nil {
		t.Fatal(err)
	}
	if pl := PlanFromReport(rep, nil, 0.10, DefaultPower); pl.Design.MaxRuns != 30 {
		t.Errorf("plan design %+v", pl.Design)
	}
}

// TestJudgeDisturbed: the judge leaves marked samples out of a run's
// figure, sets aside runs mostly marked (and says so), and decides
// nothing when every run of a side (or of both) is disturbed.
func TestJudgeDisturbed(t *testing.T) {
	p := verdict.DefaultPolicy()
	// A run of 10 throughput samples around m; marked: how many of its
	// samples, the fastest first, are marked disturbed (and 50% faster:
	// a figure that used them would move).
	run := func(m float64, marked int) ([]float64, []bool) {
		xs, marks := around(m), make([]bool, 10)
		for i := 0; i < marked; i++ {
			xs[9-i] *= 1.5
			marks[9-i] = true
		}
		return xs, marks
	}
	entryOf := func(runs ...[2]float64) *pairing.Entry {
		e := runsEntry("higher")
		for _, r := range runs {
			xs, marks := run(r[0], int(r[1]))
			e.Runs = append(e.Runs, xs)
			e.Marks = append(e.Marks, marks)
		}
		return e
	}
	clean := entryOf([2]float64{100, 0}, [2]float64{100, 0}, [2]float64{100, 0})
	// Marked samples left out: about the figures of clean runs (the fast
	// tenth of the 6 to 8 unmarked samples; with the marked ones it would
	// be some 40% higher).
	c := judgeOne(&p, clean, entryOf([2]float64{100, 3}, [2]float64{100, 2}, [2]float64{100, 4}))
	if c.Verdict != verdict.Same || math.Abs(float64(c.Change)) > 0.01 || c.New.Disturbed != 9 || c.New.DisturbedRuns != 0 {
		t.Errorf("marked samples: %s, change %v, %d disturbed, %d runs set aside", c.Verdict, c.Change, c.New.Disturbed, c.New.DisturbedRuns)
	}
	// A run with 6 of 10 samples marked is set aside, with a warning.
	c = judgeOne(&p, clean, entryOf([2]float64{100, 0}, [2]float64{300, 6}, [2]float64{100, 0}, [2]float64{100, 0}))
	if c.Verdict != verdict.Same || c.New.DisturbedRuns != 1 || c.New.Runs != 4 || len(c.New.RunEstimates) != 3 || !hasWarning(c, "disturbed-runs") {
		t.Errorf("set aside: %s, %d set aside of %d runs, figures %v, warnings %v", c.Verdict, c.New.DisturbedRuns, c.New.Runs, c.New.RunEstimates, c.Warnings)
	}
	// Every run of both sides disturbed: all kept for the figures, but
	// the figures follow the load, not the code: unsure, even for a
	// change of 30%.
	loaded := entryOf([2]float64{100, 6}, [2]float64{100, 7}, [2]float64{100, 8})
	c = judgeOne(&p, loaded, entryOf([2]float64{70, 6}, [2]float64{70, 7}, [2]float64{70, 8}))
	if c.Verdict != verdict.Unsure || c.Base.DisturbedRuns != 0 || len(c.Base.RunEstimates) != 3 || !(c.Change < -0.2) ||
		!strings.Contains(c.Reason, "follow the machine's load") {
		t.Errorf("all disturbed: %s (%s), change %v, %d set aside", c.Verdict, c.Reason, c.Change, c.Base.DisturbedRuns)
	}
	// The same runs taken in rounds, side by side (the gate's lockstep):
	// the load fell on both runs of each pair, so the pairs carry the
	// 30% slowdown; the veto would leave a bisection's clear step unsure.
	paired := func(e *pairing.Entry) *pairing.Entry {
		e.Blocks = []string{"r#1", "r#2", "r#3"}
		return e
	}
	c = judgeOne(&p, paired(entryOf([2]float64{100, 6}, [2]float64{110, 7}, [2]float64{95, 8})),
		paired(entryOf([2]float64{70, 6}, [2]float64{77, 7}, [2]float64{66.5, 8})))
	if c.Verdict != verdict.Regression || !c.Paired || !hasWarning(c, "disturbed-pairs") {
		t.Errorf("all disturbed, paired by round: %s (%s), paired %v, warnings %v", c.Verdict, c.Reason, c.Paired, c.Warnings)
	}
	// ... and an A/A of such pairs is still ~ or unsure, never a change.
	c = judgeOne(&p, paired(entryOf([2]float64{100, 6}, [2]float64{110, 7}, [2]float64{95, 8})),
		paired(entryOf([2]float64{100.5, 6}, [2]float64{109.5, 7}, [2]float64{95.3, 8})))
	if c.Verdict == verdict.Regression || c.Verdict == verdict.Improvement {
		t.Errorf("all disturbed A/A, paired by round: %s (%s)", c.Verdict, c.Reason)
	}
	// Only one side disturbed throughout: nothing to judge it on.
	c = judgeOne(&p, loaded, clean)
	if c.Verdict != verdict.Unsure || !strings.Contains(c.Reason, "every run on a side was disturbed") {
		t.Errorf("one side disturbed throughout: %s (%s)", c.Verdict, c.Reason)
	}
	// ... unless the runs were taken in rounds: the slow side's runs
	// (longer samples catch more of a neighbour's bursts) all disturbed,
	// the other's not, the pairs still carry an 80% slowdown.
	c = judgeOne(&p, paired(entryOf([2]float64{100, 0}, [2]float64{110, 2}, [2]float64{95, 0})),
		paired(entryOf([2]float64{20, 6}, [2]float64{22, 7}, [2]float64{19, 8})))
	if c.Verdict != verdict.Regression || !c.Paired || !hasWarning(c, "disturbed-pairs") || c.New.DisturbedRuns != 0 {
		t.Errorf("one side disturbed throughout, paired by round: %s (%s), paired %v, warnings %v", c.Verdict, c.Reason, c.Paired, c.Warnings)
	}
}

func hasWarning(c Comparison, kind note.Kind) bool {
	for _, w := range c.Warnings {
		if w.Kind == kind {
			return true
		}
	}
	return false
}
