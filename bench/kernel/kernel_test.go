package kernel

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// registry replaces the registry with suites named names for the test.
func registry(t *testing.T, names ...string) map[string]*Suite {
	t.Helper()
	saved := suites
	suites = map[string]*Suite{}
	t.Cleanup(func() { suites = saved })
	out := map[string]*Suite{}
	for _, n := range names {
		s := &Suite{Name: n, Kernels: []*Kernel{{Name: n + "k"}}}
		Register(s)
		out[n] = s
	}
	return out
}

func names(ss []*Suite) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.Name)
	}
	return out
}

func TestLookup(t *testing.T) {
	registry(t, "memory", "matmul", "peak")
	tests := []struct {
		in   []string
		want []string
		err  string
	}{
		{in: []string{"all"}, want: []string{"matmul", "memory", "peak"}},
		{in: []string{"peak", "matmul"}, want: []string{"peak", "matmul"}},
		{in: []string{" peak "}, want: []string{"peak"}},
		{in: []string{"peak", "peak", "all", "matmul"}, want: []string{"peak", "matmul", "memory"}},
		{in: []string{"all", "all"}, want: []string{"matmul", "memory", "peak"}},
		{in: nil, want: nil},
		{in: []string{"matmul", "gemm"}, err: `unknown suite "gemm": valid suites are matmul, memory, peak, all`},
		{in: []string{""}, err: `unknown suite "": valid suites are matmul, memory, peak, all`},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.in), func(t *testing.T) {
			got, err := Lookup(tt.in)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				if got != nil {
					t.Errorf("suites %v with the error", names(got))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(names(got), tt.want) {
				t.Errorf("Lookup(%q) = %q, want %q", tt.in, names(got), tt.want)
			}
		})
	}
}

func TestRegister(t *testing.T) {
	reg := registry(t, "b", "a")
	if got := SuiteNames(); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("SuiteNames() = %q, want sorted [a b]", got)
	}
	if k := reg["a"].Kernels[0]; k.Suite != "a" {
		t.Errorf("a registered kernel's Suite is %q, want a", k.Suite)
	}
	defer func() {
		p := recover()
		if p == nil || !strings.Contains(fmt.Sprint(p), "suite registered twice: a") {
			t.Errorf("registering a twice: panic %v, want 'suite registered twice: a'", p)
		}
	}()
	Register(&Suite{Name: "a"})
}

func TestFilterAndFullName(t *testing.T) {
	k := &Kernel{Suite: "matmul", Name: "naive"}
	v := Variant{Name: "wg16x16"}
	if got := FullName(k, v); got != "matmul/naive/wg16x16" {
		t.Errorf("FullName = %q", got)
	}
	tests := []struct {
		re   string // "" = nil
		want bool
	}{
		{"", true},
		{"naive", true},
		{"^matmul/naive/wg16x16$", true},
		{"^naive", false},
		{"tiled|wg16", true},
		{"memory/", false},
	}
	for _, tt := range tests {
		var re *regexp.Regexp
		if tt.re != "" {
			re = regexp.MustCompile(tt.re)
		}
		if got := Filter(re, k, v); got != tt.want {
			t.Errorf("Filter(%q) = %v, want %v", tt.re, got, tt.want)
		}
	}
}

func TestSkip(t *testing.T) {
	err := fmt.Errorf("setup 4096x4096: %w", Skipf("needs %d GiB, the device has %d", 64, 8))
	var s *Skip
	if !errors.As(err, &s) {
		t.Fatalf("errors.As(%v) found no *Skip", err)
	}
	if s.Reason != "needs 64 GiB, the device has 8" {
		t.Errorf("reason %q", s.Reason)
	}
	if got := err.Error(); got != "setup 4096x4096: skipped: needs 64 GiB, the device has 8" {
		t.Errorf("error text %q", got)
	}
	if errors.As(errors.New("skipped: not a Skip"), &s) {
		t.Errorf("a plain error matched *Skip")
	}
}

func TestFindVariant(t *testing.T) {
	reg := registry(t, "a")
	k := reg["a"].Kernels[0]
	k.Variants = []Variant{{Name: "v1"}, {Name: "v2"}}
	if got, v, err := FindVariant("a", "ak", "v2"); err != nil || got != k || v.Name != "v2" {
		t.Errorf("FindVariant(a, ak, v2) = %v, %q, %v", got, v.Name, err)
	}
	for _, tc := range []struct{ suite, kernel, variant, want string }{
		{"zz", "ak", "v1", `unknown suite "zz"`},
		{"a", "bk", "v1", "suite a has no kernel variant bk/v1"},
		{"a", "ak", "v3", "suite a has no kernel variant ak/v3"},
	} {
		if _, _, err := FindVariant(tc.suite, tc.kernel, tc.variant); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("FindVariant(%s, %s, %s): %v, want %q", tc.suite, tc.kernel, tc.variant, err, tc.want)
		}
	}
}
