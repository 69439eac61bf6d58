// Package historytest gives the history store's tests, and the CLI's, a
// fresh store on each backend: a SQLite file, and a schema of its own on
// the PostgreSQL server named by $RADVBENCH_TEST_PG (ci/pg-test-server.sh
// starts one). In CI (CI=true) a missing server fails the test.
package historytest

import (
	"crypto/sha256"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
	_ "modernc.org/sqlite"             // database/sql driver "sqlite"
)

// EnvTestPG names the PostgreSQL server the tests use (ci/pg-test-server.sh
// starts one and sets it).
const EnvTestPG = "RADVBENCH_TEST_PG"

// Backends runs fn once per backend with a fresh, empty store DSN:
// a SQLite file in a temporary directory, and a fresh schema on the
// PostgreSQL server of $RADVBENCH_TEST_PG. Without that server the
// PostgreSQL case skips, except in CI (CI=true), where it fails.
func Backends(t *testing.T, fn func(t *testing.T, dsn string)) {
	t.Run("sqlite", func(t *testing.T) {
		fn(t, filepath.Join(t.TempDir(), "history.db"))
	})
	t.Run("postgres", func(t *testing.T) {
		fn(t, PostgresDSN(t))
	})
}

// PostgresDSN creates a schema of its own on the test server and returns a DSN
// whose search_path is that schema (dropped when the test ends).
func PostgresDSN(t testing.TB) string {
	base := os.Getenv(EnvTestPG)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: CI must run the history tests against PostgreSQL (run them through ci/pg-test-server.sh)", EnvTestPG)
		}
		t.Skipf("%s not set: no PostgreSQL server (ci/pg-test-server.sh run go test ... starts one)", EnvTestPG)
	}
	db, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("open %s: %v", base, err)
	}
	defer db.Close()
	schema := fmt.Sprintf("t_%d_%d", time.Now().UnixNano(), rand.IntN(1_000_000))
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("create schema on the test server (%s): %v", base, err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", base)
		if err == nil {
			db.Exec("DROP SCHEMA " + schema + " CASCADE")
			db.Close()
		}
	})
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	return base + sep + "search_path=" + schema
}

// UnreachablePostgres returns two addresses where no PostgreSQL answers:
// refused, a port nothing listens on, and silent, a listener that accepts
// connections and never says a word (a connect there times out). The
// listener closes when the test ends.
func UnreachablePostgres(t testing.TB) (refused, silent string) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused = l.Addr().String()
	l.Close()
	sl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sl.Close() })
	go func() {
		var held []net.Conn
		for {
			c, err := sl.Accept()
			if err != nil {
				for _, c := range held {
					c.Close()
				}
				return
			}
			held = append(held, c)
		}
	}()
	return refused, sl.Addr().String()
}

// SQLiteExec runs statements on the SQLite file at path (making another
// program's database, or damaging a store, for a test).
func SQLiteExec(t testing.TB, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// DirDigest lists a directory's entries with the SHA-256 of their
// content, one a line: two digests differ when anything in it changed,
// appeared or vanished (the header bytes a WAL switch writes, a -wal or
// -shm file).
func DirDigest(t testing.TB, dir string) string {
	t.Helper()
	var b strings.Builder
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		fmt.Fprintf(&b, "%s %x\n", e.Name(), sha256.Sum256(data))
	}
	return b.String()
}
