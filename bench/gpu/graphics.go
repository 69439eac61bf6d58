package gpu

// Offscreen graphics: colour and depth images rendered through one render
// pass (no window, no swapchain), graphics pipelines with vertex or
// task/mesh stages (VK_EXT_mesh_shader through the cgo shim), read-back of
// the colour image, and mesh-primitive queries. Used by the mesh suite.

import (
	"fmt"
	"unsafe"

	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

// HasGraphicsQueue reports whether the queue family the device opens
// (ComputeFamily) also supports graphics.
func (p *PhysicalDevice) HasGraphicsQueue() bool {
	if p.ComputeFamily < 0 {
		return false
	}
	var n uint32
	vk.GetPhysicalDeviceQueueFamilyProperties(p.h, &n, nil)
	qs := make([]vk.QueueFamilyProperties, n)
	vk.GetPhysicalDeviceQueueFamilyProperties(p.h, &n, qs)
	if p.ComputeFamily >= int(n) {
		return false
	}
	q := qs[p.ComputeFamily]
	q.Deref()
	return vk.QueueFlagBits(q.QueueFlags)&vk.QueueGraphicsBit != 0
}

// MeshProperties is the device's VkPhysicalDeviceMeshShaderPropertiesEXT
// (zero when it lacks VK_EXT_mesh_shader).
func (p *PhysicalDevice) MeshProperties() vkshim.MeshProperties {
	if !p.Extensions["VK_EXT_mesh_shader"] {
		return vkshim.MeshProperties{}
	}
	return vkshim.QueryMeshProperties(p.inst.h, p.h)
}

// SupportsAttachment reports whether format f can be a colour (depth
// false) or depth (depth true) attachment with optimal tiling.
func (p *PhysicalDevice) SupportsAttachment(f vk.Format, depth bool) bool {
	var props vk.FormatProperties
	vk.GetPhysicalDeviceFormatProperties(p.h, f, &props)
	props.Deref()
	want := vk.FormatFeatureColorAttachmentBit
	if depth {
		want = vk.FormatFeatureDepthStencilAttachmentBit
	}
	return vk.FormatFeatureFlagBits(props.OptimalTilingFeatures)&want != 0
}

// LoadMeshFuncs loads the device's VK_EXT_mesh_shader commands; it fails
// when the extension or the meshShader feature was not enabled.
func (d *Device) LoadMeshFuncs() (*vkshim.MeshFuncs, error) {
	if !d.Features.MeshShader {
		return nil, fmt.Errorf("device %q: %w", d.Phys.Name, vkshim.ErrNoMeshShader)
	}
	return vkshim.LoadMeshFuncs(d.Phys.inst.h, d.h)
}

// texelSize is the size in bytes of one texel of the colour formats a
// RenderTarget can read back.
func texelSize(f vk.Format) (uint64, bool) {
	switch f {
	case vk.FormatR32Uint, vk.FormatR32Sint, vk.FormatR32Sfloat, vk.FormatR8g8b8a8Unorm, vk.FormatR8g8b8a8Uint,
		vk.FormatB8g8r8a8Unorm:
		return 4, true
	case vk.FormatR32g32Uint, vk.FormatR32g32Sfloat, vk.FormatR16g16b16a16Sfloat:
		return 8, true
	case vk.FormatR32g32b32a32Uint, vk.FormatR32g32b32a32Sfloat:
		return 16, true
	}
	return 0, false
}

// image is a 2D image with its own memory and a view.
type image struct {
	h    vk.Image
	mem  vk.DeviceMemory
	view vk.ImageView
}

func (d *Device) newImage(w, h uint32, f vk.Format, usage vk.ImageUsageFlagBits, aspect vk.ImageAspectFlagBits) (image, error) {
	var im image
	var ih vk.Image
	if err := check(fmt.Sprintf("create %dx%d image", w, h), vk.CreateImage(d.h, &vk.ImageCreateInfo{
		SType:         vk.StructureTypeImageCreateInfo,
		ImageType:     vk.ImageType2d,
		Format:        f,
		Extent:        vk.Extent3D{Width: w, Height: h, Depth: 1},
		MipLevels:     1,
		ArrayLayers:   1,
		Samples:       vk.SampleCount1Bit,
		Tiling:        vk.ImageTilingOptimal,
		Usage:         vk.ImageUsageFlags(usage),
		SharingMode:   vk.SharingModeExclusive,
		InitialLayout: vk.ImageLayoutUndefined,
	}, nil, &ih)); err != nil {
		return im, err
	}
	im.h = ih
	var req vk.MemoryRequirements
	vk.GetImageMemoryRequirements(d.h, im.h, &req)
	req.Deref()
	ti, ok := d.Phys.memoryType(req.MemoryTypeBits, vk.MemoryPropertyDeviceLocalBit, 0)
	if !ok {
		d.destroyImage(&im)
		return im, fmt.Errorf("create image: no device-local memory type for it")
	}
	var mem vk.DeviceMemory
	r := vk.AllocateMemory(d.h, &vk.MemoryAllocateInfo{
		SType:           vk.StructureTypeMemoryAllocateInfo,
		AllocationSize:  req.Size,
		MemoryTypeIndex: ti,
	}, nil, &mem)
	if err := check(fmt.Sprintf("allocate %d bytes of image memory", req.Size), r); err != nil {
		d.destroyImage(&im)
		return im, err
	}
	im.mem = mem
	if err := check("bind image memory", vk.BindImageMemory(d.h, im.h, im.mem, 0)); err != nil {
		d.destroyImage(&im)
		return im, err
	}
	var view vk.ImageView
	if err := check("create image view", vk.CreateImageView(d.h, &vk.ImageViewCreateInfo{
		SType:    vk.StructureTypeImageViewCreateInfo,
		Image:    im.h,
		ViewType: vk.ImageViewType2d,
		Format:   f,
		SubresourceRange: vk.ImageSubresourceRange{
			AspectMask: vk.ImageAspectFlags(aspect), LevelCount: 1, LayerCount: 1,
		},
	}, nil, &view)); err != nil {
		d.destroyImage(&im)
		return im, err
	}
	im.view = view
	return im, nil
}

func (d *Device) destroyImage(im *image) {
	if im.view != vk.NullImageView {
		vk.DestroyImageView(d.h, im.view, nil)
	}
	if im.h != vk.NullImage {
		vk.DestroyImage(d.h, im.h, nil)
	}
	if im.mem != vk.NullDeviceMemory {
		vk.FreeMemory(d.h, im.mem, nil)
	}
	*im = image{}
}

// RenderTargetSpec describes an offscreen render target.
type RenderTargetSpec struct {
	Width, Height uint32
	// ColorFormat is the colour attachment's format; it must be one
	// ReadColor knows (R32_UINT, R8G8B8A8_UNORM, ...).
	ColorFormat vk.Format
	// DepthFormat is the depth attachment's format, or FormatUndefined
	// for none.
	DepthFormat vk.Format
	// ClearColor is the colour the pass starts from, as the raw 16 bytes
	// of a VkClearColorValue (uint32 components for integer formats).
	ClearColor [4]uint32
	// ClearDepth is the depth the pass starts from (1 for LESS tests).
	ClearDepth float32
}

// RenderTarget is an offscreen colour image (and optional depth image)
// with a one-subpass render pass and a framebuffer. Every pass clears both
// attachments, stores colour and discards depth; after a pass the colour
// image is in TRANSFER_SRC_OPTIMAL, ready for ReadColor.
type RenderTarget struct {
	Width, Height            uint32
	ColorFormat, DepthFormat vk.Format
	dev                      *Device
	color, depth             image
	pass                     vk.RenderPass
	fb                       vk.Framebuffer
	clear                    []vk.ClearValue
	closed                   bool
}

// NewRenderTarget creates the images, render pass and framebuffer.
func (d *Device) NewRenderTarget(spec RenderTargetSpec) (*RenderTarget, error) {
	if spec.Width == 0 || spec.Height == 0 {
		return nil, fmt.Errorf("create render target: size %dx%d is empty", spec.Width, spec.Height)
	}
	lim := d.Phys.Limits
	if spec.Width > lim.MaxFramebufferWidth || spec.Height > lim.MaxFramebufferHeight {
		return nil, fmt.Errorf("create render target: %dx%d exceeds the device's maximum framebuffer %dx%d",
			spec.Width, spec.Height, lim.MaxFramebufferWidth, lim.MaxFramebufferHeight)
	}
	if _, ok := texelSize(spec.ColorFormat); !ok {
		return nil, fmt.Errorf("create render target: colour format %d is not supported for read-back", spec.ColorFormat)
	}
	if !d.Phys.SupportsAttachment(spec.ColorFormat, false) {
		return nil, fmt.Errorf("create render target: the device cannot render to colour format %d", spec.ColorFormat)
	}
	hasDepth := spec.DepthFormat != vk.FormatUndefined
	if hasDepth && !d.Phys.SupportsAttachment(spec.DepthFormat, true) {
		return nil, fmt.Errorf("create render target: the device cannot use depth format %d", spec.DepthFormat)
	}
	t := &RenderTarget{Width: spec.Width, Height: spec.Height, ColorFormat: spec.ColorFormat, DepthFormat: spec.DepthFormat, dev: d}
	fail := func(err error) (*RenderTarget, error) {
		t.Close()
		return nil, fmt.Errorf("create %dx%d render target: %w", spec.Width, spec.Height, err)
	}
	var err error
	if t.color, err = d.newImage(spec.Width, spec.Height, spec.ColorFormat,
		vk.ImageUsageColorAttachmentBit|vk.ImageUsageTransferSrcBit, vk.ImageAspectColorBit); err != nil {
		return fail(err)
	}
	if hasDepth {
		if t.depth, err = d.newImage(spec.Width, spec.Height, spec.DepthFormat,
			vk.ImageUsageDepthStencilAttachmentBit, vk.ImageAspectDepthBit); err != nil {
			return fail(err)
		}
	}
	attachments := []vk.AttachmentDescription{{
		Format:         spec.ColorFormat,
		Samples:        vk.SampleCount1Bit,
		LoadOp:         vk.AttachmentLoadOpClear,
		StoreOp:        vk.AttachmentStoreOpStore,
		StencilLoadOp:  vk.AttachmentLoadOpDontCare,
		StencilStoreOp: vk.AttachmentStoreOpDontCare,
		InitialLayout:  vk.ImageLayoutUndefined,
		FinalLayout:    vk.ImageLayoutTransferSrcOptimal,
	}}
	subpass := vk.SubpassDescription{
		PipelineBindPoint:    vk.PipelineBindPointGraphics,
		ColorAttachmentCount: 1,
		PColorAttachments:    []vk.AttachmentReference{{Attachment: 0, Layout: vk.ImageLayoutColorAttachmentOptimal}},
	}
	views := []vk.ImageView{t.color.view}
	var cc vk.ClearValue
	copy(unsafe.Slice((*uint32)(unsafe.Pointer(&cc)), 4), spec.ClearColor[:])
	t.clear = []vk.ClearValue{cc}
	if hasDepth {
		attachments = append(attachments, vk.AttachmentDescription{
			Format:         spec.DepthFormat,
			Samples:        vk.SampleCount1Bit,
			LoadOp:         vk.AttachmentLoadOpClear,
			StoreOp:        vk.AttachmentStoreOpDontCare,
			StencilLoadOp:  vk.AttachmentLoadOpDontCare,
			StencilStoreOp: vk.AttachmentStoreOpDontCare,
			InitialLayout:  vk.ImageLayoutUndefined,
			FinalLayout:    vk.ImageLayoutDepthStencilAttachmentOptimal,
		})
		subpass.PDepthStencilAttachment = &vk.AttachmentReference{Attachment: 1, Layout: vk.ImageLayoutDepthStencilAttachmentOptimal}
		views = append(views, t.depth.view)
		t.clear = append(t.clear, vk.NewClearDepthStencil(spec.ClearDepth, 0))
	}
	attachStages := vk.PipelineStageColorAttachmentOutputBit | vk.PipelineStageEarlyFragmentTestsBit | vk.PipelineStageLateFragmentTestsBit
	attachWrites := vk.AccessColorAttachmentWriteBit | vk.AccessDepthStencilAttachmentWriteBit
	deps := []vk.SubpassDependency{{
		// The previous pass's attachment writes and the read-back copy
		// finish before this pass clears the attachments.
		SrcSubpass:    vk.SubpassExternal,
		DstSubpass:    0,
		SrcStageMask:  vk.PipelineStageFlags(attachStages | vk.PipelineStageTransferBit),
		DstStageMask:  vk.PipelineStageFlags(attachStages),
		SrcAccessMask: vk.AccessFlags(attachWrites),
		DstAccessMask: vk.AccessFlags(attachWrites | vk.AccessColorAttachmentReadBit | vk.AccessDepthStencilAttachmentReadBit),
	}, {
		// Colour writes are visible to a following read-back copy.
		SrcSubpass:    0,
		DstSubpass:    vk.SubpassExternal,
		SrcStageMask:  vk.PipelineStageFlags(vk.PipelineStageColorAttachmentOutputBit),
		DstStageMask:  vk.PipelineStageFlags(vk.PipelineStageTransferBit),
		SrcAccessMask: vk.AccessFlags(vk.AccessColorAttachmentWriteBit),
		DstAccessMask: vk.AccessFlags(vk.AccessTransferReadBit),
	}}
	var pass vk.RenderPass
	if err := check("create render pass", vk.CreateRenderPass(d.h, &vk.RenderPassCreateInfo{
		SType:           vk.StructureTypeRenderPassCreateInfo,
		AttachmentCount: uint32(len(attachments)),
		PAttachments:    attachments,
		SubpassCount:    1,
		PSubpasses:      []vk.SubpassDescription{subpass},
		DependencyCount: uint32(len(deps)),
		PDependencies:   deps,
	}, nil, &pass)); err != nil {
		return fail(err)
	}
	t.pass = pass
	var fb vk.Framebuffer
	if err := check("create framebuffer", vk.CreateFramebuffer(d.h, &vk.FramebufferCreateInfo{
		SType:           vk.StructureTypeFramebufferCreateInfo,
		RenderPass:      t.pass,
		AttachmentCount: uint32(len(views)),
		PAttachments:    views,
		Width:           spec.Width,
		Height:          spec.Height,
		Layers:          1,
	}, nil, &fb)); err != nil {
		return fail(err)
	}
	t.fb = fb
	return t, nil
}

// Begin records the start of a pass (clearing the attachments).
func (t *RenderTarget) Begin(cb *CommandBuffer) {
	vk.CmdBeginRenderPass(cb.H, &vk.RenderPassBeginInfo{
		SType:           vk.StructureTypeRenderPassBeginInfo,
		RenderPass:      t.pass,
		Framebuffer:     t.fb,
		RenderArea:      vk.Rect2D{Extent: vk.Extent2D{Width: t.Width, Height: t.Height}},
		ClearValueCount: uint32(len(t.clear)),
		PClearValues:    t.clear,
	}, vk.SubpassContentsInline)
}

// End records the end of the pass.
func (t *RenderTarget) End(cb *CommandBuffer) { vk.CmdEndRenderPass(cb.H) }

// ColorBytes is the size of the colour image read back by ReadColor.
func (t *RenderTarget) ColorBytes() uint64 {
	n, _ := texelSize(t.ColorFormat)
	return n * uint64(t.Width) * uint64(t.Height)
}

// ReadColor copies the colour image (row-major, tightly packed, ColorBytes
// bytes) into dst. At least one pass must have been submitted before (the
// image is read in TRANSFER_SRC_OPTIMAL, the layout a pass leaves it in).
func (t *RenderTarget) ReadColor(dst []byte) error {
	size := t.ColorBytes()
	if uint64(len(dst)) < size {
		return fmt.Errorf("read colour image: %d-byte destination for %d bytes", len(dst), size)
	}
	st, err := t.dev.NewBuffer(size, HostVisible)
	if err != nil {
		return fmt.Errorf("read colour image: staging buffer: %w", err)
	}
	defer st.Close()
	if err := t.dev.Run(func(cb *CommandBuffer) error {
		vk.CmdCopyImageToBuffer(cb.H, t.color.h, vk.ImageLayoutTransferSrcOptimal, st.h, 1, []vk.BufferImageCopy{{
			ImageSubresource: vk.ImageSubresourceLayers{AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LayerCount: 1},
			ImageExtent:      vk.Extent3D{Width: t.Width, Height: t.Height, Depth: 1},
		}})
		vk.CmdPipelineBarrier(cb.H, vk.PipelineStageFlags(vk.PipelineStageTransferBit), vk.PipelineStageFlags(vk.PipelineStageHostBit),
			0, 1, []vk.MemoryBarrier{{
				SType:         vk.StructureTypeMemoryBarrier,
				SrcAccessMask: vk.AccessFlags(vk.AccessTransferWriteBit),
				DstAccessMask: vk.AccessFlags(vk.AccessHostReadBit),
			}}, 0, nil, 0, nil)
		return nil
	}); err != nil {
		return fmt.Errorf("read colour image: %w", err)
	}
	copy(dst, st.Bytes())
	return nil
}

// Close destroys the target's objects; safe to call twice.
func (t *RenderTarget) Close() {
	if t == nil || t.closed {
		return
	}
	t.closed = true
	d := t.dev
	if t.fb != vk.NullFramebuffer {
		vk.DestroyFramebuffer(d.h, t.fb, nil)
	}
	if t.pass != vk.NullRenderPass {
		vk.DestroyRenderPass(d.h, t.pass, nil)
	}
	d.destroyImage(&t.depth)
	d.destroyImage(&t.color)
}

// InputBarrier records a memory barrier that makes earlier transfer and
// compute writes (uploads) visible to vertex input, index reads and
// shader reads of every graphics stage, mesh and task included.
func (c *CommandBuffer) InputBarrier() {
	dst := vk.PipelineStageVertexInputBit | vk.PipelineStageVertexShaderBit | vk.PipelineStageFragmentShaderBit
	if c.dev.Features.MeshShader {
		dst |= vkshim.PipelineStageMeshShaderBitEXT
	}
	if c.dev.Features.TaskShader {
		dst |= vkshim.PipelineStageTaskShaderBitEXT
	}
	vk.CmdPipelineBarrier(c.H, vk.PipelineStageFlags(vk.PipelineStageTransferBit|vk.PipelineStageComputeShaderBit),
		vk.PipelineStageFlags(dst), 0, 1, []vk.MemoryBarrier{{
			SType:         vk.StructureTypeMemoryBarrier,
			SrcAccessMask: vk.AccessFlags(vk.AccessTransferWriteBit | vk.AccessShaderWriteBit),
			DstAccessMask: vk.AccessFlags(vk.AccessVertexAttributeReadBit | vk.AccessIndexReadBit | vk.AccessShaderReadBit),
		}}, 0, nil, 0, nil)
}

// GraphicsStage is one shader stage of a graphics pipeline: its stage bit
// (vk.ShaderStageVertexBit, vkshim.ShaderStageMeshBitEXT, ...), SPIR-V and
// specialization constants (constant_id i gets SpecConstants[i]).
type GraphicsStage struct {
	Stage         vk.ShaderStageFlagBits
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
	VertexBindings   []vk.VertexInputBindingDescription
	VertexAttributes []vk.VertexInputAttributeDescription
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
		p.stages |= s.Stage
		if s.Stage == vkshim.ShaderStageMeshBitEXT {
			meshStage = true
		}
	}
	if meshStage {
		m, err := d.LoadMeshFuncs()
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
			Stage:  s.Stage,
			Module: m,
			PName:  cstr("main"),
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
		if t.DepthFormat == vk.FormatUndefined {
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
	if t.DepthFormat != vk.FormatUndefined {
		ci.PDepthStencilState = &vk.PipelineDepthStencilStateCreateInfo{
			SType:            vk.StructureTypePipelineDepthStencilStateCreateInfo,
			DepthTestEnable:  depth,
			DepthWriteEnable: depth,
			DepthCompareOp:   vk.CompareOpLess,
			MaxDepthBounds:   1,
		}
	}
	if !meshStage {
		ci.PVertexInputState = &vk.PipelineVertexInputStateCreateInfo{
			SType:                           vk.StructureTypePipelineVertexInputStateCreateInfo,
			VertexBindingDescriptionCount:   uint32(len(spec.VertexBindings)),
			PVertexBindingDescriptions:      spec.VertexBindings,
			VertexAttributeDescriptionCount: uint32(len(spec.VertexAttributes)),
			PVertexAttributeDescriptions:    spec.VertexAttributes,
		}
		ci.PInputAssemblyState = &vk.PipelineInputAssemblyStateCreateInfo{
			SType:    vk.StructureTypePipelineInputAssemblyStateCreateInfo,
			Topology: vk.PrimitiveTopologyTriangleList,
		}
	}
	pipes := make([]vk.Pipeline, 1)
	if err := check("create graphics pipeline", vk.CreateGraphicsPipelines(d.h, vk.NullPipelineCache, 1,
		[]vk.GraphicsPipelineCreateInfo{ci}, nil, pipes)); err != nil {
		return fail(err)
	}
	p.pipeline = pipes[0]
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
	vk.CmdBindPipeline(cb.H, vk.PipelineBindPointGraphics, p.pipeline)
	if p.set != vk.NullDescriptorSet {
		vk.CmdBindDescriptorSets(cb.H, vk.PipelineBindPointGraphics, p.layout, 0, 1, []vk.DescriptorSet{p.set}, 0, nil)
	}
	if len(push) > 0 {
		vk.CmdPushConstants(cb.H, p.layout, vk.ShaderStageFlags(p.stages), 0, uint32(len(push)), unsafe.Pointer(&push[0]))
	}
}

// DrawIndexed records binding vertex buffers (binding i = vertex[i]) and a
// 32-bit index buffer, and an indexed draw of indexCount indices times
// instanceCount instances.
func (p *GraphicsPipeline) DrawIndexed(cb *CommandBuffer, index *Buffer, indexCount, instanceCount uint32, vertex ...*Buffer) {
	if len(vertex) > 0 {
		hs := make([]vk.Buffer, len(vertex))
		offs := make([]vk.DeviceSize, len(vertex))
		for i, b := range vertex {
			hs[i] = b.h
		}
		vk.CmdBindVertexBuffers(cb.H, 0, uint32(len(hs)), hs, offs)
	}
	vk.CmdBindIndexBuffer(cb.H, index.h, 0, vk.IndexTypeUint32)
	vk.CmdDrawIndexed(cb.H, indexCount, instanceCount, 0, 0, 0)
}

// DrawMeshTasks records vkCmdDrawMeshTasksEXT: x×y×z task workgroups (or
// mesh workgroups when the pipeline has no task stage).
func (p *GraphicsPipeline) DrawMeshTasks(cb *CommandBuffer, x, y, z uint32) {
	p.mesh.CmdDrawMeshTasks(cb.H, x, y, z)
}

// QueryPool is a pool of single-value queries (mesh primitives generated).
type QueryPool struct {
	Count  uint32
	dev    *Device
	h      vk.QueryPool
	closed bool
}

// NewMeshPrimitivesQueryPool creates count VK_QUERY_TYPE_MESH_PRIMITIVES_GENERATED_EXT
// queries; it needs the meshShaderQueries feature.
func (d *Device) NewMeshPrimitivesQueryPool(count uint32) (*QueryPool, error) {
	if !d.Features.MeshPipelineStatistics {
		return nil, fmt.Errorf("mesh primitive queries need the meshShaderQueries feature, which device %q lacks", d.Phys.Name)
	}
	q := &QueryPool{Count: count, dev: d}
	var pool vk.QueryPool
	if err := check("create mesh-primitives query pool", vk.CreateQueryPool(d.h, &vk.QueryPoolCreateInfo{
		SType:      vk.StructureTypeQueryPoolCreateInfo,
		QueryType:  vkshim.QueryTypeMeshPrimitivesGeneratedEXT,
		QueryCount: count,
	}, nil, &pool)); err != nil {
		return nil, err
	}
	q.h = pool
	return q, nil
}

// Reset records a reset of every query (outside a render pass).
func (q *QueryPool) Reset(cb *CommandBuffer) { vk.CmdResetQueryPool(cb.H, q.h, 0, q.Count) }

// Begin records the start of query i.
func (q *QueryPool) Begin(cb *CommandBuffer, i uint32) { vk.CmdBeginQuery(cb.H, q.h, i, 0) }

// End records the end of query i.
func (q *QueryPool) End(cb *CommandBuffer, i uint32) { vk.CmdEndQuery(cb.H, q.h, i) }

// Results reads every query as 64-bit values (waiting for them).
func (q *QueryPool) Results() ([]uint64, error) {
	out := make([]uint64, q.Count)
	r := vk.GetQueryPoolResults(q.dev.h, q.h, 0, q.Count, uint(8*q.Count), unsafe.Pointer(&out[0]), 8,
		vk.QueryResultFlags(vk.QueryResult64Bit|vk.QueryResultWaitBit))
	if err := check("read query results", r); err != nil {
		return nil, err
	}
	return out, nil
}

// Close destroys the pool; safe to call twice.
func (q *QueryPool) Close() {
	if q == nil || q.closed {
		return
	}
	q.closed = true
	vk.DestroyQueryPool(q.dev.h, q.h, nil)
}
