package compare_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/internal/golden"
	"github.com/radvbench/radvbench/reports/codecompare"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/comparefmt"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

// The comparisons of this package's fixtures as reports/comparefmt
// renders them, against the goldens in testdata/golden.

// goldenOut compares got with testdata/golden/NAME (see golden.Check).
func goldenOut(t *testing.T, name string, got []byte) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", "golden", name), got)
}

func TestGoldenFormats(t *testing.T) {
	base, newer := compare.LoadFixture(t, "base.json"), compare.LoadFixture(t, "new.json")
	p, err := verdict.ReadPolicy(strings.NewReader("allow:\n  - match: \"matmul/gemm_tiled/*k=2048*\"\n    reason: \"accepted in !123\"\n"), "p.yaml", verdict.DefaultPolicy())
	if err != nil {
		t.Fatal(err)
	}
	rep, err := compare.Compare([]pairing.Input{base, newer}, compare.Options{Policy: p})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range comparefmt.Formats {
		var buf bytes.Buffer
		if err := comparefmt.Write(&buf, rep, f); err != nil {
			t.Fatal(err)
		}
		goldenOut(t, "base-new."+f, buf.Bytes())
	}
	var ins []pairing.Input
	for _, n := range []string{"run-a1.json", "run-b1.json", "run-a2.json", "run-c1.json", "run-b2.json"} {
		ins = append(ins, compare.LoadFixture(t, n))
	}
	rep, err = compare.Compare(ins, compare.Options{Policy: verdict.DefaultPolicy(), By: "label.config"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"text", "markdown"} {
		var buf bytes.Buffer
		if err := comparefmt.Write(&buf, rep, f); err != nil {
			t.Fatal(err)
		}
		goldenOut(t, "by-label."+f, buf.Bytes())
	}
}

// TestCodeColumn: the runs of TestCodeBesideVerdict (lavapipe runs beside
// the isa files of two Mesa versions) in text and Markdown, with a code
// column; JUnit names the code change in the failure.
func TestCodeColumn(t *testing.T) {
	isa25, isa26 := compare.LoadISA(t, "mesa-25.0"), compare.LoadISA(t, "mesa-26.1")
	base, newer := compare.CodeRuns(t, isa25, "name=sg2x2-t2x2-k2")
	in := []pairing.Input{{Name: "base.json", File: base}, {Name: "new.json", File: newer}}
	isa := []pairing.Input{{Name: "mesa-25.0.json", File: isa25}, {Name: "mesa-26.1.json", File: isa26}}
	rep, err := compare.Compare(in, compare.Options{Policy: verdict.DefaultPolicy(), ISA: isa})
	if err != nil {
		t.Fatal(err)
	}
	var text, md, junit bytes.Buffer
	for f, b := range map[string]*bytes.Buffer{"text": &text, "markdown": &md, "junit": &junit} {
		if err := comparefmt.Write(b, rep, f); err != nil {
			t.Fatal(err)
		}
	}
	goldenOut(t, "code-isa.text", text.Bytes())
	goldenOut(t, "code-isa.markdown", md.Bytes())
	if !strings.Contains(junit.String(), "Subgroups per SIMD 10→8") {
		t.Errorf("JUnit failure message lacks the code change:\n%s", junit.String())
	}
}

// TestISAFormats: Mesa 25.0 against 26.1 (TestCompareISAMesaVersions) in
// every format: text and Markdown against their goldens, JSON read back,
// JUnit with the regression as its one failure.
func TestISAFormats(t *testing.T) {
	m25, m26 := compare.LoadISA(t, "mesa-25.0"), compare.LoadISA(t, "mesa-26.1")
	inputs := []pairing.Input{{Name: "mesa-25.0.json", File: m25}, {Name: "mesa-26.1.json", File: m26}}
	rep, err := compare.CompareISA(inputs, compare.Options{Policy: verdict.DefaultPolicy()})
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"text", "markdown"} {
		var b bytes.Buffer
		if err := comparefmt.WriteISA(&b, rep, format); err != nil {
			t.Fatal(err)
		}
		goldenOut(t, "isa-mesa."+format, b.Bytes())
	}
	var js bytes.Buffer
	if err := comparefmt.WriteISA(&js, rep, "json"); err != nil {
		t.Fatal(err)
	}
	var back codecompare.ISAReport
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || back.Counts != rep.Counts || len(back.Changes) != len(rep.Changes) || back.Schema != codecompare.ISAJSONSchema {
		t.Errorf("JSON round trip: %v, %+v", err, back.Counts)
	}
	var ju bytes.Buffer
	if err := comparefmt.WriteISA(&ju, rep, "junit"); err != nil {
		t.Fatal(err)
	}
	var suites struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
	}
	if err := xml.Unmarshal(ju.Bytes(), &suites); err != nil || suites.Failures != rep.Counts.Regressions || suites.Tests != len(rep.Changes) {
		t.Errorf("JUnit: %v, %d failures of %d tests; want %d of %d", err, suites.Failures, suites.Tests, rep.Counts.Regressions, len(rep.Changes))
	}
	if rep.Counts.Regressions != 1 {
		t.Errorf("counts %+v, want the one occupancy regression", rep.Counts)
	}
}

// TestISAWhyText: the isa comparisons of TestISAWaveHashUntimed as text:
// the wave size and the hash (in hex) among the changes, the untimed
// pipeline marked.
func TestISAWhyText(t *testing.T) {
	base := compare.LoadISA(t, "why-default")
	for _, other := range []string{"why-cswave32", "why-nosched"} {
		rep, err := compare.CompareISA([]pairing.Input{{Name: "why-default.json", File: base}, {Name: other + ".json", File: compare.LoadISA(t, other)}}, compare.Options{Policy: verdict.DefaultPolicy()})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := comparefmt.WriteISAText(&b, rep); err != nil {
			t.Fatal(err)
		}
		goldenOut(t, "isa-"+other+".text", b.Bytes())
	}
}
