package peak

import (
	"testing"

	"github.com/radvbench/radvbench/bench/suitetest"
)

// TestRunPeakQuickValidated: every ALU chain's result checked for every
// invocation (or skipped with the missing feature), validation clean.
func TestRunPeakQuickValidated(t *testing.T) {
	f := suitetest.RunQuick(t, "peak")
	ok := suitetest.Check(t, f, "peak")
	for key, r := range ok {
		if r.Verify["checked_invocations"] < 1 || r.Extra["ops_per_dispatch"] <= 0 {
			t.Errorf("%s: verify %v extra %v", key, r.Verify, r.Extra)
		}
		want := "GFLOP/s"
		if r.Kernel == "int32" || r.Kernel == "int8dot" {
			want = "GOP/s"
		}
		if r.Metric.Unit != want {
			t.Errorf("%s: unit %q, want %q", key, r.Metric.Unit, want)
		}
	}
	// lavapipe has shaderFloat16 and integer dot products: nothing skips.
	if f.Device.DriverID == "MESA_LLVMPIPE" {
		for _, k := range []string{"fp32/vec4-acc4/", "fp16/vec4-acc4/", "int32/acc4/", "int8dot/acc8/"} {
			if _, found := ok[k]; !found {
				t.Errorf("%s did not run ok on lavapipe", k)
			}
		}
	}
}
