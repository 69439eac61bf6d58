package compare

import (
	"encoding/json"
	"errors"
	"github.com/radvbench/radvbench/reports/pairing"
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/radvbench/radvbench/core/stats"
	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/verdict"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/note"
)

// runsEntry wraps runs (each a list of samples) as a benchmark for judge.
func runsEntry(better string, runs ...[]float64) *pairing.Entry {
	var all []float64
	for _, r := range runs {
		all = append(all, r...)
	}
	r := &resultsfile.Result{Suite: "s", Kernel: "k", Status: resultsfile.StatusOK,
		Metric: resultsfile.Metric{Name: "m", Unit: "u", Better: better, Samples: all}}
	return &pairing.Entry{Key: r.ID(), Result: r, Runs: runs}
}

// samplesEntry is a benchmark with one run of samples xs.
func samplesEntry(better string, xs ...float64) *pairing.Entry {
	return runsEntry(better, xs)
}

// around is a run of 10 samples centred on m (m-0.5 .. m+0.4).
func around(m float64) []float64 {
	xs := make([]float64, 10)
	for i := range xs {
		xs[i] = m - 0.5 + 0.1*float64(i)
	}
	return xs
}

func judgeOne(p *verdict.Policy, be, ne *pairing.Entry) Comparison {
	return newJudge(p, nil).judge("s/k", "new", be, ne)
}

