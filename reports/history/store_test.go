package history

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func TestImportRunsAndReimport(t *testing.T) {
	backends(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := openStore(t, dsn)
		f := fakeFile(fakeSpec{seed: 1, start: t0, medians: [][]float64{{100, 10}, {110, 11}, {90, 9}}, labels: map[string]string{"mesa": "main"}})
		f.Tool.Method = 2
		got, err := s.Import(ctx, f, "a.json")
		if err != nil {
			t.Fatal(err)
		}
		if !got.New || got.Runs != 3 {
			t.Fatalf("first import = %+v, want new with 3 runs", got)
		}
		again, err := s.Import(ctx, f, "copy-of-a.json")
		if err != nil {
			t.Fatal(err)
		}
		if again.New || again.FileID != got.FileID {
			t.Fatalf("re-import = %+v, want nothing new (same content ID %s)", again, got.FileID)
		}
		files, runs, points, err := s.Counts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if files != 1 || runs != 3 || points != 6 {
			t.Fatalf("counts = %d files, %d runs, %d points; want 1, 3, 6 (a point per run and benchmark)", files, runs, points)
		}
		series, err := s.Series(ctx, "fake/k/v=0/n=1024", Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(series) != 1 || len(series[0].Points) != 3 {
			t.Fatalf("series = %+v, want one series of 3 run points", series)
		}
		for i, want := range []float64{100, 110, 90} {
			p := series[0].Points[i]
			if !approx(p.Median, want) || p.N != 5 || !p.Started.Equal(t0.Add(time.Duration(i)*time.Hour)) {
				t.Errorf("point %d = %+v, want the run's median %g of 5 samples at hour %d", i, p, want, i)
			}
		}
		// Every fingerprint key filters.
		for _, tc := range []struct {
			f    Filter
			want int
		}{
			{Filter{Where: map[string]string{"label.mesa": "main"}}, 3},
			{Filter{Where: map[string]string{"label.mesa": "other"}}, 0},
			{Filter{Where: map[string]string{"kernel.release": "6.1.0-test", "device.driver_info": "Mesa 25.0.7"}}, 3},
			{Filter{Kernel: "6.1.0-test", Device: "llvmpipe (LLVM 19.1.7, 256 bits)"}, 3},
			{Filter{Driver: "Mesa 24"}, 0},
			{Filter{Since: t0.Add(time.Hour)}, 2},
			{Filter{Since: t0, Until: t0.Add(time.Hour)}, 1},
			{Filter{Exclude: []string{got.FileID}}, 0},
		} {
			rs, err := s.Runs(ctx, tc.f, 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(rs) != tc.want {
				t.Errorf("Runs(%+v) = %d runs, want %d", tc.f, len(rs), tc.want)
			}
		}
		// Stored runs come back as files the comparison code reads.
		rs, _ := s.Runs(ctx, Filter{}, 2)
		if len(rs) != 2 || rs[0].Round != 2 || rs[1].Round != 3 {
			t.Fatalf("newest 2 runs = %+v, want rounds 2 and 3 oldest first", rs)
		}
		fs, err := s.Files(ctx, []string{rs[0].ID, rs[1].ID})
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) != 2 || len(fs[0].Results) != 2 || fs[0].Labels["mesa"] != "main" || fs[0].Fingerprint["kernel.release"] != "6.1.0-test" {
			t.Fatalf("rebuilt file = %+v", fs[0])
		}
		if fs[0].Tool.Method != 2 || fs[0].Fingerprint["tool.method"] != "" {
			t.Errorf("rebuilt tool %+v, fingerprint tool.method %q: want method 2 in the tool, not the fingerprint", fs[0].Tool, fs[0].Fingerprint["tool.method"])
		}
		if id := fs[0].Results[0].ID(); id != "fake/k/v=0/n=1024" || !approx(fs[0].Results[0].Metric.Value, 110) || len(fs[0].Results[0].Metric.Samples) != 5 {
			t.Fatalf("rebuilt result %s = %+v", id, fs[0].Results[0].Metric)
		}
	})
}

