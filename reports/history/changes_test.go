package history

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/changepoint"
	"github.com/radvbench/radvbench/reports/pairing"
)

// TestTrendAndDetectAll: a benchmark that drops by 20% after eight runs
// has one change point there, one that stays has none; a prefix that
// names no stored benchmark is an UnknownBenchmarkError.
func TestTrendAndDetectAll(t *testing.T) {
	backends(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := openStore(t, dsn)
		var medians [][]float64
		for i := 0; i < 16; i++ {
			m := 100.0 + float64(i%3)
			if i >= 8 {
				m = 80 + float64(i%3)
			}
			medians = append(medians, []float64{m, 50 + float64(i%2)})
		}
		if _, err := s.Import(ctx, fakeFile(fakeSpec{seed: 1, start: t0, medians: medians}), "a.json"); err != nil {
			t.Fatal(err)
		}
		opt := changepoint.DefaultOptions().WithAlpha(0.05)
		tr, err := s.Trend(ctx, "fake/k/v=0", Filter{}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Benchmark != "fake/k/v=0/n=1024" || len(tr.Series) != 1 || len(tr.Series[0].Points) != 16 {
			t.Fatalf("trend of %s: %d series", tr.Benchmark, len(tr.Series))
		}
		if len(tr.ChangePoints) != 1 || tr.ChangePoints[0].Index != 8 {
			t.Errorf("change points %+v, want one at run 9 (index 8)", tr.ChangePoints)
		}
		if _, err := s.Trend(ctx, "fake/k/v=9", Filter{}, opt); !errors.Is(err, ErrUnknownBenchmark) {
			t.Errorf("unknown benchmark: %v", err)
		}
		series, cps, err := s.DetectAll(ctx, "", Filter{}, opt)
		if err != nil || len(series) != 2 || len(cps) != 1 || cps[0].Series.Benchmark != "fake/k/v=0/n=1024" {
			t.Errorf("DetectAll: %d series, %d change points, %v; want 2 and 1 on v=0", len(series), len(cps), err)
		}
		series, cps, err = s.DetectAll(ctx, "fake/k/v=1", Filter{}, opt)
		if err != nil || len(series) != 1 || len(cps) != 0 {
			t.Errorf("DetectAll(v=1): %d series, %d change points, %v; want 1 and none", len(series), len(cps), err)
		}
	})
}

// TestTrendCharts: one chart per benchmark and device the inputs hold,
// each once however many inputs hold it; a benchmark that is not OK,
// or whose series has fewer than two runs, draws none.
func TestTrendCharts(t *testing.T) {
	ctx := context.Background()
	s := openStore(t, filepath.Join(t.TempDir(), "h.db"))
	two := fakeFile(fakeSpec{seed: 1, start: t0, medians: [][]float64{{100, 50}, {101, 51}, {80, 50}}})
	if _, err := s.Import(ctx, two, "a.json"); err != nil {
		t.Fatal(err)
	}
	one := fakeFile(fakeSpec{seed: 2, start: t0, medians: [][]float64{{100}}, device: "other"})
	if _, err := s.Import(ctx, one, "b.json"); err != nil {
		t.Fatal(err)
	}
	failed := fakeFile(fakeSpec{seed: 3, start: t0, medians: [][]float64{{100, 50}}})
	failed.Results[1].Status = resultsfile.StatusFailed
	in := func(fs ...*resultsfile.File) []pairing.Input {
		var out []pairing.Input
		for i, f := range fs {
			out = append(out, pairing.Input{Name: fmt.Sprint(i), File: f})
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		inputs []pairing.Input
		want   []string
	}{
		{"both benchmarks", in(two), []string{"trend-fake_k_v_0_n_1024", "trend-fake_k_v_1_n_1024"}},
		{"each once", in(two, two), []string{"trend-fake_k_v_0_n_1024", "trend-fake_k_v_1_n_1024"}},
		{"one run draws nothing", in(one), nil},
		{"a failed result draws nothing", in(failed), []string{"trend-fake_k_v_0_n_1024"}},
		{"none", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			charts, err := s.TrendCharts(ctx, tc.inputs)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range charts {
				got = append(got, c.Name)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("charts %q, want %q", got, tc.want)
			}
		})
	}
}
