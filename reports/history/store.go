// Package history keeps every benchmark run in a database, so figures can
// be followed over months: an embedded SQLite file on one machine
// (modernc.org/sqlite, pure Go) or a shared PostgreSQL server for a fleet
// (github.com/jackc/pgx/v5). Both go through database/sql with one schema,
// one set of versioned migrations and a thin dialect layer (placeholders,
// locking). A run is one process invocation of the selected benchmarks
// (resultsfile.Round); a series point is a run's median, not a sample.
package history

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
	"modernc.org/sqlite"               // database/sql driver "sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// EnvDB names the store when --db is not given.
const EnvDB = "RADVBENCH_DB"

// ErrBadStore marks a store that cannot be used as it is: it does not
// exist (for a command that only reads), it is not a database, another
// program's database, a newer schema, or read-only for a command that
// writes. The CLI exits 2 on it.
var ErrBadStore = errors.New("unusable history store")

// ErrWrongStore marks the bad stores that are most likely not the store
// meant: missing, not a database, another program's, a directory, a
// PostgreSQL DSN naming an unknown host, user or database. Choosing
// another store (--db, RADVBENCH_DB) is the advice for these, and only
// these. Every ErrWrongStore is an ErrBadStore.
var ErrWrongStore = errors.New("wrong history store")

// ErrStoreUnavailable marks a store that exists but cannot be used now:
// a PostgreSQL server that refuses or does not answer, a SQLite file
// another process holds locked. Retrying may help; the CLI exits 1.
var ErrStoreUnavailable = errors.New("history store unavailable")

// ErrNoDefaultStore: there is no default store path (no XDG_DATA_HOME and
// no home directory); the caller must name one.
var ErrNoDefaultStore = errors.New("no default history store")

// badStore wraps ErrBadStore (and, when wrong is set, ErrWrongStore) with
// a one-line message.
type badStore struct {
	msg   string
	wrong bool
	cause error // the driver's error, if any
}

func (e *badStore) Error() string { return e.msg }
func (e *badStore) Unwrap() error { return e.cause }
func (e *badStore) Is(t error) bool {
	return t == ErrBadStore || t == ErrWrongStore && e.wrong
}

// NoHistoryError is a store that holds no history yet: a SQLite file that
// does not exist (for a command that only reads), or a database without
// radvbench's tables. Results must be imported into it first, or it is
// not the store meant (errors.Is ErrBadStore and ErrWrongStore). Which
// command imports is the caller's to say.
type NoHistoryError struct {
	// Store names the store as messages show it (a PostgreSQL DSN
	// without its password).
	Store string
	// Missing: the SQLite file does not exist (else it holds no history).
	Missing bool
}

func (e *NoHistoryError) Error() string {
	if e.Missing {
		return fmt.Sprintf("history store %s does not exist", e.Store)
	}
	return fmt.Sprintf("%s holds no radvbench history", e.Store)
}

func (e *NoHistoryError) Is(t error) bool { return t == ErrBadStore || t == ErrWrongStore }

// unavailable wraps ErrStoreUnavailable with a one-line message.
type unavailable struct{ msg string }

func (e *unavailable) Error() string   { return e.msg }
func (e *unavailable) Is(t error) bool { return t == ErrStoreUnavailable }

