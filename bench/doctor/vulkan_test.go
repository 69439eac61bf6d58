package doctor

import (
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// The devices a run may open, as bench/gpu describes them (the H200's
// and lavapipe's as they were seen).
var (
	vkH200 = sysinfo.VulkanInfo{VendorID: 0x10DE, DeviceID: 0x2335, DriverID: "NVIDIA_PROPRIETARY", DriverName: "NVIDIA",
		DriverInfo: "580.95.05", DeviceName: "NVIDIA H200", DeviceType: "discrete-gpu"}
	vkLavapipe = sysinfo.VulkanInfo{VendorID: 0x10005, DriverID: "MESA_LLVMPIPE", DriverName: "llvmpipe",
		DriverInfo: "Mesa 25.0.7 (LLVM 15.0.6)", DeviceName: "llvmpipe (LLVM 15.0.6, 256 bits)", DeviceType: "cpu", CPU: true}
	vkRADV = sysinfo.VulkanInfo{VendorID: 0x1002, DeviceID: 0x744C, DriverID: "MESA_RADV", DriverName: "radv",
		DriverInfo: "Mesa 25.0.7", DeviceName: "AMD Radeon RX 7900 XTX (RADV NAVI31)", DeviceType: "discrete-gpu"}
)

// TestDoctorVulkanDevice: the doctor names the Vulkan device a run uses
// and says whether the amdgpu checks describe it; nothing assumes an AMD
// GPU or lavapipe where the device is neither.
func TestDoctorVulkanDevice(t *testing.T) {
	other := vkRADV
	other.DeviceID = 0x7550
	emulated := vkRADV
	emulated.Emulated = &resultsfile.Emulation{Mechanism: "drm-shim", Target: "gfx1201"}
	for _, tc := range []struct {
		name, fixture string
		vk            *sysinfo.VulkanInfo
		status        string // "": no vulkan.device finding
		reason        string
		advice        AdviceKind
		present       string // the gpu.present finding's status ("": none)
	}{
		{"NVIDIA GPU, no AMD GPU", "no-amd", &vkH200, OK,
			"NVIDIA H200 [NVIDIA 580.95.05, discrete GPU]: runs use it; the amdgpu checks do not apply", "", OK},
		{"lavapipe, no AMD GPU", "no-amd", &vkLavapipe, Warn,
			"llvmpipe (LLVM 15.0.6, 256 bits) [llvmpipe Mesa 25.0.7 (LLVM 15.0.6), CPU implementation]: runs use it; a CPU implementation's figures describe the host CPU", "", Warn},
		{"Vulkan not opened, no AMD GPU", "no-amd", nil, "", "", "", Warn},
		{"RADV on the AMD GPU", "rx7900xtx-frag4", &vkRADV, OK,
			"AMD Radeon RX 7900 XTX (RADV NAVI31) [radv Mesa 25.0.7, discrete GPU]: runs use it (card1, the GPU the amdgpu checks describe)", "", ""},
		{"lavapipe beside an AMD GPU", "rx7900xtx-frag4", &vkLavapipe, Warn,
			"runs use this CPU implementation although card1 is here", AdviceGPUDriver, ""},
		{"another vendor's GPU beside an AMD GPU", "rx7900xtx-frag4", &vkH200, Warn,
			"NVIDIA H200 [NVIDIA 580.95.05, discrete GPU]: runs use it, not card1, which the amdgpu checks describe", AdvicePickDevice, ""},
		{"an AMD device no card matches", "rx7900xtx-frag4", &other, Warn, "no AMD DRM card here has its PCI device ID 7550", "", ""},
		{"emulated", "rx7900xtx-frag4", &emulated, Fail, "is emulated (drm-shim, target gfx1201)", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := sysinfo.Collect(fixture(t, tc.fixture))
			if tc.vk != nil {
				s.SetVulkan(*tc.vk)
			}
			var found, present *Finding
			fs := Diagnose(s)
			for i := range fs {
				switch fs[i].Check {
				case "vulkan.device":
					found = &fs[i]
				case "gpu.present":
					present = &fs[i]
				}
				if tc.vk != nil && !tc.vk.CPU && strings.Contains(strings.ToLower(fs[i].Reason+fs[i].Fix), "lavapipe") {
					t.Errorf("%s speaks of lavapipe on %s: %+v", fs[i].Check, tc.vk.DeviceName, fs[i])
				}
				if strings.Contains(fs[i].Reason+fs[i].Fix, "--") {
					t.Errorf("a library message names a flag: %+v", fs[i])
				}
			}
			switch {
			case tc.status == "" && found != nil:
				t.Errorf("unexpected finding %+v", *found)
			case tc.status != "" && found == nil:
				t.Fatalf("no vulkan.device finding in %+v", fs)
			case tc.status != "" && (found.Status != tc.status || !strings.Contains(found.Reason, tc.reason) || found.Advice.Kind != tc.advice):
				t.Errorf("finding %+v, want %s containing %q, advice %q", *found, tc.status, tc.reason, tc.advice)
			}
			if found != nil && fs[0].Check != "vulkan.device" {
				t.Errorf("vulkan.device is not the first finding: %+v", fs[0])
			}
			switch {
			case tc.present == "" && present != nil:
				t.Errorf("unexpected gpu.present %+v", *present)
			case tc.present != "" && (present == nil || present.Status != tc.present):
				t.Errorf("gpu.present %+v, want status %s", present, tc.present)
			}
		})
	}
}
