package history

import (
	"context"
	"errors"
	"testing"

	"github.com/radvbench/radvbench/reports/changepoint"
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
