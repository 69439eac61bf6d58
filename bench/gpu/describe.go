package gpu

import (
	"fmt"
	"math"
	"sort"

	"github.com/radvbench/radvbench/bench/devtable"
	"github.com/radvbench/radvbench/core/results"
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

// DriverVersionString decodes driverVersion the way the vendor does: Mesa
// drivers use the Vulkan encoding; NVIDIA uses 10.8.8.6 bits.
func (p *PhysicalDevice) DriverVersionString() string {
	v := p.DriverVersion
	if p.VendorID == VendorNVIDIA {
		return fmt.Sprintf("%d.%d.%d.%d", v>>22, v>>14&0xff, v>>6&0xff, v&0x3f)
	}
	return VersionString(v)
}

// SKU is the device-table entry for this device, when its PCI ID names
// exactly one known part (Vulkan does not report the PCI revision).
func (p *PhysicalDevice) SKU() (devtable.SKU, bool) {
	return devtable.Lookup(p.VendorID, p.DeviceID, -1)
}

// Describe is the device as recorded in results files.
func (p *PhysicalDevice) Describe() results.Device {
	d := results.Device{
		Index:              p.Index,
		Name:               p.Name,
		VendorID:           p.VendorID,
		DeviceID:           p.DeviceID,
		Type:               p.TypeName(),
		DriverID:           DriverIDName(p.Info.DriverID),
		DriverName:         p.Info.DriverName,
		DriverInfo:         p.Info.DriverInfo,
		DriverVersion:      p.DriverVersionString(),
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
		CooperativeMatrix: p.describeCoopMat(),
		Emulated:          p.Emulation(),
	}
	for _, e := range relevantExtensions {
		if p.Extensions[e] {
			d.Extensions = append(d.Extensions, e)
		}
	}
	sort.Strings(d.Extensions)
	if s, ok := p.SKU(); ok {
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
func Peaks(sku *results.SKU) map[string]float64 {
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
