package chart

import (
	"bytes"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/golden"
	"github.com/radvbench/radvbench/reports/pairing"
)

// TestISAHeatmaps draws the real isa fixtures (compare's testdata: matmul
// for navi31 and gfx1201, Mesa 25.0 and 26.1): a VGPR and an occupancy
// heatmap, the figures RADV reported in their data, every chart renders.
func TestISAHeatmaps(t *testing.T) {
	var inputs []pairing.Input
	for _, v := range []string{"25.0", "26.1"} {
		f, err := resultsfile.Load("../compare/testdata/isa/mesa-" + v + ".json")
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, pairing.Input{Name: "mesa-" + v, File: f})
	}
	charts := All(inputs, Options{})
	if len(charts) != 2 || charts[0].Name != "isa-matmul-vgprs" || charts[1].Name != "isa-matmul-subgroups-per-simd" {
		var names []string
		for _, c := range charts {
			names = append(names, c.Name)
		}
		t.Fatalf("charts %v, want the VGPR and occupancy heatmaps of matmul", names)
	}
	for _, c := range charts {
		golden.Check(t, "testdata/"+c.Name+".csv", c.CSV())
		if _, err := c.PNG(); err != nil {
			t.Fatal(err)
		}
		svg, err := c.SVG()
		if err != nil || !bytes.Contains(svg, []byte("navi31 (mesa-25.0)")) {
			t.Errorf("%s: SVG %v without the target columns", c.Name, err)
		}
	}
	// Facts of the fixtures: navi31's coopmat GEMM has 120 VGPRs on both
	// Mesas, gfx1201's 72 on Mesa 26.1; gfx1201 did not compile it on 25.0.
	find := func(c *Chart, row, col string) []string {
		for _, d := range c.Data[1:] {
			if strings.HasPrefix(d[0], row) && d[1] == col {
				return d
			}
		}
		return nil
	}
	v := charts[0]
	if d := find(v, "coopmat-f16 sg2x2-t2x2-k2", "navi31 (mesa-25.0)"); d == nil || d[3] != "120" {
		t.Errorf("navi31 coopmat VGPRs on Mesa 25.0: %v", d)
	}
	if d := find(v, "coopmat-f16 sg2x2-t2x2-k2", "gfx1201 (mesa-26.1)"); d == nil || d[3] != "72" {
		t.Errorf("gfx1201 coopmat VGPRs on Mesa 26.1: %v", d)
	}
	if d := find(v, "coopmat-f16 sg2x2-t2x2-k2", "gfx1201 (mesa-25.0)"); d == nil || d[4] != "skipped" {
		t.Errorf("gfx1201 coopmat on Mesa 25.0: %v", d)
	}
	// One file: the columns are the targets.
	one := ISA(inputs[1:])
	if len(one) != 2 || !strings.Contains(strings.Join(one[0].Data[1], ","), "navi31") || strings.Contains(strings.Join(one[0].Data[1], ","), "mesa-") {
		t.Errorf("one file: %v", one[0].Data[:2])
	}
}
