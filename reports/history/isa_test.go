package history

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/radvbench/radvbench/reports/results"
)

// TestImportISA stores the real isa fixtures of compare (Mesa 25.0, then
// 26.1) without a schema change: each statistic is a benchmark
// "ID@target/pipeline/executable/statistic" with one sample a run, so a
// series shows what the Mesa update did to the compiled code.
func TestImportISA(t *testing.T) {
	ctx := context.Background()
	s := openStore(t, filepath.Join(t.TempDir(), "h.db"))
	for _, v := range []string{"25.0", "26.1"} {
		f, err := results.Load("../compare/testdata/isa/mesa-" + v + ".json")
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Import(ctx, f, "mesa-"+v+".json")
		if err != nil || !got.New || got.Runs != 1 {
			t.Fatalf("import Mesa %s: %+v, %v; want one new run", v, got, err)
		}
	}
	key := "matmul/coopmat-f16/ksteps=2,name=sg2x2-t2x2-k2,subgroups=2x2,tiles=2x2,type=fp16->fp32/K=256,M=256,N=256@navi31/matmul_coopmat_f16.comp/compute/"
	for _, tc := range []struct {
		stat   string
		better string
		want   []float64
	}{
		{"Subgroups per SIMD", results.HigherIsBetter, []float64{10, 8}},
		{"VGPRs", results.LowerIsBetter, []float64{120, 120}},
		{"asm.wmma", results.LowerIsBetter, []float64{8, 8}},
	} {
		series, err := s.Series(ctx, key+tc.stat, Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(series) != 1 || len(series[0].Points) != 2 || series[0].Better != tc.better || series[0].Metric != tc.stat {
			t.Fatalf("%s: series %+v", tc.stat, series)
		}
		for i, p := range series[0].Points {
			if p.Median != tc.want[i] || p.N != 1 {
				t.Errorf("%s point %d: %+v, want %v", tc.stat, i, p, tc.want[i])
			}
		}
	}
	// gfx1201's cooperative-matrix kernel did not compile on Mesa 25.0:
	// a point with its status, no figure.
	bs, err := s.Benchmarks(ctx, "matmul/coopmat-f16/")
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, b := range bs {
		found = found || b == "matmul/coopmat-f16/ksteps=2,name=sg2x2-t2x2-k2,subgroups=2x2,tiles=2x2,type=fp16->fp32/K=256,M=256,N=256@gfx1201"
	}
	if !found {
		t.Errorf("no status point of gfx1201's skipped kernel among %d benchmarks", len(bs))
	}
}
