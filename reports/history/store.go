// Package history keeps every benchmark run in a database, so figures can
// be followed over months: an embedded SQLite file on one machine
// (modernc.org/sqlite, pure Go) or a shared PostgreSQL server for a fleet
// (github.com/jackc/pgx/v5). Both go through database/sql with one schema,
// one set of versioned migrations and a thin dialect layer (placeholders,
// locking). A run is one process invocation of the selected benchmarks
// (results.Round); a series point is a run's median, not a sample.
package history

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
	"modernc.org/sqlite"               // database/sql driver "sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// EnvDB names the store when --db is not given.
const EnvDB = "RADVBENCH_DB"

// ErrBadStore marks a store that cannot be used as it is: not a database,
// another program's database, or a newer schema. The CLI exits 2 on it.
var ErrBadStore = errors.New("unusable history store")

// ErrNoDefaultStore: there is no default store path (no XDG_DATA_HOME and
// no home directory); the caller must name one.
var ErrNoDefaultStore = errors.New("no default history store")

// badStore wraps ErrBadStore with a one-line message.
type badStore struct{ msg string }

func (e *badStore) Error() string { return e.msg }
func (e *badStore) Is(t error) bool {
	return t == ErrBadStore
}

// Store is an open history database.
type Store struct {
	db      *sql.DB
	dialect dialect
	// DSN is what the store was opened with (for messages).
	DSN string
}

// dialect holds the few differences between the backends.
type dialect struct {
	name string // "sqlite" or "postgres"
}

// q rewrites '?' placeholders for the backend.
func (d dialect) q(query string) string {
	if d.name != "postgres" {
		return query
	}
	var b strings.Builder
	n := 0
	for _, c := range query {
		if c == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

// DefaultPath is the default SQLite store: $XDG_DATA_HOME/radvbench/
// history.db, falling back to ~/.local/share.
func DefaultPath() (string, error) {
	dir := os.Getenv("XDG_DATA_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("%w: no XDG_DATA_HOME and no home directory", ErrNoDefaultStore)
		}
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "radvbench", "history.db"), nil
}

// ResolveDSN picks the store: flag, else $RADVBENCH_DB, else the default
// SQLite file.
func ResolveDSN(flag string) (string, error) {
	if flag != "" {
		return flag, nil
	}
	if v := os.Getenv(EnvDB); v != "" {
		return v, nil
	}
	return DefaultPath()
}

// IsPostgres reports whether dsn names a PostgreSQL server.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Open opens (creating and migrating when needed) the store named by dsn:
// postgres://... or postgresql://... for PostgreSQL, anything else is a
// SQLite file path (its directory is created).
func Open(ctx context.Context, dsn string) (*Store, error) {
	s := &Store{DSN: dsn}
	var err error
	if IsPostgres(dsn) {
		s.dialect = dialect{name: "postgres"}
		s.db, err = sql.Open("pgx", dsn)
		if err != nil {
			return nil, &badStore{fmt.Sprintf("bad PostgreSQL DSN %s: %v", redact(dsn), err)}
		}
		s.db.SetMaxOpenConns(4)
	} else {
		path := strings.TrimPrefix(dsn, "sqlite://")
		if dir := filepath.Dir(path); dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, fmt.Errorf("create the history directory %s: %w", dir, err)
			}
		}
		if fi, err := os.Stat(path); err == nil && fi.IsDir() {
			return nil, &badStore{fmt.Sprintf("history store %s is a directory, not a file", path)}
		}
		s.dialect = dialect{name: "sqlite"}
		// WAL lets readers run beside one writer; immediate transactions
		// take the write lock at BEGIN, so concurrent importers queue
		// (busy_timeout) instead of failing on a lock upgrade.
		v := url.Values{}
		v.Add("_pragma", "busy_timeout(60000)")
		v.Add("_pragma", "journal_mode(WAL)")
		v.Add("_pragma", "synchronous(NORMAL)")
		v.Add("_pragma", "foreign_keys(1)")
		v.Set("_txlock", "immediate")
		// The path is a URI path: '%', '?' and '#' in it are escaped.
		uriPath := strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23").Replace(path)
		s.db, err = sql.Open("sqlite", "file:"+uriPath+"?"+v.Encode())
		if err != nil {
			return nil, fmt.Errorf("open history store %s: %w", path, err)
		}
	}
	if err := s.migrate(ctx); err != nil {
		s.db.Close()
		return nil, err
	}
	return s, nil
}

// Close closes the store.
func (s *Store) Close() error { return s.db.Close() }

// Backend is "sqlite" or "postgres".
func (s *Store) Backend() string { return s.dialect.name }

// redact hides a password in a DSN for messages.
func redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil || u.User == nil {
		return dsn
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}

// classify turns a driver error on first contact into a one-line,
// actionable message.
func (s *Store) classify(err error) error {
	msg := err.Error()
	var se *sqlite.Error // by its result code, not its text
	switch {
	case errors.As(err, &se) && (se.Code()&0xff == sqlite3.SQLITE_NOTADB || se.Code()&0xff == sqlite3.SQLITE_CORRUPT):
		return &badStore{fmt.Sprintf("%s is not a usable SQLite database (%s): it is corrupted or not a history store", s.DSN, firstLine(msg))}
	case s.dialect.name == "postgres":
		return &badStore{fmt.Sprintf("cannot use PostgreSQL store %s: %s (check that the server runs and the DSN is right)", redact(s.DSN), firstLine(msg))}
	}
	return fmt.Errorf("open history store %s: %w", s.DSN, err)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
