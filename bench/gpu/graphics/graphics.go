// Package graphics owns radvbench's offscreen graphics objects on a
// bench/gpu Device: render targets (colour and depth images with one
// render pass and framebuffer, read back for verification), graphics
// pipelines with vertex or task/mesh stages (VK_EXT_mesh_shader through
// the cgo shim) and their draws, and what a physical device offers for
// them (a graphics queue, attachment formats). Like bench/gpu, every
// object has an idempotent Close, constructors undo their own partial
// work, and errors wrap a named VkResult; it holds vulkan-go handles and
// never C types (cgo lives only in bench/internal/vk). Presenting to a
// window is bench/gpu/present's.
package graphics

import (
	"github.com/radvbench/radvbench/bench/gpu"
	vk "github.com/vulkan-go/vulkan"
)

// HasQueue reports whether the queue family p's devices open
// (ComputeFamily) also supports graphics.
func HasQueue(p *gpu.PhysicalDevice) bool {
	fams := p.QueueFamilies()
	return p.ComputeFamily >= 0 && p.ComputeFamily < len(fams) && fams[p.ComputeFamily].Graphics
}

// SupportsAttachment reports whether format f can be a colour (depth
// false) or depth (depth true) attachment with optimal tiling.
func SupportsAttachment(p *gpu.PhysicalDevice, f gpu.Format, depth bool) bool {
	var props vk.FormatProperties
	vk.GetPhysicalDeviceFormatProperties(p.Handle(), vk.Format(f), &props)
	props.Deref()
	want := vk.FormatFeatureColorAttachmentBit
	if depth {
		want = vk.FormatFeatureDepthStencilAttachmentBit
	}
	return vk.FormatFeatureFlagBits(props.OptimalTilingFeatures)&want != 0
}
