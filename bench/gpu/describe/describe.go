// Package describe records what a Vulkan physical device is in the
// words of results files (core/resultsfile.Device): its identity, driver and
// version, limits, features, relevant extensions and cooperative-matrix
// table, its entry in the device table (devtable) with the peaks "% of
// peak" uses, and whether it is an emulated AMD GPU (RADV under Mesa's
// no-op DRM shim or its null winsys). Pure Go over bench/gpu's
// PhysicalDevice: no Vulkan calls of its own.
package describe

import (
	"fmt"
	"math"
	"os"
	"sort"
	"strings"

	"github.com/radvbench/radvbench/bench/devtable"
	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/core/amdchip"
	"github.com/radvbench/radvbench/core/resultsfile"
	vk "github.com/vulkan-go/vulkan"
)

// relevantExtensions are the device extensions recorded in results: the
// ones a suite uses or a reader needs to interpret the figures.
var relevantExtensions = []string{
	"VK_KHR_acceleration_structure", "VK_KHR_ray_query", "VK_EXT_mesh_shader",
	"VK_KHR_cooperative_matrix", "VK_KHR_pipeline_executable_properties",
	"VK_EXT_calibrated_timestamps", "VK_KHR_calibrated_timestamps",
	"VK_EXT_subgroup_size_control", "VK_KHR_shader_integer_dot_product",
	"VK_KHR_shader_float16_int8", "VK_KHR_16bit_storage", "VK_KHR_performance_query",
	"VK_EXT_memory_budget", "VK_EXT_pci_bus_info", "VK_KHR_buffer_device_address",
	"VK_KHR_shader_bfloat16", "VK_EXT_shader_float8",
}

// DriverVersion decodes p's driverVersion the way the vendor does: Mesa
// drivers use the Vulkan encoding; NVIDIA uses 10.8.8.6 bits.
func DriverVersion(p *gpu.PhysicalDevice) string {
	v := p.DriverVersion
	if p.VendorID == gpu.VendorNVIDIA {
		return fmt.Sprintf("%d.%d.%d.%d", v>>22, v>>14&0xff, v>>6&0xff, v&0x3f)
	}
	return VersionString(v)
}

// SKU is the device-table entry for p, when its PCI ID names exactly one
// known part (Vulkan does not report the PCI revision).
func SKU(p *gpu.PhysicalDevice) (devtable.SKU, bool) {
	return devtable.Lookup(p.VendorID, p.DeviceID, -1)
}

// Device is p as recorded in results files.
func Device(p *gpu.PhysicalDevice) resultsfile.Device {
	d := resultsfile.Device{
		Index:              p.Index,
		Name:               p.Name,
		VendorID:           p.VendorID,
		DeviceID:           p.DeviceID,
		Type:               TypeName(p),
		DriverID:           DriverIDName(p.Info.DriverID),
		DriverName:         p.Info.DriverName,
		DriverInfo:         p.Info.DriverInfo,
		DriverVersion:      DriverVersion(p),
		APIVersion:         VersionString(p.APIVersion),
		TimestampPeriodNS:  finiteOrZero(float64(p.Limits.TimestampPeriod)),
		TimestampValidBits: p.TimestampBits,
		SubgroupSize:       p.Info.SubgroupSize,
		CPU:                p.IsCPU(),
		Limits: map[string]uint64{
			"maxStorageBufferRange":          uint64(p.Limits.MaxStorageBufferRange),
			"maxMemoryAllocationSize":        p.MaxAllocation,
			"maxComputeSharedMemorySize":     uint64(p.Limits.MaxComputeSharedMemorySize),
			"maxComputeWorkGroupInvocations": uint64(p.Limits.MaxComputeWorkGroupInvocations),
			"maxComputeWorkGroupCountX":      uint64(p.Limits.MaxComputeWorkGroupCount[0]),
			"maxPushConstantsSize":           uint64(p.Limits.MaxPushConstantsSize),
			"deviceLocalMemory":              p.DeviceLocalMem,
			"minSubgroupSize":                uint64(p.Info.MinSubgroupSize),
			"maxSubgroupSize":                uint64(p.Info.MaxSubgroupSize),
		},
		Features: map[string]bool{
			"storageBuffer16BitAccess": p.Info.StorageBuffer16Bit,
			"shaderFloat16":            p.Info.ShaderFloat16,
			"shaderInt8":               p.Info.ShaderInt8,
			"shaderInt16":              p.Info.ShaderInt16,
			"subgroupSizeControl":      p.Info.SubgroupSizeControl,
			"shaderIntegerDotProduct":  p.Info.IntegerDotProduct,
			"accelerationStructure":    p.Info.AccelerationStructure,
			"rayQuery":                 p.Info.RayQuery,
			"meshShader":               p.Info.MeshShader,
			"taskShader":               p.Info.TaskShader,
			"bufferDeviceAddress":      p.Info.BufferDeviceAddress,
			"cooperativeMatrix":        p.Info.CooperativeMatrix,
			// VK_KHR_shader_bfloat16 / VK_EXT_shader_float8 with their
			// type and cooperative-matrix features.
			"shaderBFloat16CooperativeMatrix": p.Info.BFloat16CooperativeMatrix,
			"shaderFloat8CooperativeMatrix":   p.Info.Float8CooperativeMatrix,
			"pipelineExecutableInfo":          p.Info.PipelineExecutableInfo,
		},
		CooperativeMatrix: coopMatrices(p),
		Emulated:          Emulation(p),
	}
	for _, e := range relevantExtensions {
		if p.Extensions[e] {
			d.Extensions = append(d.Extensions, e)
		}
	}
	sort.Strings(d.Extensions)
	if s, ok := SKU(p); ok {
		d.SKU = s.ToResults()
	}
	return d
}

