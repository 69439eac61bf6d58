package gpu

// Graphics pipelines for a RenderTarget: vertex or task/mesh stages
// (VK_EXT_mesh_shader through the cgo shim), indexed and mesh-task draws.

import (
	"fmt"
	"unsafe"

	"github.com/radvbench/radvbench/bench/gpu/internal/cgorules"
	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

// GraphicsStage is one shader stage of a graphics pipeline: its stage bit
// (StageVertex, StageMesh, ...), SPIR-V and
// specialization constants (constant_id i gets SpecConstants[i]).
type GraphicsStage struct {
	Stage         ShaderStage
	Name          string
	SPIRV         []byte
	SpecConstants []uint32
}

// GraphicsSpec describes a graphics pipeline for a RenderTarget. A
// pipeline with a mesh stage has no vertex input; one with a vertex stage
// draws indexed triangle lists from the given vertex bindings.
type GraphicsSpec struct {
	Name   string
	Target *RenderTarget
	Stages []GraphicsStage
	// Buffers is the number of storage buffers (bindings 0..Buffers-1 of
	// set 0, visible to every stage).
	Buffers int
	// PushSize is the size of the push-constant block every stage sees.
	PushSize         uint32
	VertexBindings   []VertexBinding
	VertexAttributes []VertexAttribute
	// CullBack culls back faces (front faces are counter-clockwise in
	// framebuffer coordinates).
	CullBack bool
	// DepthTest enables a LESS depth test with depth writes.
	DepthTest bool
}

// GraphicsPipeline is a graphics pipeline with its layout, shader modules
// and one descriptor set.
type GraphicsPipeline struct {
	Name string
	pipelineCore
	stages vk.ShaderStageFlagBits
	mesh   *vkshim.MeshFuncs
}

// NewGraphicsPipeline builds the pipeline described by spec.
func (d *Device) NewGraphicsPipeline(spec GraphicsSpec) (*GraphicsPipeline, error) {
	p := &GraphicsPipeline{Name: spec.Name, pipelineCore: pipelineCore{dev: d}}
	fail := func(err error) (*GraphicsPipeline, error) {
		p.Close()
		return nil, fmt.Errorf("create graphics pipeline %s: %w", spec.Name, err)
	}
	if spec.Target == nil {
		return fail(fmt.Errorf("no render target"))
	}
	meshStage := false
	for _, s := range spec.Stages {
		p.stages |= vk.ShaderStageFlagBits(s.Stage)
		if s.Stage == StageMesh {
			meshStage = true
		}
	}
	if meshStage {
		m, err := d.meshFuncs()
		if err != nil {
			return fail(err)
		}
		p.mesh = m
	}
	if p.stages&vkshim.ShaderStageTaskBitEXT != 0 && !d.Features.TaskShader {
		return fail(fmt.Errorf("task shader stage needs the taskShader feature"))
	}
	stageFlags := vk.ShaderStageFlags(p.stages)
	stages := make([]vk.PipelineShaderStageCreateInfo, len(spec.Stages))
	for i, s := range spec.Stages {
		m, err := d.NewShaderModule(s.Name, s.SPIRV)
		if err != nil {
			return fail(err)
		}
		p.modules = append(p.modules, m)
		stages[i] = vk.PipelineShaderStageCreateInfo{
			SType:  vk.StructureTypePipelineShaderStageCreateInfo,
			Stage:  vk.ShaderStageFlagBits(s.Stage),
			Module: m,
			PName:  cgorules.CString("main"),
		}
		var freeSpec func()
		stages[i].PSpecializationInfo, freeSpec = specialization(s.SpecConstants)
		defer freeSpec()
	}
	types := make([]vk.DescriptorType, spec.Buffers)
	for i := range types {
		types[i] = vk.DescriptorTypeStorageBuffer
	}
	var err error
	if p.setLayout, p.layout, err = d.newLayouts(types, stageFlags, spec.PushSize); err != nil {
		return fail(err)
	}

	t := spec.Target
	cull := vk.CullModeFlags(vk.CullModeNone)
	if spec.CullBack {
		cull = vk.CullModeFlags(vk.CullModeBackBit)
	}
	depth := vk.Bool32(vk.False)
	if spec.DepthTest {
		if t.DepthFormat == FormatUndefined {
			return fail(fmt.Errorf("depth test on a render target without depth"))
		}
		depth = vk.Bool32(vk.True)
	}
	ci := vk.GraphicsPipelineCreateInfo{
		SType:      vk.StructureTypeGraphicsPipelineCreateInfo,
		StageCount: uint32(len(stages)),
		PStages:    stages,
		PViewportState: &vk.PipelineViewportStateCreateInfo{
			SType:         vk.StructureTypePipelineViewportStateCreateInfo,
			ViewportCount: 1,
			PViewports:    []vk.Viewport{{Width: float32(t.Width), Height: float32(t.Height), MinDepth: 0, MaxDepth: 1}},
			ScissorCount:  1,
			PScissors:     []vk.Rect2D{{Extent: vk.Extent2D{Width: t.Width, Height: t.Height}}},
		},
		PRasterizationState: &vk.PipelineRasterizationStateCreateInfo{
			SType:       vk.StructureTypePipelineRasterizationStateCreateInfo,
			PolygonMode: vk.PolygonModeFill,
			CullMode:    cull,
			FrontFace:   vk.FrontFaceCounterClockwise,
			LineWidth:   1,
		},
		PMultisampleState: &vk.PipelineMultisampleStateCreateInfo{
			SType:                vk.StructureTypePipelineMultisampleStateCreateInfo,
			RasterizationSamples: vk.SampleCount1Bit,
		},
		PColorBlendState: &vk.PipelineColorBlendStateCreateInfo{
			SType:           vk.StructureTypePipelineColorBlendStateCreateInfo,
			AttachmentCount: 1,
			PAttachments: []vk.PipelineColorBlendAttachmentState{{
				ColorWriteMask: vk.ColorComponentFlags(vk.ColorComponentRBit | vk.ColorComponentGBit | vk.ColorComponentBBit | vk.ColorComponentABit),
			}},
		},
		Layout:     p.layout,
		RenderPass: t.pass,
	}
	if t.DepthFormat != FormatUndefined {
		ci.PDepthStencilState = &vk.PipelineDepthStencilStateCreateInfo{
			SType:            vk.StructureTypePipelineDepthStencilStateCreateInfo,
			DepthTestEnable:  depth,
			DepthWriteEnable: depth,
			DepthCompareOp:   vk.CompareOpLess,
			MaxDepthBounds:   1,
		}
	}
	if !meshStage {
		bindings, attrs := vertexInput(spec.VertexBindings, spec.VertexAttributes)
		ci.PVertexInputState = &vk.PipelineVertexInputStateCreateInfo{
			SType:                           vk.StructureTypePipelineVertexInputStateCreateInfo,
			VertexBindingDescriptionCount:   uint32(len(bindings)),
			PVertexBindingDescriptions:      bindings,
			VertexAttributeDescriptionCount: uint32(len(attrs)),
			PVertexAttributeDescriptions:    attrs,
		}
		ci.PInputAssemblyState = &vk.PipelineInputAssemblyStateCreateInfo{
			SType:    vk.StructureTypePipelineInputAssemblyStateCreateInfo,
			Topology: vk.PrimitiveTopologyTriangleList,
		}
	}
	if p.pipeline, err = d.createPipeline("graphics", spec.Name, spec.Key(), func(flags vk.PipelineCreateFlags) (vk.Pipeline, vk.Result) {
		pipes := make([]vk.Pipeline, 1)
		ci.Flags = flags
		r := vk.CreateGraphicsPipelines(d.h, vk.NullPipelineCache, 1, []vk.GraphicsPipelineCreateInfo{ci}, nil, pipes)
		return pipes[0], r
	}); err != nil {
		return fail(err)
	}
	if spec.Buffers > 0 {
		var err error
		sizes := []vk.DescriptorPoolSize{{Type: vk.DescriptorTypeStorageBuffer, DescriptorCount: uint32(spec.Buffers)}}
		if p.descPool, p.set, err = d.newDescriptorSet(p.setLayout, sizes); err != nil {
			return fail(err)
		}
	}
	return p, nil
}

// Bind points storage bindings 0..len(bufs)-1 at bufs (whole buffers).
func (p *GraphicsPipeline) Bind(bufs ...*Buffer) { bindStorage(p.dev, p.set, bufs) }

// Use records binding the pipeline, its descriptor set and push constants
// (inside a pass of its RenderTarget).
func (p *GraphicsPipeline) Use(cb *CommandBuffer, push []byte) {
	if !cb.records() {
		return
	}
	vk.CmdBindPipeline(cb.h, vk.PipelineBindPointGraphics, p.pipeline)
	if p.set != vk.NullDescriptorSet {
		vk.CmdBindDescriptorSets(cb.h, vk.PipelineBindPointGraphics, p.layout, 0, 1, []vk.DescriptorSet{p.set}, 0, nil)
	}
	if len(push) > 0 {
		vk.CmdPushConstants(cb.h, p.layout, vk.ShaderStageFlags(p.stages), 0, uint32(len(push)), unsafe.Pointer(&push[0]))
	}
}

// DrawIndexed records binding vertex buffers (binding i = vertex[i]) and a
// 32-bit index buffer, and an indexed draw of indexCount indices times
// instanceCount instances.
func (p *GraphicsPipeline) DrawIndexed(cb *CommandBuffer, index *Buffer, indexCount, instanceCount uint32, vertex ...*Buffer) {
	if !cb.records() {
		return
	}
	if len(vertex) > 0 {
		hs := make([]vk.Buffer, len(vertex))
		offs := make([]vk.DeviceSize, len(vertex))
		for i, b := range vertex {
			hs[i] = b.h
		}
		vk.CmdBindVertexBuffers(cb.h, 0, uint32(len(hs)), hs, offs)
	}
	vk.CmdBindIndexBuffer(cb.h, index.h, 0, vk.IndexTypeUint32)
	vk.CmdDrawIndexed(cb.h, indexCount, instanceCount, 0, 0, 0)
}

// DrawMeshTasks records vkCmdDrawMeshTasksEXT: x×y×z task workgroups (or
// mesh workgroups when the pipeline has no task stage).
func (p *GraphicsPipeline) DrawMeshTasks(cb *CommandBuffer, x, y, z uint32) {
	if !cb.records() {
		return
	}
	p.mesh.CmdDrawMeshTasks(cb.h, x, y, z)
}
