package graphics

// Graphics pipelines for a RenderTarget: vertex or task/mesh stages
// (VK_EXT_mesh_shader through the cgo shim), indexed and mesh-task draws.

import (
	"fmt"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/internal/cgorules"
	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

// Stage is one shader stage of a graphics pipeline: its stage bit
// (gpu.StageVertex, gpu.StageMesh, ...), SPIR-V and specialization
// constants (constant_id i gets SpecConstants[i]).
type Stage struct {
	Stage         gpu.ShaderStage
	Name          string
	SPIRV         []byte
	SpecConstants []uint32
}

// PipelineSpec describes a graphics pipeline for a RenderTarget. A
// pipeline with a mesh stage has no vertex input; one with a vertex stage
// draws indexed triangle lists from the given vertex bindings.
type PipelineSpec struct {
	Name   string
	Target *RenderTarget
	Stages []Stage
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

// Pipeline is a graphics pipeline with its layout, shader modules and
// one descriptor set.
type Pipeline struct {
	Name   string
	core   *gpu.PipelineCore
	stages vk.ShaderStageFlagBits
	mesh   *vkshim.MeshFuncs
}

// NewPipeline builds the graphics pipeline described by spec on d.
func NewPipeline(d *gpu.Device, spec PipelineSpec) (*Pipeline, error) {
	p := &Pipeline{Name: spec.Name, core: d.NewPipelineCore()}
	fail := func(err error) (*Pipeline, error) {
		p.Close()
		return nil, fmt.Errorf("create graphics pipeline %s: %w", spec.Name, err)
	}
	if spec.Target == nil {
		return fail(fmt.Errorf("no render target"))
	}
	meshStage, err := p.useStages(d, spec.Stages)
	if err != nil {
		return fail(err)
	}
	stages := make([]vk.PipelineShaderStageCreateInfo, len(spec.Stages))
	for i, s := range spec.Stages {
		var freeSpec func()
		if stages[i], freeSpec, err = p.stageInfo(s); err != nil {
			return fail(err)
		}
		defer freeSpec()
	}
	types := make([]vk.DescriptorType, spec.Buffers)
	for i := range types {
		types[i] = vk.DescriptorTypeStorageBuffer
	}
	if err := p.core.CreateLayouts(types, vk.ShaderStageFlags(p.stages), spec.PushSize); err != nil {
		return fail(err)
	}
	if spec.DepthTest && spec.Target.DepthFormat == gpu.FormatUndefined {
		return fail(fmt.Errorf("depth test on a render target without depth"))
	}
	ci := createInfo(spec, stages, p.core.Layout(), meshStage)
	if err := p.core.CreatePipeline("graphics", spec.Name, spec.Key(), func(flags vk.PipelineCreateFlags) (vk.Pipeline, vk.Result) {
		pipes := make([]vk.Pipeline, 1)
		ci.Flags = flags
		r := vk.CreateGraphicsPipelines(d.Handle(), vk.NullPipelineCache, 1, []vk.GraphicsPipelineCreateInfo{ci}, nil, pipes)
		return pipes[0], r
	}); err != nil {
		return fail(err)
	}
	if spec.Buffers > 0 {
		sizes := []vk.DescriptorPoolSize{{Type: vk.DescriptorTypeStorageBuffer, DescriptorCount: uint32(spec.Buffers)}}
		if err := p.core.AllocateSet(sizes); err != nil {
			return fail(err)
		}
	}
	return p, nil
}

// useStages records the pipeline's stage bits and, for a mesh stage,
// loads the device's mesh-shader commands; it reports whether there is a
// mesh stage.
func (p *Pipeline) useStages(d *gpu.Device, stages []Stage) (bool, error) {
	meshStage := false
	for _, s := range stages {
		p.stages |= vk.ShaderStageFlagBits(s.Stage)
		if s.Stage == gpu.StageMesh {
			meshStage = true
		}
	}
	if meshStage {
		m, err := d.MeshFuncs()
		if err != nil {
			return false, err
		}
		p.mesh = m
	}
	if p.stages&vkshim.ShaderStageTaskBitEXT != 0 && !d.Features.TaskShader {
		return false, fmt.Errorf("task shader stage needs the taskShader feature")
	}
	return meshStage, nil
}

// stageInfo creates s's shader module and its stage's create info; call
// free after the pipeline is created.
func (p *Pipeline) stageInfo(s Stage) (info vk.PipelineShaderStageCreateInfo, free func(), err error) {
	m, err := p.core.AddShaderModule(s.Name, s.SPIRV)
	if err != nil {
		return info, nil, err
	}
	info = vk.PipelineShaderStageCreateInfo{
		SType:  vk.StructureTypePipelineShaderStageCreateInfo,
		Stage:  vk.ShaderStageFlagBits(s.Stage),
		Module: m,
		PName:  cgorules.CString("main"),
	}
	info.PSpecializationInfo, free = gpu.Specialization(s.SpecConstants)
	return info, free, nil
}

// createInfo is the pipeline's fixed-function state for spec's target:
// one viewport and scissor over the target, filled polygons (back faces
// culled with CullBack), one sample, colour writes, a LESS depth test
// with DepthTest, and the vertex input of a pipeline without a mesh
// stage.
func createInfo(spec PipelineSpec, stages []vk.PipelineShaderStageCreateInfo, layout vk.PipelineLayout, meshStage bool) vk.GraphicsPipelineCreateInfo {
	t := spec.Target
	cull := vk.CullModeFlags(vk.CullModeNone)
	if spec.CullBack {
		cull = vk.CullModeFlags(vk.CullModeBackBit)
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
		Layout:     layout,
		RenderPass: t.pass,
	}
	if t.DepthFormat != gpu.FormatUndefined {
		depth := vk.Bool32(vk.False)
		if spec.DepthTest {
			depth = vk.Bool32(vk.True)
		}
		ci.PDepthStencilState = &vk.PipelineDepthStencilStateCreateInfo{
			SType:            vk.StructureTypePipelineDepthStencilStateCreateInfo,
			DepthTestEnable:  depth,
			DepthWriteEnable: depth,
			DepthCompareOp:   vk.CompareOpLess,
			MaxDepthBounds:   1,
		}
	}
	if !meshStage {
		ci.PVertexInputState, ci.PInputAssemblyState = vertexInputState(spec.VertexBindings, spec.VertexAttributes)
	}
	return ci
}

// Bind points storage bindings 0..len(bufs)-1 at bufs (whole buffers).
func (p *Pipeline) Bind(bufs ...*gpu.Buffer) { p.core.BindStorage(bufs) }

// Use records binding the pipeline, its descriptor set and push constants
// (inside a pass of its RenderTarget).
func (p *Pipeline) Use(cb *gpu.CommandBuffer, push []byte) {
	if !cb.Records() {
		return
	}
	p.core.Use(cb, vk.PipelineBindPointGraphics, vk.ShaderStageFlags(p.stages), push)
}

// DrawIndexed records binding vertex buffers (binding i = vertex[i]) and a
// 32-bit index buffer, and an indexed draw of indexCount indices times
// instanceCount instances.
func (p *Pipeline) DrawIndexed(cb *gpu.CommandBuffer, index *gpu.Buffer, indexCount, instanceCount uint32, vertex ...*gpu.Buffer) {
	if !cb.Records() {
		return
	}
	if len(vertex) > 0 {
		hs := make([]vk.Buffer, len(vertex))
		offs := make([]vk.DeviceSize, len(vertex))
		for i, b := range vertex {
			hs[i] = b.Handle()
		}
		vk.CmdBindVertexBuffers(cb.Handle(), 0, uint32(len(hs)), hs, offs)
	}
	vk.CmdBindIndexBuffer(cb.Handle(), index.Handle(), 0, vk.IndexTypeUint32)
	vk.CmdDrawIndexed(cb.Handle(), indexCount, instanceCount, 0, 0, 0)
}

// DrawMeshTasks records vkCmdDrawMeshTasksEXT: x×y×z task workgroups (or
// mesh workgroups when the pipeline has no task stage).
func (p *Pipeline) DrawMeshTasks(cb *gpu.CommandBuffer, x, y, z uint32) {
	if !cb.Records() {
		return
	}
	p.mesh.CmdDrawMeshTasks(cb.Handle(), x, y, z)
}

// Close destroys the pipeline and what it owns; safe to call twice.
func (p *Pipeline) Close() { p.core.Close() }
