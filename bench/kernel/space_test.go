package kernel

import (
	"fmt"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/gpu"
)

func testSpace() *Space {
	return &Space{
		Params: []Param{{Name: "a", Values: []int{1, 2, 4}}, {Name: "b", Values: []int{8, 16}}},
		Variant: func(p Point) (Variant, bool) {
			if p["a"] == 4 && p["b"] == 16 {
				return Variant{}, false // a shape the shader does not allow
			}
			return Variant{Name: fmt.Sprintf("a%d-b%d", p["a"], p["b"]), Data: p["a"] * p["b"]}, true
		},
	}
}

func TestSpacePoints(t *testing.T) {
	s := testSpace()
	var got []string
	for _, p := range s.Points() {
		got = append(got, p.String())
	}
	want := "a=1,b=8 a=1,b=16 a=2,b=8 a=2,b=16 a=4,b=8 a=4,b=16"
	if strings.Join(got, " ") != want {
		t.Errorf("points %v, want %s", got, want)
	}
}

func TestSpaceNeighboursAndCoarse(t *testing.T) {
	s := testSpace()
	for _, tc := range []struct {
		p          Point
		neighbours string
		coarse     bool
	}{
		{Point{"a": 1, "b": 8}, "a=2,b=8 a=1,b=16", true},
		{Point{"a": 2, "b": 8}, "a=1,b=8 a=4,b=8 a=2,b=16", false},
		{Point{"a": 4, "b": 16}, "a=2,b=16 a=4,b=8", true},
	} {
		var got []string
		for _, q := range s.Neighbours(tc.p) {
			got = append(got, q.String())
		}
		if strings.Join(got, " ") != tc.neighbours {
			t.Errorf("neighbours of %s: %v, want %s", tc.p, got, tc.neighbours)
		}
		if c := s.Coarse(tc.p); c != tc.coarse {
			t.Errorf("coarse(%s) = %v, want %v", tc.p, c, tc.coarse)
		}
	}
}

// TestFits: a point fits when the space checks it, the kernel builds it
// and Supported accepts it on the device; otherwise the reason says why.
func TestFits(t *testing.T) {
	k := &Kernel{Suite: "s", Name: "k", Space: testSpace(),
		Supported: func(d *gpu.PhysicalDevice, v Variant) (bool, string) {
			if uint32(v.Data.(int)) > d.Limits.MaxComputeWorkGroupInvocations {
				return false, "too many invocations"
			}
			return true, ""
		}}
	d := &gpu.PhysicalDevice{}
	d.Limits.MaxComputeWorkGroupInvocations = 32
	for _, tc := range []struct {
		p    Point
		want string // "" fits
	}{
		{Point{"a": 2, "b": 16}, ""},
		{Point{"a": 4, "b": 8}, ""},
		{Point{"a": 4, "b": 16}, "not a configuration"},
		{Point{"a": 3, "b": 8}, "not one of"},
		{Point{"a": 1}, "has 1 parameters"},
		{Point{"a": 1, "c": 8}, "lacks parameter b"},
	} {
		v, ok, why := Fits(k, d, tc.p)
		if tc.want == "" {
			if !ok || v.Name == "" {
				t.Errorf("%s: does not fit: %s", tc.p, why)
			}
			continue
		}
		if ok || !strings.Contains(why, tc.want) {
			t.Errorf("%s: fits=%v why %q, want %q", tc.p, ok, why, tc.want)
		}
	}
	d.Limits.MaxComputeWorkGroupInvocations = 16
	if _, ok, why := Fits(k, d, Point{"a": 2, "b": 16}); ok || why != "too many invocations" {
		t.Errorf("32 invocations on a 16-invocation device: fits=%v why %q", ok, why)
	}
}
