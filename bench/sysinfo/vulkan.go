package sysinfo

// The Vulkan device a run uses, in words (bench/doctor's vulkan.device
// finding names it so).

import "strings"

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
