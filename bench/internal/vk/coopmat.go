package vk

/*
#include <stdlib.h>
#include "coopmat.h"
*/
import "C"

import (
	"fmt"
	"unsafe"

	vulkan "github.com/vulkan-go/vulkan"
)

// ComponentType is a VkComponentTypeKHR.
type ComponentType uint32

// The component types radvbench knows by name (VkComponentTypeKHR and the
// bfloat16 / fp8 values of VK_KHR_shader_bfloat16 and VK_EXT_shader_float8).
const (
	ComponentFloat16   ComponentType = 0
	ComponentFloat32   ComponentType = 1
	ComponentFloat64   ComponentType = 2
	ComponentSint8     ComponentType = 3
	ComponentSint16    ComponentType = 4
	ComponentSint32    ComponentType = 5
	ComponentSint64    ComponentType = 6
	ComponentUint8     ComponentType = 7
	ComponentUint16    ComponentType = 8
	ComponentUint32    ComponentType = 9
	ComponentUint64    ComponentType = 10
	ComponentBFloat16  ComponentType = 1000141000
	ComponentFloatE4M3 ComponentType = 1000491002
	ComponentFloatE5M2 ComponentType = 1000491003
)

var componentNames = map[ComponentType]string{
	ComponentFloat16: "fp16", ComponentFloat32: "fp32", ComponentFloat64: "fp64",
	ComponentSint8: "int8", ComponentSint16: "int16", ComponentSint32: "int32", ComponentSint64: "int64",
	ComponentUint8: "uint8", ComponentUint16: "uint16", ComponentUint32: "uint32", ComponentUint64: "uint64",
	ComponentBFloat16: "bf16", ComponentFloatE4M3: "fp8e4m3", ComponentFloatE5M2: "fp8e5m2",
	1000491000: "int8packed", 1000491001: "uint8packed",
}

// String is the short name ("fp16", "bf16", "int8"), or the number.
func (c ComponentType) String() string {
	if s, ok := componentNames[c]; ok {
		return s
	}
	return fmt.Sprintf("component(%d)", uint32(c))
}

// Scope is a VkScopeKHR.
type Scope uint32

// String names the scope.
func (s Scope) String() string {
	switch s {
	case 1:
		return "device"
	case 2:
		return "workgroup"
	case 3:
		return "subgroup"
	case 5:
		return "queuefamily"
	}
	return fmt.Sprintf("scope(%d)", uint32(s))
}

// ScopeSubgroup is VK_SCOPE_SUBGROUP_KHR.
const ScopeSubgroup Scope = 3

// CoopMatProperties is one VkCooperativeMatrixPropertiesKHR row: a matrix
// multiply-add D(MxN) = A(MxK)·B(KxN) + C the device runs with the given
// component types at the given scope.
type CoopMatProperties struct {
	M, N, K                uint32
	A, B, C, Result        ComponentType
	SaturatingAccumulation bool
	Scope                  Scope
}

// CoopMatInfo is what a device says about VK_KHR_cooperative_matrix.
type CoopMatInfo struct {
	// Feature is cooperativeMatrix; RobustBufferAccess is
	// cooperativeMatrixRobustBufferAccess; VulkanMemoryModel is the Vulkan
	// 1.2 feature GLSL's cooperative-matrix loads and stores need.
	Feature, RobustBufferAccess, VulkanMemoryModel bool
	// BFloat16Type, BFloat16CooperativeMatrix: VK_KHR_shader_bfloat16's
	// shaderBFloat16Type and shaderBFloat16CooperativeMatrix.
	BFloat16Type, BFloat16CooperativeMatrix bool
	// Float8, Float8CooperativeMatrix: VK_EXT_shader_float8's shaderFloat8
	// and shaderFloat8CooperativeMatrix.
	Float8, Float8CooperativeMatrix bool
	Properties                      []CoopMatProperties
}

// QueryCoopMat reads the cooperative-matrix feature bits and property
// table of a device that offers VK_KHR_cooperative_matrix; exts is the
// device's extension set (the bf16 and fp8 feature structures are chained
// only when it has VK_KHR_shader_bfloat16 / VK_EXT_shader_float8). It
// returns an error when the entry point is missing.
func (fns *InstanceFuncs) QueryCoopMat(phys vulkan.PhysicalDevice, exts map[string]bool) (CoopMatInfo, error) {
	const maxRows = 64
	var f C.rb_coopmat_features
	props := (*[maxRows]C.rb_coopmat_props)(C.calloc(maxRows, C.size_t(unsafe.Sizeof(C.rb_coopmat_props{}))))
	defer C.free(unsafe.Pointer(props))
	n := C.rb_coopmat_query(fns.t, C.VkPhysicalDevice(unsafe.Pointer(phys)),
		b32(exts["VK_KHR_shader_bfloat16"]), b32(exts["VK_EXT_shader_float8"]), &f, &props[0], maxRows)
	if n < 0 {
		return CoopMatInfo{}, fmt.Errorf("vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR is not available")
	}
	info := CoopMatInfo{Feature: f.cooperativeMatrix != 0, RobustBufferAccess: f.cooperativeMatrixRobustBufferAccess != 0,
		VulkanMemoryModel: f.vulkanMemoryModel != 0,
		BFloat16Type:      f.shaderBFloat16Type != 0, BFloat16CooperativeMatrix: f.shaderBFloat16CooperativeMatrix != 0,
		Float8: f.shaderFloat8 != 0, Float8CooperativeMatrix: f.shaderFloat8CooperativeMatrix != 0}
	for i := 0; i < int(n) && i < maxRows; i++ {
		p := props[i]
		info.Properties = append(info.Properties, CoopMatProperties{
			M: uint32(p.MSize), N: uint32(p.NSize), K: uint32(p.KSize),
			A: ComponentType(p.AType), B: ComponentType(p.BType), C: ComponentType(p.CType), Result: ComponentType(p.ResultType),
			SaturatingAccumulation: p.saturatingAccumulation != 0,
			Scope:                  Scope(p.scope),
		})
	}
	return info, nil
}