// TestJudgeExactFigures checks the figures by hand. A run of around(m)
// (m-0.5, m-0.4, ..., m+0.4) has the figure m+0.31 for a throughput (its
// 0.9-quantile, type 7: position 8.1 between m+0.3 and m+0.4) and m-0.41
// for a time (its 0.1-quantile, position 0.9); a side's figure is the
// geometric mean of its runs' figures.
func TestJudgeExactFigures(t *testing.T) {
	p := verdict.DefaultPolicy()
	// Welch's t on the log run figures by hand, for equal-size sides.
	welch := func(a, b []float64) float64 {
		mean := func(xs []float64) (m, v float64) {
			for _, x := range xs {
				m += math.Log(x)
			}
			m /= float64(len(xs))
			for _, x := range xs {
				v += (math.Log(x) - m) * (math.Log(x) - m)
			}
			return m, v / float64(len(xs)-1)
		}
		ma, va := mean(a)
		mb, vb := mean(b)
		n := float64(len(a))
		se2 := va/n + vb/n
		tt := (mb - ma) / math.Sqrt(se2)
		df := se2 * se2 / ((va/n)*(va/n)/(n-1) + (vb/n)*(vb/n)/(n-1))
		return 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.CDF(-math.Abs(tt))
	}
	geo := func(xs ...float64) float64 {
		var s float64
		for _, x := range xs {
			s += math.Log(x)
		}
		return math.Exp(s / float64(len(xs)))
	}
	tests := []struct {
		name        string
		better      string
		base, new   [][]float64
		wantVerdict verdict.Verdict
		wantChange  float64
		wantP       float64 // NaN: none
	}{
		{
			// Run figures 100.31..102.31 against 110.31..112.31: +9.9%,
			// the 98% interval about ±2.9% around it, above +3%. Throughput
			// up: an improvement.
			name: "three runs a side, 10% up", better: resultsfile.HigherIsBetter,
			base: [][]float64{around(100), around(101), around(102)}, new: [][]float64{around(110), around(111), around(112)},
			wantVerdict: verdict.Improvement, wantChange: geo(110.31, 111.31, 112.31)/geo(100.31, 101.31, 102.31) - 1,
			wantP: welch([]float64{100.31, 101.31, 102.31}, []float64{110.31, 111.31, 112.31}),
		},
		{
			// The same runs as a time: worse (figures m-0.41).
			name: "three runs a side, time 10% up", better: resultsfile.LowerIsBetter,
			base: [][]float64{around(100), around(101), around(102)}, new: [][]float64{around(110), around(111), around(112)},
			wantVerdict: verdict.Regression, wantChange: geo(109.59, 110.59, 111.59)/geo(99.59, 100.59, 101.59) - 1,
			wantP: welch([]float64{99.59, 100.59, 101.59}, []float64{109.59, 110.59, 111.59}),
		},
		{
			// Identical runs: change 0, p 1, interval [0, 0] within ±3%.
			name: "identical runs", better: resultsfile.HigherIsBetter,
			base: [][]float64{around(100), around(101), around(102)}, new: [][]float64{around(100), around(101), around(102)},
			wantVerdict: verdict.Same, wantChange: 0, wantP: 1,
		},
		{
			// One run a side that differs by 30%: no run-to-run evidence and
			// no floor, so unsure, not a regression; no p-value.
			name: "one run a side, 30% down", better: resultsfile.HigherIsBetter,
			base: [][]float64{around(100)}, new: [][]float64{around(70)},
			wantVerdict: verdict.Unsure, wantChange: 70.31/100.31 - 1, wantP: math.NaN(),
		},
		{
			// Runs wandering by ±20%: the 8% drop cannot be told apart.
			name: "wandering runs", better: resultsfile.HigherIsBetter,
			base: [][]float64{around(80), around(100), around(120)}, new: [][]float64{around(74), around(92), around(110)},
			wantVerdict: verdict.Unsure, wantChange: geo(74.31, 92.31, 110.31)/geo(80.31, 100.31, 120.31) - 1,
			wantP: welch([]float64{80.31, 100.31, 120.31}, []float64{74.31, 92.31, 110.31}),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := judgeOne(&p, runsEntry(tt.better, tt.base...), runsEntry(tt.better, tt.new...))
			if c.Verdict != tt.wantVerdict {
				t.Errorf("verdict %s (%s), want %s", c.Verdict, c.Reason, tt.wantVerdict)
			}
			if math.Abs(float64(c.Change)-tt.wantChange) > 1e-12 {
				t.Errorf("change %v, want %v", c.Change, tt.wantChange)
			}
			if math.IsNaN(tt.wantP) != c.P.NaN() || (!math.IsNaN(tt.wantP) && math.Abs(float64(c.P)-tt.wantP) > 1e-9) {
				t.Errorf("p %v, want %v", c.P, tt.wantP)
			}
			if c.Base.Runs != len(tt.base) || c.New.Runs != len(tt.new) {
				t.Errorf("runs %d/%d, want %d/%d", c.Base.Runs, c.New.Runs, len(tt.base), len(tt.new))
			}
			if c.Verdict == verdict.Unsure && c.Reason == "" {
				t.Errorf("unsure without a reason")
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
	p := verdict.DefaultPolicy()
	ok := runsEntry(resultsfile.HigherIsBetter, seq(1000, 20), seq(1001, 20), seq(1002, 20))
	failed := &pairing.Entry{Result: &resultsfile.Result{Suite: "s", Kernel: "k", Status: resultsfile.StatusFailed, Reason: "verification failed",
		Metric: resultsfile.Metric{Unit: "u", Better: resultsfile.HigherIsBetter}}}
	skipped := &pairing.Entry{Result: &resultsfile.Result{Suite: "s", Kernel: "k", Status: resultsfile.StatusSkipped, Reason: "no fp16",
		Metric: resultsfile.Metric{Unit: "u", Better: resultsfile.HigherIsBetter}}}
	otherUnit := samplesEntry(resultsfile.HigherIsBetter, seq(1000, 20)...)
	otherUnit.Result.Metric.Unit = "GB/s"
	noDir := samplesEntry("", seq(1000, 20)...)
	tests := []struct {
		name      string
		base, new *pairing.Entry
		want      verdict.Verdict
		fails     bool
	}{
		{"ok then failed", ok, failed, verdict.Failed, true},
		{"failed then ok", failed, ok, verdict.Incomparable, false},
		{"skipped", ok, skipped, verdict.Incomparable, false},
		{"only base", ok, nil, verdict.Missing, false},
		{"only new", nil, ok, verdict.Added, false},
		{"unit changed", ok, otherUnit, verdict.Incomparable, false},
		{"no direction", noDir, noDir, verdict.Incomparable, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := judgeOne(&p, tt.base, tt.new)
			if c.Verdict != tt.want || c.Fails() != tt.fails {
				t.Errorf("verdict %s fails %v, want %s %v (note %q)", c.Verdict, c.Fails(), tt.want, tt.fails, c.Note)
			}
		})
	}
}

func TestCompareFixtures(t *testing.T) {
	base, newer := loadFixture(t, "base.json"), loadFixture(t, "new.json")
	rep, err := Compare([]pairing.Input{base, newer}, Options{Policy: verdict.DefaultPolicy()})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]verdict.Verdict{
		"matmul/gemm_naive/tile=16x16/k=1024,m=1024,n=1024":    verdict.Same,
		"matmul/gemm_tiled/tile=16x16/k=1024,m=1024,n=1024":    verdict.Regression,
		"matmul/gemm_tiled/tile=16x16/k=2048,m=2048,n=2048":    verdict.Regression,
		"memory/copy/width=vec4/bytes=67108864":                verdict.Unsure,
		"latency/roundtrip":                                    verdict.Improvement,
		"matmul/gemm_fp16/tile=16x16/k=1024,m=1024,n=1024":     verdict.Incomparable,
		"matmul/gemm_regblock/tile=16x16/k=1024,m=1024,n=1024": verdict.Failed,
		"matmul/gemm_naive/tile=16x16/k=4096,m=4096,n=4096":    verdict.Added,
	}
	if len(rep.Comparisons) != len(want) {
		t.Fatalf("%d comparisons, want %d", len(rep.Comparisons), len(want))
	}
	for _, c := range rep.Comparisons {
		if want[c.Key] != c.Verdict {
			t.Errorf("%s: %s (change %s %s, p %.4f; %s), want %s", c.Key, c.Verdict, FormatChange(float64(c.Change)),
				FormatInterval(float64(c.Low), float64(c.High)), float64(c.P), c.Reason, want[c.Key])
		}
	}
	if !rep.Failed() || rep.Counts.Regressions != 2 || rep.Counts.Failed != 1 {
		t.Errorf("counts %+v: want 2 regressions and 1 failure", rep.Counts)
	}
	if !hasNote(rep, "shaders differ from the baseline's (the code measured changed): gemm_tiled.comp") {
		t.Errorf("notes %q lack the shader change", rep.Notes)
	}

	// A file against itself compares a run with itself: an input error.
	_, err = Compare([]pairing.Input{base, {Name: "base-again.json", File: base.File}}, Options{Policy: verdict.DefaultPolicy()})
	if !errors.Is(err, pairing.ErrSameEvidence) {
		t.Errorf("self comparison: %v, want pairing.ErrSameEvidence", err)
	}
}

// rescaled is a deep copy of f whose samples are all multiplied by k.
func rescaled(t *testing.T, f *resultsfile.File, k float64) *resultsfile.File {
	t.Helper()
	data, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	var g resultsfile.File
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	for i := range g.Results {
		for j := range g.Results[i].Metric.Samples {
			g.Results[i].Metric.Samples[j] *= k
		}
	}
	return &g
}

// messages are the notes' messages, in order.
func messages(ns []note.Note) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = n.Message
	}
	return out
}