// TestConcurrentImporters: 8 importers (each with its own connection
// pool, as 8 machines would have) import 50 runs each while also racing
// on 10 files of their neighbour: exactly 400 runs, no duplicates, no
// errors.
func TestConcurrentImporters(t *testing.T) {
	backends(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		openStore(t, dsn) // create the schema once... and also race below
		const importers, per = 8, 50
		files := make([][]*resultsfile.File, importers)
		for i := range files {
			for j := 0; j < per; j++ {
				files[i] = append(files[i], fakeFile(fakeSpec{seed: uint64(i*per + j), start: t0.Add(time.Duration(i*per+j) * time.Minute), medians: [][]float64{{float64(100 + i*per + j), 5}}}))
			}
		}
		var wg sync.WaitGroup
		errs := make(chan error, importers*(per+10))
		for i := 0; i < importers; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				s, err := Open(ctx, dsn)
				if err != nil {
					errs <- err
					return
				}
				defer s.Close()
				next := files[(i+1)%importers]
				for j := 0; j < per; j++ {
					if _, err := s.Import(ctx, files[i][j], fmt.Sprintf("imp%d-%d.json", i, j)); err != nil {
						errs <- err
					}
					if j%5 == 0 { // a duplicate of the neighbour's
						if _, err := s.Import(ctx, next[j], "dup.json"); err != nil {
							errs <- err
						}
					}
				}
			}(i)
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Errorf("import: %v", err)
		}
		s := openStore(t, dsn)
		nf, nr, np, err := s.Counts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if nf != 400 || nr != 400 || np != 800 {
			t.Fatalf("after 8x50 concurrent imports: %d files, %d runs, %d points; want 400, 400, 800", nf, nr, np)
		}
		rs, err := s.Runs(ctx, Filter{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, r := range rs {
			if seen[r.ID] {
				t.Fatalf("run %s listed twice", r.ID)
			}
			seen[r.ID] = true
		}
	})
}

// TestKilledImporterLeavesNothing kills (SIGKILL) a child process in the
// middle of its import transaction, after it wrote its rows: the store
// holds none of them, and the next import of the same file succeeds.
func TestKilledImporterLeavesNothing(t *testing.T) {
	backends(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := openStore(t, dsn)
		if _, err := s.Import(ctx, fakeFile(fakeSpec{seed: 1, start: t0, medians: [][]float64{{1}}}), "before.json"); err != nil {
			t.Fatal(err)
		}
		f := fakeFile(fakeSpec{seed: 2, start: t0.Add(time.Hour), medians: [][]float64{{1, 2, 3}, {4, 5, 6}}})
		path := filepath.Join(t.TempDir(), "victim.json")
		if err := resultsfile.Save(path, f); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperImportAndHang$", "-test.v")
		cmd.Env = append(os.Environ(), "HISTORY_HELPER_DSN="+dsn, "HISTORY_HELPER_FILE="+path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		inTx := false
		for sc.Scan() {
			if strings.Contains(sc.Text(), "IN-TRANSACTION") {
				inTx = true
				break
			}
		}
		if !inTx {
			cmd.Wait()
			t.Fatal("the helper never reached its import transaction")
		}
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()
		// A fresh store (a new process would do the same).
		s2 := openStore(t, dsn)
		nf, nr, np, err := s2.Counts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if nf != 1 || nr != 1 || np != 1 {
			t.Fatalf("after the killed import: %d files, %d runs, %d points; want only the earlier 1, 1, 1", nf, nr, np)
		}
		got, err := s2.Import(ctx, f, path)
		if err != nil || !got.New || got.Runs != 2 {
			t.Fatalf("import after the kill = %+v, %v; want the 2 runs added", got, err)
		}
	})
}

