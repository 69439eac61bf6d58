package comparefmt

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/verdict"
)

// report is a comparison of one benchmark, ~, as reports/compare writes
// it, changed by edit.
func report(edit func(r *compare.Report)) *compare.Report {
	nan := verdict.Float(math.NaN())
	r := &compare.Report{Schema: compare.JSONSchema, Baseline: "base.json", Policy: verdict.DefaultPolicy(),
		Groups: []compare.Group{{Name: "base.json", Files: []string{"base.json"}}, {Name: "new.json", Files: []string{"new.json"}}},
		Comparisons: []compare.Comparison{{Key: "suite/kernel/v", Group: "new.json", Metric: "time", Unit: "ns", Better: resultsfile.LowerIsBetter,
			Change: nan, Low: nan, High: nan, P: nan, Verdict: verdict.Same, Limits: verdict.Limits{Alpha: 0.01, Floor: nan, Effective: nan}}}}
	edit(r)
	return r
}

// TestPolicyLineAndRemarks: the text and Markdown outputs state what the
// verdicts were judged under (a shared alpha, a noise file and the
// benchmarks whose ~ leaned on its paired spreads, a policy under which
// unsure fails) and each comparison's remarks (what the cycles say).
func TestPolicyLineAndRemarks(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(r *compare.Report)
		want string
	}{
		{"family", func(r *compare.Report) { r.Family = 20 }, "alpha 0.01 across 20 benchmarks (Holm)"},
		{"moderated", func(r *compare.Report) { r.NoiseFile = "noise.json"; r.Comparisons[0].Moderated = true },
			"noise floors from noise.json, and for ~ its paired spreads (1 benchmark(s))"},
		{"unsure fails", func(r *compare.Report) { r.Policy.Unsure = verdict.UnsureFail }, ", unsure fails"},
		{"cycles", func(r *compare.Report) {
			r.Comparisons[0].Cycles = &compare.Cycles{Verdict: verdict.Same, Text: "the clock fell 12%: the same in cycles"}
		}, "the clock fell 12%: the same in cycles"},
	} {
		r := report(tc.edit)
		for _, format := range []string{"text", "markdown"} {
			var b bytes.Buffer
			if err := Write(&b, r, format); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), tc.want) {
				t.Errorf("%s, %s: the output does not say %q:\n%s", tc.name, format, tc.want, b.String())
			}
		}
	}
	// Without them the line says none of it.
	var b bytes.Buffer
	if err := WriteText(&b, report(func(*compare.Report) {})); err != nil {
		t.Fatal(err)
	}
	for _, not := range []string{"Holm", "noise floors", "unsure fails", "[1]"} {
		if strings.Contains(b.String(), not) {
			t.Errorf("a plain report says %q:\n%s", not, b.String())
		}
	}
}

// TestJSONModerated: the JSON output is the report itself, a moderated
// comparison marked.
func TestJSONModerated(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, report(func(r *compare.Report) { r.Comparisons[0].Moderated = true })); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"moderated": true`) || !strings.Contains(b.String(), `"schema": "`+compare.JSONSchema+`"`) {
		t.Errorf("JSON report lacks \"moderated\": true or its schema:\n%s", b.String())
	}
}

// TestPlanHeader: a plan for a family-wise alpha says each benchmark is
// planned at its Holm share.
func TestPlanHeader(t *testing.T) {
	for _, tc := range []struct {
		family int
		want   string
	}{
		{20, "alpha 0.01 across 20 benchmarks (Holm: a slowdown in one of them gets alpha/20)"},
		{0, "alpha 0.01, threshold"},
	} {
		var b strings.Builder
		pl := &compare.Plan{Detect: 0.1, Power: compare.DefaultPower, Alpha: 0.01, Threshold: 0.02, Family: tc.family}
		if err := WritePlan(&b, pl, "text"); err != nil || !strings.Contains(b.String(), tc.want) {
			t.Errorf("family %d: plan header %q %v, want %q", tc.family, strings.SplitN(b.String(), "\n", 2)[0], err, tc.want)
		}
	}
}