func hasNote(r *Report, s string) bool {
	for _, n := range r.Notes {
		if strings.Contains(n.Message, s) {
			return true
		}
	}
	return false
}

func TestCompareAllowList(t *testing.T) {
	base, newer := loadFixture(t, "base.json"), loadFixture(t, "new.json")
	p, err := verdict.ReadPolicy(strings.NewReader(`
allow:
  - match: "matmul/gemm_tiled/*"
    reason: "tiling trade-off accepted in !123"
  - match: "re:regblock"
    reason: "known verification bug, #7"
  - match: "nothing/*"
    reason: "stale"
`), "policy.yaml", verdict.DefaultPolicy())
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Compare([]pairing.Input{base, newer}, Options{Policy: p})
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
	// The 2048 GEMM fell ~5.7%: an 8% threshold for it alone passes it,
	// the 1024 GEMM (−9%) stays a regression.
	p, err := verdict.ReadPolicy(strings.NewReader("rules:\n  - match: \"*k=2048*\"\n    threshold: 8%\n"), "p.yaml", verdict.DefaultPolicy())
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Compare([]pairing.Input{base, newer}, Options{Policy: p})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Counts.Regressions != 1 {
		t.Errorf("%d regressions, want 1: %s", rep.Counts.Regressions, rep.Summary())
	}
}

