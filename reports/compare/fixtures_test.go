package compare

import (
	"bytes"
	"github.com/radvbench/radvbench/reports/pairing"
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
	"github.com/radvbench/radvbench/internal/golden"
)

// normalSamples draws n samples around median with coefficient of
// variation cv from a seeded generator.
func normalSamples(rng *rand.Rand, median, cv float64, n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = median * (1 + cv*rng.NormFloat64())
	}
	return xs
}

// bench describes one synthetic benchmark: its per-dispatch time and
// noise; the metric is derived from the time like the runner does.
type bench struct {
	suite, kernel string
	variant       map[string]string
	params        map[string]int64
	config        string
	status        string
	reason        string
	ns, cv        float64 // median per-dispatch time and its CV within a run
	n             int     // samples a run
	// runs is the number of runs (1: an old single-run result without
	// sample rounds); between the run-to-run CV of the time; rounds the
	// round indices of the runs (default 1..runs).
	runs    int
	between float64
	rounds  []int
	metric  string // "gflops", "gbps" or "latency"
	work    float64
}

func (b bench) result(rng *rand.Rand) resultsfile.Result {
	r := resultsfile.Result{Suite: b.suite, Kernel: b.kernel, Variant: b.variant, Params: b.params, Config: b.config,
		Status: b.status, Reason: b.reason}
	if r.Status == "" {
		r.Status = resultsfile.StatusOK
	}
	switch b.metric {
	case "gflops":
		r.Metric = resultsfile.Metric{Name: "throughput", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter}
	case "gbps":
		r.Metric = resultsfile.Metric{Name: "bandwidth", Unit: "GB/s", Better: resultsfile.HigherIsBetter}
	default:
		r.Metric = resultsfile.Metric{Name: "latency", Unit: "ns", Better: resultsfile.LowerIsBetter}
	}
	if r.Status != resultsfile.StatusOK {
		r.Verified = false
		if r.Status == resultsfile.StatusFailed {
			r.Verify = map[string]float64{"max_abs_error": 3.5, "tolerance": 0.001}
		}
		return r
	}
	r.Verified = true
	r.Clock = "gpu-timestamp"
	r.Repeats = 8
	runs := max(b.runs, 1)
	var ns []float64
	for k := range runs {
		f := math.Exp(b.between * rng.NormFloat64())
		for _, t := range normalSamples(rng, b.ns*f, b.cv, b.n) {
			ns = append(ns, math.Round(t*10)/10)
			if runs > 1 {
				rd := k + 1
				if b.rounds != nil {
					rd = b.rounds[k]
				}
				r.SampleRounds = append(r.SampleRounds, rd)
			}
		}
	}
	r.SamplesNS = ns
	for _, t := range ns {
		v := t
		if b.metric != "latency" {
			v = b.work / t // work per ns = G-units per second
		}
		r.Metric.Samples = append(r.Metric.Samples, math.Round(v*1e4)/1e4)
	}
	s := stats.Summarize(r.Metric.Samples)
	r.Metric.Value = s.Median
	if !math.IsInf(s.Low, 0) {
		r.CI = resultsfile.CI{Low: s.Low, High: s.High, Level: stats.Confidence}
	}
	r.CV = math.Round(s.CV*1e5) / 1e5
	r.DurationS = 0.5 * float64(runs)
	rounds, groups := r.RunSamples()
	if runs > 1 {
		for i, g := range groups {
			r.Runs = append(r.Runs, resultsfile.RunSummary{Round: rounds[i], N: len(g), Median: stats.Median(g)})
		}
	}
	return r
}

func gemm(kernel string, n int64, ns, cv float64) bench {
	return bench{suite: "matmul", kernel: kernel, variant: map[string]string{"tile": "16x16"},
		params: map[string]int64{"m": n, "n": n, "k": n}, ns: ns, cv: cv, n: 20, runs: 5, between: 0.005, metric: "gflops",
		work: 2 * float64(n*n*n)}
}

