package history

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/history/historytest"
)

// TestOpenRefusesUntouched: a store that cannot be used is refused by
// both opens before anything is written: no pragma (the WAL switch
// changes the header), no table, no -wal or -shm file. A missing store
// is refused by the read-only open, and not created.
func TestOpenRefusesUntouched(t *testing.T) {
	ctx := context.Background()
	exec := historytest.SQLiteExec
	for _, tc := range []struct {
		name      string
		make      func(t *testing.T, path string)
		readOnly  bool // refused by OpenReadOnly only
		want      string
		wrong     bool // ErrWrongStore (the --db advice helps)
		unchanged bool
	}{
		{"foreign", func(t *testing.T, p string) {
			exec(t, p, "PRAGMA journal_mode=DELETE", "CREATE TABLE photos (id INTEGER PRIMARY KEY)")
		}, false, "database of another program (it has table photos and no radvbench_schema)", true, true},
		{"newer", func(t *testing.T, p string) {
			s, err := Open(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			s.Close()
			exec(t, p, "PRAGMA journal_mode=DELETE", "UPDATE radvbench_schema SET version = 99")
		}, false, "has history schema v99, this radvbench knows up to v", false, true},
		{"missing", func(t *testing.T, p string) {}, true, "history store %s does not exist", true, true},
		{"empty file", func(t *testing.T, p string) { os.WriteFile(p, nil, 0o644) }, true, "%s holds no radvbench history", true, true},
	} {
		for _, ro := range []bool{true, false} {
			if tc.readOnly && !ro {
				continue
			}
			name := tc.name + "/write"
			if ro {
				name = tc.name + "/read-only"
			}
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				p := filepath.Join(dir, "sub", "h.db")
				if tc.name != "missing" {
					os.Mkdir(filepath.Dir(p), 0o755)
				}
				tc.make(t, p)
				before := historytest.DirDigest(t, filepath.Dir(p))
				open := Open
				if ro {
					open = OpenReadOnly
				}
				s, err := open(ctx, p)
				if err == nil {
					s.Close()
					t.Fatal("opened")
				}
				want := tc.want
				if strings.Contains(want, "%s") {
					want = fmt.Sprintf(want, p)
				}
				if !errors.Is(err, ErrBadStore) || errors.Is(err, ErrWrongStore) != tc.wrong || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") || strings.Contains(err.Error(), "))") {
					t.Errorf("err = %v (wrong store %v), want a one-line bad store with %q (wrong store %v)", err, errors.Is(err, ErrWrongStore), want, tc.wrong)
				}
				// A store without history is typed, for the caller to
				// say how to import into it.
				var nh *NoHistoryError
				if noHistory := tc.name == "missing" || tc.name == "empty file"; errors.As(err, &nh) != noHistory || noHistory && (nh.Missing != (tc.name == "missing") || nh.Store != p) {
					t.Errorf("err = %v (%+v), want a *NoHistoryError for %s: %v", err, nh, p, noHistory)
				}
				if after := historytest.DirDigest(t, filepath.Dir(p)); tc.unchanged && after != before {
					t.Errorf("the store's directory changed:\n%q\n%q", before, after)
				}
			})
		}
	}
}

