package compare

import (
	"github.com/radvbench/radvbench/reports/pairing"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/reports/verdict"
)

// TestCompareBest: best against best. The baseline's best variant is t8
// (1.0 ms), the new side's best is t16 (1.1 ms, t8 got slower still):
// variant by variant t8 regressed and t16 did not move, best against
// best the kernel is 10% slower, whichever variant is best. A kernel
// whose best is the same variant on both sides and unchanged is ~.
func TestCompareBest(t *testing.T) {
	g := func(tile string, ns float64) bench {
		b := gemm("lanes", 1024, ns, 0.01)
		b.variant = map[string]string{"name": tile}
		return b
	}
	d := func(tile string, ns float64) bench {
		b := gemm("direct", 1024, ns, 0.01)
		b.variant = map[string]string{"name": tile}
		return b
	}
	base := pairing.Input{Name: "base.json", File: file(radvDevice(), 1, g("t8", 1.0e6), g("t16", 1.1e6), d("w8", 2e6), d("w16", 3e6))}
	cand := pairing.Input{Name: "new.json", File: file(radvDevice(), 2, g("t8", 1.4e6), g("t16", 1.1e6), d("w8", 2e6), d("w16", 3e6))}
	p := verdict.DefaultPolicy()
	rep, err := Compare([]pairing.Input{base, cand}, Options{Policy: p, Best: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Comparisons) != 2 {
		t.Fatalf("%d comparisons, want one a kernel: %+v", len(rep.Comparisons), rep.Comparisons)
	}
	for _, c := range rep.Comparisons {
		var warn string
		for _, w := range c.Warnings {
			if w.Kind == "best-of" {
				warn = w.Message
			}
		}
		switch {
		case strings.HasPrefix(c.Key, "matmul/lanes/best/"):
			if c.Verdict != verdict.Regression || c.Change > -0.08 || !strings.Contains(warn, "t8 in the baseline, t16 here") {
				t.Errorf("lanes: %s %v (%s)", c.Verdict, c.Change, warn)
			}
		case strings.HasPrefix(c.Key, "matmul/direct/best/"):
			if c.Verdict != verdict.Same || !strings.Contains(warn, "w8 on both sides") {
				t.Errorf("direct: %s %v (%s)", c.Verdict, c.Change, warn)
			}
		default:
			t.Errorf("unexpected key %s", c.Key)
		}
	}
}
