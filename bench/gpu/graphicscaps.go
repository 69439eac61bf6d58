package gpu

// What a physical device offers for offscreen graphics: a graphics-capable
// queue, attachment formats and VK_EXT_mesh_shader (limits and commands).

import (
	"fmt"

	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

// HasGraphicsQueue reports whether the queue family the device opens
// (ComputeFamily) also supports graphics.
func (p *PhysicalDevice) HasGraphicsQueue() bool {
	fams := p.QueueFamilies()
	return p.ComputeFamily >= 0 && p.ComputeFamily < len(fams) && fams[p.ComputeFamily].Graphics
}

// MeshProperties is the device's VkPhysicalDeviceMeshShaderPropertiesEXT
// (zero when it lacks VK_EXT_mesh_shader).
func (p *PhysicalDevice) MeshProperties() vkshim.MeshProperties {
	if !p.Extensions["VK_EXT_mesh_shader"] {
		return vkshim.MeshProperties{}
	}
	return p.inst.fns.QueryMeshProperties(p.h)
}

// SupportsAttachment reports whether format f can be a colour (depth
// false) or depth (depth true) attachment with optimal tiling.
func (p *PhysicalDevice) SupportsAttachment(f Format, depth bool) bool {
	var props vk.FormatProperties
	vk.GetPhysicalDeviceFormatProperties(p.h, f.vk(), &props)
	props.Deref()
	want := vk.FormatFeatureColorAttachmentBit
	if depth {
		want = vk.FormatFeatureDepthStencilAttachmentBit
	}
	return vk.FormatFeatureFlagBits(props.OptimalTilingFeatures)&want != 0
}

// meshFuncs loads the device's VK_EXT_mesh_shader commands once; it fails
// when the extension or the meshShader feature was not enabled.
func (d *Device) meshFuncs() (*vkshim.MeshFuncs, error) {
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
