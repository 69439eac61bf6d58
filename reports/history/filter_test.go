package history

import (
	"errors"
	"reflect"
	"testing"
	"time"
)

// TestFilterArgs: the filter as text becomes a Filter; a malformed pair
// or time is a *FilterError naming its field.
func TestFilterArgs(t *testing.T) {
	cfg := "B"
	day := time.Date(2026, 1, 31, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		args  FilterArgs
		want  Filter
		field string // the FilterError's field, "" for none
		err   string
	}{
		{name: "empty", want: Filter{Where: map[string]string{}}},
		{name: "names", args: FilterArgs{Device: "gpu", Driver: "Mesa 25.0.7", Kernel: "6.8.0", Config: "B"},
			want: Filter{Device: "gpu", Driver: "Mesa 25.0.7", Kernel: "6.8.0", Config: &cfg, Where: map[string]string{}}},
		{name: "pairs", args: FilterArgs{Labels: []string{"ci=nightly", "empty="}, Where: []string{"amdgpu.vm_fragment_size=9", "k=a=b"}},
			want: Filter{Where: map[string]string{"label.ci": "nightly", "label.empty": "", "amdgpu.vm_fragment_size": "9", "k": "a=b"}}},
		{name: "times", args: FilterArgs{Since: "2026-01-31", Until: "2026-01-31T12:30"},
			want: Filter{Where: map[string]string{}, Since: day, Until: day.Add(12*time.Hour + 30*time.Minute)}},
		{name: "rfc3339", args: FilterArgs{Since: "2026-01-31T00:00:00Z"}, want: Filter{Where: map[string]string{}, Since: day}},
		{name: "label without =", args: FilterArgs{Labels: []string{"ci"}}, field: "label", err: `label "ci": want KEY=VALUE`},
		{name: "label without key", args: FilterArgs{Labels: []string{"=x"}}, field: "label", err: `label "=x": want KEY=VALUE`},
		{name: "where", args: FilterArgs{Where: []string{"kernel.release"}}, field: "where", err: `where "kernel.release": want KEY=VALUE, e.g. kernel.release=6.8.0`},
		{name: "since", args: FilterArgs{Since: "yesterday"}, field: "since", err: `since "yesterday": want a date (2026-01-31) or an RFC 3339 time (2026-01-31T12:00:00Z)`},
		{name: "until", args: FilterArgs{Until: "31.01.2026"}, field: "until", err: `until "31.01.2026": want a date (2026-01-31) or an RFC 3339 time (2026-01-31T12:00:00Z)`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.args.Filter()
			if tc.field != "" {
				var fe *FilterError
				if !errors.As(err, &fe) || fe.Field != tc.field || err.Error() != tc.err {
					t.Fatalf("error %v (%T), want a FilterError on %s: %q", err, err, tc.field, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestWithPrefix(t *testing.T) {
	a, b, c := &Series{Benchmark: "matmul/naive/x"}, &Series{Benchmark: "matmul/tiled/x"}, &Series{Benchmark: "mesh/dense/x"}
	all := []*Series{a, b, c}
	for _, tc := range []struct {
		prefix string
		want   []*Series
	}{
		{"", all},
		{"matmul/", []*Series{a, b}},
		{"mesh", []*Series{c}},
		{"peak", nil},
	} {
		if got := WithPrefix(all, tc.prefix); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("WithPrefix(%q) = %v, want %v", tc.prefix, got, tc.want)
		}
	}
	if len(all) != 3 || all[0] != a || all[1] != b || all[2] != c {
		t.Errorf("WithPrefix changed its input: %v", all)
	}
}