// Store is an open history database.
type Store struct {
	db      *sql.DB
	dialect dialect
	// DSN is what the store was opened with (for messages).
	DSN string
	// path is a SQLite store's file; readOnly is set by OpenReadOnly.
	path     string
	readOnly bool
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

// Open opens the store named by dsn for reading and writing, creating
// and migrating it when needed: postgres://... or postgresql://... for
// PostgreSQL, anything else is a SQLite file path (its directory is
// created). Before anything is changed (a pragma, the WAL switch, a
// migration) the store is inspected read-only: another program's
// database, a newer schema and a read-only store are refused untouched.
func Open(ctx context.Context, dsn string) (*Store, error) {
	return open(ctx, dsn, false)
}

// OpenReadOnly opens an existing store for the commands that only read:
// nothing is created (a missing store is an ErrWrongStore error naming
// the path) and nothing is changed. A SQLite store in a read-only
// directory, or a read-only file, is read as it is.
func OpenReadOnly(ctx context.Context, dsn string) (*Store, error) {
	return open(ctx, dsn, true)
}

// OpenNamed opens the store name picks (ResolveDSN: name, else
// $RADVBENCH_DB, else the default SQLite file): read-only as OpenReadOnly
// does, else as Open does. Each error is one of theirs or ResolveDSN's.
func OpenNamed(ctx context.Context, name string, readOnly bool) (*Store, error) {
	dsn, err := ResolveDSN(name)
	if err != nil {
		return nil, err
	}
	return open(ctx, dsn, readOnly)
}

func open(ctx context.Context, dsn string, readOnly bool) (*Store, error) {
	s := &Store{DSN: dsn, readOnly: readOnly}
	if IsPostgres(dsn) {
		s.dialect = dialect{name: "postgres"}
		db, err := sql.Open("pgx", dsn)
		if err != nil {
			return nil, &badStore{msg: fmt.Sprintf("bad PostgreSQL DSN %s: %v", redact(dsn), oneLine(err)), wrong: true}
		}
		db.SetMaxOpenConns(4)
		s.db = db
		if readOnly {
			err = s.check(ctx)
		} else {
			err = s.migrate(ctx)
		}
		if err != nil {
			db.Close()
			return nil, err
		}
		return s, nil
	}
	s.dialect = dialect{name: "sqlite"}
	path := strings.TrimPrefix(dsn, "sqlite://")
	s.path = path
	st, statErr := os.Stat(path)
	switch {
	case statErr == nil && st.IsDir():
		return nil, &badStore{msg: fmt.Sprintf("history store %s is a directory, not a file", path), wrong: true}
	case errors.Is(statErr, os.ErrNotExist) && readOnly:
		return nil, &NoHistoryError{Store: path, Missing: true}
	case statErr != nil && !errors.Is(statErr, os.ErrNotExist):
		return nil, fmt.Errorf("history store %s: %w", path, statErr)
	}
	dir := filepath.Dir(path)
	if readOnly {
		db, err := s.openSQLiteRO(ctx, path)
		if err != nil {
			return nil, err
		}
		s.db = db
		return s, nil
	}
	if statErr == nil {
		// An existing file: inspect it read-only before any pragma or
		// migration can write to it.
		if err := writable(path); err != nil {
			return nil, &badStore{msg: fmt.Sprintf("history store %s is read-only (%v): the commands that only read it work; to import, use a writable copy or fix its permissions", path, err)}
		}
		if err := writable(dir); err != nil {
			return nil, &badStore{msg: fmt.Sprintf("history store %s is in a read-only directory %s (%v): SQLite writes its journal beside the store; the commands that only read it work, to import use a writable copy or directory", path, dir, err)}
		}
		ro, err := s.openSQLiteRO(ctx, path)
		if err != nil {
			return nil, err
		}
		ro.Close()
	} else {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("create the history directory %s: %w", dir, err)
		}
		if err := writable(dir); err != nil {
			return nil, &badStore{msg: fmt.Sprintf("cannot create history store %s: its directory %s is read-only (%v)", path, dir, err)}
		}
	}
	// WAL lets readers run beside one writer; immediate transactions
	// take the write lock at BEGIN, so concurrent importers queue
	// (busy_timeout) instead of failing on a lock upgrade.
	v := url.Values{}
	v.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	v.Add("_pragma", "journal_mode(WAL)")
	v.Add("_pragma", "synchronous(NORMAL)")
	v.Add("_pragma", "foreign_keys(1)")
	v.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", sqliteURI(path, v))
	if err != nil {
		return nil, fmt.Errorf("open history store %s: %w", path, err)
	}
	s.db = db
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// busyTimeout is how long a SQLite command waits for another process's
// lock before it gives up (tests shorten it).
var busyTimeout = 60 * time.Second

// sqliteURI is the file: URI of path with the query v. The path is a URI
// path: '%', '?' and '#' in it are escaped.
func sqliteURI(path string, v url.Values) string {
	uriPath := strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23").Replace(path)
	return "file:" + uriPath + "?" + v.Encode()
}

// openSQLiteRO opens an existing SQLite store read-only (mode=ro: no
// pragma that writes, no WAL switch, no migration) and checks that it is
// a radvbench store this build can read. In a read-only directory, where
// SQLite cannot create the shared-memory file a WAL store needs, it opens
// the file as immutable (no locks: nobody can write there anyway).
func (s *Store) openSQLiteRO(ctx context.Context, path string) (*sql.DB, error) {
	var lastErr error
	for _, immutable := range []bool{false, true} {
		v := url.Values{}
		v.Set("mode", "ro")
		if immutable {
			v.Set("immutable", "1")
		}
		v.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
		db, err := sql.Open("sqlite", sqliteURI(path, v))
		if err != nil {
			return nil, fmt.Errorf("open history store %s: %w", path, err)
		}
		db.SetMaxOpenConns(4)
		prev := s.db
		s.db = db
		err = s.check(ctx)
		s.db = prev
		if err == nil {
			return db, nil
		}
		db.Close()
		lastErr = err
		if immutable || !cannotOpen(err) {
			break
		}
	}
	return nil, lastErr
}

// cannotOpen reports whether err is SQLite failing to open or lock a file
// (SQLITE_CANTOPEN, SQLITE_READONLY): what a read-only directory gives a
// WAL store opened with mode=ro.
func cannotOpen(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	c := se.Code() & 0xff
	return c == sqlite3.SQLITE_CANTOPEN || c == sqlite3.SQLITE_READONLY
}

// writable reports (as an error) whether this process may write path:
// access(2) with W_OK, which honours read-only mounts and immutable files
// even for root.
func writable(path string) error {
	if err := syscall.Access(path, 2 /* W_OK */); err != nil {
		return err
	}
	return nil
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
// actionable message: the driver's whole cause (pgx puts each address it
// tried on a line of its own), and whether the store is wrong (exit 2:
// not a database, an unknown host, user or database) or unavailable
// (exit 1: refused, timed out, locked).
func (s *Store) classify(err error) error {
	msg := oneLine(err)
	var se *sqlite.Error // by its result code, not its text
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT:
			return &badStore{msg: fmt.Sprintf("%s is not a usable SQLite database (%s): it is corrupted or not a history store", s.DSN, msg), wrong: true, cause: err}
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return &unavailable{fmt.Sprintf("history store %s is locked by another process (%s): wait for it to finish, then retry", s.DSN, msg)}
		case sqlite3.SQLITE_READONLY:
			return &badStore{msg: fmt.Sprintf("history store %s is read-only (%s)", s.DSN, msg), cause: err}
		}
		return fmt.Errorf("open history store %s: %w", s.DSN, err)
	}
	if s.dialect.name != "postgres" {
		return fmt.Errorf("open history store %s: %w", s.DSN, err)
	}
	var dns *net.DNSError
	var pe *pgconn.PgError
	var pce *pgconn.ParseConfigError
	switch {
	case errors.As(err, &pce):
		return &badStore{msg: fmt.Sprintf("bad PostgreSQL DSN %s: %s", redact(s.DSN), msg), wrong: true}
	case errors.As(err, &dns):
		return &badStore{msg: fmt.Sprintf("cannot use PostgreSQL store %s: %s (the host name is not known: check the DSN)", redact(s.DSN), msg), wrong: true}
	case errors.As(err, &pe) && (pe.Code == "28P01" || pe.Code == "28000" || pe.Code == "3D000"):
		return &badStore{msg: fmt.Sprintf("cannot use PostgreSQL store %s: %s (check the user, password and database in the DSN)", redact(s.DSN), msg), wrong: true}
	case errors.As(err, &pe):
		return fmt.Errorf("PostgreSQL store %s: %s", redact(s.DSN), msg)
	}
	return &unavailable{fmt.Sprintf("cannot reach PostgreSQL store %s: %s (check that the server runs and the DSN is right)", redact(s.DSN), msg)}
}

// oneLine is err's whole text on one line: pgx's connect error lists each
// address it tried on a line of its own, indented; those become
// "; "-separated parts, and a line ending in ':' runs on into the next.
func oneLine(err error) string {
	var b strings.Builder
	for _, line := range strings.Split(err.Error(), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if b.Len() > 0 {
			if strings.HasSuffix(b.String(), ":") {
				b.WriteByte(' ')
			} else {
				b.WriteString("; ")
			}
		}
		b.WriteString(line)
	}
	return b.String()
}
