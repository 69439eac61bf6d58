package rayquery

import (
	"testing"

	"github.com/radvbench/radvbench/bench/suitetest"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// TestRunRayQueryQuickValidated: every rayquery variant (builds, refit,
// compaction, traversal over three scenes) verified against the CPU
// reference on lavapipe, validation clean (no leaked acceleration
// structures or buffers), results in the common schema.
func TestRunRayQueryQuickValidated(t *testing.T) {
	f := suitetest.RunQuick(t, "rayquery")
	ok := suitetest.Check(t, f, "rayquery")
	if f.Device.CPU && len(ok) == 0 {
		t.Fatal("lavapipe (Mesa >= 25) has ray query, yet no rayquery result is ok")
	}
	for key, r := range ok {
		if r.Verify["checked_rays"] < 4096 {
			t.Errorf("%s: only %v rays checked", key, r.Verify["checked_rays"])
		}
		if r.Verify["gpu_hits"] <= 0 || r.Verify["exact_matches"] <= 0 {
			t.Errorf("%s: vacuous verification: %v", key, r.Verify)
		}
		for _, k := range []string{"verify.grazing_rays", "verify.inside_rays", "verify.tie_rays"} {
			if _, present := r.Extra[k]; !present {
				t.Errorf("%s: extra lacks %s", key, k)
			}
		}
		switch r.Kernel {
		case "build":
			if r.Metric.Unit != "µs" || r.Metric.Better != resultsfile.LowerIsBetter || r.Extra["accel_bytes"] <= 0 || r.Extra["mprims_per_s"] <= 0 {
				t.Errorf("%s: metric %+v extra %v", key, r.Metric, r.Extra)
			}
			if r.Variant["mode"] == "build" && (r.Extra["compacted_bytes"] <= 0 || r.Verify["compacted.mismatches"] != 0 || r.Verify["compacted.checked_rays"] < 4096) {
				t.Errorf("%s: compaction not measured or not verified: extra %v verify %v", key, r.Extra, r.Verify)
			}
		default:
			if r.Metric.Unit != "Mrays/s" || r.Extra["ns_per_ray"] <= 0 || r.Extra["rays"] <= 0 {
				t.Errorf("%s: metric %+v extra %v", key, r.Metric, r.Extra)
			}
		}
	}
}
