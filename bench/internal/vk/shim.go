// Package vk is radvbench's only cgo package besides vulkan-go itself: a small
// shim, compiled against the system's Vulkan headers (libvulkan-dev), for what
// vulkan-go's Vulkan 1.1.88 headers lack — the libvulkan.so.1 loader lookup,
// Vulkan 1.2+ property and feature chains (driver identity, fp16/int8,
// subgroup size control, ray query, mesh shaders) and device creation with
// those features enabled. The loader is opened once (loader.go) and every
// entry point the C code calls comes from one checked table per instance
// or device, so nothing links against libvulkan and no call site looks a
// function up. C types stay inside this package; the C code is built with
// warnings as errors.
package vk

/*
#cgo CFLAGS: -Wall -Wextra -Werror
#cgo LDFLAGS: -ldl
#include <stdlib.h>
#include "shim.h"
*/
import "C"

import (
	"sync"
	"unsafe"

	vulkan "github.com/vulkan-go/vulkan"
)

// DeviceInfo is what the property and feature chains report about a device.
type DeviceInfo struct {
	APIVersion                  uint32
	DriverID                    uint32
	DriverName, DriverInfo      string
	SubgroupSize                uint32
	SubgroupStages, SubgroupOps uint32
	MinSubgroupSize             uint32
	MaxSubgroupSize             uint32
	MaxMemoryAllocationSize     uint64

	StorageBuffer16Bit     bool
	ShaderFloat16          bool
	ShaderInt8             bool
	StorageBuffer8Bit      bool
	ShaderInt16            bool
	ShaderInt64            bool
	BufferDeviceAddress    bool
	SubgroupSizeControl    bool
	ComputeFullSubgroups   bool
	IntegerDotProduct      bool
	AccelerationStructure  bool
	RayQuery               bool
	MeshShader             bool
	TaskShader             bool
	MeshPipelineStatistics bool
	HostQueryReset         bool
	TimelineSemaphore      bool
	// CooperativeMatrix: VK_KHR_cooperative_matrix's cooperativeMatrix on a
	// Vulkan 1.2 device with vulkanMemoryModel (both enabled together).
	CooperativeMatrix bool
	// BFloat16CooperativeMatrix: VK_KHR_shader_bfloat16 with
	// shaderBFloat16Type and shaderBFloat16CooperativeMatrix, on a device
	// with CooperativeMatrix (enabled together).
	BFloat16CooperativeMatrix bool
	// Float8CooperativeMatrix: VK_EXT_shader_float8 with shaderFloat8 and
	// shaderFloat8CooperativeMatrix, on a device with CooperativeMatrix.
	Float8CooperativeMatrix bool
	// PresentID and PresentWait: the presentId and presentWait features of
	// VK_KHR_present_id and VK_KHR_present_wait (enabled together).
	PresentID, PresentWait bool
	// PipelineExecutableInfo: VK_KHR_pipeline_executable_properties'
	// pipelineExecutableInfo (statistics and internal representations of
	// compiled pipelines).
	PipelineExecutableInfo bool
	// PerformanceCounterQueryPools: VK_KHR_performance_query's
	// performanceCounterQueryPools, which the profiling lock is for
	// (enabled only on a device opened to take it).
	PerformanceCounterQueryPools bool
}

func b32(b bool) C.uint32_t {
	if b {
		return 1
	}
	return 0
}

