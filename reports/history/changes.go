package history

import (
	"context"

	"github.com/radvbench/radvbench/reports/changepoint"
)

// Trend is one stored benchmark's series (one per device and A/B
// configuration) with their change points.
type Trend struct {
	// Benchmark is the stored benchmark the argument named.
	Benchmark    string
	Series       []*Series
	ChangePoints []ChangePoint
}

// Trend resolves arg to a stored benchmark (ResolveBenchmark: an
// *UnknownBenchmarkError when none or several match), takes the series
// of it the filter selects and finds their change points.
func (s *Store) Trend(ctx context.Context, arg string, f Filter, opt changepoint.Options) (*Trend, error) {
	bench, err := s.ResolveBenchmark(ctx, arg)
	if err != nil {
		return nil, err
	}
	t := &Trend{Benchmark: bench}
	if t.Series, err = s.Series(ctx, bench, f); err != nil {
		return nil, err
	}
	if t.ChangePoints, err = s.Detect(ctx, t.Series, opt); err != nil {
		return nil, err
	}
	return t, nil
}

// DetectAll finds the change points of every stored series the filter
// selects whose benchmark ID starts with prefix ("" for all).
func (s *Store) DetectAll(ctx context.Context, prefix string, f Filter, opt changepoint.Options) ([]*Series, []ChangePoint, error) {
	series, err := s.Series(ctx, "", f)
	if err != nil {
		return nil, nil, err
	}
	series = WithPrefix(series, prefix)
	cps, err := s.Detect(ctx, series, opt)
	if err != nil {
		return nil, nil, err
	}
	return series, cps, nil
}
