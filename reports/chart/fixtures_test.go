package chart

import (
	"bytes"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/golden"
	"github.com/radvbench/radvbench/reports/pairing"
)

// The synthetic fixtures: two runs on an RX 7900 XTX (device-table SKU, so
// the roofline has roofs) of matmul and a memory suite; regress.json is
// base.json with matmul/regblock wg16x16-t4x4-k16 at 1024³ 10% slower and
// matmul/tiled at 2048³ 8% faster. matmul-lvp.json is a real
// 'run --suite matmul --quick' on lavapipe, trimmed to 40 samples per
// benchmark and without the device's extension list.
const (
	fixBase    = "testdata/base.json"
	fixRegress = "testdata/regress.json"
	fixLVP     = "testdata/matmul-lvp.json"
)

func sku() *resultsfile.SKU {
	return &resultsfile.SKU{Name: "Radeon RX 7900 XTX", GFX: "gfx1100", CUs: 96, BoostMHz: 2500, BandwidthGB: 960, FP32TFLOPS: 61.4, FP16TFLOPS: 122.8}
}

type fixBench struct {
	kernel  string
	variant map[string]string
	params  map[string]int64
	unit    string
	value   float64 // median throughput
	extra   map[string]float64
	status  string
}

func gemmBenches() []fixBench {
	var out []fixBench
	type v struct {
		kernel, name string
		eff          float64 // fraction of a size-dependent ceiling
	}
	vs := []v{
		{"naive", "wg16x16", 0.06},
		{"tiled", "tile16", 0.18},
		{"regblock", "wg16x16-t4x4-k16", 0.42},
		{"regblock", "wg16x16-t8x8-k8", 0.55},
		{"f16arith", "wg16x16-t4x4-k16", 0.70},
	}
	for _, x := range vs {
		for _, n := range []int64{256, 512, 1024, 2048} {
			ramp := float64(n) / (float64(n) + 400) // small sizes do not fill the GPU
			b := fixBench{kernel: x.kernel, variant: map[string]string{"name": x.name}, params: map[string]int64{"M": n, "N": n, "K": n},
				unit: "GFLOP/s", value: 40000 * x.eff * ramp}
			out = append(out, b)
		}
	}
	// A variant the device cannot run.
	out = append(out, fixBench{kernel: "f16storage", variant: map[string]string{"name": "wg16x16-t4x4-k16"},
		params: map[string]int64{"M": 1024, "N": 1024, "K": 1024}, unit: "GFLOP/s", status: resultsfile.StatusSkipped})
	return out
}

func memBenches() []fixBench {
	var out []fixBench
	for _, w := range []int{4, 16} {
		for _, mb := range []int64{1, 4, 16, 64} {
			bytes := float64(mb << 20)
			gbs := 900 * float64(mb) / (float64(mb) + 2) * float64(w) / 16
			out = append(out, fixBench{kernel: "copy", variant: map[string]string{"name": "vec" + strconv.Itoa(w)},
				params: map[string]int64{"bytes": mb << 20}, unit: "GB/s", value: gbs,
				extra: map[string]float64{"bytes_per_dispatch": 2 * bytes, "work_per_dispatch": bytes / 4}})
		}
	}
	return out
}

