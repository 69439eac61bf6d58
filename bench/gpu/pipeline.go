package gpu

import (
	"fmt"
	"unsafe"

	"github.com/radvbench/radvbench/bench/gpu/compiled"
	"github.com/radvbench/radvbench/bench/gpu/internal/cgorules"
	"github.com/radvbench/radvbench/bench/gpu/internal/vkobj"
	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

// ComputeSpec describes a compute pipeline: its SPIR-V, the number of
// storage buffers it binds (bindings 0..Buffers-1 of set 0), the size of its
// push-constant block and its specialization constants (constant_id i gets
// SpecConstants[i], each a 32-bit value).
type ComputeSpec struct {
	Name          string
	SPIRV         []byte
	Buffers       int
	PushSize      uint32
	SpecConstants []uint32
	// RequiredSubgroupSize, when non-zero, pins the subgroup size
	// (VK_EXT_subgroup_size_control).
	RequiredSubgroupSize uint32
	// Accels acceleration structures follow the buffers, at bindings
	// Buffers..Buffers+Accels-1 (see NewRayQueryPipeline).
	Accels int
}

// ComputePipeline is a compute pipeline with its layout and one
// descriptor set.
type ComputePipeline struct {
	Name     string
	core     *PipelineCore
	pushSize uint32
}

// Close destroys the pipeline and what it owns; safe to call twice.
func (p *ComputePipeline) Close() { p.core.Close() }

// PipelineCore is what every pipeline owns: its shader modules, descriptor
// set layout, pipeline layout, pipeline and one descriptor set with its
// pool. Compute pipelines here and bench/gpu/graphics's graphics pipelines
// are built on it in order: AddShaderModule for each stage, CreateLayouts,
// CreatePipeline (the one place a pipeline is created), AllocateSet.
type PipelineCore struct {
	dev       *Device
	modules   []vk.ShaderModule
	setLayout vk.DescriptorSetLayout
	layout    vk.PipelineLayout
	pipeline  vk.Pipeline
	descPool  vk.DescriptorPool
	set       vk.DescriptorSet
	closed    bool
	// shared: the device's pipeline cache owns the pipeline, layouts and
	// modules (pipelinecache.go); the core owns its descriptor set alone.
	shared bool
	// captured is what the capture read from the pipeline (a capturing
	// device), for the cache to report again at each reuse.
	captured *compiled.Pipeline
}

// NewPipelineCore starts the core of a pipeline on d: nothing created yet.
func (d *Device) NewPipelineCore() *PipelineCore { return &PipelineCore{dev: d} }

// Close destroys the pipeline and what it owns; safe to call twice.
func (c *PipelineCore) Close() {
	if c == nil || c.closed {
		return
	}
	c.closed = true
	if !c.dev.release() {
		return
	}
	h := c.dev.h
	if c.descPool != vk.NullDescriptorPool {
		vk.DestroyDescriptorPool(h, c.descPool, nil)
	}
	if c.shared {
		return
	}
	if c.pipeline != vk.NullPipeline {
		vk.DestroyPipeline(h, c.pipeline, nil)
	}
	if c.layout != vk.NullPipelineLayout {
		vk.DestroyPipelineLayout(h, c.layout, nil)
	}
	if c.setLayout != vk.NullDescriptorSetLayout {
		vk.DestroyDescriptorSetLayout(h, c.setLayout, nil)
	}
	for _, m := range c.modules {
		vk.DestroyShaderModule(h, m, nil)
	}
}

// AddShaderModule creates a shader module from SPIR-V that the pipeline
// owns (NewShaderModule).
func (c *PipelineCore) AddShaderModule(name string, spirv []byte) (vk.ShaderModule, error) {
	m, err := c.dev.NewShaderModule(name, spirv)
	if err != nil {
		return vk.NullShaderModule, err
	}
	c.modules = append(c.modules, m)
	return m, nil
}

// NewShaderModule creates a shader module from SPIR-V bytes.
func (d *Device) NewShaderModule(name string, spirv []byte) (vk.ShaderModule, error) {
	m, err := vkobj.ShaderModule(d.h, name, spirv)
	return m, d.failed(err)
}

// failed is a vkobj constructor's error: a failed call is checked as
// every call on the device is (a lost device is marked).
func (d *Device) failed(err error) error {
	if f, ok := err.(*vkobj.Failed); ok {
		return d.check(f.Op, f.Result)
	}
	return err
}

// NewComputePipeline builds the pipeline described by spec, or reuses the
// one the device built for the same key (pipelinecache.go), with a
// descriptor set of its own either way.
func (d *Device) NewComputePipeline(spec ComputeSpec) (*ComputePipeline, error) {
	key := spec.Key()
	p := &ComputePipeline{Name: spec.Name, core: d.cachedPipeline(key), pushSize: spec.PushSize}
	fail := func(err error) (*ComputePipeline, error) {
		p.Close()
		return nil, fmt.Errorf("create pipeline %s: %w", spec.Name, err)
	}
	if p.core != nil {
		if err := p.allocateSet(spec); err != nil {
			return fail(err)
		}
		return p, nil
	}
	p.core = d.NewPipelineCore()
	module, err := p.core.AddShaderModule(spec.Name, spec.SPIRV)
	if err != nil {
		return fail(err)
	}
	types := make([]vk.DescriptorType, spec.Buffers+spec.Accels)
	for i := range types {
		types[i] = vk.DescriptorTypeStorageBuffer
		if i >= spec.Buffers {
			types[i] = vk.DescriptorType(vkshim.DescriptorTypeAccelerationStructure)
		}
	}
	if err := p.core.CreateLayouts(types, vk.ShaderStageFlags(vk.ShaderStageComputeBit), spec.PushSize); err != nil {
		return fail(err)
	}
	stage := vk.PipelineShaderStageCreateInfo{
		SType:  vk.StructureTypePipelineShaderStageCreateInfo,
		Stage:  vk.ShaderStageComputeBit,
		Module: module,
		PName:  cgorules.CString("main"),
	}
	var freeSpec func()
	stage.PSpecializationInfo, freeSpec = Specialization(spec.SpecConstants)
	defer freeSpec()
	if spec.RequiredSubgroupSize != 0 {
		if !d.Features.SubgroupSizeControl {
			return fail(fmt.Errorf("required subgroup size %d needs VK_EXT_subgroup_size_control", spec.RequiredSubgroupSize))
		}
		rs := vkshim.RequiredSubgroupSizeInfo(spec.RequiredSubgroupSize)
		defer vkshim.Free(rs)
		stage.PNext = rs
	}
	if err := p.core.CreatePipeline("compute", spec.Name, key, func(flags vk.PipelineCreateFlags) (vk.Pipeline, vk.Result) {
		pipes := make([]vk.Pipeline, 1)
		r := vk.CreateComputePipelines(d.h, vk.NullPipelineCache, 1, []vk.ComputePipelineCreateInfo{{
			SType:  vk.StructureTypeComputePipelineCreateInfo,
			Flags:  flags,
			Stage:  stage,
			Layout: p.core.layout,
		}}, nil, pipes)
		return pipes[0], r
	}); err != nil {
		return fail(err)
	}
	d.keepPipeline(key, p.core)
	if err := p.allocateSet(spec); err != nil {
		return fail(err)
	}
	return p, nil
}

// allocateSet gives p the descriptor set of spec's bindings (none when
// it binds nothing).
func (p *ComputePipeline) allocateSet(spec ComputeSpec) error {
	var sizes []vk.DescriptorPoolSize
	if spec.Buffers > 0 {
		sizes = append(sizes, vk.DescriptorPoolSize{Type: vk.DescriptorTypeStorageBuffer, DescriptorCount: uint32(spec.Buffers)})
	}
	if spec.Accels > 0 {
		sizes = append(sizes, vk.DescriptorPoolSize{Type: vk.DescriptorType(vkshim.DescriptorTypeAccelerationStructure), DescriptorCount: uint32(spec.Accels)})
	}
	if len(sizes) == 0 {
		return nil
	}
	return p.core.AllocateSet(sizes)
}

// Bind points bindings 0..len(bufs)-1 at bufs (whole buffers).
func (p *ComputePipeline) Bind(bufs ...*Buffer) { p.core.BindStorage(bufs) }

// Dispatch records binding the pipeline, its descriptor set and push
// constants, and a dispatch of x×y×z workgroups.
func (p *ComputePipeline) Dispatch(cb *CommandBuffer, push []byte, x, y, z uint32) {
	if !cb.records() {
		return
	}
	p.core.Use(cb, vk.PipelineBindPointCompute, vk.ShaderStageFlags(vk.ShaderStageComputeBit), push)
	vk.CmdDispatch(cb.h, x, y, z)
}

// Use records binding the pipeline at point, its descriptor set (when it
// has one) and push constants for stages (when push is not empty); the
// caller checks CommandBuffer.Records.
func (c *PipelineCore) Use(cb *CommandBuffer, point vk.PipelineBindPoint, stages vk.ShaderStageFlags, push []byte) {
	vk.CmdBindPipeline(cb.h, point, c.pipeline)
	if c.set != vk.NullDescriptorSet {
		vk.CmdBindDescriptorSets(cb.h, point, c.layout, 0, 1, []vk.DescriptorSet{c.set}, 0, nil)
	}
	if len(push) > 0 {
		vk.CmdPushConstants(cb.h, c.layout, stages, 0, uint32(len(push)), unsafe.Pointer(&push[0]))
	}
}

// What the driver compiled a pipeline into (bench/gpu/compiled) goes to
// the capture hook of a device opened with OpenOptions.Capture: every
// pipeline is created through CreatePipeline, which sets the capture
// flags and reads the pipeline's executables.

// pipelineCreateFlags are the flags every pipeline of d is created with.
func (d *Device) pipelineCreateFlags() vk.PipelineCreateFlags {
	if d.capture == nil {
		return 0
	}
	return vk.PipelineCreateFlags(vkshim.PipelineCreateCaptureStatistics | vkshim.PipelineCreateCaptureInternalRepresentations)
}

// CreatePipeline is the one place pipelines are created (key is the
// spec's Key, recorded with the capture): create makes the pipeline with
// flags (vkCreateComputePipelines or vkCreateGraphicsPipelines, run with
// the collector off, see cgorules.WithoutGC); on a capturing device the
// pipeline's executables then go to the hook.
func (c *PipelineCore) CreatePipeline(kind, name, key string, create func(flags vk.PipelineCreateFlags) (vk.Pipeline, vk.Result)) error {
	d := c.dev
	var h vk.Pipeline
	r := cgorules.WithoutGC(func() vk.Result {
		var r vk.Result
		h, r = create(d.pipelineCreateFlags())
		return r
	})
	if err := d.check("create "+kind+" pipeline", r); err != nil {
		return err
	}
	if d.capture != nil {
		exes, err := compiled.Read(d.fns, h)
		if err != nil {
			vk.DestroyPipeline(d.h, h, nil)
			return fmt.Errorf("capture what %s pipeline %s compiled into: %w", kind, name, err)
		}
		c.captured = &compiled.Pipeline{Name: name, Key: key, Executables: exes}
		d.capture(*c.captured)
	}
	c.pipeline = h
	return nil
}

// AllocateSet creates a descriptor pool sized for one set of the
// pipeline's set layout (CreateLayouts) and allocates that set.
func (c *PipelineCore) AllocateSet(sizes []vk.DescriptorPoolSize) error {
	var err error
	c.descPool, c.set, err = vkobj.Set(c.dev.h, c.setLayout, sizes)
	return c.dev.failed(err)
}

// DescriptorSet is the pipeline's one descriptor set (AllocateSet), for a
// binding of a kind bench/gpu does not write itself (acceleration
// structures).
func (c *PipelineCore) DescriptorSet() vk.DescriptorSet { return c.set }

// BindStorage points storage-buffer bindings 0..len(bufs)-1 of the
// pipeline's set at bufs (whole buffers).
func (c *PipelineCore) BindStorage(bufs []*Buffer) {
	d := c.dev
	if d.compileOnly {
		return // stand-in buffers have no Vulkan object to point at
	}
	writes := make([]vk.WriteDescriptorSet, len(bufs))
	for i, b := range bufs {
		writes[i] = vk.WriteDescriptorSet{
			SType:           vk.StructureTypeWriteDescriptorSet,
			DstSet:          c.set,
			DstBinding:      uint32(i),
			DescriptorCount: 1,
			DescriptorType:  vk.DescriptorTypeStorageBuffer,
			PBufferInfo:     []vk.DescriptorBufferInfo{{Buffer: b.h, Range: vk.DeviceSize(vk.WholeSize)}},
		}
	}
	vk.UpdateDescriptorSets(d.h, uint32(len(writes)), writes, 0, nil)
}

// CreateLayouts creates a descriptor set layout with one binding per
// entry of types (bindings 0..len-1, visible to stages) and a pipeline
// layout with that set and, when pushSize > 0, one push-constant range.
func (c *PipelineCore) CreateLayouts(types []vk.DescriptorType, stages vk.ShaderStageFlags, pushSize uint32) error {
	var err error
	c.setLayout, c.layout, err = vkobj.Layouts(c.dev.h, types, stages, pushSize)
	return c.dev.failed(err)
}

// Layout is the pipeline layout (CreateLayouts), for the create info
// CreatePipeline's function fills.
func (c *PipelineCore) Layout() vk.PipelineLayout { return c.layout }

// Specialization maps constants[i] to constant_id i (32-bit each), in C
// memory: call free after the pipeline is created (vkobj.Specialization).
func Specialization(constants []uint32) ([]vk.SpecializationInfo, func()) {
	return vkobj.Specialization(constants)
}
