package history

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// TestImportISA stores the real isa fixtures of compare (Mesa 25.0, then
// 26.1) without a schema change: each statistic is a benchmark
// "ID@target/pipeline/executable/statistic" with one sample a run, so a
// series shows what the Mesa update did to the compiled code.
func TestImportISA(t *testing.T) {
	ctx := context.Background()
	s := openStore(t, filepath.Join(t.TempDir(), "h.db"))
	for _, v := range []string{"25.0", "26.1"} {
		f, err := resultsfile.Load("../compare/testdata/isa/mesa-" + v + ".json")
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
		{"Subgroups per SIMD", resultsfile.HigherIsBetter, []float64{10, 8}},
		{"VGPRs", resultsfile.LowerIsBetter, []float64{120, 120}},
		{"asm.wmma", resultsfile.LowerIsBetter, []float64{8, 8}},
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

// TestImportCapturedCode: a run file whose results carry the pipelines
// the run captured keeps them through the store (schema v3), and the
// history gate's comparison of two stored runs puts the compiler's
// change beside its verdict.
func TestImportCapturedCode(t *testing.T) {
	isa := map[string]*resultsfile.File{}
	for _, v := range []string{"25.0", "26.1"} {
		f, err := resultsfile.Load("../compare/testdata/isa/mesa-" + v + ".json")
		if err != nil {
			t.Fatal(err)
		}
		isa[v] = f
	}
	// The coopmat GEMM's navi31 pipelines of each Mesa, as captured by a
	// run on an RX 7900 XTX.
	coop := func(f *resultsfile.File) []resultsfile.PipelineStats {
		for _, r := range f.Results {
			if r.Kernel == "coopmat-f16" && r.Config == "navi31" {
				return r.Pipelines
			}
		}
		t.Fatal("no coopmat-f16 navi31 result in the fixture")
		return nil
	}
	backends(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := openStore(t, dsn)
		var ids []string
		for i, v := range []string{"25.0", "26.1"} {
			m := 100 - 10*float64(i) // 10% slower on 26.1
			f := fakeFile(fakeSpec{seed: uint64(i + 1), start: t0.Add(time.Duration(i) * 24 * time.Hour), medians: [][]float64{{m, 10}, {m + 1, 10.1}, {m - 1, 9.9}}})
			f.Capture = resultsfile.CaptureOn
			f.Results[0].Pipelines = coop(isa[v])
			got, err := s.Import(ctx, f, "run-"+v+".json")
			if err != nil {
				t.Fatal(err)
			}
			for r := 1; r <= got.Runs; r++ {
				ids = append(ids, fmt.Sprintf("%s-%d", got.FileID, r))
			}
		}
		files, err := s.Files(ctx, ids)
		if err != nil {
			t.Fatal(err)
		}
		if len(files) != 6 {
			t.Fatalf("%d stored runs, want 6", len(files))
		}
		for _, f := range files {
			if f.Capture != resultsfile.CaptureOn || len(f.Results) != 2 || len(f.Results[0].Pipelines) == 0 && len(f.Results[1].Pipelines) == 0 {
				t.Fatalf("stored run: capture %q, results %d: want the captured pipelines back", f.Capture, len(f.Results))
			}
		}
		var in []pairing.Input
		for i, f := range files {
			g := "25.0"
			if i >= 3 {
				g = "26.1"
			}
			in = append(in, pairing.Input{Name: fmt.Sprint("run ", i), File: f, Group: g})
		}
		rep, err := compare.Compare(in, compare.Options{Policy: verdict.DefaultPolicy()})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, c := range rep.Comparisons {
			if c.Code != nil {
				found = true
				if txt := c.Code.Text(); !strings.Contains(txt, "Subgroups per SIMD 10→8") {
					t.Errorf("%s: code %q, want the occupancy drop", c.Key, txt)
				}
			}
		}
		if !found {
			t.Errorf("no comparison of the stored runs carries the compiler's figures")
		}
	})
}