func TestCompareByConfig(t *testing.T) {
	ab := loadFixture(t, "ab.json")
	rep, err := Compare([]pairing.Input{ab}, Options{Policy: verdict.DefaultPolicy(), By: "config"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Baseline != "default" || len(rep.Groups) != 2 || rep.Groups[1].Name != "wave32" {
		t.Fatalf("groups %+v baseline %s", rep.Groups, rep.Baseline)
	}
	// wave32 runs gemm_tiled 10% faster: throughput +11%.
	for _, c := range rep.Comparisons {
		want := verdict.Same
		if strings.Contains(c.Key, "gemm_tiled") {
			want = verdict.Improvement
		}
		if c.Verdict != want {
			t.Errorf("%s: %s, want %s", c.Key, c.Verdict, want)
		}
	}
	// With wave32 as the baseline, default is the regression.
	rep, err = Compare([]pairing.Input{ab}, Options{Policy: verdict.DefaultPolicy(), By: "config", Baseline: "wave32"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Baseline != "wave32" || rep.Counts.Regressions != 1 {
		t.Errorf("baseline %s: %s", rep.Baseline, rep.Summary())
	}
	// Without --by, a file with configurations pairs by ID@config.
	rep, err = Compare([]pairing.Input{ab, {Name: "ab2.json", File: rescaled(t, ab.File, 1.001)}}, Options{Policy: verdict.DefaultPolicy()})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Comparisons) != 4 || !strings.HasSuffix(rep.Comparisons[0].Key, "@default") {
		t.Errorf("pairing by config: %d comparisons, first %q", len(rep.Comparisons), rep.Comparisons[0].Key)
	}
}

// TestComparePairedRounds: an A/B file of 4 rounds in which the machine
// drifted (rounds 2 and 4 about 40% slower for both configurations) and B
// is 1% faster in every round. By config, the runs pair by round: the
// drift cancels and the change is "~" within the 3% threshold; the same
// runs in separate files (no rounds to pair by) are unsure.
func TestComparePairedRounds(t *testing.T) {
	drift := []float64{1, 0.6, 1.02, 0.62}
	f := &resultsfile.File{Schema: resultsfile.Schema, Configs: []resultsfile.Config{{Name: "A"}, {Name: "B"}}}
	var sep [2]*resultsfile.File
	for ci, cfg := range []string{"A", "B"} {
		r := resultsfile.Result{Suite: "s", Kernel: "k", Status: resultsfile.StatusOK, Config: cfg,
			Metric: resultsfile.Metric{Name: "m", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter}}
		sep[ci] = &resultsfile.File{Schema: resultsfile.Schema}
		for round, d := range drift {
			for i := range 12 {
				v := 100 * d * (1 + 0.01*float64(ci)) * (1 + 0.001*float64(i%4))
				r.Metric.Samples = append(r.Metric.Samples, v)
				r.SampleRounds = append(r.SampleRounds, round+1)
			}
		}
		f.Results = append(f.Results, r)
		plain := r
		plain.Config = ""
		sep[ci].Results = []resultsfile.Result{plain}
	}
	rep, err := Compare([]pairing.Input{{Name: "ab.json", File: f}}, Options{Policy: verdict.DefaultPolicy(), By: "config"})
	if err != nil {
		t.Fatal(err)
	}
	c := rep.Comparisons[0]
	if !c.Paired || c.Verdict != verdict.Same || math.Abs(float64(c.Change)-0.01) > 0.002 {
		t.Errorf("by config: paired %v, %s, change %v (%s); want paired, ~, +1%%", c.Paired, c.Verdict, c.Change, c.Reason)
	}
	// --plan models the pairs too: the rounds' drift (40%) is not the
	// spread that decides, the pairs' (~0) is.
	pl := PlanFromReport(rep, nil, 0.10, 0.95)
	if r := pl.Rows[0]; r.Runs != 3 || !strings.Contains(r.Source, "pairs") || float64(r.Spread) > 0.01 {
		t.Errorf("plan of paired rounds: %d runs a side, spread %v from %q; want 3, under 1%%, from the pairs", r.Runs, r.Spread, r.Source)
	}
	// The same runs as groups of separate inputs: nothing says which
	// runs were taken together.
	rep, err = Compare([]pairing.Input{{Name: "a.json", File: sep[0]}, {Name: "b.json", File: sep[1]}}, Options{Policy: verdict.DefaultPolicy()})
	if err != nil {
		t.Fatal(err)
	}
	if c := rep.Comparisons[0]; c.Paired || c.Verdict != verdict.Unsure {
		t.Errorf("separate files: paired %v, %s; want unpaired and unsure", c.Paired, c.Verdict)
	}
	if r := PlanFromReport(rep, nil, 0.10, 0.95).Rows[0]; r.Runs == 3 || strings.Contains(r.Source, "pairs") {
		t.Errorf("plan of separate files: %d runs a side from %q; want more than 3, from the runs' spread", r.Runs, r.Source)
	}
}

func TestCompareByLabelAndFingerprint(t *testing.T) {
	var ins []pairing.Input
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
			rep, err := Compare(ins, Options{Policy: verdict.DefaultPolicy(), By: tt.by, Baseline: tt.baseline})
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
		in   []pairing.Input
		opt  Options
		want string
	}{
		{"one file", []pairing.Input{base}, Options{}, "need at least two results files"},
		{"unknown key", []pairing.Input{base, base}, Options{By: "label.nope"}, `no results file has the key "label.nope": use one of device, driver, file`},
		{"one group", []pairing.Input{base, {Name: "b2", File: base.File}}, Options{By: "device"}, "all results have the same device"},
		{"bad baseline", []pairing.Input{ab}, Options{By: "config", Baseline: "wave64"}, `baseline "wave64" is not one of the groups (default, wave32)`},
		{"bad alpha", []pairing.Input{base, base}, Options{Policy: verdict.Policy{Alpha: 2}}, "alpha 2 is outside (0, 1)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.opt.Policy.Alpha == 0 {
				tt.opt.Policy = verdict.DefaultPolicy()
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
	advise := func(a note.Advice) string { return "<" + string(a.Kind) + ">" }
	rep, err := Compare([]pairing.Input{base, lvp}, Options{Policy: verdict.DefaultPolicy(), AllowDeviceChange: true})
	if err != nil {
		t.Fatal(err)
	}
	rep.Word(advise)
	rep.Word(advise) // worded once
	for _, want := range []note.Note{
		{Kind: NoteDeviceDiffers, Message: `device differs: lvp.json has "llvmpipe (LLVM 19.1.4, 256 bits)", baseline base.json has "AMD Radeon RX 7900 XTX (RADV NAVI31)"`},
		{Kind: NoteDriverDiffers, Message: `driver differs: lvp.json has "llvmpipe Mesa 25.0.4 (LLVM 19.1.4)", baseline base.json has "radv Mesa 25.0.4"`},
		{Kind: NoteCPUFigures, Message: "figures come from a CPU implementation (lavapipe)"},
		{Kind: NoteQuickMixed, Message: "some runs used quick sizes and others did not: problem sizes and budgets differ<quick>"},
	} {
		if !slices.ContainsFunc(rep.Notes, func(n note.Note) bool { return n.Kind == want.Kind && strings.Contains(n.Message, want.Message) }) {
			t.Errorf("notes %q lack %q", rep.Notes, want)
		}
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

// TestNoiseFloors: a noise file's floor decides single runs, raises the
// threshold of steady-looking runs, shows up in the limits, and a floor
// measured on another machine is used with a note.
func TestNoiseFloors(t *testing.T) {
	p := verdict.DefaultPolicy()
	// Floor for 1 vs 1 run at s = 1% over 10 runs: exp(t(0.99, 9)·0.01·√2)-1
	// = exp(2.821·0.01414)-1 = 4.07%; with the 3% threshold a single run
	// must move by more than 7.07%.
	nf := &noise.File{Device: "AMD Radeon RX 7900 XTX (RADV NAVI31)", Driver: "radv Mesa 25.0.4",
		Benchmarks: []noise.Bench{{Key: "s/k", Runs: 10, BetweenCV: 0.01}}}
	j := newJudge(&p, nf)
	one := func(m float64) *pairing.Entry { return runsEntry(resultsfile.HigherIsBetter, around(m)) }
	c := j.judge("s/k", "new", one(100), one(92))
	wantFloor := math.Expm1(stats.TQuantile(0.99, 9) * 0.01 * math.Sqrt2)
	if c.Verdict != verdict.Regression || math.Abs(float64(c.Limits.Floor)-wantFloor) > 1e-12 ||
		math.Abs(float64(c.Limits.Effective)-(wantFloor+0.03)) > 1e-12 {
		t.Errorf("1 vs 1 run, -8%%: %s, floor %v (want %v), effective %v", c.Verdict, c.Limits.Floor, wantFloor, c.Limits.Effective)
	}
	if c := j.judge("s/k", "new", one(100), one(94)); c.Verdict != verdict.Unsure {
		t.Errorf("1 vs 1 run, -6%% within floor+threshold: %s", c.Verdict)
	}
	// Steady runs (within-run noise only) 5% apart, but the floor says runs
	// wander by 8%: the floor for 3 vs 3 runs is about 23%, so ~.
	nf.Benchmarks[0].BetweenCV = 0.08
	nf.Benchmarks = append([]noise.Bench(nil), nf.Benchmarks...) // reset the lookup index
	j = newJudge(&p, &noise.File{Benchmarks: nf.Benchmarks})
	three := func(m float64) *pairing.Entry {
		return runsEntry(resultsfile.HigherIsBetter, around(m), around(m+0.2), around(m+0.4))
	}
	if c := j.judge("s/k", "new", three(100), three(95)); c.Verdict == verdict.Regression || c.Limits.Floor.NaN() || float64(c.Limits.Effective) < 0.2 {
		t.Errorf("steady runs, -5%%, 8%% floor: %s (floor %v, effective %v)", c.Verdict, c.Limits.Floor, c.Limits.Effective)
	}
	// Without a noise file the same runs are a regression.
	if c := judgeOne(&p, three(100), three(95)); c.Verdict != verdict.Regression || !c.Limits.Floor.NaN() {
		t.Errorf("steady runs, -5%%, no floor: %s", c.Verdict)
	}
	// A floor from another machine: a note.
	base, newer := loadFixture(t, "base.json"), loadFixture(t, "new.json")
	rep, err := Compare([]pairing.Input{base, newer}, Options{Policy: p, Noise: &noise.File{Device: "llvmpipe", Driver: "llvmpipe Mesa 25"}, NoiseName: "lvp-noise.json"})
	if err != nil {
		t.Fatal(err)
	}
	if !hasNote(rep, `noise floors in lvp-noise.json were measured elsewhere (device "llvmpipe", not "AMD Radeon RX 7900 XTX (RADV NAVI31)"`) {
		t.Errorf("notes %q lack the foreign floor", rep.Notes)
	}
}
