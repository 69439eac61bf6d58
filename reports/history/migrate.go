package history

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"
)

// migrations are the schema versions in order: migrations[i] brings a
// store from version i to i+1. Never edit a released entry; append one.
// The SQL is the common subset of SQLite and PostgreSQL.
var migrations = [][]string{
	// v1: files, runs, the run's fingerprint as key/value rows, points.
	{
		`CREATE TABLE radvbench_files (
			id TEXT PRIMARY KEY,
			source TEXT NOT NULL,
			imported_ns BIGINT NOT NULL,
			runs INTEGER NOT NULL
		)`,
		`CREATE TABLE radvbench_runs (
			id TEXT PRIMARY KEY,
			file_id TEXT NOT NULL REFERENCES radvbench_files(id),
			round INTEGER NOT NULL,
			started_ns BIGINT NOT NULL,
			config TEXT NOT NULL,
			device TEXT NOT NULL,
			driver TEXT NOT NULL,
			kernel TEXT NOT NULL,
			tool_commit TEXT NOT NULL
		)`,
		`CREATE INDEX radvbench_runs_started ON radvbench_runs(started_ns)`,
		`CREATE TABLE radvbench_run_keys (
			run_id TEXT NOT NULL REFERENCES radvbench_runs(id),
			key TEXT NOT NULL,
			value TEXT NOT NULL,
			PRIMARY KEY (run_id, key)
		)`,
		`CREATE INDEX radvbench_run_keys_kv ON radvbench_run_keys(key, value)`,
		`CREATE TABLE radvbench_points (
			run_id TEXT NOT NULL REFERENCES radvbench_runs(id),
			benchmark TEXT NOT NULL,
			suite TEXT NOT NULL,
			kernel_name TEXT NOT NULL,
			variant TEXT NOT NULL,
			params TEXT NOT NULL,
			status TEXT NOT NULL,
			metric TEXT NOT NULL,
			unit TEXT NOT NULL,
			better TEXT NOT NULL,
			n INTEGER NOT NULL,
			median DOUBLE PRECISION,
			ci_low DOUBLE PRECISION,
			ci_high DOUBLE PRECISION,
			samples TEXT NOT NULL,
			PRIMARY KEY (benchmark, run_id)
		)`,
		`CREATE INDEX radvbench_points_run ON radvbench_points(run_id)`,
	},
	// v2: a covering index for series queries (trend, detect), so a
	// series is read without the rows' stored samples.
	{
		`CREATE INDEX radvbench_points_trend ON radvbench_points(benchmark, run_id, status, median, ci_low, ci_high, n, metric, unit, better)`,
	},
	// v3: what the driver compiled each benchmark of a run into, where
	// the run captured it (resultsfile.Result.Pipelines, as JSON), so the
	// history gate puts the compiler's figures beside its verdicts.
	{
		`CREATE TABLE radvbench_code (
			run_id TEXT NOT NULL REFERENCES radvbench_runs(id),
			benchmark TEXT NOT NULL,
			pipelines TEXT NOT NULL,
			PRIMARY KEY (benchmark, run_id)
		)`,
		`CREATE INDEX radvbench_code_run ON radvbench_code(run_id)`,
	},
}

// SchemaVersion is the schema this build writes.
var SchemaVersion = len(migrations)

// pgLockKey serialises migrations between processes on one server.
const pgLockKey = 0x72616476 // "radv"

// queryer is what inspect reads through: the store's connection pool or
// a transaction.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// inspect reads, without writing, whether the database is a radvbench
// store and at which schema version: fresh is set for a database with no
// radvbench_schema and no table of another program (an empty file, a new
// PostgreSQL schema). Another program's database and a newer schema are
// errors.
func (s *Store) inspect(ctx context.Context, q queryer) (version int, fresh bool, err error) {
	tables, err := s.tables(ctx, q)
	if err != nil {
		return 0, false, s.classify(err)
	}
	if !tables["radvbench_schema"] {
		var foreign []string
		for t := range tables {
			if s.dialect.name == "sqlite" || strings.HasPrefix(t, "radvbench_") {
				foreign = append(foreign, t)
			}
		}
		sort.Strings(foreign)
		if len(foreign) > 0 {
			return 0, false, &badStore{msg: fmt.Sprintf("%s is a database of another program (it has table %s and no radvbench_schema)", redact(s.DSN), foreign[0]), wrong: true}
		}
		return 0, true, nil
	}
	if err := q.QueryRowContext(ctx, `SELECT version FROM radvbench_schema`).Scan(&version); err != nil {
		return 0, false, &badStore{msg: fmt.Sprintf("%s: unreadable schema version (%v): the store is damaged", redact(s.DSN), oneLine(err)), wrong: true}
	}
	if version > SchemaVersion {
		return 0, false, &badStore{msg: fmt.Sprintf("%s has history schema v%d, this radvbench knows up to v%d: use a newer radvbench", redact(s.DSN), version, SchemaVersion)}
	}
	return version, false, nil
}

// check is the read-only open's inspection: the store must hold radvbench
// history this build can read. Nothing is written.
func (s *Store) check(ctx context.Context) error {
	var q queryer = s.db
	if s.dialect.name == "postgres" {
		tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
		if err != nil {
			return s.classify(err)
		}
		defer tx.Rollback()
		q = tx
	}
	version, fresh, err := s.inspect(ctx, q)
	switch {
	case err != nil:
		return err
	case fresh || version == 0:
		return &NoHistoryError{Store: redact(s.DSN)}
	}
	return nil
}

// migrate brings the store to SchemaVersion in one transaction, refusing a
// foreign database or a newer schema before it changes anything.
func (s *Store) migrate(ctx context.Context) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return s.classify(err)
	}
	defer tx.Rollback()
	if s.dialect.name == "postgres" {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, pgLockKey); err != nil {
			return s.classify(err)
		}
	}
	version, fresh, err := s.inspect(ctx, tx)
	if err != nil {
		return err
	}
	if fresh {
		if _, err := tx.ExecContext(ctx, `CREATE TABLE radvbench_schema (version INTEGER NOT NULL)`); err != nil {
			return s.classify(err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO radvbench_schema (version) VALUES (0)`); err != nil {
			return s.classify(err)
		}
	}
	for v := version; v < SchemaVersion; v++ {
		for _, stmt := range migrations[v] {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("migrate history store to v%d: %w", v+1, err)
			}
		}
		if _, err := tx.ExecContext(ctx, s.dialect.q(`UPDATE radvbench_schema SET version = ?`), v+1); err != nil {
			return fmt.Errorf("migrate history store to v%d: %w", v+1, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return s.classify(err)
	}
	return nil
}

// tables lists the tables of the store's database (PostgreSQL: of the
// current schema).
func (s *Store) tables(ctx context.Context, tx queryer) (map[string]bool, error) {
	q := `SELECT name FROM sqlite_master WHERE type = 'table'`
	if s.dialect.name == "postgres" {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`
	}
	rows, err := tx.QueryContext(ctx, q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out[n] = true
	}
	return out, rows.Err()
}