func radvDevice() resultsfile.Device {
	return resultsfile.Device{Name: "AMD Radeon RX 7900 XTX (RADV NAVI31)", VendorID: 0x1002, DeviceID: 0x744c, Type: "discrete-gpu",
		DriverID: "MESA_RADV", DriverName: "radv", DriverInfo: "Mesa 25.0.4", DriverVersion: "25.0.4", APIVersion: "1.4.305",
		TimestampPeriodNS: 10, TimestampValidBits: 64, SubgroupSize: 64}
}

func lvpDevice() resultsfile.Device {
	return resultsfile.Device{Name: "llvmpipe (LLVM 19.1.4, 256 bits)", VendorID: 0x10005, Type: "cpu",
		DriverID: "MESA_LLVMPIPE", DriverName: "llvmpipe", DriverInfo: "Mesa 25.0.4 (LLVM 19.1.4)", DriverVersion: "25.0.4",
		APIVersion: "1.4.305", TimestampPeriodNS: 1, TimestampValidBits: 64, SubgroupSize: 8, CPU: true}
}

func file(dev resultsfile.Device, seed uint64, benches ...bench) *resultsfile.File {
	rng := rand.New(rand.NewPCG(seed, 42))
	f := &resultsfile.File{Schema: resultsfile.Schema,
		Tool:    resultsfile.Tool{Name: "radvbench", Version: "0.1.0-dev", Commit: "570bafa"},
		Started: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), Suites: []string{"matmul", "memory", "latency"},
		Device: dev, Shaders: map[string]string{"gemm_tiled.comp": "3f1c0a", "gemm_naive.comp": "9b2e11"}}
	runs := 1
	for _, b := range benches {
		f.Results = append(f.Results, b.result(rng))
		runs = max(runs, b.runs)
	}
	f.Rounds = runRounds(f.Started, runs, "")
	return f
}

// runRounds describes n runs of a file (none for a single run).
func runRounds(start time.Time, n int, config string) []resultsfile.Round {
	if n < 2 {
		return nil
	}
	var out []resultsfile.Round
	for i := range n {
		t := start.Add(time.Duration(i) * time.Minute)
		out = append(out, resultsfile.Round{Index: i + 1, Config: config, Started: t, Finished: t.Add(50 * time.Second)})
	}
	return out
}

