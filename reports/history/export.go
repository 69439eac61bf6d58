package history

import (
	"context"
	"encoding/csv"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
)

// ExportOptions select what Export writes.
type ExportOptions struct {
	Filter Filter
	// Benchmark keeps the benchmarks whose ID starts with it ("" all).
	Benchmark string
	// Keys are extra attribute columns: fingerprint keys.
	Keys []string
}

// ExportRow is one row of the CSV export: one run's figure for one
// benchmark, with the run's attributes.
type ExportRow struct {
	Series *Series
	Point  Point
	Run    Run
	// Keys holds the values of ExportOptions.Keys for the run.
	Keys []string
}

// ExportHeader is the CSV header before the extra key columns.
var ExportHeader = []string{"time", "median", "ci_low", "ci_high", "n", "benchmark", "unit", "device", "config", "run", "driver", "kernel", "tool_commit"}

// Export gathers the rows of the CSV export: one per run and benchmark,
// oldest first (then by benchmark).
func (s *Store) Export(ctx context.Context, opt ExportOptions) ([]ExportRow, error) {
	series, err := s.Series(ctx, "", opt.Filter)
	if err != nil {
		return nil, err
	}
	var rows []ExportRow
	need := map[string]bool{}
	for _, se := range series {
		if !strings.HasPrefix(se.Benchmark, opt.Benchmark) {
			continue
		}
		for _, p := range se.Points {
			rows = append(rows, ExportRow{Series: se, Point: p})
			need[p.RunID] = true
		}
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i].Point.Started, rows[j].Point.Started
		if !a.Equal(b) {
			return a.Before(b)
		}
		return rows[i].Series.Benchmark < rows[j].Series.Benchmark
	})
	if len(rows) == 0 {
		return rows, nil
	}
	runs, err := s.Runs(ctx, opt.Filter, 0)
	if err != nil {
		return nil, err
	}
	info := make(map[string]Run, len(runs))
	for _, r := range runs {
		info[r.ID] = r
	}
	var fp map[string]map[string]string
	if len(opt.Keys) > 0 {
		ids := make([]string, 0, len(need))
		for id := range need {
			ids = append(ids, id)
		}
		if fp, err = s.RunKeys(ctx, ids); err != nil {
			return nil, err
		}
	}
	for i := range rows {
		r := &rows[i]
		r.Run = info[r.Point.RunID]
		for _, k := range opt.Keys {
			r.Keys = append(r.Keys, fp[r.Point.RunID][k])
		}
	}
	return rows, nil
}

// WriteCSV writes rows as CSV in the shape Apache Otava (Hunter) reads: a
// time column, the metric columns (median, ci_low, ci_high, n), then the
// attribute columns (ExportHeader, then keys).
func WriteCSV(w io.Writer, rows []ExportRow, keys []string) error {
	cw := csv.NewWriter(w)
	cw.Write(append(append([]string(nil), ExportHeader...), keys...))
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	for _, r := range rows {
		rec := []string{r.Point.Started.UTC().Format(time.RFC3339), g(r.Point.Median), g(r.Point.Low), g(r.Point.High), strconv.Itoa(r.Point.N),
			r.Series.Benchmark, r.Series.Unit, r.Series.Device, r.Series.Config, r.Point.RunID, r.Run.Driver, r.Run.Kernel, r.Run.Commit}
		rec = append(rec, r.Keys...)
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}
