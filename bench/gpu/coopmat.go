package gpu

import (
	"errors"
	"fmt"

	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	"github.com/radvbench/radvbench/core/results"
)

// ErrNoCooperativeMatrix reports a device without VK_KHR_cooperative_matrix
// (or with the extension but not the cooperativeMatrix feature).
var ErrNoCooperativeMatrix = errors.New("no VK_KHR_cooperative_matrix (RADV has it on GFX11, and on GFX12 in newer Mesa: 26.1 has it, 25.0 does not; lavapipe from Mesa 26.1)")

// CooperativeMatrixProperties is the device's
// vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR table, or
// ErrNoCooperativeMatrix.
func (p *PhysicalDevice) CooperativeMatrixProperties() ([]vkshim.CoopMatProperties, error) {
	if !p.Extensions["VK_KHR_cooperative_matrix"] || !p.Info.CooperativeMatrix {
		return nil, ErrNoCooperativeMatrix
	}
	info, err := p.inst.fns.QueryCoopMat(p.h, p.Extensions)
	if err != nil {
		return nil, fmt.Errorf("device %s: %w", p.Name, err)
	}
	return info.Properties, nil
}

// CoopMatShape finds the subgroup-scope row of the property table for
// A = B = in and C = Result = acc. ok is false, with the reason, when the
// device lacks cooperative matrices, the element type's extension and
// features (bf16, fp8) or the row.
func (p *PhysicalDevice) CoopMatShape(in, acc vkshim.ComponentType) (row vkshim.CoopMatProperties, ok bool, why string) {
	props, err := p.CooperativeMatrixProperties()
	if err != nil {
		return row, false, err.Error()
	}
	if ok, why := coopMatTypeEnabled(p.Extensions, p.Info, in); !ok {
		return row, false, why
	}
	return matchCoopMat(props, in, acc)
}

// coopMatTypeEnabled says whether cooperative matrices of element type in
// can be used beyond VK_KHR_cooperative_matrix itself: bf16 needs
// VK_KHR_shader_bfloat16, fp8 VK_EXT_shader_float8, each with its type and
// cooperative-matrix features (which Open enables); and every type needs
// the features its kernels' SPIR-V declares (matmul and peak alike):
// fp16 Float16 + StorageBuffer16BitAccess, int8 Int8 +
// StorageBuffer8BitAccess, bf16 Float16 + Int16 (glslang declares Float16
// with bfloat16_t; the GEMM unpacks 16-bit words), fp8 Int8 (the GEMM
// unpacks bytes).
func coopMatTypeEnabled(exts map[string]bool, info vkshim.DeviceInfo, in vkshim.ComponentType) (bool, string) {
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

// matchCoopMat finds the subgroup-scope row of a property table for
// A = B = in and C = Result = acc.
func matchCoopMat(props []vkshim.CoopMatProperties, in, acc vkshim.ComponentType) (row vkshim.CoopMatProperties, ok bool, why string) {
	for _, r := range props {
		if r.Scope == vkshim.ScopeSubgroup && r.A == in && r.B == in && r.C == acc && r.Result == acc {
			return r, true, ""
		}
	}
	return row, false, fmt.Sprintf("the device lists no subgroup cooperative matrix %s*%s+%s->%s (VK_KHR_cooperative_matrix table has %d rows)", in, in, acc, acc, len(props))
}

// CoopMatSubgroupSize is the subgroup size cooperative-matrix kernels run
// with: the smallest the device can pin with subgroup size control (pass it
// as ComputeSpec.RequiredSubgroupSize), else its default, so a kernel knows
// how many subgroups its workgroup has.
func (p *PhysicalDevice) CoopMatSubgroupSize() uint32 {
	if p.Info.SubgroupSizeControl && p.Info.MinSubgroupSize > 0 {
		return p.Info.MinSubgroupSize
	}
	return p.Info.SubgroupSize
}

// describeCoopMat is the property table as recorded in results files.
func (p *PhysicalDevice) describeCoopMat() []results.CoopMatrix {
	props, err := p.CooperativeMatrixProperties()
	if err != nil {
		return nil
	}
	out := make([]results.CoopMatrix, len(props))
	for i, r := range props {
		out[i] = results.CoopMatrix{
			M: r.M, N: r.N, K: r.K,
			A: r.A.String(), B: r.B.String(), C: r.C.String(), Result: r.Result.String(),
			Scope: r.Scope.String(), SaturatingAccumulation: r.SaturatingAccumulation,
		}
	}
	return out
}

// Cooperative-matrix types as suites name them (they import bench/gpu,
// never the cgo shim).
type (
	// ComponentType is a VkComponentTypeKHR.
	ComponentType = vkshim.ComponentType
	// CoopMatProperties is one VkCooperativeMatrixPropertiesKHR row.
	CoopMatProperties = vkshim.CoopMatProperties
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