// fixtures builds every synthetic results file under testdata/, by name.
func fixtures() map[string]*resultsfile.File {
	copyB := func(cv float64) bench {
		return bench{suite: "memory", kernel: "copy", variant: map[string]string{"width": "vec4"},
			params: map[string]int64{"bytes": 1 << 26}, ns: 1.0e6, cv: cv, n: 20, runs: 5, between: 0.005, metric: "gbps", work: 2 * (1 << 26)}
	}
	lat := func(ns float64) bench {
		return bench{suite: "latency", kernel: "roundtrip", params: map[string]int64{}, ns: ns, cv: 0.01, n: 30, runs: 5, between: 0.005, metric: "latency"}
	}
	fp16 := bench{suite: "matmul", kernel: "gemm_fp16", variant: map[string]string{"tile": "16x16"},
		params: map[string]int64{"m": 1024, "n": 1024, "k": 1024}, status: resultsfile.StatusSkipped,
		reason: "device lacks shaderFloat16", metric: "gflops"}

	base := file(radvDevice(), 1,
		gemm("gemm_naive", 1024, 2.0e6, 0.01),
		gemm("gemm_tiled", 1024, 0.5e6, 0.01),
		gemm("gemm_tiled", 2048, 3.6e6, 0.01),
		copyB(0.01), lat(12000), fp16,
		gemm("gemm_regblock", 1024, 0.4e6, 0.01),
	)
	// new (5 runs a side, runs wandering by 0.5%): gemm_tiled 1024 10%
	// slower (regression), 2048 6% slower (regression), copy's runs
	// wander by 6% (unsure), latency 8% faster (improvement),
	// gemm_regblock failed verification, gemm_naive 4096 added.
	noisyCopy := copyB(0.02)
	noisyCopy.between = 0.06
	failed := gemm("gemm_regblock", 1024, 0, 0)
	failed.status, failed.reason = resultsfile.StatusFailed, "verification failed: max abs error 3.5 > tolerance 0.001"
	newer := file(radvDevice(), 2,
		gemm("gemm_naive", 1024, 2.0e6, 0.01),
		gemm("gemm_tiled", 1024, 0.55e6, 0.01),
		gemm("gemm_tiled", 2048, 3.816e6, 0.01),
		noisyCopy, lat(11040), fp16,
		failed,
		gemm("gemm_naive", 4096, 128e6, 0.01),
	)
	newer.Started = newer.Started.Add(24 * time.Hour)
	newer.Shaders["gemm_tiled.comp"] = "77aa00"

	// One file, two A/B configurations run interleaved, 3 rounds each
	// (A B A B A B): each configuration's rounds are its runs.
	ab := file(radvDevice(), 3)
	ab.Configs = []resultsfile.Config{{Name: "default"}, {Name: "wave32", Env: map[string]string{"RADV_PERFTEST": "cswave32"}}}
	rng := rand.New(rand.NewPCG(3, 3))
	for i := range 6 {
		cfg := ab.Configs[i%2].Name
		t := ab.Started.Add(time.Duration(i) * time.Minute)
		ab.Rounds = append(ab.Rounds, resultsfile.Round{Index: i + 1, Config: cfg, Started: t, Finished: t.Add(50 * time.Second)})
	}
	for ci, cfg := range []struct {
		name  string
		scale float64
	}{{"default", 1}, {"wave32", 0.9}} {
		for _, b := range []bench{gemm("gemm_tiled", 1024, 0.5e6, 0.01), gemm("gemm_naive", 1024, 2.0e6, 0.01)} {
			b.config = cfg.name
			b.runs, b.rounds = 3, []int{ci + 1, ci + 3, ci + 5}
			if b.kernel == "gemm_tiled" {
				b.ns *= cfg.scale
			}
			ab.Results = append(ab.Results, b.result(rng))
		}
	}

	// Runs labelled by configuration and fingerprinted by boot parameter.
	// Each a file of 3 runs.
	run := func(seed uint64, label, frag string, scale float64) *resultsfile.File {
		g, c := gemm("gemm_tiled", 1024, 0.5e6*scale, 0.01), copyB(0.01)
		g.runs, c.runs = 3, 3
		f := file(radvDevice(), seed, g, c)
		f.Labels = map[string]string{"config": label, "host": "ci-navi31"}
		f.Fingerprint = map[string]string{"amdgpu.vm_fragment_size": frag, "kernel.release": "6.12.9", "driver.info": "Mesa 25.0.4"}
		return f
	}
	// An old single-run file (no rounds, no sample rounds).
	lg, ll := gemm("gemm_tiled", 1024, 40e6, 0.02), lat(52000)
	lg.runs, ll.runs = 1, 1
	lvp := file(lvpDevice(), 9, lg, ll)
	lvp.Quick = true

	return map[string]*resultsfile.File{
		"base.json":   base,
		"new.json":    newer,
		"ab.json":     ab,
		"run-a1.json": run(11, "stock", "4", 1),
		"run-a2.json": run(12, "stock", "4", 1),
		"run-b1.json": run(13, "frag9", "9", 0.95),
		"run-b2.json": run(14, "frag9", "9", 0.95),
		"run-c1.json": run(15, "frag2", "2", 1.2),
		"lvp.json":    lvp,
	}
}

// loadFixture reads a results file from testdata/ after checking that it
// is what its generator in fixtures writes (rewriting it under -update).
func loadFixture(t *testing.T, name string) pairing.Input {
	t.Helper()
	path := filepath.Join("testdata", name)
	f, ok := fixtures()[name]
	if !ok {
		t.Fatalf("no fixture %s", name)
	}
	var buf bytes.Buffer
	if err := resultsfile.Encode(&buf, f); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, path, buf.Bytes())
	disk, err := resultsfile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return pairing.Input{Name: name, File: disk}
}

// goldenOut compares got with testdata/golden/NAME (see golden.Check).
func goldenOut(t *testing.T, name string, got []byte) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", "golden", name), got)
}

// TestFixturesUpToDate: every committed fixture is byte for byte what its
// generator writes.
func TestFixturesUpToDate(t *testing.T) {
	for name := range fixtures() {
		loadFixture(t, name)
	}
}
