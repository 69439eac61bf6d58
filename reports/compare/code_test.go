package compare

import (
	"errors"
	"github.com/radvbench/radvbench/reports/pairing"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/codecompare"
	"github.com/radvbench/radvbench/reports/verdict"
)

// codeRuns are lavapipe run files of the benchmarks the isa fixtures hold
// (their IDs), all alike except slow's, which is 12% slower in the new
// file.
func codeRuns(t *testing.T, isa *resultsfile.File, slow string) (base, newer *resultsfile.File) {
	t.Helper()
	var bb, nb []bench
	seen := map[string]bool{}
	for _, r := range isa.Results {
		if seen[r.ID()] {
			continue
		}
		seen[r.ID()] = true
		b := bench{suite: r.Suite, kernel: r.Kernel, variant: r.Variant, params: r.Params, ns: 1e5, cv: 0.002,
			n: 20, runs: 5, between: 0.002, metric: "gflops", work: 2 * 256 * 256 * 256}
		bb = append(bb, b)
		if strings.Contains(r.ID(), slow) {
			b.ns *= 1.12
		}
		nb = append(nb, b)
	}
	base, newer = file(lvpDevice(), 1, bb...), file(lvpDevice(), 2, nb...)
	for _, f := range []*resultsfile.File{base, newer} {
		f.Shaders = map[string]string{}
		for i := range f.Results {
			f.Results[i].Shader = f.Results[i].Kernel + ".comp"
			f.Shaders[f.Results[i].Shader] = "hash-" + f.Results[i].Kernel
		}
	}
	return base, newer
}

func findComparison(t *testing.T, rep *Report, sub string) *Comparison {
	t.Helper()
	for i := range rep.Comparisons {
		if strings.Contains(rep.Comparisons[i].Key, sub) {
			return &rep.Comparisons[i]
		}
	}
	t.Fatalf("no comparison of %s", sub)
	return nil
}

// TestCodeBesideVerdict: runs on a driver that captures nothing
// (lavapipe) compared with the isa files of two Mesa versions: the
// coopmat GEMM whose occupancy fell (navi31, Subgroups per SIMD 10 → 8)
// shows it beside its regression; the same isa file on both sides says
// "code unchanged" everywhere; a changed SPIR-V says so.
func TestCodeBesideVerdict(t *testing.T) {
	isa25, isa26 := loadISA(t, "mesa-25.0"), loadISA(t, "mesa-26.1")
	const slow = "name=sg2x2-t2x2-k2"
	base, newer := codeRuns(t, isa25, slow)
	in := []pairing.Input{{Name: "base.json", File: base}, {Name: "new.json", File: newer}}
	isa := []pairing.Input{{Name: "mesa-25.0.json", File: isa25}, {Name: "mesa-26.1.json", File: isa26}}

	rep, err := Compare(in, Options{Policy: verdict.DefaultPolicy(), ISA: isa})
	if err != nil {
		t.Fatal(err)
	}
	c := findComparison(t, rep, slow)
	if c.Verdict != verdict.Regression || c.Code == nil || c.Code.Source != codecompare.CodeISA || c.Code.Target != "navi31" {
		t.Fatalf("%s: verdict %s, code %+v: want a regression with navi31's isa figures", c.Key, c.Verdict, c.Code)
	}
	if txt := c.Code.Text(); !strings.Contains(txt, "Subgroups per SIMD 10→8") || c.Code.Unchanged {
		t.Errorf("%s: code %q: want the occupancy drop 10→8", c.Key, txt)
	}
	if !hasNote(rep, "the compiler's figures are navi31's from mesa-25.0.json (its first target of navi31, gfx1201; the runs' device llvmpipe") {
		t.Errorf("notes %q: want the target choice explained", rep.Notes)
	}
	// Its text, Markdown and JUnit forms: TestCodeColumn (render_test.go).

	// The same compiler on both sides: every benchmark's code is unchanged.
	rep, err = Compare(in, Options{Policy: verdict.DefaultPolicy(), ISA: []pairing.Input{isa[0], isa[0]}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range rep.Comparisons {
		c := &rep.Comparisons[i]
		// The runs are lavapipe's, the figures navi31's: said on every row.
		if c.Code == nil || !c.Code.Unchanged || !c.Code.OtherDevice || c.Code.Text() != "code unchanged [static navi31, RADV Mesa 25.0.7; not the device that ran]" {
			t.Errorf("%s: code %+v (%q): want code unchanged, from navi31, not the device that ran", c.Key, c.Code, c.Code.Text())
		}
	}
	// The same statistics but another SPIR-V: not "unchanged".
	newer.Shaders["coopmat-f16.comp"] = "another-hash"
	rep, err = Compare(in, Options{Policy: verdict.DefaultPolicy(), ISA: []pairing.Input{isa[0], isa[0]}})
	if err != nil {
		t.Fatal(err)
	}
	if c := findComparison(t, rep, slow); c.Code.Unchanged || !strings.HasPrefix(c.Code.Text(), "SPIR-V changed, same statistics [") {
		t.Errorf("%s: code %q: want the SPIR-V change said", c.Key, c.Code.Text())
	}

	// One isa file for two groups, or a run file given as one: errors.
	var ce *ISACountError
	if _, err := Compare(in, Options{Policy: verdict.DefaultPolicy(), ISA: isa[:1]}); !errors.As(err, &ce) {
		t.Errorf("one isa file for two groups: %v, want an *ISACountError", err)
	}
	if _, err := Compare(in, Options{Policy: verdict.DefaultPolicy(), ISA: []pairing.Input{isa[0], in[1]}}); err == nil || !strings.Contains(err.Error(), "not an isa file") {
		t.Errorf("a run file as an isa file: %v", err)
	}
}

// TestCodeCaptured: run files that carry their own capture (a RADV run)
// are compared without isa files; a side without figures gets no code.
func TestCodeCaptured(t *testing.T) {
	isa25, isa26 := loadISA(t, "mesa-25.0"), loadISA(t, "mesa-26.1")
	const slow = "name=sg2x2-t2x2-k2"
	base, newer := codeRuns(t, isa25, slow)
	capture := func(f, isa *resultsfile.File) {
		byID := map[string]*resultsfile.Result{}
		for i := range isa.Results {
			if r := &isa.Results[i]; r.Config == "navi31" {
				byID[r.ID()] = r
			}
		}
		f.Capture = resultsfile.CaptureOn
		for i := range f.Results {
			if r := byID[f.Results[i].ID()]; r != nil {
				f.Results[i].Pipelines = r.Pipelines
			}
		}
	}
	capture(base, isa25)
	capture(newer, isa26)
	in := []pairing.Input{{Name: "base.json", File: base}, {Name: "new.json", File: newer}}
	rep, err := Compare(in, Options{Policy: verdict.DefaultPolicy()})
	if err != nil {
		t.Fatal(err)
	}
	c := findComparison(t, rep, slow)
	if c.Code == nil || c.Code.Source != codecompare.CodeCaptured || !strings.Contains(c.Code.Text(), "Subgroups per SIMD 10→8") {
		t.Errorf("%s: code %+v: want the captured occupancy drop", c.Key, c.Code)
	}
	for i := range newer.Results {
		newer.Results[i].Pipelines = nil
	}
	rep, err = Compare(in, Options{Policy: verdict.DefaultPolicy()})
	if err != nil {
		t.Fatal(err)
	}
	if rep.HasCode() {
		t.Errorf("figures on one side only: want no code column")
	}
}
