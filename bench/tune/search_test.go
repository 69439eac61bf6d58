package tune

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"testing"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// testKernel has a 4×4 space (x, y in 1, 2, 4, 8) whose points fit a
// device when x·y is at most its invocation limit, and one registered
// variant.
func testKernel() *kernel.Kernel {
	v := func(p kernel.Point) (kernel.Variant, bool) {
		return kernel.Variant{Name: fmt.Sprintf("x%d-y%d", p["x"], p["y"]), Data: p["x"] * p["y"]}, true
	}
	reg, _ := v(kernel.Point{"x": 2, "y": 4})
	vals := []int{1, 2, 4, 8}
	return &kernel.Kernel{Suite: "s", Name: "k", Variants: []kernel.Variant{reg},
		Space: &kernel.Space{Params: []kernel.Param{{Name: "x", Values: vals}, {Name: "y", Values: vals}}, Variant: v},
		Supported: func(d *gpu.PhysicalDevice, v kernel.Variant) (bool, string) {
			return uint32(v.Data.(int)) <= d.Limits.MaxComputeWorkGroupInvocations, "too big"
		},
		Sizes: func(kernel.Options) []kernel.Params { return []kernel.Params{{"N": 1}, {"N": 2}} },
	}
}

func device(invocations uint32) *gpu.PhysicalDevice {
	d := &gpu.PhysicalDevice{}
	d.Limits.MaxComputeWorkGroupInvocations = invocations
	return d
}

func names(cs []Candidate) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Variant.Name)
	}
	return out
}

// TestFirstExhaustive: a space whose fitting points are few is swept
// whole, and a point that does not fit is never a candidate.
func TestFirstExhaustive(t *testing.T) {
	k := testKernel()
	s := New([]*kernel.Suite{{Name: "s", Kernels: []*kernel.Kernel{k}}}, device(8), nil)
	kc := s.Kernels()
	if len(kc) != 1 || kc[0].Fit != 10 || kc[0].Unfit != 6 {
		t.Fatalf("counts %+v, want 10 fit, 6 unfit", kc)
	}
	b := s.First(DefaultExhaustive)
	got := names(b["s/k"])
	if len(got) != 10 {
		t.Fatalf("first round %v, want all 10 fitting points", got)
	}
	for _, c := range b["s/k"] {
		if c.Point["x"]*c.Point["y"] > 8 {
			t.Errorf("candidate %s does not fit the device", c.Variant.Name)
		}
	}
	if n := s.Next(nil); n.Len() != 0 {
		t.Errorf("after an exhaustive round, next %v", n)
	}
}

// TestFirstCoarseThenNeighbours: above the exhaustive bound, the first
// round is the registered variant then the coarse grid; the next rounds
// are the untried fitting neighbours of each size's best.
func TestFirstCoarseThenNeighbours(t *testing.T) {
	k := testKernel()
	s := New([]*kernel.Suite{{Name: "s", Kernels: []*kernel.Kernel{k}}}, device(16), nil)
	first := names(s.First(4)["s/k"])
	// Coarse: x, y in {1, 4, 8} (indices 0, 2 and the last), x·y <= 16.
	want := []string{"x2-y4", "x1-y1", "x1-y4", "x1-y8", "x4-y1", "x4-y4", "x8-y1"}
	if !slices.Equal(first, want) {
		t.Fatalf("first round %v, want %v", first, want)
	}
	// x4-y4 is best at N=1, x1-y8 at N=2; a failed result is never best.
	rs := []resultsfile.Result{
		result("x4-y4", 1, 100, resultsfile.StatusOK), result("x1-y1", 1, 50, resultsfile.StatusOK),
		result("x1-y8", 2, 90, resultsfile.StatusOK), result("x8-y1", 2, 500, resultsfile.StatusFailed),
	}
	next := names(s.Next(rs)["s/k"])
	sort.Strings(next)
	// Neighbours of x4-y4: x2-y4 (tried), x8-y4 (32: unfit), x4-y2, x4-y8
	// (unfit); of x1-y8: x2-y8, x1-y4 (tried).
	if want := []string{"x2-y8", "x4-y2"}; !slices.Equal(next, want) {
		t.Errorf("next round %v, want %v", next, want)
	}
}

// TestFilterAndPins: the filter narrows the candidates; Pins puts each
// candidate at each size, and an empty entry for a kernel without any.
func TestFilterAndPins(t *testing.T) {
	k, other := testKernel(), testKernel()
	other.Name = "other"
	s := New([]*kernel.Suite{{Name: "s", Kernels: []*kernel.Kernel{k, other}}}, device(64), regexp.MustCompile(`^s/k/x2-`))
	b := s.First(DefaultExhaustive)
	if got := names(b["s/k"]); !slices.Equal(got, []string{"x2-y1", "x2-y2", "x2-y4", "x2-y8"}) || len(b["s/other"]) != 0 {
		t.Fatalf("filtered round %v", b)
	}
	pins := s.Pins(b, kernel.Options{})
	if ps, ok := pins["s/other"]; !ok || len(ps) != 0 {
		t.Errorf("kernel without candidates: pins %v (present %v), want an empty entry", ps, ok)
	}
	if ps := pins["s/k"]; len(ps) != 8 || ps[0].Params["N"] != 1 || ps[4].Params["N"] != 2 {
		t.Errorf("pins %v, want 4 candidates at N=1 then at N=2", ps)
	}
}

func result(variant string, n int64, value float64, status string) resultsfile.Result {
	return resultsfile.Result{Suite: "s", Kernel: "k", Variant: map[string]string{"name": variant}, Params: map[string]int64{"N": n},
		Status: status, Verified: status == resultsfile.StatusOK,
		Metric: resultsfile.Metric{Name: "throughput", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter, Value: value, Samples: []float64{value}}}
}
