package gpu

// VK_EXT_mesh_shader: the device's limits and its commands, loaded once
// (bench/gpu/graphics draws mesh tasks with them).

import (
	"fmt"

	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
)

// MeshProperties is the device's VkPhysicalDeviceMeshShaderPropertiesEXT
// (zero when it lacks VK_EXT_mesh_shader).
func (p *PhysicalDevice) MeshProperties() vkshim.MeshProperties {
	if !p.Extensions["VK_EXT_mesh_shader"] {
		return vkshim.MeshProperties{}
	}
	return p.inst.fns.QueryMeshProperties(p.h)
}

// MeshFuncs loads the device's VK_EXT_mesh_shader commands once; it fails
// when the extension or the meshShader feature was not enabled.
func (d *Device) MeshFuncs() (*vkshim.MeshFuncs, error) {
	if !d.Features.MeshShader {
		return nil, fmt.Errorf("device %q: %w", d.Phys.Name, vkshim.ErrNoMeshShader)
	}
	if d.mesh == nil {
		m, err := d.fns.LoadMeshFuncs()
		if err != nil {
			return nil, err
		}
		d.mesh = m
	}
	return d.mesh, nil
}
