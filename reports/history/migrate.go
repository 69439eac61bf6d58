package history

import (
	"context"
	"database/sql"
	"fmt"
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
}

// SchemaVersion is the schema this build writes.
var SchemaVersion = len(migrations)

// pgLockKey serialises migrations between processes on one server.
const pgLockKey = 0x72616476 // "radv"

// migrate brings the store to SchemaVersion in one transaction, refusing a
// foreign database or a newer schema.
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
	tables, err := s.tables(ctx, tx)
	if err != nil {
		return s.classify(err)
	}
	if !tables["radvbench_schema"] {
		var foreign []string
		for t := range tables {
			if s.dialect.name == "sqlite" || strings.HasPrefix(t, "radvbench_") {
				foreign = append(foreign, t)
			}
		}
		if len(foreign) > 0 {
			return &badStore{fmt.Sprintf("%s is a database of another program (it has table %s and no radvbench_schema))", redact(s.DSN), foreign[0])}
		}
		if _, err := tx.ExecContext(ctx, `CREATE TABLE radvbench_schema (version INTEGER NOT NULL)`); err != nil {
			return s.classify(err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO radvbench_schema (version) VALUES (0)`); err != nil {
			return s.classify(err)
		}
	}
	var version int
	if err := tx.QueryRowContext(ctx, `SELECT version FROM radvbench_schema`).Scan(&version); err != nil {
		return &badStore{fmt.Sprintf("%s: unreadable schema version (%v): the store is damaged", redact(s.DSN), err)}
	}
	if version > SchemaVersion {
		return &badStore{fmt.Sprintf("%s has history schema v%d, this radvbench knows up to v%d: use a newer radvbench", redact(s.DSN), version, SchemaVersion)}
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
func (s *Store) tables(ctx context.Context, tx *sql.Tx) (map[string]bool, error) {
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
