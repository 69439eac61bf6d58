package kernel

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/golden"
)

// listSuites are two suites for WriteList and Unsupported: a kernel
// whose variant "big" the device never supports, one with sizes
// (smaller on a CPU implementation).
func listSuites() []*Suite {
	supported := func(d *gpu.PhysicalDevice, v Variant) (bool, string) {
		if v.Name == "big" {
			return false, "needs more memory than the device has"
		}
		return true, ""
	}
	sizes := func(o Options) []Params {
		if o.Quick {
			return []Params{{"N": 64}}
		}
		if o.CPU {
			return []Params{{"N": 256}}
		}
		return []Params{{"N": 1024}, {"M": 512, "N": 2048, "K": 256}}
	}
	return []*Suite{
		{Name: "gemm", Description: "matrix products", Kernels: []*Kernel{
			{Suite: "gemm", Name: "naive", Description: "one thread an element", Metric: Metric{Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter},
				Variants: []Variant{{Name: "wg=8x8"}, {Name: "big"}}, Supported: supported, Sizes: sizes},
		}},
		{Name: "lat", Description: "latencies", Kernels: []*Kernel{
			{Suite: "lat", Name: "submit", Description: "submit to fence", Metric: Metric{Unit: "ns", Better: resultsfile.LowerIsBetter},
				Variants: []Variant{{Name: "empty"}}, Supported: supported},
		}},
	}
}

// TestWriteList: without a device, with one, with sizes and the
// caller's label for the quick sizes.
func TestWriteList(t *testing.T) {
	pd := &gpu.PhysicalDevice{}
	var b bytes.Buffer
	for _, o := range []ListOptions{{}, {Device: pd}, {Sizes: true}, {Device: pd, Sizes: true, QuickLabel: "short sizes"}} {
		if err := WriteList(&b, listSuites(), o); err != nil {
			t.Fatal(err)
		}
		b.WriteString("---\n")
	}
	golden.Check(t, "testdata/list.txt", b.Bytes())
}

func TestUnsupported(t *testing.T) {
	got := Unsupported(listSuites(), &gpu.PhysicalDevice{})
	want := []resultsfile.Result{{Suite: "gemm", Kernel: "naive", Variant: map[string]string{"name": "big"}, Status: resultsfile.StatusSkipped, Reason: "needs more memory than the device has"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestOfSuites(t *testing.T) {
	rs := []resultsfile.Result{{Suite: "gemm", Kernel: "a"}, {Suite: "lat", Kernel: "b"}, {Suite: "mesh", Kernel: "c"}, {Suite: "gemm", Kernel: "d"}}
	suites := listSuites() // gemm, lat
	for _, tc := range []struct {
		suites []*Suite
		want   []string
	}{
		{suites, []string{"a", "b", "d"}},
		{suites[:1], []string{"a", "d"}},
		{nil, nil},
	} {
		var got []string
		for _, r := range OfSuites(rs, tc.suites) {
			got = append(got, r.Kernel)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("OfSuites(%d suites) = %v, want %v", len(tc.suites), got, tc.want)
		}
	}
}