// TestOpenReadOnlyReads: a read-only open reads a store and refuses to
// import into it.
func TestOpenReadOnlyReads(t *testing.T) {
	backends(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := openStore(t, dsn)
		if _, err := s.Import(ctx, fakeFile(fakeSpec{seed: 1, start: t0, medians: [][]float64{{1}, {2}}}), "x.json"); err != nil {
			t.Fatal(err)
		}
		s.Close()
		r, err := OpenReadOnly(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		runs, err := r.Runs(ctx, Filter{}, 0)
		if err != nil || len(runs) != 2 {
			t.Fatalf("runs %v, %v", runs, err)
		}
		if _, err := r.Import(ctx, fakeFile(fakeSpec{seed: 2, start: t0, medians: [][]float64{{1}}}), "y.json"); err == nil {
			t.Fatal("a read-only store imported")
		}
	})
	t.Run("postgres empty schema", func(t *testing.T) {
		dsn := pgDSN(t)
		_, err := OpenReadOnly(context.Background(), dsn)
		if !errors.Is(err, ErrWrongStore) || !strings.Contains(err.Error(), "holds no radvbench history") {
			t.Fatalf("OpenReadOnly(empty schema) = %v", err)
		}
		db, _ := sql.Open("pgx", dsn)
		defer db.Close()
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema()`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("the read-only open created %d tables (%v)", n, err)
		}
	})
}

// TestLockedStore: a store another process holds locked past the busy
// timeout is unavailable (exit 1), not bad, and says so.
func TestLockedStore(t *testing.T) {
	defer func(d time.Duration) { busyTimeout = d }(busyTimeout)
	busyTimeout = 50 * time.Millisecond
	ctx := context.Background()
	p := filepath.Join(t.TempDir(), "h.db")
	openStore(t, p).Close()
	db, err := sql.Open("sqlite", p)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN EXCLUSIVE"); err != nil {
		t.Fatal(err)
	}
	defer conn.ExecContext(ctx, "ROLLBACK")
	s, err := Open(ctx, p)
	if err == nil {
		_, err = s.Import(ctx, fakeFile(fakeSpec{seed: 1, start: t0, medians: [][]float64{{1}}}), "x.json")
		s.Close()
	}
	if !errors.Is(err, ErrStoreUnavailable) || errors.Is(err, ErrBadStore) || !strings.Contains(err.Error(), "locked") {
		t.Fatalf("a locked store: %v, want ErrStoreUnavailable saying it is locked", err)
	}
}

// TestPostgresCause: a PostgreSQL store that cannot be reached keeps the
// driver's whole cause, on one line: refused and timed out are
// unavailable (exit 1), an unknown host is a wrong store (exit 2).
func TestPostgresCause(t *testing.T) {
	closed, silent := historytest.UnreachablePostgres(t)
	for _, tc := range []struct {
		name, dsn string
		want      error
		cause     string
	}{
		{"refused", "postgres://u@" + closed + "/x", ErrStoreUnavailable, "connection refused"},
		{"unknown host", "postgres://u@no-such-host.invalid/x", ErrWrongStore, "no-such-host.invalid"},
		{"timeout", "postgres://u@" + silent + "/x?connect_timeout=1", ErrStoreUnavailable, "timeout"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, open := range []func(context.Context, string) (*Store, error){Open, OpenReadOnly} {
				_, err := open(context.Background(), tc.dsn)
				if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.cause) || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "failed to connect to `user=u database=x`: ") {
					t.Errorf("err = %v, want %v with %q on one line", err, tc.want, tc.cause)
				}
			}
		})
	}
}

// TestOneLine: pgx's multi-line connect error becomes one line with every
// cause.
func TestOneLine(t *testing.T) {
	err := errors.New("failed to connect to `user=u database=x`:\n\t127.0.0.1:5432 (localhost): dial error: connection refused\n\t[::1]:5432 (localhost): dial error: connection refused")
	want := "failed to connect to `user=u database=x`: 127.0.0.1:5432 (localhost): dial error: connection refused; [::1]:5432 (localhost): dial error: connection refused"
	if got := oneLine(err); got != want {
		t.Errorf("oneLine =\n%q\nwant\n%q", got, want)
	}
}

// TestImportABRounds: an A/B file as 'run --config' writes it numbers
// each configuration's rounds from 1; each (configuration, round) is a
// run of its own (they collided on one run ID: UNIQUE constraint, exit 1).
func TestImportABRounds(t *testing.T) {
	f, err := resultsfile.Load(filepath.Join("..", "compare", "testdata", "ab.json"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range f.Rounds {
		f.Rounds[i].Index = (f.Rounds[i].Index + 1) / 2 // A1 B1 A2 B2 A3 B3
	}
	for i := range f.Results {
		r := &f.Results[i]
		r.Runs = nil
		for j := range r.SampleRounds {
			r.SampleRounds[j] = (r.SampleRounds[j] + 1) / 2
		}
	}
	if err := resultsfile.Validate(f, "ab.json"); err != nil {
		t.Fatal(err)
	}
	backends(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := openStore(t, dsn)
		defer s.Close()
		got, err := s.Import(ctx, f, "ab.json")
		if err != nil || got.Runs != 6 {
			t.Fatalf("import: %+v, %v", got, err)
		}
		def := "default"
		runs, err := s.Runs(ctx, Filter{Config: &def}, 0)
		if err != nil || len(runs) != 3 {
			t.Fatalf("runs of config default: %d, %v", len(runs), err)
		}
		for _, r := range runs {
			if r.Benchmarks != 2 {
				t.Errorf("run %s holds %d benchmarks, want 2", r.ID, r.Benchmarks)
			}
		}
	})
}
