package compare

import (
	"errors"
	"github.com/radvbench/radvbench/reports/pairing"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/codecompare"
	"github.com/radvbench/radvbench/reports/verdict"
)

// The isa fixtures are real: matmul kernels compiled by RADV for navi31
// and gfx1201 with Mesa 25.0 (shim and null winsys) and Mesa 26.1 (shim),
// written by bench/isa's TestWriteISAFixtures.
func loadISA(t *testing.T, name string) *resultsfile.File {
	t.Helper()
	f, err := resultsfile.Load("testdata/isa/" + name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// find returns the change of key's stat (key a prefix of the benchmark
// key), or nil.
func find(r *codecompare.ISAReport, keyPrefix, keySuffix, stat string) *codecompare.ISAChange {
	for i := range r.Changes {
		c := &r.Changes[i]
		if strings.HasPrefix(c.Key, keyPrefix) && strings.HasSuffix(c.Key, keySuffix) && c.Stat == stat {
			return c
		}
	}
	return nil
}

// TestCompareISAMesaVersions: Mesa 25.0 against 26.1, as a Mesa update is
// gated, in every format. What RADV 26.1 did to these kernels: navi31's
// cooperative-matrix GEMM lost occupancy (10 → 8 subgroups per SIMD: the
// regression), every navi31 kernel allocates fewer SGPRs (128 → 108), and
// gfx1201's cooperative-matrix kernel compiles at all.
func TestCompareISAMesaVersions(t *testing.T) {
	m25, m26 := loadISA(t, "mesa-25.0"), loadISA(t, "mesa-26.1")
	inputs := []pairing.Input{{Name: "mesa-25.0.json", File: m25}, {Name: "mesa-26.1.json", File: m26}}
	rep, err := CompareISA(inputs, Options{Policy: verdict.DefaultPolicy()})
	if err != nil {
		t.Fatal(err)
	}
	// Its formats: TestISAFormats (render_test.go).
	if !rep.Failed() || rep.Counts.Regressions != 1 {
		t.Errorf("counts %+v, want the one occupancy regression to fail the gate", rep.Counts)
	}
	if c := find(rep, "matmul/coopmat-f16/", "@navi31", "Subgroups per SIMD"); c == nil || c.Base != 10 || c.New != 8 || c.Verdict != codecompare.ISAVerdictRegression || !c.Fail {
		t.Errorf("navi31 coopmat occupancy: %+v", c)
	}
	if c := find(rep, "matmul/naive/", "@navi31", "SGPRs"); c == nil || c.Base != 128 || c.New != 108 || c.Verdict != codecompare.ISAVerdictImprovement {
		t.Errorf("navi31 naive SGPRs: %+v", c)
	}
	if c := find(rep, "matmul/coopmat-f16/", "@gfx1201", ""); c == nil || c.Verdict != codecompare.ISAVerdictAdded || !strings.Contains(c.Note, "VK_KHR_cooperative_matrix") {
		t.Errorf("gfx1201 coopmat: %+v", c)
	}
	if !strings.Contains(strings.Join(messages(rep.Notes), "\n"), "gfx1201 is emulated by drm-shim in mesa-26.1.json and by null-winsys") {
		t.Errorf("notes %q do not say gfx1201 changed mechanism", rep.Notes)
	}

	// --by driver pools files by Mesa version: the same comparison, and a
	// copy of a file in a group changes nothing (the build is exact).
	byDrv, err := CompareISA(append(inputs, pairing.Input{Name: "mesa-25.0-again.json", File: m25}), Options{Policy: verdict.DefaultPolicy(), By: "driver"})
	if err != nil {
		t.Fatal(err)
	}
	if byDrv.Baseline != "Mesa 25.0.7-2~bpo12+1" || len(byDrv.Groups) != 2 || byDrv.Counts != rep.Counts {
		t.Errorf("by driver: baseline %q, %d groups, counts %+v; want Mesa 25.0 and %+v", byDrv.Baseline, len(byDrv.Groups), byDrv.Counts, rep.Counts)
	}
	// The same build compiled twice (another file, the same figures):
	// nothing changed. One file on both sides is no comparison.
	again := *m26
	again.Started = m26.Started.Add(time.Minute)
	same, err := CompareISA([]pairing.Input{{Name: "a", File: m26}, {Name: "b", File: &again}}, Options{Policy: verdict.DefaultPolicy()})
	if err != nil || len(same.Changes) != 0 || same.Failed() || same.Counts.Unchanged == 0 {
		t.Errorf("a build against itself: %v, %+v", err, same)
	}
	if _, err := CompareISA([]pairing.Input{{Name: "a", File: m26}, {Name: "b", File: m26}}, Options{Policy: verdict.DefaultPolicy()}); err == nil {
		t.Error("one isa file on both sides compared as if two builds")
	}
	// --by config compares the targets with each other.
	targets, err := CompareISA([]pairing.Input{{Name: "mesa-26.1.json", File: m26}}, Options{Policy: verdict.DefaultPolicy(), By: "config", Baseline: "navi31"})
	if err != nil || targets.Groups[1].Name != "gfx1201" || len(targets.Changes) == 0 {
		t.Errorf("by config: %v, groups %+v", err, targets.Groups)
	}
}

// TestCompareISAPolicy: policy rules classify statistics per benchmark.
func TestCompareISAPolicy(t *testing.T) {
	m25, m26 := loadISA(t, "mesa-25.0"), loadISA(t, "mesa-26.1")
	inputs := []pairing.Input{{Name: "mesa-25.0.json", File: m25}, {Name: "mesa-26.1.json", File: m26}}
	yml := `rules:
  - match: "matmul/*@navi31"
    isa:
      Code size: regression
      SGPRs: ignore
      Subgroups per SIMD: info
allow:
  - match: "matmul/regblock/*"
    reason: "Mesa 26.1 unrolls the K loop of regblock; measured faster on RX 7900 XTX"
`
	p, err := verdict.ReadPolicy(strings.NewReader(yml), "isa.yaml", verdict.DefaultPolicy())
	if err != nil {
		t.Fatal(err)
	}
	rep, err := CompareISA(inputs, Options{Policy: p})
	if err != nil {
		t.Fatal(err)
	}
	if c := find(rep, "matmul/naive/", "@navi31", "Code size"); c == nil || c.Verdict != codecompare.ISAVerdictImprovement {
		t.Errorf("naive code size 232 → 204 under a regression class: %+v, want an improvement", c)
	}
	if c := find(rep, "matmul/tiled/", "@navi31", "Code size"); c == nil || c.Verdict != codecompare.ISAVerdictRegression || !c.Fail {
		t.Errorf("tiled code size 624 → 644: %+v, want a failing regression", c)
	}
	if c := find(rep, "matmul/regblock/", "@navi31", "Code size"); c == nil || c.Verdict != codecompare.ISAVerdictRegression || !c.Allowed || c.Fail {
		t.Errorf("regblock code size: %+v, want an allowed regression", c)
	}
	if c := find(rep, "matmul/naive/", "@navi31", "SGPRs"); c != nil {
		t.Errorf("ignored SGPRs compared: %+v", c)
	}
	if c := find(rep, "matmul/naive/", "@gfx1201", "SGPRs"); c != nil && c.Verdict == codecompare.ISAVerdictInfo {
		t.Errorf("the navi31 rule reached gfx1201: %+v", c)
	}
	if c := find(rep, "matmul/coopmat-f16/", "@navi31", "Subgroups per SIMD"); c == nil || c.Verdict != codecompare.ISAVerdictInfo {
		t.Errorf("occupancy as info: %+v", c)
	}
	for _, bad := range []string{"rules:\n  - match: \"*\"\n    isa:\n      VGPRs: fatal\n", "rules:\n  - match: \"*\"\n    isa: {}\n"} {
		if _, err := verdict.ReadPolicy(strings.NewReader(bad), "bad.yaml", verdict.DefaultPolicy()); err == nil {
			t.Errorf("policy %q accepted", bad)
		}
	}
}

// TestCompareISAClasses: the default classes on synthetic changes of one
// executable, and benchmark-level changes.
func TestCompareISAClasses(t *testing.T) {
	res := func(status string, stats map[string]float64) resultsfile.Result {
		r := resultsfile.Result{Suite: "s", Kernel: "k", Config: "navi31", Status: status, Reason: "why"}
		if stats != nil {
			r.Pipelines = []resultsfile.PipelineStats{{Name: "p", Executables: []resultsfile.ExecutableStats{{Name: "compute", Stats: stats,
				Derived: map[string]float64{"scratch_stores": stats["Spilled VGPRs"]}}}}}
		}
		return r
	}
	file := func(rs ...resultsfile.Result) *resultsfile.File {
		return &resultsfile.File{Schema: resultsfile.SchemaISA, Results: rs}
	}
	base := map[string]float64{"Spilled VGPRs": 0, "Subgroups per SIMD": 16, "VGPRs": 48, "SGPRs": 108, "Scratch size": 0, "Instructions": 100, "Latency": 900}
	tests := []struct {
		name      string
		new       resultsfile.Result
		stat      string
		verdict   codecompare.ISAVerdict
		base, got float64
	}{
		{"a new spill", res("ok", map[string]float64{"Spilled VGPRs": 4, "Subgroups per SIMD": 16, "VGPRs": 48, "SGPRs": 108, "Scratch size": 256, "Instructions": 100, "Latency": 900}),
			"Spilled VGPRs", codecompare.ISAVerdictRegression, 0, 4},
		{"spill code in the listing", res("ok", map[string]float64{"Spilled VGPRs": 4}), "asm.scratch_stores", codecompare.ISAVerdictWarning, 0, 4},
		{"scratch memory", res("ok", map[string]float64{"Scratch size": 256}), "Scratch size", codecompare.ISAVerdictRegression, 0, 256},
		{"lower occupancy", res("ok", map[string]float64{"Subgroups per SIMD": 12}), "Subgroups per SIMD", codecompare.ISAVerdictRegression, 16, 12},
		{"higher occupancy", res("ok", map[string]float64{"Subgroups per SIMD": 20}), "Subgroups per SIMD", codecompare.ISAVerdictImprovement, 16, 20},
		{"more VGPRs", res("ok", map[string]float64{"VGPRs": 64}), "VGPRs", codecompare.ISAVerdictWarning, 48, 64},
		{"fewer SGPRs", res("ok", map[string]float64{"SGPRs": 96}), "SGPRs", codecompare.ISAVerdictImprovement, 108, 96},
		{"instructions", res("ok", map[string]float64{"Instructions": 120}), "Instructions", codecompare.ISAVerdictInfo, 100, 120},
		{"latency", res("ok", map[string]float64{"Latency": 800}), "Latency", codecompare.ISAVerdictInfo, 900, 800},
		{"a new statistic", res("ok", map[string]float64{"VOPD": 3}), "VOPD", codecompare.ISAVerdictAdded, math.NaN(), 3},
		{"a statistic gone", res("ok", map[string]float64{}), "Latency", codecompare.ISAVerdictMissing, 900, math.NaN()},
		{"fails to compile now", res("failed", nil), "", codecompare.ISAVerdictFailed, math.NaN(), math.NaN()},
		{"skipped now", res("skipped", nil), "", codecompare.ISAVerdictWarning, math.NaN(), math.NaN()},
	}
	for _, tc := range tests {
		// Statistics not given keep the baseline's value.
		if tc.new.Status == "ok" {
			st := tc.new.Pipelines[0].Executables[0].Stats
			for k, v := range base {
				if _, ok := st[k]; !ok && tc.name != "a statistic gone" {
					st[k] = v
				}
			}
			tc.new.Pipelines[0].Executables[0].Derived["scratch_stores"] = st["Spilled VGPRs"]
		}
		rep, err := CompareISA([]pairing.Input{{Name: "a", File: file(res("ok", base))}, {Name: "b", File: file(tc.new)}}, Options{Policy: verdict.DefaultPolicy()})
		if err != nil {
			t.Fatal(err)
		}
		c := find(rep, "s/k@navi31", "", tc.stat)
		if c == nil || c.Verdict != tc.verdict || !sameFloat(float64(c.Base), tc.base) || !sameFloat(float64(c.New), tc.got) {
			t.Errorf("%s: %+v, want %s %v → %v", tc.name, c, tc.verdict, tc.base, tc.got)
			continue
		}
		// (Spill code comes with a spill: the gate fails on that.)
		fail := tc.verdict == codecompare.ISAVerdictRegression || tc.verdict == codecompare.ISAVerdictFailed
		if gate := fail || tc.stat == "asm.scratch_stores"; c.Fail != fail || rep.Failed() != gate {
			t.Errorf("%s: fails %v, gate %v, want %v and %v", tc.name, c.Fail, rep.Failed(), fail, gate)
		}
	}
}

func sameFloat(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }

// TestCompareKinds: an isa file against a run file is a usage error
// (*pairing.KindError) for both comparisons; Compare refuses isa files.
func TestCompareKinds(t *testing.T) {
	run, err := resultsfile.Load("testdata/base.json")
	if err != nil {
		t.Fatal(err)
	}
	isa := loadISA(t, "mesa-25.0")
	mixed := []pairing.Input{{Name: "base.json", File: run}, {Name: "mesa-25.0.json", File: isa}}
	var ke *pairing.KindError
	if _, err := CompareISA(mixed, Options{Policy: verdict.DefaultPolicy()}); !errors.As(err, &ke) || !strings.Contains(err.Error(), "cannot compare mesa-25.0.json (an isa file) with base.json (a run results file)") {
		t.Errorf("CompareISA of mixed kinds: %v", err)
	}
	if _, err := Compare(mixed, Options{Policy: verdict.DefaultPolicy()}); !errors.As(err, &ke) {
		t.Errorf("Compare of mixed kinds: %v", err)
	}
	if _, err := Compare([]pairing.Input{{Name: "a", File: isa}, {Name: "b", File: isa}}, Options{Policy: verdict.DefaultPolicy()}); err == nil || !strings.Contains(err.Error(), "isa files") {
		t.Errorf("Compare of isa files: %v", err)
	}
	if _, err := CompareISA([]pairing.Input{{Name: "a", File: run}, {Name: "b", File: run}}, Options{Policy: verdict.DefaultPolicy()}); err == nil {
		t.Error("CompareISA of run files succeeded")
	}
	if k, err := pairing.Kind([]pairing.Input{{Name: "a", File: isa}}); k != resultsfile.KindISA || err != nil {
		t.Errorf("Kind = %q, %v", k, err)
	}
}
