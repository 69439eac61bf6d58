package kernel

import (
	"reflect"
	"testing"
)

// TestLookupWith: hidden suites resolve first and come last, never in
// "all"; names of hidden suites alone select only those.
func TestLookupWith(t *testing.T) {
	registry(t, "memory", "matmul")
	fault := &Suite{Name: "fault"}
	hidden := func(n string) *Suite {
		if n == "fault" {
			return fault
		}
		return nil
	}
	for _, tc := range []struct {
		in   []string
		want []string
		err  bool
	}{
		{in: []string{"all"}, want: []string{"matmul", "memory"}},
		{in: []string{"fault"}, want: []string{"fault"}},
		{in: []string{" fault ", "memory"}, want: []string{"memory", "fault"}},
		{in: []string{"fault", "all"}, want: []string{"matmul", "memory", "fault"}},
		{in: nil, want: nil},
		{in: []string{"fault", "gemm"}, err: true},
	} {
		got, err := LookupWith(tc.in, hidden)
		if tc.err {
			if err == nil {
				t.Errorf("%q: no error", tc.in)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(names(got), tc.want) {
			t.Errorf("%q: %v, %v; want %v", tc.in, names(got), err, tc.want)
		}
	}
}