// QueryDevice reads properties and features; exts is the device's extension
// set, so that only structures of present extensions are chained.
func (f *InstanceFuncs) QueryDevice(phys vulkan.PhysicalDevice, exts map[string]bool) DeviceInfo {
	var ci C.rb_device_info
	C.rb_query_device(f.t, C.VkPhysicalDevice(unsafe.Pointer(phys)),
		b32(exts["VK_KHR_acceleration_structure"]), b32(exts["VK_KHR_ray_query"]),
		b32(exts["VK_EXT_mesh_shader"]), b32(exts["VK_KHR_shader_integer_dot_product"]),
		b32(exts["VK_EXT_subgroup_size_control"]), b32(exts["VK_KHR_pipeline_executable_properties"]),
		b32(exts["VK_KHR_performance_query"]), &ci)
	info := fromC(&ci)
	if exts["VK_KHR_present_id"] && exts["VK_KHR_present_wait"] {
		info.PresentID, info.PresentWait = f.queryPresentWait(phys)
	}
	if exts["VK_KHR_cooperative_matrix"] {
		if cm, err := f.QueryCoopMat(phys, exts); err == nil {
			info.CooperativeMatrix = cm.Feature && cm.VulkanMemoryModel && info.APIVersion >= 1<<22|2<<12
			info.BFloat16CooperativeMatrix = info.CooperativeMatrix && exts["VK_KHR_shader_bfloat16"] && cm.BFloat16Type && cm.BFloat16CooperativeMatrix
			info.Float8CooperativeMatrix = info.CooperativeMatrix && exts["VK_EXT_shader_float8"] && cm.Float8 && cm.Float8CooperativeMatrix
		}
	}
	return info
}

func fromC(ci *C.rb_device_info) DeviceInfo {
	return DeviceInfo{
		APIVersion:              uint32(ci.api_version),
		DriverID:                uint32(ci.driver_id),
		DriverName:              C.GoString(&ci.driver_name[0]),
		DriverInfo:              C.GoString(&ci.driver_info[0]),
		SubgroupSize:            uint32(ci.subgroup_size),
		SubgroupStages:          uint32(ci.subgroup_stages),
		SubgroupOps:             uint32(ci.subgroup_ops),
		MinSubgroupSize:         uint32(ci.min_subgroup_size),
		MaxSubgroupSize:         uint32(ci.max_subgroup_size),
		MaxMemoryAllocationSize: uint64(ci.max_memory_allocation_size),
		StorageBuffer16Bit:      ci.storage_buffer_16bit != 0,
		ShaderFloat16:           ci.shader_float16 != 0,
		ShaderInt8:              ci.shader_int8 != 0,
		StorageBuffer8Bit:       ci.storage_buffer_8bit != 0,
		ShaderInt16:             ci.shader_int16 != 0,
		ShaderInt64:             ci.shader_int64 != 0,
		BufferDeviceAddress:     ci.buffer_device_address != 0,
		SubgroupSizeControl:     ci.subgroup_size_control != 0,
		ComputeFullSubgroups:    ci.compute_full_subgroups != 0,
		IntegerDotProduct:       ci.integer_dot_product != 0,
		AccelerationStructure:   ci.acceleration_structure != 0,
		RayQuery:                ci.ray_query != 0,
		MeshShader:              ci.mesh_shader != 0,
		TaskShader:              ci.task_shader != 0,
		MeshPipelineStatistics:  ci.mesh_pipeline_statistics != 0,
		HostQueryReset:          ci.host_query_reset != 0,
		TimelineSemaphore:       ci.timeline_semaphore != 0,
		PipelineExecutableInfo:  ci.pipeline_executable_info != 0,

		PerformanceCounterQueryPools: ci.performance_counter_query_pools != 0,
	}
}

