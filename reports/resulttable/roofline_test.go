package resulttable

import (
	"bytes"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/golden"
)

func ok(suite, kernel, variant, config, roofline string, params map[string]int64, v float64) resultsfile.Result {
	return resultsfile.Result{Suite: suite, Kernel: kernel, Variant: map[string]string{"name": variant}, Config: config, Params: params,
		Status: resultsfile.StatusOK, Roofline: roofline,
		Metric: resultsfile.Metric{Name: "throughput", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter, Value: v}}
}

// TestRooflines: each GEMM's best variant per size against the best
// variant of its peak kernel, per configuration; nothing for a kernel
// whose peak did not run, or failed.
func TestRooflines(t *testing.T) {
	sq := map[string]int64{"M": 4096, "N": 4096, "K": 4096}
	small := map[string]int64{"M": 256, "N": 256, "K": 256}
	f := &resultsfile.File{Results: []resultsfile.Result{
		ok("matmul", "lanes", "wg64-t16x8", "", "peak/fp32", sq, 23800),
		ok("matmul", "lanes", "wg8", "", "peak/fp32", sq, 12000),
		ok("matmul", "lanes", "wg8", "", "peak/fp32", small, 900),
		ok("matmul", "coopmat-f16", "sg2x2", "", "peak/coopmat-f16", sq, 34100),
		ok("matmul", "coopmat-bf16", "sg2x2", "", "peak/coopmat-bf16", sq, 30000), // no bf16 peak ran
		ok("peak", "fp32", "vec4-acc4", "", "", nil, 59800),
		ok("peak", "fp32", "scalar-acc8", "", "", nil, 41000),
		ok("peak", "coopmat-f16", "acc4", "", "", nil, 570000),
		ok("matmul", "lanes", "wg64-t16x8", "B", "peak/fp32", sq, 20000),
		ok("peak", "fp32", "vec4-acc4", "B", "", nil, 50000),
	}}
	failed := ok("peak", "coopmat-bf16", "acc4", "", "", nil, 0)
	failed.Status = resultsfile.StatusFailed
	f.Results = append(f.Results, failed)
	rs := Rooflines(f)
	if len(rs) != 4 {
		t.Fatalf("%d rooflines: %+v", len(rs), rs)
	}
	if r := rs[0]; r.Variant != "wg64-t16x8" || r.PeakVariant != "vec4-acc4" || r.Fraction < 0.397 || r.Fraction > 0.399 {
		t.Errorf("fp32 at 4096: %+v", r)
	}
	if r := rs[3]; r.Config != "B" || r.Fraction != 0.4 {
		t.Errorf("configuration B against its own peak: %+v", r)
	}
	var b bytes.Buffer
	WriteRooflines(&b, rs)
	golden.Check(t, "testdata/rooflines.txt", b.Bytes())
}
