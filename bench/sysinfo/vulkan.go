package sysinfo

// The Vulkan device a run uses, in words, and the doctor's finding that
// names it.

import (
	"fmt"
	"strings"

	"github.com/radvbench/radvbench/bench/devtable"
)

// TypeWords is the device type in words: "discrete GPU", "integrated
// GPU", "virtual GPU", "CPU implementation"; "" when unknown (records made
// before the type was recorded).
func (v *VulkanInfo) TypeWords() string {
	switch v.DeviceType {
	case "discrete-gpu":
		return "discrete GPU"
	case "integrated-gpu":
		return "integrated GPU"
	case "virtual-gpu":
		return "virtual GPU"
	case "cpu":
		return "CPU implementation"
	case "":
		if v.CPU {
			return "CPU implementation"
		}
		return ""
	}
	return "device type " + v.DeviceType
}

// Describe names the device, its driver and its type: "NVIDIA H200
// [NVIDIA 580.95.05, discrete GPU]", "llvmpipe (LLVM 15.0.6, 256 bits)
// [llvmpipe Mesa 25.0.7 (LLVM 15.0.6), CPU implementation]" (brackets:
// device names carry parentheses of their own).
func (v *VulkanInfo) Describe() string {
	driver := strings.TrimSpace(v.DriverName + " " + v.DriverInfo)
	if driver == "" {
		driver = v.DriverID
	}
	parts := []string{}
	if driver != "" {
		parts = append(parts, driver)
	}
	if t := v.TypeWords(); t != "" {
		parts = append(parts, t)
	}
	if len(parts) == 0 {
		return v.DeviceName
	}
	return v.DeviceName + " [" + strings.Join(parts, ", ") + "]"
}

// checkVulkan names the Vulkan device a run uses (s.Vulkan, which the
// caller that opened it set) and says whether the amdgpu checks describe
// it. Nothing when Vulkan was not opened.
func checkVulkan(s *System, add addFunc) {
	v := s.Vulkan
	if v == nil {
		return
	}
	const check = "vulkan.device"
	name := v.Describe()
	g := s.PrimaryGPU()
	amd := v.VendorID == devtable.VendorAMD
	var cards []string
	for _, c := range s.GPUs {
		cards = append(cards, c.Card)
	}
	switch {
	case v.Emulated != nil:
		add(check, Fail, fmt.Sprintf("%s is emulated (%s, target %s): nothing executes there, so a run cannot time it", name, v.Emulated.Mechanism, v.Emulated.Target),
			"unset the emulation variables (RADV_FORCE_FAMILY, the DRM shim's LD_PRELOAD and AMDGPU_GPU_ID) to run on a real device")
	case v.CPU && len(cards) > 0:
		add(check, Warn, name+": runs use this CPU implementation although "+strings.Join(cards, ", ")+" is here: its figures describe the host CPU, and the amdgpu checks are about a GPU the runs do not use",
			"", Advice{Kind: AdviceGPUDriver})
	case v.CPU:
		add(check, Warn, name+": runs use it; a CPU implementation's figures describe the host CPU, not a GPU (good for checking correctness)",
			"run on a machine with a GPU and its Vulkan driver for GPU figures")
	case amd && g != nil && g.DeviceID == v.DeviceID:
		add(check, OK, name+": runs use it ("+g.Card+", the GPU the amdgpu checks describe)", "")
	case amd:
		add(check, Warn, fmt.Sprintf("%s: runs use it, but no AMD DRM card here has its PCI device ID %04X: the amdgpu checks do not describe it", name, v.DeviceID),
			"check that amdgpu drives it (/sys/class/drm/card*/device/device)")
	case len(cards) > 0:
		add(check, Warn, name+": runs use it, not "+strings.Join(cards, ", ")+", which the amdgpu checks describe", "", Advice{Kind: AdvicePickDevice})
	default:
		add(check, OK, name+": runs use it; the amdgpu checks do not apply", "")
	}
}
