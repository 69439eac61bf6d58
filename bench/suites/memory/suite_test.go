package memory

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/suitetest"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// TestMemoryQuickValidated: every memory kernel (streaming, TLB reach,
// pointer chase) verified on lavapipe at the quick sizes, validation clean.
func TestMemoryQuickValidated(t *testing.T) {
	f := suitetest.RunQuick(t, "memory")
	ok := suitetest.Check(t, f, "memory")
	for key, r := range ok {
		kern := r.Kernel
		switch kern {
		case "chase":
			if r.Metric.Unit != "ns/load" || r.Metric.Better != resultsfile.LowerIsBetter || r.Verify["steps"] <= 0 {
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

// TestMemoryBeyondLimits: a size beyond the device's storage-buffer
// range is a skip with the reason, while the transfer copy (bounded only by
// allocation size) still runs.
func TestMemoryBeyondLimits(t *testing.T) {
	suitetest.RequireVulkan(t)
	inst, dev, err := gpu.OpenSelected("")
	if err != nil {
		t.Fatal(err)
	}
	defer inst.Close()
	defer dev.Close()
	size, err := ParseSize("192MiB")
	if err != nil {
		t.Fatal(err)
	}
	suites, err := kernel.Lookup([]string{"memory"})
	if err != nil {
		t.Fatal(err)
	}
	res, _, err := runner.Run(context.Background(), dev, runner.Options{
		Suites: suites, Filter: regexp.MustCompile("^memory/copy/"),
		Kernel:  kernel.Options{UserSizes: map[string][]kernel.Params{"memory/copy": {size}}, CPU: dev.Phys.IsCPU()},
		MaxTime: 100 * time.Millisecond, Warmup: time.Millisecond, TargetCI: 0.5,
	})
	if err != nil {
		t.Fatal(err)
	}
	limit := uint64(dev.Phys.Limits.MaxStorageBufferRange)
	if len(res) == 0 {
		t.Fatal("no memory/copy result")
	}
	for _, r := range res {
		if r.Params["bytes"] != 192<<20 {
			t.Errorf("%s: params %v, want bytes=%d", r.ID(), r.Params, 192<<20)
		}
		switch {
		case r.Variant["name"] == "transfer" || limit >= 192<<20:
			if r.Status != resultsfile.StatusOK {
				t.Errorf("%s: %s %s", r.ID(), r.Status, r.Reason)
			}
		case r.Status != resultsfile.StatusSkipped || !strings.Contains(r.Reason, "maxStorageBufferRange"):
			t.Errorf("%s: status %s reason %q, want a skip naming maxStorageBufferRange", r.ID(), r.Status, r.Reason)
		}
	}
}
