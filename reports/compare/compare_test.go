package compare

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/reports/results"
)

func TestDecide(t *testing.T) {
	def := Limits{Alpha: 0.01, Threshold: 0.03, Noise: 0.03}
	tests := []struct {
		name          string
		change, p     float64
		dir           int
		baseCI, newCI float64
		l             Limits
		want          Verdict
	}{
		// Throughput (higher is better) fell 5% with p=0.001: significant
		// (0.001 < 0.01) and |−5%| > 3%, in the worse direction.
		{"throughput down 5%", -0.05, 0.001, +1, 0.01, 0.01, def, Regression},
		// The same change on a time (lower is better) is an improvement.
		{"time down 5%", -0.05, 0.001, -1, 0.01, 0.01, def, Improvement},
		// Time up 5%: worse.
		{"time up 5%", +0.05, 0.001, -1, 0.01, 0.01, def, Regression},
		// Significant but only 2% (< 3% threshold): real, too small to matter.
		{"small significant", -0.02, 1e-6, +1, 0.005, 0.005, def, Same},
		// 10% change but p=0.02 >= alpha 0.01: not significant; CIs ±1% are
		// within the 3% noise limit, so "no change".
		{"large not significant", -0.10, 0.02, +1, 0.01, 0.01, def, Same},
		// p exactly alpha is not < alpha.
		{"p equals alpha", -0.10, 0.01, +1, 0.01, 0.01, def, Same},
		// Not decisive and the new side's CI is ±4% > 3%: noisy.
		{"noisy new side", -0.01, 0.5, +1, 0.01, 0.04, def, Noisy},
		// No CI at all (too few samples): +Inf relative width -> noisy.
		{"no CI", 0, 1, +1, math.Inf(1), 0.01, def, Noisy},
		// A wide CI does not hide a decisive change.
		{"decisive despite noise", -0.20, 1e-4, +1, 0.08, 0.08, def, Regression},
		// A per-benchmark threshold of 10% lets a 5% drop pass.
		{"override threshold", -0.05, 1e-4, +1, 0.01, 0.01, Limits{Alpha: 0.01, Threshold: 0.10, Noise: 0.10}, Same},
		// Exactly at the threshold is not beyond it.
		{"at threshold", -0.03, 1e-4, +1, 0.01, 0.01, def, Same},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Decide(tt.change, tt.p, tt.dir, tt.baseCI, tt.newCI, tt.l); got != tt.want {
				t.Errorf("Decide(%v, p=%v, dir=%d, ci %v/%v) = %s, want %s", tt.change, tt.p, tt.dir, tt.baseCI, tt.newCI, got, tt.want)
			}
		})
	}
}

// samplesEntry wraps samples as a pooled benchmark for judge.
func samplesEntry(better string, xs ...float64) *entry {
	r := &results.Result{Suite: "s", Kernel: "k", Status: results.StatusOK,
		Metric: results.Metric{Name: "m", Unit: "u", Better: better, Samples: xs}}
	return &entry{key: r.ID(), result: r, samples: xs}
}

