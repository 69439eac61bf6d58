// Package suitetest runs a suite's benchmarks for its own package's tests:
// every (kernel, variant, quick size) verified on the default Vulkan
// device (lavapipe in CI) under the Khronos validation layer with its
// GPU-assisted validation (no shader touches a storage buffer outside its
// descriptor's range), in a child test process (the layer must be on
// before the loader starts), and the
// results file checked the one way every suite needs (Check). A suite's
// tests then check what only that suite knows (clocks, units, extras).
package suitetest

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/describe"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/vktest"
)

// outEnv names the results file a child writes; its presence makes the
// test process the child.
const outEnv = "RADVBENCH_SUITETEST_OUT"

// RunQuick runs suite with --quick sizes and short budgets (150 ms of
// sampling, 5 ms of warm-up per benchmark) in a child of this test
// binary under the validation layer (vktest.GPUAssistedVars too), and
// returns the results file. In the
// child it runs the suite, writes the file and skips the rest of the
// test; the parent's test goes on with the file.
func RunQuick(t *testing.T, suite string) *resultsfile.File {
	t.Helper()
	if out := os.Getenv(outEnv); out != "" {
		if err := runChild(suite, out); err != nil {
			t.Fatal(err)
		}
		t.SkipNow() // the child's part is done; the parent checks
	}
	RequireVulkan(t)
	out := filepath.Join(t.TempDir(), suite+".json")
	vktest.Rerun(t, "^"+t.Name()+"$", false, append([]string{outEnv + "=" + out}, vktest.GPUAssistedVars...)...)
	f, err := resultsfile.Load(out)
	if err != nil {
		t.Fatalf("the child left no results file: %v", err)
	}
	return f
}

// runChild runs the suite on the default device and writes the file.
func runChild(suite, out string) error {
	suites, err := kernel.Lookup([]string{suite})
	if err != nil {
		return err
	}
	inst, dev, err := gpu.OpenSelected("")
	if err != nil {
		return err
	}
	defer inst.Close()
	defer dev.Close()
	f := &resultsfile.File{Schema: resultsfile.Schema, Started: time.Now().UTC(), Suites: []string{suite}, Quick: true, Device: describe.Device(dev.Phys)}
	res, hashes, err := runner.Run(context.Background(), dev, runner.Options{
		Suites: suites, Kernel: kernel.Options{Quick: true, Seed: 1, CPU: dev.Phys.IsCPU()},
		MaxTime: 150 * time.Millisecond, Warmup: 5 * time.Millisecond, Peaks: describe.Peaks(f.Device.SKU),
	})
	if err != nil {
		return err
	}
	f.Results, f.Shaders, f.Finished = res, hashes, time.Now().UTC()
	data, err := json.Marshal(f)
	if err != nil {
		return err
	}
	return os.WriteFile(out, data, 0o644)
}

// RequireVulkan skips the test with the reason when this machine has no
// usable Vulkan device, unless it runs in CI (CI set, as GitHub Actions,
// GitLab and .ci/run set it), where lavapipe is installed and a missing
// Vulkan is a failure.
func RequireVulkan(t testing.TB) {
	t.Helper()
	inst, err := gpu.NewInstance()
	if err == nil {
		defer inst.Close()
		_, err = inst.Devices()
	}
	switch {
	case err == nil:
	case !errors.Is(err, gpu.ErrNoVulkan):
		t.Fatalf("Vulkan: %v", err)
	case os.Getenv("CI") != "":
		t.Fatalf("CI=%s but no Vulkan device: %v", os.Getenv("CI"), err)
	default:
		t.Skipf("no Vulkan device on this machine (in CI this fails): %v", err)
	}
}

// Check checks a results file of suite: every (kernel, variant, quick
// size) has exactly one result; ok results are verified, with samples, a
// clock and a metric; skips carry a reason; every shader has its SHA-256.
// It returns the ok results by kernel/variant/params.
func Check(t testing.TB, f *resultsfile.File, suite string) map[string]resultsfile.Result {
	t.Helper()
	if f.Schema != resultsfile.Schema || f.Device.Name == "" {
		t.Errorf("incomplete header: schema %q device %q", f.Schema, f.Device.Name)
	}
	suites, err := kernel.Lookup([]string{suite})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, k := range suites[0].Kernels {
		sizes := []kernel.Params{nil}
		if k.Sizes != nil {
			sizes = k.Sizes(kernel.Options{Quick: true, CPU: f.Device.CPU})
		}
		for _, v := range k.Variants {
			for _, p := range sizes {
				want[Key(k.Name, v.Name, p)] = true
			}
		}
		for _, s := range k.Shaders {
			if len(f.Shaders[s]) != 64 {
				t.Errorf("shader %s has no SHA-256 in the results file", s)
			}
		}
	}
	ok := map[string]resultsfile.Result{}
	for _, r := range f.Results {
		key := Key(r.Kernel, r.Variant["name"], r.Params)
		if r.Suite != suite || !want[key] {
			t.Errorf("unexpected result %s/%s", r.Suite, key)
			continue
		}
		delete(want, key)
		switch r.Status {
		case resultsfile.StatusOK:
			if !r.Verified || r.Verify["mismatches"] != 0 {
				t.Errorf("%s: ok but not verified: %v", key, r.Verify)
			}
			if len(r.SamplesNS) == 0 || len(r.SamplesNS) != len(r.Metric.Samples) || r.Metric.Value <= 0 {
				t.Errorf("%s: samples %d/%d, value %v", key, len(r.SamplesNS), len(r.Metric.Samples), r.Metric.Value)
			}
			if r.Clock == "" || r.Metric.Unit == "" || (r.Metric.Better != resultsfile.HigherIsBetter && r.Metric.Better != resultsfile.LowerIsBetter) {
				t.Errorf("%s: clock %q metric %+v", key, r.Clock, r.Metric)
			}
			ok[key] = r
		case resultsfile.StatusSkipped:
			if r.Reason == "" {
				t.Errorf("%s: skipped without a reason", key)
			}
		default:
			t.Errorf("%s: %s: %s", key, r.Status, r.Reason)
		}
	}
	for k := range want {
		t.Errorf("missing result %s", k)
	}
	return ok
}

// Key is a result's kernel/variant/params, the key Check returns.
func Key(kernel, variant string, p map[string]int64) string {
	return kernel + "/" + variant + "/" + resultsfile.FormatParams(p)
}
