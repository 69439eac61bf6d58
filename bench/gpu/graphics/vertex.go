package graphics

// Vertex input of a pipeline without a mesh stage: bindings, attributes
// and indexed triangle lists.

import (
	"github.com/radvbench/radvbench/bench/gpu"
	vk "github.com/vulkan-go/vulkan"
)

// VertexBinding is one vertex-buffer binding of a graphics pipeline:
// binding Binding advances Stride bytes per vertex, or per instance when
// PerInstance.
type VertexBinding struct {
	Binding, Stride uint32
	PerInstance     bool
}

// VertexAttribute is one vertex attribute: shader location Location reads
// Format at Offset bytes into each element of binding Binding.
type VertexAttribute struct {
	Location, Binding uint32
	Format            gpu.Format
	Offset            uint32
}

// vertexInputState is the vertex input of bs and as, and triangle lists.
func vertexInputState(bs []VertexBinding, as []VertexAttribute) (*vk.PipelineVertexInputStateCreateInfo, *vk.PipelineInputAssemblyStateCreateInfo) {
	vb := make([]vk.VertexInputBindingDescription, len(bs))
	for i, b := range bs {
		rate := vk.VertexInputRateVertex
		if b.PerInstance {
			rate = vk.VertexInputRateInstance
		}
		vb[i] = vk.VertexInputBindingDescription{Binding: b.Binding, Stride: b.Stride, InputRate: rate}
	}
	va := make([]vk.VertexInputAttributeDescription, len(as))
	for i, a := range as {
		va[i] = vk.VertexInputAttributeDescription{Location: a.Location, Binding: a.Binding, Format: vk.Format(a.Format), Offset: a.Offset}
	}
	return &vk.PipelineVertexInputStateCreateInfo{
			SType:                           vk.StructureTypePipelineVertexInputStateCreateInfo,
			VertexBindingDescriptionCount:   uint32(len(vb)),
			PVertexBindingDescriptions:      vb,
			VertexAttributeDescriptionCount: uint32(len(va)),
			PVertexAttributeDescriptions:    va,
		}, &vk.PipelineInputAssemblyStateCreateInfo{
			SType:    vk.StructureTypePipelineInputAssemblyStateCreateInfo,
			Topology: vk.PrimitiveTopologyTriangleList,
		}
}