func TestJudgeExactFigures(t *testing.T) {
	p := DefaultPolicy()
	tests := []struct {
		name        string
		better      string
		base, new   []float64
		wantVerdict Verdict
		wantChange  float64
		wantP       float64
		wantWarn    string
	}{
		{
			// Two fully separated samples of 5: the exact two-sided U test
			// p-value is 2/C(10,5) = 2/252 = 0.0079365 < 0.01. Medians 12
			// and 17: change 17/12-1 = +41.67%. Lower is better -> worse.
			name: "separated n=5, lower better", better: results.LowerIsBetter,
			base: []float64{10, 11, 12, 13, 14}, new: []float64{15, 16, 17, 18, 19},
			wantVerdict: Regression, wantChange: 17.0/12 - 1, wantP: 2.0 / 252,
			wantWarn: "few samples (5 vs 5, want >= 10)",
		},
		{
			// Same data, higher is better: an improvement.
			name: "separated n=5, higher better", better: results.HigherIsBetter,
			base: []float64{10, 11, 12, 13, 14}, new: []float64{15, 16, 17, 18, 19},
			wantVerdict: Improvement, wantChange: 17.0/12 - 1, wantP: 2.0 / 252,
		},
		{
			// Fully separated samples of 4: the smallest possible p is
			// 2/C(8,4) = 2/70 = 0.0286 > 0.01, so the test cannot reject;
			// n=4 is too few for a 95% CI of the median (benchmath needs 6),
			// so the CI is infinite and the verdict is noisy.
			name: "separated n=4", better: results.HigherIsBetter,
			base: []float64{10, 11, 12, 13}, new: []float64{15, 16, 17, 18},
			wantVerdict: Noisy, wantChange: 16.5/11.5 - 1, wantP: 2.0 / 70,
			wantWarn: "need >= 5 samples to detect a difference at alpha level 0.01",
		},
		{
			// Identical samples: all ties, U = n1*n2/2 and p = 1. Medians
			// equal: change 0. Ten samples 100..109 have median 104.5 and a
			// 95% CI from the 2nd to the 9th order statistic [101, 108]:
			// half-width 3.5/104.5 = 3.35% > 3% noise limit -> noisy.
			name: "identical n=10", better: results.HigherIsBetter,
			base: seq(100, 10), new: seq(100, 10),
			wantVerdict: Noisy, wantChange: 0, wantP: 1,
		},
		{
			// 20 samples 1000..1019 on both sides: median 1009.5, CI from
			// the 6th to the 15th order statistic [1005, 1014]: half-width
			// 4.5/1009.5 = 0.45% < 3% -> no change.
			name: "identical n=20", better: results.HigherIsBetter,
			base: seq(1000, 20), new: seq(1000, 20),
			wantVerdict: Same, wantChange: 0, wantP: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := judge("s/k", "new", samplesEntry(tt.better, tt.base...), samplesEntry(tt.better, tt.new...), &p)
			if c.Verdict != tt.wantVerdict {
				t.Errorf("verdict %s, want %s (%+v)", c.Verdict, tt.wantVerdict, c)
			}
			if math.Abs(c.Change-tt.wantChange) > 1e-12 {
				t.Errorf("change %v, want %v", c.Change, tt.wantChange)
			}
			if math.Abs(c.P-tt.wantP) > 1e-9 {
				t.Errorf("p %v, want %v", c.P, tt.wantP)
			}
			if tt.wantWarn != "" && !strings.Contains(strings.Join(c.Warnings, "|"), tt.wantWarn) {
				t.Errorf("warnings %q lack %q", c.Warnings, tt.wantWarn)
			}
		})
	}
}

func seq(start float64, n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = start + float64(i)
	}
	return xs
}

func TestJudgeStatuses(t *testing.T) {
	p := DefaultPolicy()
	ok := samplesEntry(results.HigherIsBetter, seq(1000, 20)...)
	failed := &entry{result: &results.Result{Suite: "s", Kernel: "k", Status: results.StatusFailed, Reason: "verification failed",
		Metric: results.Metric{Unit: "u", Better: results.HigherIsBetter}}}
	skipped := &entry{result: &results.Result{Suite: "s", Kernel: "k", Status: results.StatusSkipped, Reason: "no fp16",
		Metric: results.Metric{Unit: "u", Better: results.HigherIsBetter}}}
	otherUnit := samplesEntry(results.HigherIsBetter, seq(1000, 20)...)
	otherUnit.result.Metric.Unit = "GB/s"
	noDir := samplesEntry("", seq(1000, 20)...)
	tests := []struct {
		name      string
		base, new *entry
		want      Verdict
		fails     bool
	}{
		{"ok then failed", ok, failed, Failed, true},
		{"failed then ok", failed, ok, Incomparable, false},
		{"skipped", ok, skipped, Incomparable, false},
		{"only base", ok, nil, Missing, false},
		{"only new", nil, ok, Added, false},
		{"unit changed", ok, otherUnit, Incomparable, false},
		{"no direction", noDir, noDir, Incomparable, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := judge("s/k", "new", tt.base, tt.new, &p)
			if c.Verdict != tt.want || c.Fails() != tt.fails {
				t.Errorf("verdict %s fails %v, want %s %v (note %q)", c.Verdict, c.Fails(), tt.want, tt.fails, c.Note)
			}
		})
	}
}

func TestCompareFixtures(t *testing.T) {
	base, newer := loadFixture(t, "base.json"), loadFixture(t, "new.json")
	rep, err := Compare([]Input{base, newer}, Options{Policy: DefaultPolicy()})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Verdict{
		"matmul/gemm_naive/tile=16x16/k=1024,m=1024,n=1024":    Same,
		"matmul/gemm_tiled/tile=16x16/k=1024,m=1024,n=1024":    Regression,
		"matmul/gemm_tiled/tile=16x16/k=2048,m=2048,n=2048":    Regression,
		"memory/copy/width=vec4/bytes=67108864":                Noisy,
		"latency/roundtrip":                                    Improvement,
		"matmul/gemm_fp16/tile=16x16/k=1024,m=1024,n=1024":     Incomparable,
		"matmul/gemm_regblock/tile=16x16/k=1024,m=1024,n=1024": Failed,
		"matmul/gemm_naive/tile=16x16/k=4096,m=4096,n=4096":    Added,
	}
	if len(rep.Comparisons) != len(want) {
		t.Fatalf("%d comparisons, want %d", len(rep.Comparisons), len(want))
	}
	for _, c := range rep.Comparisons {
		if want[c.Key] != c.Verdict {
			t.Errorf("%s: %s (change %s, p %.4f), want %s", c.Key, c.Verdict, FormatChange(c.Change), c.P, want[c.Key])
		}
	}
	if !rep.Failed() || rep.Counts.Regressions != 2 || rep.Counts.Failed != 1 {
		t.Errorf("counts %+v: want 2 regressions and 1 failure", rep.Counts)
	}
	if !hasNote(rep, "shaders differ from the baseline's (the code measured changed): gemm_tiled.comp") {
		t.Errorf("notes %q lack the shader change", rep.Notes)
	}

	// A file against itself: nothing changes.
	self, err := Compare([]Input{base, {Name: "base-again.json", File: base.File}}, Options{Policy: DefaultPolicy()})
	if err != nil {
		t.Fatal(err)
	}
	if self.Failed() || self.Counts.Improvements != 0 {
		t.Errorf("self comparison: %s", self.Summary())
	}
}

