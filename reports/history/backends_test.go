package history

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/history/historytest"
)

// backends runs fn once per backend (historytest.Backends).
func backends(t *testing.T, fn func(t *testing.T, dsn string)) { historytest.Backends(t, fn) }

func pgDSN(t testing.TB) string { return historytest.PostgresDSN(t) }

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

func fakeFile(sp fakeSpec) *resultsfile.File {
	rng := rand.New(rand.NewPCG(sp.seed, 7))
	if sp.samples == 0 {
		sp.samples = 5
	}
	if sp.device == "" {
		sp.device = "llvmpipe (LLVM 19.1.7, 256 bits)"
	}
	f := &resultsfile.File{
		Schema:      resultsfile.Schema,
		Tool:        resultsfile.Tool{Name: "radvbench", Version: "test", Commit: "abc123"},
		Started:     sp.start,
		Suites:      []string{"fake"},
		Device:      resultsfile.Device{Name: sp.device, DriverInfo: "Mesa 25.0.7", DriverName: "llvmpipe", CPU: true},
		Labels:      sp.labels,
		Fingerprint: map[string]string{"kernel.release": "6.1.0-test", "host.name": "box"},
	}
	for k, v := range sp.fingerprint {
		f.Fingerprint[k] = v
	}
	multi := len(sp.medians) > 1
	for i := range sp.medians {
		t := sp.start.Add(time.Duration(i) * time.Hour)
		f.Rounds = append(f.Rounds, resultsfile.Round{Index: i + 1, Started: t, Finished: t.Add(time.Minute), Seed: uint64(i + 1)})
	}
	if !multi {
		f.Rounds = nil
	}
	nb := len(sp.medians[0])
	for b := 0; b < nb; b++ {
		r := resultsfile.Result{Suite: "fake", Kernel: "k", Variant: map[string]string{"v": fmt.Sprint(b)}, Params: map[string]int64{"n": 1024},
			Status: resultsfile.StatusOK, Verified: true, Metric: resultsfile.Metric{Name: "throughput", Unit: "GB/s", Better: resultsfile.HigherIsBetter}}
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
