package export

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/golden"
)

func load(t *testing.T) *resultsfile.File {
	t.Helper()
	f, err := resultsfile.Load(filepath.Join("testdata", "small.json"))
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

// TestIterationsPerRun: a result merged from runs whose calibrations
// batched different counts gives each sample its own run's dispatches as
// its iterations, in both formats.
func TestIterationsPerRun(t *testing.T) {
	f := &resultsfile.File{Schema: resultsfile.Schema, Device: resultsfile.Device{Name: "dev"}, Results: []resultsfile.Result{{
		Suite: "memory", Kernel: "copy", Variant: map[string]string{"name": "transfer"}, Status: resultsfile.StatusOK, Verified: true,
		Repeats: 26, SamplesNS: []float64{4000, 2100, 2100}, SampleRounds: []int{1, 2, 2},
		Runs:   []resultsfile.RunSummary{{Round: 1, N: 1, Median: 32, Repeats: 26}, {Round: 2, N: 2, Median: 62, Repeats: 950}},
		Metric: resultsfile.Metric{Name: "bandwidth", Unit: "GB/s", Better: "higher", Value: 62, Samples: []float64{32, 62, 62}},
	}}}
	var buf bytes.Buffer
	if err := BenchFmt(&buf, f); err != nil {
		t.Fatal(err)
	}
	var iters []int
	r := benchfmt.NewReader(&buf, "runs.bench")
	for r.Scan() {
		if rec, ok := r.Result().(*benchfmt.Result); ok {
			iters = append(iters, rec.Iters)
		}
	}
	if want := []int{26, 950, 950}; !slices.Equal(iters, want) {
		t.Errorf("benchfmt iterations %v, want %v", iters, want)
	}
	buf.Reset()
	if err := Write(&buf, f, "gbench"); err != nil {
		t.Fatal(err)
	}
	var gb struct {
		Benchmarks []struct {
			RunType    string `json:"run_type"`
			Iterations int    `json:"iterations"`
		} `json:"benchmarks"`
	}
	if err := json.Unmarshal(buf.Bytes(), &gb); err != nil {
		t.Fatal(err)
	}
	iters = nil
	for _, b := range gb.Benchmarks {
		if b.RunType == "iteration" {
			iters = append(iters, b.Iterations)
		}
	}
	if want := []int{26, 950, 950}; !slices.Equal(iters, want) {
		t.Errorf("gbench iterations %v, want %v", iters, want)
	}
}