func hasNote(r *Report, s string) bool {
	for _, n := range r.Notes {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

func TestCompareAllowList(t *testing.T) {
	base, newer := loadFixture(t, "base.json"), loadFixture(t, "new.json")
	p, err := ReadPolicy(strings.NewReader(`
allow:
  - match: "matmul/gemm_tiled/*"
    reason: "tiling trade-off accepted in !123"
  - match: "re:regblock"
    reason: "known verification bug, #7"
  - match: "nothing/*"
    reason: "stale"
`), "policy.yaml", DefaultPolicy())
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Compare([]Input{base, newer}, Options{Policy: p})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed() || rep.Counts.Allowed != 3 {
		t.Errorf("allowed %d (want 3), failed %v: %s", rep.Counts.Allowed, rep.Failed(), rep.Summary())
	}
	if !hasNote(rep, `allow entry "nothing/*" matched no regression`) {
		t.Errorf("notes %q lack the stale allow entry", rep.Notes)
	}
}

func TestCompareRulesOverride(t *testing.T) {
	base, newer := loadFixture(t, "base.json"), loadFixture(t, "new.json")
	// The 2048 GEMM fell ~3.85%: a 5% threshold for it alone passes it,
	// the 1024 GEMM (−9%) stays a regression.
	p, err := ReadPolicy(strings.NewReader("rules:\n  - match: \"*k=2048*\"\n    threshold: 5%\n"), "p.yaml", DefaultPolicy())
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Compare([]Input{base, newer}, Options{Policy: p})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Counts.Regressions != 1 {
		t.Errorf("%d regressions, want 1: %s", rep.Counts.Regressions, rep.Summary())
	}
}

func TestCompareByConfig(t *testing.T) {
	ab := loadFixture(t, "ab.json")
	rep, err := Compare([]Input{ab}, Options{Policy: DefaultPolicy(), By: "config"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Baseline != "default" || len(rep.Groups) != 2 || rep.Groups[1].Name != "wave32" {
		t.Fatalf("groups %+v baseline %s", rep.Groups, rep.Baseline)
	}
	// wave32 runs gemm_tiled 10% faster: throughput +11%.
	for _, c := range rep.Comparisons {
		want := Same
		if strings.Contains(c.Key, "gemm_tiled") {
			want = Improvement
		}
		if c.Verdict != want {
			t.Errorf("%s: %s, want %s", c.Key, c.Verdict, want)
		}
	}
	// With wave32 as the baseline, default is the regression.
	rep, err = Compare([]Input{ab}, Options{Policy: DefaultPolicy(), By: "config", Baseline: "wave32"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Baseline != "wave32" || rep.Counts.Regressions != 1 {
		t.Errorf("baseline %s: %s", rep.Baseline, rep.Summary())
	}
	// Without --by, a file with configurations pairs by ID@config.
	rep, err = Compare([]Input{ab, {Name: "ab2.json", File: ab.File}}, Options{Policy: DefaultPolicy()})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Comparisons) != 4 || !strings.HasSuffix(rep.Comparisons[0].Key, "@default") {
		t.Errorf("pairing by config: %d comparisons, first %q", len(rep.Comparisons), rep.Comparisons[0].Key)
	}
}

func TestCompareByLabelAndFingerprint(t *testing.T) {
	var ins []Input
	for _, n := range []string{"run-a1.json", "run-b1.json", "run-a2.json", "run-c1.json", "run-b2.json"} {
		ins = append(ins, loadFixture(t, n))
	}
	tests := []struct {
		by, baseline string
		wantGroups   []string
		wantFiles    int // files in the baseline group
		wantRegress  int
	}{
		// stock (a1, a2) first; frag9 is 5% faster, frag2 20% slower.
		{"label.config", "", []string{"stock", "frag9", "frag2"}, 2, 1},
		{"amdgpu.vm_fragment_size", "", []string{"4", "9", "2"}, 2, 1},
		// Against frag9, both stock (+5% time) and frag2 regress.
		{"amdgpu.vm_fragment_size", "9", []string{"9", "4", "2"}, 2, 2},
		{"file", "run-c1.json", []string{"run-c1.json", "run-a1.json", "run-b1.json", "run-a2.json", "run-b2.json"}, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.by+"/"+tt.baseline, func(t *testing.T) {
			rep, err := Compare(ins, Options{Policy: DefaultPolicy(), By: tt.by, Baseline: tt.baseline})
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, g := range rep.Groups {
				names = append(names, g.Name)
			}
			if strings.Join(names, " ") != strings.Join(tt.wantGroups, " ") {
				t.Errorf("groups %q, want %q", names, tt.wantGroups)
			}
			if len(rep.Groups[0].Files) != tt.wantFiles {
				t.Errorf("baseline files %q", rep.Groups[0].Files)
			}
			if rep.Counts.Regressions != tt.wantRegress {
				t.Errorf("%s", rep.Summary())
			}
		})
	}
}

func TestCompareErrors(t *testing.T) {
	base, ab := loadFixture(t, "base.json"), loadFixture(t, "ab.json")
	tests := []struct {
		name string
		in   []Input
		opt  Options
		want string
	}{
		{"one file", []Input{base}, Options{}, "need at least two results files"},
		{"unknown key", []Input{base, base}, Options{By: "label.nope"}, `no results file has the key "label.nope": use one of device, driver, file`},
		{"one group", []Input{base, {Name: "b2", File: base.File}}, Options{By: "device"}, "all results have the same device"},
		{"bad baseline", []Input{ab}, Options{By: "config", Baseline: "wave64"}, `baseline "wave64" is not one of the groups (default, wave32)`},
		{"bad alpha", []Input{base, base}, Options{Policy: Policy{Alpha: 2}}, "alpha 2 is outside (0, 1)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.opt.Policy.Alpha == 0 {
				tt.opt.Policy = DefaultPolicy()
			}
			_, err := Compare(tt.in, tt.opt)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestNotesMismatch(t *testing.T) {
	base, lvp := loadFixture(t, "base.json"), loadFixture(t, "lvp.json")
	rep, err := Compare([]Input{base, lvp}, Options{Policy: DefaultPolicy()})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`device differs: lvp.json has "llvmpipe (LLVM 19.1.4, 256 bits)", baseline base.json has "AMD Radeon RX 7900 XTX (RADV NAVI31)"`,
		`driver differs: lvp.json has "llvmpipe Mesa 25.0.4 (LLVM 19.1.4)", baseline base.json has "radv Mesa 25.0.4"`,
		"figures come from a CPU implementation (lavapipe)",
		"some runs used --quick",
	} {
		if !hasNote(rep, want) {
			t.Errorf("notes %q lack %q", rep.Notes, want)
		}
	}
}

func TestGoldenFormats(t *testing.T) {
	base, newer := loadFixture(t, "base.json"), loadFixture(t, "new.json")
	p, err := ReadPolicy(strings.NewReader("allow:\n  - match: \"matmul/gemm_tiled/*k=2048*\"\n    reason: \"accepted in !123\"\n"), "p.yaml", DefaultPolicy())
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Compare([]Input{base, newer}, Options{Policy: p})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range Formats {
		var buf bytes.Buffer
		if err := Write(&buf, rep, f); err != nil {
			t.Fatal(err)
		}
		goldenOut(t, "base-new."+f, buf.Bytes())
	}
	var ins []Input
	for _, n := range []string{"run-a1.json", "run-b1.json", "run-a2.json", "run-c1.json", "run-b2.json"} {
		ins = append(ins, loadFixture(t, n))
	}
	rep, err = Compare(ins, Options{Policy: DefaultPolicy(), By: "label.config"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"text", "markdown"} {
		var buf bytes.Buffer
		if err := Write(&buf, rep, f); err != nil {
			t.Fatal(err)
		}
		goldenOut(t, "by-label."+f, buf.Bytes())
	}
}

func TestFormatValue(t *testing.T) {
	for _, tt := range []struct {
		v    float64
		want string
	}{
		{1234.6, "1235"}, {12.345, "12.35"}, {0.0012345, "0.001234"}, {123456, "123456"},
		{0, "0"}, {math.Inf(1), "∞"}, {math.NaN(), "?"}, {-2.5, "-2.500"},
	} {
		if got := FormatValue(tt.v); got != tt.want {
			t.Errorf("FormatValue(%v) = %q, want %q", tt.v, got, tt.want)
		}
	}
}
