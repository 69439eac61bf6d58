// Package coopmat is what radvbench knows about cooperative matrices
// (VK_KHR_cooperative_matrix) beyond a device's property table
// (gpu.PhysicalDevice.CooperativeMatrixProperties): which row of it a
// kernel of given element types uses and whether the device has
// everything those types need (Shape), the subgroup size the kernels run
// with, and the one table of the type combinations the matmul and peak
// suites run (Types), with their element encodings. Pure Go over
// bench/gpu's device description: no Vulkan calls of its own.
package coopmat

import (
	"fmt"

	"github.com/radvbench/radvbench/bench/gpu"
	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
)

// Cooperative-matrix types as suites name them (they never import the
// cgo shim).
type (
	// ComponentType is a VkComponentTypeKHR.
	ComponentType = vkshim.ComponentType
	// Properties is one VkCooperativeMatrixPropertiesKHR row.
	Properties = vkshim.CoopMatProperties
)

// The component types the cooperative-matrix kernels use.
const (
	ComponentFloat16 = vkshim.ComponentFloat16
	ComponentFloat32 = vkshim.ComponentFloat32
	ComponentSint8   = vkshim.ComponentSint8
	ComponentSint32  = vkshim.ComponentSint32
	// ComponentBFloat16 is VK_COMPONENT_TYPE_BFLOAT16_KHR.
	ComponentBFloat16 = vkshim.ComponentBFloat16
	// ComponentFloatE4M3, ComponentFloatE5M2 are
	// VK_COMPONENT_TYPE_FLOAT8_E4M3_EXT and _E5M2_EXT.
	ComponentFloatE4M3 = vkshim.ComponentFloatE4M3
	ComponentFloatE5M2 = vkshim.ComponentFloatE5M2
)

// Shape finds the subgroup-scope row of p's property table for A = B =
// in and C = Result = acc. ok is false, with the reason, when the device
// lacks cooperative matrices, the element type's extension and features
// (bf16, fp8) or the row.
func Shape(p *gpu.PhysicalDevice, in, acc ComponentType) (row Properties, ok bool, why string) {
	props, err := p.CooperativeMatrixProperties()
	if err != nil {
		return row, false, err.Error()
	}
	if ok, why := typeEnabled(p.Extensions, p.Info, in); !ok {
		return row, false, why
	}
	return match(props, in, acc)
}

// typeEnabled says whether cooperative matrices of element type in
// can be used beyond VK_KHR_cooperative_matrix itself: bf16 needs
// VK_KHR_shader_bfloat16, fp8 VK_EXT_shader_float8, each with its type and
// cooperative-matrix features (which Open enables); and every type needs
// the features its kernels' SPIR-V declares (matmul and peak alike):
// fp16 Float16 + StorageBuffer16BitAccess, int8 Int8 +
// StorageBuffer8BitAccess, bf16 Float16 + Int16 (glslang declares Float16
// with bfloat16_t; the GEMM unpacks 16-bit words), fp8 Int8 (the GEMM
// unpacks bytes).
func typeEnabled(exts map[string]bool, info vkshim.DeviceInfo, in ComponentType) (bool, string) {
	switch in {
	case vkshim.ComponentBFloat16:
		if !exts["VK_KHR_shader_bfloat16"] {
			return false, "no VK_KHR_shader_bfloat16 (bf16 cooperative matrices: RADV has them on GFX12 / RX 9000 from Mesa 25.2; no lavapipe up to Mesa 26.2 has the extension)"
		}
		if !info.BFloat16CooperativeMatrix {
			return false, "VK_KHR_shader_bfloat16 without shaderBFloat16Type and shaderBFloat16CooperativeMatrix"
		}
	case vkshim.ComponentFloatE4M3, vkshim.ComponentFloatE5M2:
		if !exts["VK_EXT_shader_float8"] {
			return false, "no VK_EXT_shader_float8 (fp8 cooperative matrices: RADV has them on GFX12 / RX 9000 from Mesa 25.2; no lavapipe up to Mesa 26.2 has the extension)"
		}
		if !info.Float8CooperativeMatrix {
			return false, "VK_EXT_shader_float8 without shaderFloat8 and shaderFloat8CooperativeMatrix"
		}
	}
	switch in {
	case vkshim.ComponentFloat16:
		if !(info.ShaderFloat16 && info.StorageBuffer16Bit) {
			return false, "device lacks shaderFloat16 or storageBuffer16BitAccess"
		}
	case vkshim.ComponentSint8:
		if !(info.ShaderInt8 && info.StorageBuffer8Bit) {
			return false, "device lacks shaderInt8 or storageBuffer8BitAccess"
		}
	case vkshim.ComponentBFloat16:
		if !(info.ShaderFloat16 && info.ShaderInt16) {
			return false, "device lacks shaderFloat16 or shaderInt16 (the bf16 kernels declare both)"
		}
	case vkshim.ComponentFloatE4M3, vkshim.ComponentFloatE5M2:
		if !info.ShaderInt8 {
			return false, "device lacks shaderInt8 (the fp8 kernels unpack bytes)"
		}
	}
	return true, ""
}

// match finds the subgroup-scope row of a property table for A = B = in
// and C = Result = acc.
func match(props []Properties, in, acc ComponentType) (row Properties, ok bool, why string) {
	for _, r := range props {
		if r.Scope == vkshim.ScopeSubgroup && r.A == in && r.B == in && r.C == acc && r.Result == acc {
			return r, true, ""
		}
	}
	return row, false, fmt.Sprintf("the device lists no subgroup cooperative matrix %s*%s+%s->%s (VK_KHR_cooperative_matrix table has %d rows)", in, in, acc, acc, len(props))
}

// SubgroupSize is the subgroup size cooperative-matrix kernels run with
// on p: the smallest the device can pin with subgroup size control (pass
// it as gpu.ComputeSpec.RequiredSubgroupSize), else its default, so a
// kernel knows how many subgroups its workgroup has.
func SubgroupSize(p *gpu.PhysicalDevice) uint32 {
	if p.Info.SubgroupSizeControl && p.Info.MinSubgroupSize > 0 {
		return p.Info.MinSubgroupSize
	}
	return p.Info.SubgroupSize
}
