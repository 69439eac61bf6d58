package gpu

import (
	"errors"
	"fmt"

	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	"github.com/radvbench/radvbench/reports/results"
)

// ErrNoCooperativeMatrix reports a device without VK_KHR_cooperative_matrix
// (or with the extension but not the cooperativeMatrix feature).
var ErrNoCooperativeMatrix = errors.New("no VK_KHR_cooperative_matrix (RADV has it on GFX11, on GFX12 from Mesa 25.1; lavapipe from Mesa 26.1)")

// CooperativeMatrixProperties is the device's
// vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR table, or
// ErrNoCooperativeMatrix.
func (p *PhysicalDevice) CooperativeMatrixProperties() ([]vkshim.CoopMatProperties, error) {
	if !p.Extensions["VK_KHR_cooperative_matrix"] || !p.Info.CooperativeMatrix {
		return nil, ErrNoCooperativeMatrix
	}
	info, err := p.inst.fns.QueryCoopMat(p.h)
	if err != nil {
		return nil, fmt.Errorf("device %s: %w", p.Name, err)
	}
	return info.Properties, nil
}

// CoopMatShape finds the subgroup-scope row of the property table for
// A = B = in and C = Result = acc. ok is false, with the reason, when the
// device does not list it.
func (p *PhysicalDevice) CoopMatShape(in, acc vkshim.ComponentType) (row vkshim.CoopMatProperties, ok bool, why string) {
	props, err := p.CooperativeMatrixProperties()
	if err != nil {
		return row, false, err.Error()
	}
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
)
