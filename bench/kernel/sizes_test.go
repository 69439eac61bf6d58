package kernel

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// sizesRegistry registers three suites for ResolveSizes: "cube" parses N
// (two kernels), "plane" parses WxH, "fixed" takes no sizes.
func sizesRegistry(t *testing.T) map[string]*Suite {
	t.Helper()
	saved := suites
	suites = map[string]*Suite{}
	t.Cleanup(func() { suites = saved })
	cube := func(s string) (Params, error) {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("malformed size %q: use N", s)
		}
		return Params{"N": n}, nil
	}
	plane := func(s string) (Params, error) {
		w, h, ok := strings.Cut(s, "x")
		wi, err1 := strconv.ParseInt(w, 10, 64)
		hi, err2 := strconv.ParseInt(h, 10, 64)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("malformed size %q: use WxH", s)
		}
		return Params{"W": wi, "H": hi}, nil
	}
	out := map[string]*Suite{
		"cube":  {Name: "cube", Kernels: []*Kernel{{Name: "a", ParseSize: cube}, {Name: "b", ParseSize: cube}, {Name: "c"}}},
		"plane": {Name: "plane", Kernels: []*Kernel{{Name: "p", ParseSize: plane}}},
		"fixed": {Name: "fixed", Kernels: []*Kernel{{Name: "f"}}},
	}
	for _, s := range out {
		Register(s)
	}
	return out
}

// sizesString renders resolved sizes as "suite/kernel=N=.. W=..; ...",
// sorted by kernel.
func sizesString(m map[string][]Params) string {
	var parts []string
	for k, ps := range m {
		var ss []string
		for _, p := range ps {
			var kv []string
			for name, v := range p {
				kv = append(kv, fmt.Sprintf("%s=%d", name, v))
			}
			sort.Strings(kv)
			ss = append(ss, strings.Join(kv, ","))
		}
		parts = append(parts, k+"="+strings.Join(ss, " "))
	}
	sort.Strings(parts)
	return strings.Join(parts, "; ")
}

// TestResolveSizes: a bare size goes to every selected suite that parses
// it, SUITE=LIST to that suite only (and overrides bare sizes there);
// every refusal is a *SizesError with its problem and a message that
// names no flag.
func TestResolveSizes(t *testing.T) {
	reg := sizesRegistry(t)
	tests := []struct {
		suites  string
		sizes   []string
		want    string       // sizesString, or the error's message
		problem SizesProblem // "" for no error
	}{
		{"cube", []string{"64"}, "cube/a=N=64; cube/b=N=64", ""},
		{"cube,plane", []string{"64,8x4"}, "cube/a=N=64; cube/b=N=64; plane/p=H=4,W=8", ""},
		{"cube,plane", []string{"cube=32;plane=8x4"}, "cube/a=N=32; cube/b=N=32; plane/p=H=4,W=8", ""},
		{"cube,plane", []string{"plane=8x4,2x2", "16"}, "cube/a=N=16; cube/b=N=16; plane/p=H=4,W=8 H=2,W=2", ""},
		{"cube,fixed", []string{" 7 "}, "cube/a=N=7; cube/b=N=7", ""},
		{"cube", []string{"=64"}, `"=64": "=64" has no suite before '='; use SUITE=SIZE, e.g. mesh=1920x1080`, SizesNoSuite},
		{"cube", []string{"64,,128"}, `"64,,128" has an empty element`, SizesEmpty},
		{"cube", []string{"cube="}, `"cube=" has an empty element`, SizesEmpty},
		{"cube", []string{"plane=8x4"}, `"plane=8x4": suite plane is not selected (the selected suites are cube)`, SizesNotSelected},
		{"cube", []string{"gemm=8"}, `"gemm=8": unknown suite "gemm": valid suites are cube, fixed, plane`, SizesUnknownSuite},
		{"cube,fixed", []string{"fixed=8"}, `"fixed=8": suite fixed takes no sizes`, SizesSuiteTakesNone},
		{"fixed", []string{"8"}, "the selected suites (fixed) take no sizes", SizesNoneTakeSizes},
		{"cube,plane", []string{"cube=8x8"}, `"cube=8x8": malformed size "8x8": use N`, SizesMalformed},
		{"cube,plane", []string{"1x2x3"}, `"1x2x3" fits no selected suite: cube: malformed size "1x2x3": use N; plane: malformed size "1x2x3": use WxH`, SizesFitsNone},
		{"cube", []string{"4", "cube=8"}, `"4" fits no selected suite: cube: has its own cube=LIST`, SizesFitsNone},
	}
	for _, tc := range tests {
		t.Run(tc.suites+" "+strings.Join(tc.sizes, " "), func(t *testing.T) {
			var sel []*Suite
			for _, n := range strings.Split(tc.suites, ",") {
				sel = append(sel, reg[n])
			}
			m, err := ResolveSizes(sel, tc.sizes)
			got := sizesString(m)
			if err != nil {
				got = err.Error()
				var se *SizesError
				if !errors.As(err, &se) {
					t.Fatalf("%T is not a *SizesError", err)
				}
				if se.Problem != tc.problem {
					t.Errorf("problem %q, want %q", se.Problem, tc.problem)
				}
				if strings.Contains(got, "--") {
					t.Errorf("%q names a flag", got)
				}
			} else if tc.problem != "" {
				t.Errorf("no error, want %q", tc.problem)
			}
			if got != tc.want {
				t.Errorf("ResolveSizes(%s, %q)\n got: %s\nwant: %s", tc.suites, tc.sizes, got, tc.want)
			}
		})
	}
}
