package noise

import "testing"

func TestSummary(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    File
		want Summary
	}{
		{"empty", File{Runs: 3}, Summary{Runs: 3}},
		{"between only", File{Runs: 5, Benchmarks: []Bench{{BetweenCV: 0.03}, {BetweenCV: 0.01}, {BetweenCV: 0.02}}},
			Summary{Benchmarks: 3, Runs: 5, MedianBetweenCV: 0.02}},
		{"paired", File{Runs: 8, Benchmarks: []Bench{{BetweenCV: 0.04, PairedCV: 0.01}, {BetweenCV: 0.02}, {BetweenCV: 0.06, PairedCV: 0.03}}},
			Summary{Benchmarks: 3, Runs: 8, MedianBetweenCV: 0.04, Paired: 2, MedianPairedCV: 0.02}},
	} {
		if got := tc.f.Summary(); got != tc.want {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