// TestHelperImportAndHang is the child of TestKilledImporterLeavesNothing.
func TestHelperImportAndHang(t *testing.T) {
	dsn := os.Getenv("HISTORY_HELPER_DSN")
	if dsn == "" {
		t.Skip("helper process only")
	}
	f, err := resultsfile.Load(os.Getenv("HISTORY_HELPER_FILE"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	testHookInImport = func() {
		fmt.Println("IN-TRANSACTION")
		os.Stdout.Sync()
		time.Sleep(time.Minute)
	}
	s.Import(context.Background(), f, "victim.json")
	t.Fatal("the parent should have killed this process")
}

func TestBadStores(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.db")
	os.WriteFile(garbage, []byte(strings.Repeat("this is not sqlite ", 400)), 0o644)
	truncated := filepath.Join(dir, "truncated.db")
	{ // a real store cut to its first 100 bytes
		p := filepath.Join(dir, "real.db")
		s, err := Open(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		s.Import(ctx, fakeFile(fakeSpec{seed: 1, start: t0, medians: [][]float64{{1}}}), "x.json")
		s.Close()
		data, _ := os.ReadFile(p)
		os.WriteFile(truncated, data[:100], 0o644)
	}
	foreign := filepath.Join(dir, "foreign.db")
	newer := filepath.Join(dir, "newer.db")
	for path, stmts := range map[string][]string{
		foreign: {"CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)"},
		newer:   {},
	} {
		if path == newer {
			s, err := Open(ctx, newer)
			if err != nil {
				t.Fatal(err)
			}
			s.Close()
			stmts = []string{fmt.Sprintf("UPDATE radvbench_schema SET version = %d", SchemaVersion+1)}
		}
		db, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range stmts {
			if _, err := db.Exec(st); err != nil {
				t.Fatal(err)
			}
		}
		db.Close()
	}
	for _, tc := range []struct{ path, want string }{
		{garbage, "not a usable SQLite database"},
		{truncated, "not a usable SQLite database"},
		{foreign, "database of another program"},
		{newer, "use a newer radvbench"},
		{dir, "is a directory"},
	} {
		s, err := Open(ctx, tc.path)
		if err == nil {
			s.Close()
			t.Errorf("Open(%s) succeeded, want an error", filepath.Base(tc.path))
			continue
		}
		if !errors.Is(err, ErrBadStore) || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Open(%s) = %q (bad store: %v), want one line with %q", filepath.Base(tc.path), err, errors.Is(err, ErrBadStore), tc.want)
		}
	}
	t.Run("postgres", func(t *testing.T) {
		dsn := pgDSN(t)
		db, err := sql.Open("pgx", dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.Exec("CREATE TABLE radvbench_runs (x INTEGER)"); err != nil {
			t.Fatal(err)
		}
		_, err = Open(ctx, dsn)
		if !errors.Is(err, ErrBadStore) || !strings.Contains(err.Error(), "another program") {
			t.Fatalf("Open(foreign PostgreSQL schema) = %v, want a bad-store error", err)
		}
		_, err = Open(ctx, "postgres://nobody@/nowhere?host=/nonexistent-dir&connect_timeout=2")
		if !errors.Is(err, ErrStoreUnavailable) || errors.Is(err, ErrBadStore) || !strings.Contains(err.Error(), "check that the server runs") ||
			!strings.Contains(err.Error(), "no such file or directory") || strings.Contains(err.Error(), "\n") {
			t.Fatalf("Open(no server) = %v, want a one-line unavailable-store error with its cause", err)
		}
	})
}

// TestMigrateFromV1: a store at schema v1 (with a run in it) is brought to
// the current version on open, its data kept.
func TestMigrateFromV1(t *testing.T) {
	backends(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		driver, src := "sqlite", dsn
		if IsPostgres(dsn) {
			driver = "pgx"
		}
		db, err := sql.Open(driver, src)
		if err != nil {
			t.Fatal(err)
		}
		stmts := append([]string{`CREATE TABLE radvbench_schema (version INTEGER NOT NULL)`, `INSERT INTO radvbench_schema (version) VALUES (1)`}, migrations[0]...)
		stmts = append(stmts, `INSERT INTO radvbench_files VALUES ('f', 'old.json', 1, 1)`,
			`INSERT INTO radvbench_runs VALUES ('f-1', 'f', 1, 5, '', 'dev', 'Mesa 1', '6.1', 'c')`,
			`INSERT INTO radvbench_points VALUES ('f-1', 's/k', 's', 'k', '', '', 'ok', 'throughput', 'GB/s', 'higher', 1, 42, 42, 42, '42')`)
		for _, st := range stmts {
			if _, err := db.Exec(st); err != nil {
				t.Fatalf("%s: %v", st, err)
			}
		}
		db.Close()
		s := openStore(t, dsn)
		var v int
		if err := s.db.QueryRow(`SELECT version FROM radvbench_schema`).Scan(&v); err != nil || v != SchemaVersion || SchemaVersion < 2 {
			t.Fatalf("after open: version %d (%v), want %d", v, err, SchemaVersion)
		}
		series, err := s.Series(ctx, "s/k", Filter{})
		if err != nil || len(series) != 1 || series[0].Points[0].Median != 42 {
			t.Fatalf("v1 data after migration: %+v %v", series, err)
		}
	})
}

// TestOddPaths: a store path with URI characters ('#', '?', '%', spaces)
// is that file, not a truncated name shared with other stores.
func TestOddPaths(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for i, name := range []string{"a#1.db", "a?b.db", "100%.db", "with space.db", "a"} {
		p := filepath.Join(dir, name)
		s, err := Open(ctx, p)
		if err != nil {
			t.Fatalf("Open(%q): %v", name, err)
		}
		got, err := s.Import(ctx, fakeFile(fakeSpec{seed: 1, start: t0, medians: [][]float64{{1}}}), "x.json")
		s.Close()
		if err != nil || !got.New {
			t.Fatalf("store %d %q: first import %+v, %v; want new (a fresh store)", i, name, got, err)
		}
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("store %q not at its path: %v", name, err)
		}
	}
}
