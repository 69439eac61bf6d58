package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/reports/results"
)

// runSuiteQuick runs one suite with --quick on lavapipe under the
// validation layer and returns the checked results file.
func runSuiteQuick(t *testing.T, suite string, extra ...string) *results.File {
	t.Helper()
	out := filepath.Join(t.TempDir(), suite+".json")
	args := append([]string{"run", "--suite", suite, "--quick", "--max-time", "150ms", "--warmup", "5ms", "-o", out}, extra...)
	code, stdout, stderr := runValidated(t, args...)
	if code != 0 {
		t.Fatalf("run exited %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "summary:") {
		t.Errorf("console output has no summary:\n%s", stdout)
	}
	f, err := results.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// checkSuiteFile checks that every (kernel, variant, quick size) of the
// suite has a result, that ok results are verified with samples and a
// clock, and that skips carry a reason. It returns the ok results by
// kernel/variant/params.
func checkSuiteFile(t *testing.T, f *results.File, suite string) map[string]results.Result {
	t.Helper()
	if f.Schema != results.Schema || f.Device.Name == "" {
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
				want[k.Name+"/"+v.Name+"/"+results.FormatParams(p)] = true
			}
		}
		for _, s := range k.Shaders {
			if len(f.Shaders[s]) != 64 {
				t.Errorf("shader %s has no SHA-256 in the results file", s)
			}
		}
	}
	ok := map[string]results.Result{}
	for _, r := range f.Results {
		key := r.Kernel + "/" + r.Variant["name"] + "/" + results.FormatParams(r.Params)
		if r.Suite != suite || !want[key] {
			t.Errorf("unexpected result %s/%s", r.Suite, key)
			continue
		}
		delete(want, key)
		switch r.Status {
		case results.StatusOK:
			if !r.Verified || r.Verify["mismatches"] != 0 {
				t.Errorf("%s: ok but not verified: %v", key, r.Verify)
			}
			if len(r.SamplesNS) == 0 || len(r.SamplesNS) != len(r.Metric.Samples) || r.Metric.Value <= 0 {
				t.Errorf("%s: samples %d/%d, value %v", key, len(r.SamplesNS), len(r.Metric.Samples), r.Metric.Value)
			}
			if r.Clock == "" || r.Metric.Unit == "" || (r.Metric.Better != results.HigherIsBetter && r.Metric.Better != results.LowerIsBetter) {
				t.Errorf("%s: clock %q metric %+v", key, r.Clock, r.Metric)
			}
			ok[key] = r
		case results.StatusSkipped:
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

// TestRunMemoryQuickValidated: every memory kernel (streaming, TLB reach,
// pointer chase) verified on lavapipe at the quick sizes, validation clean.
func TestRunMemoryQuickValidated(t *testing.T) {
	f := runSuiteQuick(t, "memory")
	ok := checkSuiteFile(t, f, "memory")
	for key, r := range ok {
		kern := r.Kernel
		switch kern {
		case "chase":
			if r.Metric.Unit != "ns/load" || r.Metric.Better != results.LowerIsBetter || r.Verify["steps"] <= 0 {
				t.Errorf("%s: metric %+v verify %v", key, r.Metric, r.Verify)
			}
		default:
			if r.Metric.Unit != "GB/s" || r.Extra["bytes_per_dispatch"] <= 0 {
				t.Errorf("%s: unit %q, bytes_per_dispatch %v", key, r.Metric.Unit, r.Extra["bytes_per_dispatch"])
			}
		}
		if kern == "tlb" && (r.Extra["ns_per_access"] <= 0 || r.Extra["accesses_per_dispatch"] <= 0) {
			t.Errorf("%s: extra %v lacks ns_per_access", key, r.Extra)
		}
	}
	// Every streaming kernel ran at the quick sizes (they fit any device).
	for _, k := range []string{"read/vec4", "write/scalar", "copy/vec4", "copy/transfer", "triad/vec4", "tlb/random4k", "chase/random"} {
		found := false
		for key := range ok {
			if strings.HasPrefix(key, k+"/") {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no ok result", k)
		}
	}
}

// TestRunMemoryBeyondLimits: a size beyond the device's storage-buffer
// range is a skip with the reason, while the transfer copy (bounded only by
// allocation size) still runs.
func TestRunMemoryBeyondLimits(t *testing.T) {
	out := filepath.Join(t.TempDir(), "mem.json")
	code, stdout, stderr := cli(t, "run", "--suite", "memory", "--filter", "^memory/copy/", "--sizes", "192MiB",
		"--max-time", "100ms", "--warmup", "1ms", "--target-ci", "50", "-o", out)
	if code != 0 {
		t.Fatalf("run exited %d\n%s\n%s", code, stdout, stderr)
	}
	f, err := results.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	limit := f.Device.Limits["maxStorageBufferRange"]
	for _, r := range f.Results {
		if r.Params["bytes"] != 192<<20 {
			t.Errorf("%s: params %v, want bytes=%d", r.ID(), r.Params, 192<<20)
		}
		switch {
		case r.Variant["name"] == "transfer" || limit >= 192<<20:
			if r.Status != results.StatusOK {
				t.Errorf("%s: %s %s", r.ID(), r.Status, r.Reason)
			}
		case r.Status != results.StatusSkipped || !strings.Contains(r.Reason, "maxStorageBufferRange"):
			t.Errorf("%s: status %s reason %q, want a skip naming maxStorageBufferRange", r.ID(), r.Status, r.Reason)
		}
	}
}

// TestRunSuiteAllListsNewSuites: --suite all includes memory, latency and
// peak.
func TestRunSuiteAllListsNewSuites(t *testing.T) {
	suites, err := kernel.Lookup([]string{"all"})
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, s := range suites {
		have[s.Name] = true
	}
	for _, n := range []string{"memory", "latency", "peak", "matmul"} {
		if !have[n] {
			t.Errorf("--suite all lacks %s (has %v)", n, have)
		}
	}
}