func toC(d DeviceInfo) C.rb_device_info {
	return C.rb_device_info{
		api_version:              C.uint32_t(d.APIVersion),
		storage_buffer_16bit:     b32(d.StorageBuffer16Bit),
		shader_float16:           b32(d.ShaderFloat16),
		shader_int8:              b32(d.ShaderInt8),
		storage_buffer_8bit:      b32(d.StorageBuffer8Bit),
		shader_int16:             b32(d.ShaderInt16),
		shader_int64:             b32(d.ShaderInt64),
		buffer_device_address:    b32(d.BufferDeviceAddress),
		subgroup_size_control:    b32(d.SubgroupSizeControl),
		compute_full_subgroups:   b32(d.ComputeFullSubgroups),
		integer_dot_product:      b32(d.IntegerDotProduct),
		acceleration_structure:   b32(d.AccelerationStructure),
		ray_query:                b32(d.RayQuery),
		mesh_shader:              b32(d.MeshShader),
		task_shader:              b32(d.TaskShader),
		mesh_pipeline_statistics: b32(d.MeshPipelineStatistics),
		host_query_reset:         b32(d.HostQueryReset),
		timeline_semaphore:       b32(d.TimelineSemaphore),
		cooperative_matrix:       b32(d.CooperativeMatrix),
		bfloat16_coopmat:         b32(d.BFloat16CooperativeMatrix),
		float8_coopmat:           b32(d.Float8CooperativeMatrix),
		present_id:               b32(d.PresentID),
		present_wait:             b32(d.PresentWait),
		pipeline_executable_info: b32(d.PipelineExecutableInfo),

		performance_counter_query_pools: b32(d.PerformanceCounterQueryPools),
	}
}

// CreateDevice creates a logical device with one queue from family qfam,
// the features set in want enabled and the named extensions.
func (f *InstanceFuncs) CreateDevice(phys vulkan.PhysicalDevice, qfam uint32, want DeviceInfo, exts []string) (vulkan.Device, vulkan.Result) {
	cw := toC(want)
	cexts := make([]*C.char, len(exts)+1)
	for i, e := range exts {
		cexts[i] = C.CString(e)
	}
	defer func() {
		for _, p := range cexts {
			if p != nil {
				C.free(unsafe.Pointer(p))
			}
		}
	}()
	// The name array itself must live in C memory (cgo pointer rules).
	arr := (**C.char)(C.calloc(C.size_t(len(cexts)), C.size_t(unsafe.Sizeof(uintptr(0)))))
	defer C.free(unsafe.Pointer(arr))
	copy(unsafe.Slice(arr, len(cexts)), cexts)
	var dev C.VkDevice
	r := C.rb_create_device(f.t, C.VkPhysicalDevice(unsafe.Pointer(phys)),
		C.uint32_t(qfam), &cw, arr, C.uint32_t(len(exts)), &dev)
	return vulkan.Device(unsafe.Pointer(dev)), vulkan.Result(r)
}

// allocFlags is a C-allocated, process-lifetime VkMemoryAllocateFlagsInfo
// asking for VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT, made once.
var allocFlags struct {
	once sync.Once
	p    unsafe.Pointer
}

// AllocFlagsDeviceAddress returns a pNext structure for vkAllocateMemory
// that makes the memory usable with buffer device addresses.
func AllocFlagsDeviceAddress() unsafe.Pointer {
	allocFlags.once.Do(func() { allocFlags.p = unsafe.Pointer(C.rb_alloc_flags_device_address()) })
	return allocFlags.p
}

// Calloc allocates n zeroed bytes of C memory, for structures vulkan-go
// passes through as raw pointers (Go memory must not be stored in C).
func Calloc(n int) unsafe.Pointer { return C.calloc(1, C.size_t(n)) }

// Free releases memory from Calloc.
func Free(p unsafe.Pointer) { C.free(p) }

// RequiredSubgroupSizeInfo returns a C-allocated
// VkPipelineShaderStageRequiredSubgroupSizeCreateInfo for a stage's pNext;
// release it with Free after pipeline creation.
func RequiredSubgroupSizeInfo(size uint32) unsafe.Pointer {
	return unsafe.Pointer(C.rb_required_subgroup_size(C.uint32_t(size)))
}

// BufferDeviceAddress returns the device address of a buffer created with
// VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT (0 when the table was loaded
// without bufferDeviceAddress).
func (f *DeviceFuncs) BufferDeviceAddress(buf vulkan.Buffer) uint64 {
	return uint64(C.rb_buffer_device_address(f.t, C.VkBuffer(unsafe.Pointer(buf))))
}
