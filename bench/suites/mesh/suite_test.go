package mesh

import (
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/suitetest"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
)

// TestMeshQuickValidated: every mesh-suite variant (classic, mesh,
// task, task with culling; dense meshlets and instances) renders exactly
// the CPU's expected image on lavapipe, mesh primitive counts match where
// the query exists, culling really culls, results are schema-valid and
// the validation layer stays silent.
func TestMeshQuickValidated(t *testing.T) {
	f := suitetest.RunQuick(t, "mesh")
	ok := suitetest.Check(t, f, "mesh")
	lavapipe := f.Device.DriverID == "MESA_LLVMPIPE"
	for _, r := range f.Results {
		if r.Status == resultsfile.StatusSkipped && lavapipe {
			t.Errorf("%s: skipped on lavapipe, which has mesh and task shaders: %s", r.ID(), r.Reason)
		}
	}
	for key, r := range ok {
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
		suites, _ := kernel.Lookup([]string{"mesh"})
		p, err := suites[0].Kernels[0].ParseSize(tc.in)
		if (err != nil) != tc.err {
			t.Errorf("%q: err %v", tc.in, err)
			continue
		}
		if err == nil && resultsfile.FormatParams(p) != tc.want {
			t.Errorf("%q: %s, want %s", tc.in, resultsfile.FormatParams(p), tc.want)
		}
	}
}
