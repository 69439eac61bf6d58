// Package histdb opens the history store as the commands name it (--db,
// $RADVBENCH_DB, the default path), with its errors in the CLI's terms:
// for the history commands, 'run --db' (a finished run imported) and
// 'report --db' (the trend charts).
package histdb

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/chart"
	"github.com/radvbench/radvbench/reports/history"
	"github.com/radvbench/radvbench/reports/pairing"
)

// Use opens the store dsn names (Open), runs do with it and
// closes it; a store error do returns (an unusable or unavailable store)
// is put in the CLI's terms (advice.HistoryStoreError).
func Use(ctx context.Context, dsn string, readOnly bool, do func(*history.Store) error) error {
	s, err := Open(ctx, dsn, readOnly)
	if err != nil {
		return err
	}
	defer s.Close()
	err = do(s)
	if errors.Is(err, history.ErrBadStore) || errors.Is(err, history.ErrStoreUnavailable) {
		return advice.HistoryStoreError(err)
	}
	return err
}

// File is the SQLite file of the store flag names (as
// history.ResolveDSN picks it), an input no output may replace; "" for
// PostgreSQL or none.
func File(flag string) string {
	dsn, err := history.ResolveDSN(flag)
	if err != nil || history.IsPostgres(dsn) {
		return ""
	}
	return dsn
}

// Open opens the store --db (or $RADVBENCH_DB) names
// (history.OpenNamed), its errors in the CLI's terms. A command that only
// reads opens it readOnly (nothing is created or changed; a missing store
// is an input error); one that writes (import, run --db) has it created
// and migrated when needed. An unusable store is an input error.
func Open(ctx context.Context, flag string, readOnly bool) (*history.Store, error) {
	s, err := history.OpenNamed(ctx, flag, readOnly)
	if err != nil {
		return nil, advice.HistoryStoreError(err)
	}
	return s, nil
}

// ImportFinishedRun imports a finished run's results into the history
// store named by 'run --db' (nothing when dsn is empty).
func ImportFinishedRun(ctx context.Context, stdout io.Writer, dsn string, file *resultsfile.File, outPath string) error {
	if dsn == "" {
		return nil
	}
	s, err := Open(ctx, dsn, false)
	if err != nil {
		return fmt.Errorf("import into the history store (the results are saved in %s): %w", outPath, err)
	}
	defer s.Close()
	got, err := s.Import(ctx, file, outPath)
	if err != nil {
		return fmt.Errorf("import into the history store (the results are saved in %s): %w", outPath, err)
	}
	fmt.Fprintf(stdout, "history: %d run(s) imported into %s\n", got.Runs, s.DSN)
	return nil
}

// TrendCharts draws, for 'report --db', the stored trend of each
// benchmark the inputs hold (history.TrendCharts), from the store opened
// read-only.
func TrendCharts(ctx context.Context, dsn string, inputs []pairing.Input) (charts []*chart.Chart, err error) {
	err = Use(ctx, dsn, true, func(s *history.Store) error {
		charts, err = s.TrendCharts(ctx, inputs)
		return err
	})
	return charts, err
}
