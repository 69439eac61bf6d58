package describe

import (
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
)

func TestEmulation(t *testing.T) {
	shim := "/usr/lib/x86_64-linux-gnu/" + ShimLibrary
	tests := []struct {
		name   string
		radv   bool
		device string
		env    map[string]string
		want   *resultsfile.Emulation
	}{
		{"shim", true, "AMD Radeon RX 7900 XTX (RADV NAVI31)", map[string]string{"LD_PRELOAD": shim, "AMDGPU_GPU_ID": "navi31"},
			&resultsfile.Emulation{Mechanism: "drm-shim", Target: "navi31", GFX: "gfx1100"}},
		{"shim among other preloads, default chip", true, "AMD Radeon Graphics (RADV RENOIR)", map[string]string{"LD_PRELOAD": "libfoo.so:" + shim},
			&resultsfile.Emulation{Mechanism: "drm-shim", Target: ""}},
		{"shim strix1 alias", true, "AMD Radeon Graphics (RADV GFX1150)", map[string]string{"LD_PRELOAD": shim, "AMDGPU_GPU_ID": "strix1"},
			&resultsfile.Emulation{Mechanism: "drm-shim", Target: "strix1", GFX: "gfx1150"}},
		{"null winsys", true, "Null hardware (RADV GFX1201)", map[string]string{"RADV_FORCE_FAMILY": "GFX1201"},
			&resultsfile.Emulation{Mechanism: "null-winsys", Target: "gfx1201", GFX: "gfx1201"}},
		{"null winsys named by the device alone", true, "Null hardware (RADV NAVI31)", nil,
			&resultsfile.Emulation{Mechanism: "null-winsys", Target: "navi31", GFX: "gfx1100"}},
		{"real GPU with RADV_FORCE_FAMILY ignored (Mesa 26.1)", true, "AMD Radeon RX 7900 XTX (RADV NAVI31)", map[string]string{"RADV_FORCE_FAMILY": "navi31"}, nil},
		{"real GPU", true, "AMD Radeon RX 9070 XT (RADV GFX1201)", nil, nil},
		{"lavapipe under the shim is not emulated", false, "llvmpipe (LLVM 15.0.6, 256 bits)", map[string]string{"LD_PRELOAD": shim}, nil},
	}
	for _, tc := range tests {
		got := emulation(tc.radv, tc.device, func(k string) string { return tc.env[k] })
		if (got == nil) != (tc.want == nil) || got != nil && *got != *tc.want {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
