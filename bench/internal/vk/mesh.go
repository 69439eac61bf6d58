package vk

/*
#include "mesh.h"
*/
import "C"

import (
	"errors"
	"unsafe"

	vulkan "github.com/vulkan-go/vulkan"
)

// VK_EXT_mesh_shader enumerants vulkan-go (Vulkan 1.1.88) lacks.
const (
	ShaderStageTaskBitEXT         = vulkan.ShaderStageFlagBits(C.VK_SHADER_STAGE_TASK_BIT_EXT)
	ShaderStageMeshBitEXT         = vulkan.ShaderStageFlagBits(C.VK_SHADER_STAGE_MESH_BIT_EXT)
	PipelineStageTaskShaderBitEXT = vulkan.PipelineStageFlagBits(C.VK_PIPELINE_STAGE_TASK_SHADER_BIT_EXT)
	PipelineStageMeshShaderBitEXT = vulkan.PipelineStageFlagBits(C.VK_PIPELINE_STAGE_MESH_SHADER_BIT_EXT)
	// QueryTypeMeshPrimitivesGeneratedEXT counts the primitives mesh
	// shaders emit (needs the meshShaderQueries feature).
	QueryTypeMeshPrimitivesGeneratedEXT = vulkan.QueryType(C.VK_QUERY_TYPE_MESH_PRIMITIVES_GENERATED_EXT)
	// Pipeline-statistics bits for task and mesh shader invocations (need
	// meshShaderQueries and pipelineStatisticsQuery).
	QueryPipelineStatisticTaskShaderInvocationsBitEXT = vulkan.QueryPipelineStatisticFlagBits(C.VK_QUERY_PIPELINE_STATISTIC_TASK_SHADER_INVOCATIONS_BIT_EXT)
	QueryPipelineStatisticMeshShaderInvocationsBitEXT = vulkan.QueryPipelineStatisticFlagBits(C.VK_QUERY_PIPELINE_STATISTIC_MESH_SHADER_INVOCATIONS_BIT_EXT)
)

// ErrNoMeshShader reports a device without vkCmdDrawMeshTasksEXT.
var ErrNoMeshShader = errors.New("vkCmdDrawMeshTasksEXT is not available (VK_EXT_mesh_shader not enabled)")

// MeshProperties is VkPhysicalDeviceMeshShaderPropertiesEXT.
type MeshProperties struct {
	MaxTaskWorkGroupTotalCount            uint32
	MaxTaskWorkGroupCount                 [3]uint32
	MaxTaskWorkGroupInvocations           uint32
	MaxTaskWorkGroupSize                  [3]uint32
	MaxTaskPayloadSize                    uint32
	MaxTaskSharedMemorySize               uint32
	MaxTaskPayloadAndSharedMemorySize     uint32
	MaxMeshWorkGroupTotalCount            uint32
	MaxMeshWorkGroupCount                 [3]uint32
	MaxMeshWorkGroupInvocations           uint32
	MaxMeshWorkGroupSize                  [3]uint32
	MaxMeshSharedMemorySize               uint32
	MaxMeshPayloadAndSharedMemorySize     uint32
	MaxMeshOutputMemorySize               uint32
	MaxMeshPayloadAndOutputMemorySize     uint32
	MaxMeshOutputComponents               uint32
	MaxMeshOutputVertices                 uint32
	MaxMeshOutputPrimitives               uint32
	MaxMeshOutputLayers                   uint32
	MaxMeshMultiviewViewCount             uint32
	MeshOutputPerVertexGranularity        uint32
	MeshOutputPerPrimitiveGranularity     uint32
	MaxPreferredTaskWorkGroupInvocations  uint32
	MaxPreferredMeshWorkGroupInvocations  uint32
	PrefersLocalInvocationVertexOutput    bool
	PrefersLocalInvocationPrimitiveOutput bool
	PrefersCompactVertexOutput            bool
	PrefersCompactPrimitiveOutput         bool
}

