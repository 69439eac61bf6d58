package history

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/reports/results"
)

// EnvTestPG names the PostgreSQL server the tests use (ci/pg-test-server.sh
// starts one and sets it).
const EnvTestPG = "RADVBENCH_TEST_PG"

// backends runs fn once per backend with a fresh, empty store DSN:
// a SQLite file in a temporary directory, and a fresh schema on the
// PostgreSQL server of $RADVBENCH_TEST_PG. Without that server the
// PostgreSQL case skips, except in CI (CI=true), where it fails.
func backends(t *testing.T, fn func(t *testing.T, dsn string)) {
	t.Run("sqlite", func(t *testing.T) {
		fn(t, filepath.Join(t.TempDir(), "history.db"))
	})
	t.Run("postgres", func(t *testing.T) {
		fn(t, pgDSN(t))
	})
}

// pgDSN creates a schema of its own on the test server and returns a DSN
// whose search_path is that schema (dropped when the test ends).
func pgDSN(t testing.TB) string {
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

func openStore(t testing.TB, dsn string) *Store {
	t.Helper()
	s, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatalf("Open(%s): %v", dsn, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// fakeFile makes a results file with the given runs (rounds) of nbench
// benchmarks whose run medians are medians[run][bench] (samples spread
// around them), started at start + run hours.
type fakeSpec struct {
	seed        uint64
	start       time.Time
	medians     [][]float64
	samples     int
	labels      map[string]string
	fingerprint map[string]string
	device      string
}

func fakeFile(sp fakeSpec) *results.File {
	rng := rand.New(rand.NewPCG(sp.seed, 7))
	if sp.samples == 0 {
		sp.samples = 5
	}
	if sp.device == "" {
		sp.device = "llvmpipe (LLVM 19.1.7, 256 bits)"
	}
	f := &results.File{
		Schema:      results.Schema,
		Tool:        results.Tool{Name: "radvbench", Version: "test", Commit: "abc123"},
		Started:     sp.start,
		Suites:      []string{"fake"},
		Device:      results.Device{Name: sp.device, DriverInfo: "Mesa 25.0.7", DriverName: "llvmpipe", CPU: true},
		Labels:      sp.labels,
		Fingerprint: map[string]string{"kernel.release": "6.1.0-test", "host.name": "box"},
	}
	for k, v := range sp.fingerprint {
		f.Fingerprint[k] = v
	}
	multi := len(sp.medians) > 1
	for i := range sp.medians {
		t := sp.start.Add(time.Duration(i) * time.Hour)
		f.Rounds = append(f.Rounds, results.Round{Index: i + 1, Started: t, Finished: t.Add(time.Minute), Seed: uint64(i + 1)})
	}
	if !multi {
		f.Rounds = nil
	}
	nb := len(sp.medians[0])
	for b := 0; b < nb; b++ {
		r := results.Result{Suite: "fake", Kernel: "k", Variant: map[string]string{"v": fmt.Sprint(b)}, Params: map[string]int64{"n": 1024},
			Status: results.StatusOK, Verified: true, Metric: results.Metric{Name: "throughput", Unit: "GB/s", Better: results.HigherIsBetter}}
		for i, run := range sp.medians {
			for j := 0; j < sp.samples; j++ {
				// symmetric spread: the run's median stays medians[i][b]
				d := float64(j-sp.samples/2) * 0.001 * run[b]
				if j == sp.samples/2 {
					d = 0
				}
				r.Metric.Samples = append(r.Metric.Samples, run[b]+d+0*rng.Float64())
				if multi {
					r.SampleRounds = append(r.SampleRounds, i+1)
				}
			}
		}
		r.Metric.Value = sp.medians[0][b]
		f.Results = append(f.Results, r)
	}
	return f
}

func approx(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }
