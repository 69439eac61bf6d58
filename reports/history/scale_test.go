package history

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/changepoint"
)

var scaleDSN = flag.String("scale-dsn", "", "store for BenchmarkScale (a SQLite path or postgres://...); filled with 10,000 runs x 100 benchmarks when empty, reused when full")

const (
	scaleFiles   = 1000
	scaleRounds  = 10 // runs per file: 10,000 runs
	scaleBenches = 100
)

// fillScale imports 10,000 runs of 100 benchmarks (3 samples a run, noise
// CV 2%): every benchmark steps +5% at run 3,000 (the Mesa version
// changes), a quarter of them -8% at run 7,000 (the kernel changes).
func fillScale(b *testing.B, s *Store) {
	ctx := context.Background()
	_, runs, _, err := s.Counts(ctx)
	if err != nil {
		b.Fatal(err)
	}
	if runs == scaleFiles*scaleRounds {
		return
	}
	if runs != 0 {
		b.Fatalf("-scale-dsn holds %d runs: pass an empty store or a full one", runs)
	}
	start := time.Now()
	rng := rand.New(rand.NewPCG(1, 2))
	t0 := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	for fi := 0; fi < scaleFiles; fi++ {
		f := &resultsfile.File{Schema: resultsfile.Schema, Tool: resultsfile.Tool{Name: "radvbench", Commit: "abc"}, Started: t0.Add(time.Duration(fi*scaleRounds) * time.Hour),
			Device: resultsfile.Device{Name: "AMD Radeon RX 7900 XTX (RADV NAVI31)", DriverInfo: "Mesa 25.0.7"}, Fingerprint: map[string]string{"kernel.release": "6.1.0", "amdgpu.vm_fragment_size": "9"}}
		first := fi * scaleRounds
		if first >= 3000 {
			f.Device.DriverInfo = "Mesa 25.1.0"
		}
		if first >= 7000 {
			f.Fingerprint["kernel.release"] = "6.12.0"
		}
		for r := 1; r <= scaleRounds; r++ {
			at := f.Started.Add(time.Duration(r-1) * time.Hour)
			f.Rounds = append(f.Rounds, resultsfile.Round{Index: r, Started: at, Finished: at.Add(time.Minute)})
		}
		for bi := 0; bi < scaleBenches; bi++ {
			res := resultsfile.Result{Suite: "scale", Kernel: "k", Variant: map[string]string{"v": fmt.Sprintf("%03d", bi)}, Status: resultsfile.StatusOK,
				Metric: resultsfile.Metric{Name: "throughput", Unit: "GB/s", Better: resultsfile.HigherIsBetter}}
			for r := 1; r <= scaleRounds; r++ {
				run := first + r - 1
				level := 100.0 * (1 + float64(bi)/10)
				if run >= 3000 {
					level *= 1.05
				}
				if run >= 7000 && bi%4 == 0 {
					level *= 0.92
				}
				m := level * (1 + 0.02*rng.NormFloat64())
				for j := 0; j < 3; j++ {
					res.Metric.Samples = append(res.Metric.Samples, m*(1+0.003*float64(j-1)))
					res.SampleRounds = append(res.SampleRounds, r)
				}
			}
			f.Results = append(f.Results, res)
		}
		if _, err := s.Import(ctx, f, fmt.Sprintf("scale-%04d.json", fi)); err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("filled %s with %d runs x %d benchmarks in %v", s.Backend(), scaleFiles*scaleRounds, scaleBenches, time.Since(start).Round(time.Millisecond))
}

// BenchmarkScale: with -scale-dsn, 'detect' over every series of a
// 10,000-run x 100-benchmark store and one 'trend' query (one series of
// 10,000 run medians).
//
//	go test ./reports/history -run '^$' -bench Scale -benchtime 1x -scale-dsn /tmp/scale.db
func BenchmarkScale(b *testing.B) {
	if *scaleDSN == "" {
		b.Skip("pass -scale-dsn PATH or postgres://... (filled on first use)")
	}
	ctx := context.Background()
	s, err := Open(ctx, *scaleDSN)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	fillScale(b, s)
	b.Run("detect", func(b *testing.B) {
		cpu := cpuTime()
		defer func() { b.ReportMetric((cpuTime()-cpu).Seconds()/float64(b.N), "cpu-s/op") }()
		for i := 0; i < b.N; i++ {
			series, err := s.Series(ctx, "", Filter{})
			if err != nil {
				b.Fatal(err)
			}
			cps, err := s.Detect(ctx, series, changepoint.DefaultOptions())
			if err != nil {
				b.Fatal(err)
			}
			if i == 0 {
				b.ReportMetric(float64(len(series)), "series")
				b.ReportMetric(float64(len(cps)), "changepoints")
			}
		}
	})
	b.Run("trend", func(b *testing.B) {
		cpu := cpuTime()
		defer func() { b.ReportMetric(float64((cpuTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op") }()
		for i := 0; i < b.N; i++ {
			series, err := s.Series(ctx, "scale/k/v=042", Filter{})
			if err != nil || len(series) != 1 || len(series[0].Points) != scaleFiles*scaleRounds {
				b.Fatalf("trend: %v, %d series", err, len(series))
			}
		}
	})
}

// cpuTime is the process's user+system CPU time so far: on a shared
// machine it says what an operation costs when wall time does not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
