package gpu

// Vulkan enumerants the suites name, as bench/gpu's own types, so that no
// suite imports vulkan-go or the cgo shim: the conversions to vk types
// happen here.

import (
	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

// Format is a VkFormat.
type Format int32

// The formats radvbench's render targets and vertex inputs use.
const (
	FormatUndefined          = Format(vk.FormatUndefined)
	FormatR32Uint            = Format(vk.FormatR32Uint)
	FormatR32Sint            = Format(vk.FormatR32Sint)
	FormatR32Sfloat          = Format(vk.FormatR32Sfloat)
	FormatR8G8B8A8Unorm      = Format(vk.FormatR8g8b8a8Unorm)
	FormatR8G8B8A8Uint       = Format(vk.FormatR8g8b8a8Uint)
	FormatB8G8R8A8Unorm      = Format(vk.FormatB8g8r8a8Unorm)
	FormatR32G32Uint         = Format(vk.FormatR32g32Uint)
	FormatR32G32Sfloat       = Format(vk.FormatR32g32Sfloat)
	FormatR16G16B16A16Sfloat = Format(vk.FormatR16g16b16a16Sfloat)
	FormatR32G32B32Sfloat    = Format(vk.FormatR32g32b32Sfloat)
	FormatR32G32B32A32Uint   = Format(vk.FormatR32g32b32a32Uint)
	FormatR32G32B32A32Sfloat = Format(vk.FormatR32g32b32a32Sfloat)
	FormatD32Sfloat          = Format(vk.FormatD32Sfloat)
)

// ShaderStage is a VkShaderStageFlagBits value (one stage).
type ShaderStage uint32

// Shader stages.
const (
	StageVertex   = ShaderStage(vk.ShaderStageVertexBit)
	StageFragment = ShaderStage(vk.ShaderStageFragmentBit)
	StageCompute  = ShaderStage(vk.ShaderStageComputeBit)
	// StageTask and StageMesh need VK_EXT_mesh_shader.
	StageTask = ShaderStage(vkshim.ShaderStageTaskBitEXT)
	StageMesh = ShaderStage(vkshim.ShaderStageMeshBitEXT)
)

// BufferUsage is extra VkBufferUsageFlags for NewBufferUsage (every
// buffer is already a storage buffer and a copy source and destination).
type BufferUsage uint32

// Buffer usages.
const (
	UsageVertex = BufferUsage(vk.BufferUsageVertexBufferBit)
	UsageIndex  = BufferUsage(vk.BufferUsageIndexBufferBit)
	// UsageDeviceAddress makes a buffer's device address queryable.
	UsageDeviceAddress = BufferUsage(vkshim.BufferUsageShaderDeviceAddress)
	// UsageAccelInput is for vertex, index and instance data read by
	// acceleration-structure builds (includes UsageDeviceAddress).
	UsageAccelInput = BufferUsage(vkshim.BufferUsageAccelStructureBuildInputRO | vkshim.BufferUsageShaderDeviceAddress)
	// UsageAccelStorage is for the memory of acceleration structures.
	UsageAccelStorage = BufferUsage(vkshim.BufferUsageAccelStructureStorage | vkshim.BufferUsageShaderDeviceAddress)
)