func makeResult(rng *rand.Rand, suite string, b fixBench, factor float64) resultsfile.Result {
	r := resultsfile.Result{Suite: suite, Kernel: b.kernel, Variant: b.variant, Params: b.params, Status: resultsfile.StatusOK, Verified: true,
		Clock: "gpu-timestamp", Repeats: 10, Extra: b.extra, Shader: suite + "_" + b.kernel + ".comp"}
	if b.status != "" {
		r.Status, r.Verified, r.Reason = b.status, false, "device lacks storageBuffer16BitAccess (fp16 storage)"
		r.Metric = resultsfile.Metric{Name: "throughput", Unit: b.unit, Better: resultsfile.HigherIsBetter}
		return r
	}
	work := 1.0
	if suite == "matmul" {
		work = 2 * float64(b.params["M"]*b.params["N"]*b.params["K"])
	} else {
		work = float64(b.params["bytes"]) * 2
	}
	med := b.value * factor
	r.Metric = resultsfile.Metric{Name: "throughput", Unit: b.unit, Better: resultsfile.HigherIsBetter}
	for i := 0; i < 30; i++ {
		v := med * (1 + 0.01*rng.NormFloat64())
		if i == 3 {
			v = med * 0.9 // one slow sample, as a real run has
		}
		r.Metric.Samples = append(r.Metric.Samples, v)
		r.SamplesNS = append(r.SamplesNS, work/v)
		r.SampleRounds = append(r.SampleRounds, i/10+1) // three runs of 10
	}
	r.Metric.Value = med
	r.CI = resultsfile.CI{Low: med * 0.995, High: med * 1.005, Level: 0.95}
	r.CV = 0.01
	if suite == "matmul" {
		peak := sku().FP32TFLOPS * 1000
		if b.kernel == "f16arith" {
			peak = sku().FP16TFLOPS * 1000
		}
		r.PercentOfPeak, r.PeakName = 100*med/peak, "fp32"
		if b.kernel == "f16arith" {
			r.PeakName = "fp16"
		}
	}
	return r
}

func fixtureFile(seed uint64, label string, change func(suite string, b fixBench) float64) *resultsfile.File {
	rng := rand.New(rand.NewPCG(seed, 7))
	f := &resultsfile.File{
		Schema:  resultsfile.Schema,
		Tool:    resultsfile.Tool{Name: "radvbench", Version: "0.1.0-dev"},
		Started: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC),
		Suites:  []string{"matmul", "memory"},
		Device: resultsfile.Device{Name: "AMD Radeon RX 7900 XTX (RADV NAVI31)", VendorID: 0x1002, DeviceID: 0x744c, Type: "discrete-gpu",
			DriverID: "MESA_RADV", DriverName: "radv", DriverInfo: "Mesa 25.0.7", APIVersion: "1.4.305", TimestampPeriodNS: 10,
			TimestampValidBits: 64, SubgroupSize: 64, SKU: sku()},
		Labels:      map[string]string{"kernel": label},
		Fingerprint: map[string]string{"kernel.release": label, "amdgpu.vm_fragment_size": "9", "driver.info": "Mesa 25.0.7"},
	}
	for i := range 3 {
		t := f.Started.Add(time.Duration(i) * time.Minute)
		f.Rounds = append(f.Rounds, resultsfile.Round{Index: i + 1, Started: t, Finished: t.Add(50 * time.Second)})
	}
	for _, b := range gemmBenches() {
		f.Results = append(f.Results, makeResult(rng, "matmul", b, change("matmul", b)))
	}
	for _, b := range memBenches() {
		f.Results = append(f.Results, makeResult(rng, "memory", b, change("memory", b)))
	}
	return f
}

func fixtures() map[string]*resultsfile.File {
	same := func(string, fixBench) float64 { return 1 }
	return map[string]*resultsfile.File{
		fixBase: fixtureFile(1, "6.8.0", same),
		fixRegress: fixtureFile(2, "6.9.0", func(s string, b fixBench) float64 {
			switch {
			case b.kernel == "regblock" && b.variant["name"] == "wg16x16-t4x4-k16" && b.params["M"] == 1024:
				return 0.90
			case b.kernel == "tiled" && b.params["M"] == 2048:
				return 1.08
			}
			return 1
		}),
	}
}

func encode(t *testing.T, f *resultsfile.File) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := resultsfile.Encode(&buf, f); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestFixturesUpToDate keeps the committed synthetic fixtures equal to
// their generator; run with -update to rewrite them.
func TestFixturesUpToDate(t *testing.T) {
	for path, f := range fixtures() {
		golden.Check(t, path, encode(t, f))
	}
}

func load(t *testing.T, paths ...string) []pairing.Input {
	t.Helper()
	var in []pairing.Input
	for _, p := range paths {
		f, err := resultsfile.Load(p)
		if err != nil {
			t.Fatal(err)
		}
		in = append(in, pairing.Input{Name: filepath.Base(p), File: f})
	}
	return in
}
