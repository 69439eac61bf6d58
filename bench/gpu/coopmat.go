package gpu

import (
	"errors"
	"fmt"

	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
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
