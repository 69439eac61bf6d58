package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/reports/results"
	"github.com/radvbench/radvbench/reports/stats"
)

// TestRunMeshQuickValidated: every mesh-suite variant (classic, mesh,
// task, task with culling; dense meshlets and instances) renders exactly
// the CPU's expected image on lavapipe, mesh primitive counts match where
// the query exists, culling really culls, results are schema-valid and
// the validation layer stays silent.
func TestRunMeshQuickValidated(t *testing.T) {
	out := filepath.Join(t.TempDir(), "mesh.json")
	code, stdout, stderr := runValidated(t, "run", "--suite", "mesh", "--quick", "--max-time", "150ms",
		"--warmup", "5ms", "--progress", "never", "-o", out)
	if code != 0 {
		t.Fatalf("run exited %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	f, err := results.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	suites, err := kernel.Lookup([]string{"mesh"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, k := range suites[0].Kernels {
		for _, v := range k.Variants {
			for _, p := range k.Sizes(kernel.Options{Quick: true, CPU: f.Device.CPU}) {
				want[k.Name+"/"+v.Name+"/"+results.FormatParams(p)] = true
			}
		}
		for _, s := range k.Shaders {
			if len(f.Shaders[s]) != 64 {
				t.Errorf("shader %s has no SHA-256 in the results file", s)
			}
		}
	}
	lavapipe := f.Device.DriverID == "MESA_LLVMPIPE"
	for _, r := range f.Results {
		key := r.Kernel + "/" + r.Variant["name"] + "/" + results.FormatParams(r.Params)
		if r.Suite != "mesh" || !want[key] {
			t.Errorf("unexpected result %s/%s", r.Suite, key)
			continue
		}
		delete(want, key)
		if r.Status == results.StatusSkipped {
			if r.Reason == "" {
				t.Errorf("%s: skipped without a reason", key)
			}
			if lavapipe {
				t.Errorf("%s: skipped on lavapipe, which has mesh and task shaders: %s", key, r.Reason)
			}
			continue
		}
		if r.Status != results.StatusOK || !r.Verified {
			t.Errorf("%s: %s (verified %v): %s", key, r.Status, r.Verified, r.Reason)
			continue
		}
		if r.Verify["mismatched_pixels"] != 0 || r.Verify["covered_pixels"] <= 0 || r.Verify["pixels"] != 256*256 {
			t.Errorf("%s: image check %v", key, r.Verify)
		}
		if r.Metric.Unit != "Mprim/s" || r.Metric.Value <= 0 || len(r.SamplesNS) != len(r.Metric.Samples) || r.Clock != "gpu-timestamp" {
			t.Errorf("%s: metric %+v clock %q", key, r.Metric, r.Clock)
		}
		if r.Extra["pass_ns"] <= 0 || r.Extra["primitives_per_pass"] != r.Verify["scene_primitives"] {
			t.Errorf("%s: extra %v", key, r.Extra)
		}
		pipeline := r.Variant["pipeline"]
		if pipeline == "vertex" {
			continue
		}
		if r.Extra["meshlets_per_s"] <= 0 || r.Extra["pass_ns"] != stats.Summarize(r.SamplesNS).Median {
			t.Errorf("%s: no meshlet rate, or pass_ns is not the median of the runner's samples: %v", key, r.Extra)
		}
		gen, ok := r.Verify["primitives_generated"]
		if !ok {
			if lavapipe {
				t.Errorf("%s: lavapipe has meshShaderQueries but no primitive count was checked", key)
			}
			continue
		}
		scene := r.Verify["scene_primitives"]
		if strings.HasPrefix(pipeline, "taskcull") {
			if gen <= 0 || gen >= scene {
				t.Errorf("%s: culling generated %v of %v primitives", key, gen, scene)
			}
		} else if gen != scene {
			t.Errorf("%s: generated %v primitives, scene has %v", key, gen, scene)
		}
	}
	for k := range want {
		t.Errorf("missing result %s", k)
	}
}

func TestMeshParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
		err  bool
	}{
		{"1920x1080", "H=1080,W=1920", false},
		{"512", "H=512,W=512", false},
		{"1920x1080x2", "", true},
		{"8x8", "", true},
		{"axb", "", true},
	} {
		var parse func(string) (kernel.Params, error)
		suites, _ := kernel.Lookup([]string{"mesh"})
		parse = suites[0].Kernels[0].ParseSize
		p, err := parse(tc.in)
		if (err != nil) != tc.err {
			t.Errorf("%q: err %v", tc.in, err)
			continue
		}
		if err == nil && results.FormatParams(p) != tc.want {
			t.Errorf("%q: %s, want %s", tc.in, results.FormatParams(p), tc.want)
		}
	}
}