// finiteOrZero keeps x when finite, else 0: RADV's null winsys reports a
// timestampPeriod of +Inf (its crystal clock is 0 Hz), which JSON cannot
// hold.
func finiteOrZero(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return 0
	}
	return x
}

// Peaks are the device table's peak figures for "% of peak": fp32, fp16
// and int8 in GFLOP/s or GOP/s, bandwidth in GB/s. Nil for unknown parts.
func Peaks(sku *resultsfile.SKU) map[string]float64 {
	if sku == nil {
		return nil
	}
	return map[string]float64{
		"fp32":      sku.FP32TFLOPS * 1000,
		"fp16":      sku.FP16TFLOPS * 1000,
		"int8":      sku.INT8TOPS * 1000,
		"bandwidth": sku.BandwidthGB,
	}
}

// coopMatrices is p's cooperative-matrix property table as recorded in
// results files.
func coopMatrices(p *gpu.PhysicalDevice) []resultsfile.CoopMatrix {
	props, err := p.CooperativeMatrixProperties()
	if err != nil {
		return nil
	}
	out := make([]resultsfile.CoopMatrix, len(props))
	for i, r := range props {
		out[i] = resultsfile.CoopMatrix{
			M: r.M, N: r.N, K: r.K,
			A: r.A.String(), B: r.B.String(), C: r.C.String(), Result: r.Result.String(),
			Scope: r.Scope.String(), SaturatingAccumulation: r.SaturatingAccumulation,
		}
	}
	return out
}

var driverIDNames = map[uint32]string{
	1: "AMD_PROPRIETARY", 2: "AMD_OPEN_SOURCE", 3: "MESA_RADV", 4: "NVIDIA_PROPRIETARY",
	5: "INTEL_PROPRIETARY_WINDOWS", 6: "INTEL_OPEN_SOURCE_MESA", 7: "IMAGINATION_PROPRIETARY",
	8: "QUALCOMM_PROPRIETARY", 9: "ARM_PROPRIETARY", 10: "GOOGLE_SWIFTSHADER", 11: "GGP_PROPRIETARY",
	12: "BROADCOM_PROPRIETARY", 13: "MESA_LLVMPIPE", 14: "MOLTENVK", 15: "COREAVI_PROPRIETARY",
	16: "JUICE_PROPRIETARY", 17: "VERISILICON_PROPRIETARY", 18: "MESA_TURNIP", 19: "MESA_V3DV",
	20: "MESA_PANVK", 21: "SAMSUNG_PROPRIETARY", 22: "MESA_VENUS", 23: "MESA_DOZEN", 24: "MESA_NVK",
	25: "IMAGINATION_OPEN_SOURCE_MESA", 26: "MESA_HONEYKRISP",
}

// DriverIDName names a VkDriverId.
func DriverIDName(id uint32) string {
	if n, ok := driverIDNames[id]; ok {
		return n
	}
	return fmt.Sprintf("DRIVER_ID_%d", id)
}

// TypeName is p's device type in words.
func TypeName(p *gpu.PhysicalDevice) string {
	switch p.Type {
	case vk.PhysicalDeviceTypeDiscreteGpu:
		return "discrete-gpu"
	case vk.PhysicalDeviceTypeIntegratedGpu:
		return "integrated-gpu"
	case vk.PhysicalDeviceTypeVirtualGpu:
		return "virtual-gpu"
	case vk.PhysicalDeviceTypeCpu:
		return "cpu"
	default:
		return "other"
	}
}

// VersionString renders a Vulkan version number.
func VersionString(v uint32) string {
	return fmt.Sprintf("%d.%d.%d", v>>22&0x7f, v>>12&0x3ff, v&0xfff)
}

// ShimLibrary is the file name of Mesa's no-op amdgpu DRM shim (Debian
// package mesa-drm-shim), which makes RADV see an AMD GPU that is not there.
const ShimLibrary = "libamdgpu_noop_drm_shim.so"

// nullHardware starts the device name of RADV's null winsys.
const nullHardware = "Null hardware"

// Emulation says whether p is an emulated AMD GPU and how: RADV under
// Mesa's no-op DRM shim (the process was started with LD_PRELOAD naming
// ShimLibrary) or RADV's null winsys ("Null hardware", selected with
// RADV_FORCE_FAMILY). Nil for any other device. Nothing runs on an
// emulated device: it compiles pipelines (radvbench isa), it never
// measures.
func Emulation(p *gpu.PhysicalDevice) *resultsfile.Emulation {
	return emulation(p.IsRADV(), p.Name, os.Getenv)
}

// emulation decides from the driver, the device name and the process's
// environment (getenv).
func emulation(radv bool, name string, getenv func(string) string) *resultsfile.Emulation {
	if !radv {
		return nil
	}
	e := &resultsfile.Emulation{}
	chip, known := amdchip.FromDeviceName(name)
	switch {
	case strings.HasPrefix(name, nullHardware):
		e.Mechanism = resultsfile.EmulationNullWinsys
		e.Target = strings.ToLower(getenv("RADV_FORCE_FAMILY"))
	case strings.Contains(getenv("LD_PRELOAD"), strings.TrimSuffix(ShimLibrary, ".so")):
		e.Mechanism = resultsfile.EmulationDRMShim
		e.Target = strings.ToLower(getenv("AMDGPU_GPU_ID"))
	default:
		return nil
	}
	if e.Target == "" && known {
		e.Target = chip.Family
	}
	if known {
		e.GFX = chip.GFX
	} else if c, ok := amdchip.Lookup(e.Target); ok {
		e.GFX = c.GFX
	}
	return e
}
