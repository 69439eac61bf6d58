package export

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/radvbench/radvbench/core/results"
	"github.com/radvbench/radvbench/internal/golden"
)

func load(t *testing.T) *results.File {
	t.Helper()
	f, err := results.Load(filepath.Join("testdata", "small.json"))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestGolden(t *testing.T) {
	f := load(t)
	for _, fm := range FormatNames() {
		var buf bytes.Buffer
		if err := Write(&buf, f, fm); err != nil {
			t.Fatalf("%s: %v", fm, err)
		}
		golden.Check(t, filepath.Join("testdata", "golden", "small."+fm), buf.Bytes())
		if fm != "benchfmt" && !json.Valid(buf.Bytes()) {
			t.Errorf("%s: not valid JSON", fm)
		}
	}
	if err := Write(&bytes.Buffer{}, f, "csv"); err == nil || !strings.Contains(err.Error(), "use one of benchfmt, gbench") {
		t.Errorf("unknown format: %v", err)
	}
}

// TestBenchFmtReadable reads the Go benchmark format back with benchfmt, as
// benchstat does: every sample is a result, and the units' directions and
// the assumption are known.
func TestBenchFmtReadable(t *testing.T) {
	f := load(t)
	var buf bytes.Buffer
	if err := BenchFmt(&buf, f); err != nil {
		t.Fatal(err)
	}
	r := benchfmt.NewReader(&buf, "small.bench")
	var n int
	names := map[string]int{}
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.Result:
			n++
			names[string(rec.Name)]++
			if v := rec.GetConfig("device"); v != "AMD Radeon RX 7900 XTX (RADV NAVI31)" {
				t.Errorf("device config %q", v)
			}
			if v := rec.GetConfig("amdgpu.vm_fragment_size"); v != "9" {
				t.Errorf("fingerprint config %q", v)
			}
		case *benchfmt.SyntaxError:
			t.Errorf("syntax error: %v", rec)
		}
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	// 3 benchmarks with samples × 6 samples; the skipped one is left out.
	if n != 18 {
		t.Errorf("%d results, want 18", n)
	}
	if names["Matmul/gemm_tiled/tile=16x16/k=1024,m=1024,n=1024/config=wave32"] != 6 {
		t.Errorf("names %v", names)
	}
	u := r.Units()
	for unit, want := range map[string]int{"GFLOP/s": 1, "ns": -1, "ns/op": -1} {
		if got := u.GetBetter(unit); got != want {
			t.Errorf("better(%s) = %d, want %d", unit, got, want)
		}
	}
	if a := u.Get("GFLOP/s", "assume"); a == nil || a.Value != "nothing" {
		t.Errorf("assume metadata missing: %v", a)
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{"GFLOP/s": "gflop-s", "throughput": "throughput", "Rays / s ": "rays-s", "": ""} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}