// QueryMeshProperties reads the mesh-shader limits of a device that
// offers VK_EXT_mesh_shader (zero values otherwise).
func (f *InstanceFuncs) QueryMeshProperties(phys vulkan.PhysicalDevice) MeshProperties {
	var p C.VkPhysicalDeviceMeshShaderPropertiesEXT
	C.rb_mesh_properties(f.t, C.VkPhysicalDevice(unsafe.Pointer(phys)), &p)
	u3 := func(a [3]C.uint32_t) [3]uint32 { return [3]uint32{uint32(a[0]), uint32(a[1]), uint32(a[2])} }
	return MeshProperties{
		MaxTaskWorkGroupTotalCount:            uint32(p.maxTaskWorkGroupTotalCount),
		MaxTaskWorkGroupCount:                 u3(p.maxTaskWorkGroupCount),
		MaxTaskWorkGroupInvocations:           uint32(p.maxTaskWorkGroupInvocations),
		MaxTaskWorkGroupSize:                  u3(p.maxTaskWorkGroupSize),
		MaxTaskPayloadSize:                    uint32(p.maxTaskPayloadSize),
		MaxTaskSharedMemorySize:               uint32(p.maxTaskSharedMemorySize),
		MaxTaskPayloadAndSharedMemorySize:     uint32(p.maxTaskPayloadAndSharedMemorySize),
		MaxMeshWorkGroupTotalCount:            uint32(p.maxMeshWorkGroupTotalCount),
		MaxMeshWorkGroupCount:                 u3(p.maxMeshWorkGroupCount),
		MaxMeshWorkGroupInvocations:           uint32(p.maxMeshWorkGroupInvocations),
		MaxMeshWorkGroupSize:                  u3(p.maxMeshWorkGroupSize),
		MaxMeshSharedMemorySize:               uint32(p.maxMeshSharedMemorySize),
		MaxMeshPayloadAndSharedMemorySize:     uint32(p.maxMeshPayloadAndSharedMemorySize),
		MaxMeshOutputMemorySize:               uint32(p.maxMeshOutputMemorySize),
		MaxMeshPayloadAndOutputMemorySize:     uint32(p.maxMeshPayloadAndOutputMemorySize),
		MaxMeshOutputComponents:               uint32(p.maxMeshOutputComponents),
		MaxMeshOutputVertices:                 uint32(p.maxMeshOutputVertices),
		MaxMeshOutputPrimitives:               uint32(p.maxMeshOutputPrimitives),
		MaxMeshOutputLayers:                   uint32(p.maxMeshOutputLayers),
		MaxMeshMultiviewViewCount:             uint32(p.maxMeshMultiviewViewCount),
		MeshOutputPerVertexGranularity:        uint32(p.meshOutputPerVertexGranularity),
		MeshOutputPerPrimitiveGranularity:     uint32(p.meshOutputPerPrimitiveGranularity),
		MaxPreferredTaskWorkGroupInvocations:  uint32(p.maxPreferredTaskWorkGroupInvocations),
		MaxPreferredMeshWorkGroupInvocations:  uint32(p.maxPreferredMeshWorkGroupInvocations),
		PrefersLocalInvocationVertexOutput:    p.prefersLocalInvocationVertexOutput != 0,
		PrefersLocalInvocationPrimitiveOutput: p.prefersLocalInvocationPrimitiveOutput != 0,
		PrefersCompactVertexOutput:            p.prefersCompactVertexOutput != 0,
		PrefersCompactPrimitiveOutput:         p.prefersCompactPrimitiveOutput != 0,
	}
}

// MeshFuncs holds the device's VK_EXT_mesh_shader entry points. It holds
// no Go pointers, so it may be passed to C.
type MeshFuncs struct {
	procs C.rb_mesh_procs
}

// LoadMeshFuncs loads vkCmdDrawMeshTasksEXT for a device with
// VK_EXT_mesh_shader enabled.
func (f *DeviceFuncs) LoadMeshFuncs() (*MeshFuncs, error) {
	m := &MeshFuncs{}
	if C.rb_mesh_load(f.t, &m.procs) == 0 {
		return nil, ErrNoMeshShader
	}
	return m, nil
}

// CmdDrawMeshTasks records vkCmdDrawMeshTasksEXT(cb, x, y, z).
func (m *MeshFuncs) CmdDrawMeshTasks(cb vulkan.CommandBuffer, x, y, z uint32) {
	C.rb_cmd_draw_mesh_tasks(&m.procs, C.VkCommandBuffer(unsafe.Pointer(cb)), C.uint32_t(x), C.uint32_t(y), C.uint32_t(z))
}
