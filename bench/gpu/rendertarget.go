package gpu

// Offscreen render targets: colour and depth images rendered through one
// render pass and framebuffer (no window, no swapchain), and read-back of
// the colour image.

import (
	"fmt"

	"github.com/radvbench/radvbench/bench/gpu/internal/cgorules"
	vk "github.com/vulkan-go/vulkan"
)

// RenderTargetSpec describes an offscreen render target.
type RenderTargetSpec struct {
	Width, Height uint32
	// ColorFormat is the colour attachment's format; it must be one
	// ReadColor knows (R32_UINT, R8G8B8A8_UNORM, ...).
	ColorFormat Format
	// DepthFormat is the depth attachment's format, or FormatUndefined
	// for none.
	DepthFormat Format
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
	ColorFormat, DepthFormat Format
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
	hasDepth := spec.DepthFormat != FormatUndefined
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
		Format:         spec.ColorFormat.vk(),
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
	copy(cc[:], BytesOf(spec.ClearColor[:]))
	t.clear = []vk.ClearValue{cc}
	if hasDepth {
		attachments = append(attachments, vk.AttachmentDescription{
			Format:         spec.DepthFormat.vk(),
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
	if err := d.check("create render pass", vk.CreateRenderPass(d.h, &vk.RenderPassCreateInfo{
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
	if d.compileOnly {
		return t, nil // stand-in images: no framebuffer (nothing draws)
	}
	var fb vk.Framebuffer
	defer cgorules.Pin(views)()
	if err := d.check("create framebuffer", vk.CreateFramebuffer(d.h, &vk.FramebufferCreateInfo{
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
	if !cb.records() {
		return
	}
	defer cgorules.Pin(t.clear)()
	vk.CmdBeginRenderPass(cb.h, &vk.RenderPassBeginInfo{
		SType:           vk.StructureTypeRenderPassBeginInfo,
		RenderPass:      t.pass,
		Framebuffer:     t.fb,
		RenderArea:      vk.Rect2D{Extent: vk.Extent2D{Width: t.Width, Height: t.Height}},
		ClearValueCount: uint32(len(t.clear)),
		PClearValues:    t.clear,
	}, vk.SubpassContentsInline)
}

// End records the end of the pass.
func (t *RenderTarget) End(cb *CommandBuffer) {
	if cb.records() {
		vk.CmdEndRenderPass(cb.h)
	}
}

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
	if t.dev.compileOnly {
		clear(dst[:size]) // nothing was drawn
		return nil
	}
	st, err := t.dev.NewBuffer(size, HostVisible)
	if err != nil {
		return fmt.Errorf("read colour image: staging buffer: %w", err)
	}
	defer st.Close()
	if err := t.dev.Run(func(cb *CommandBuffer) error {
		vk.CmdCopyImageToBuffer(cb.h, t.color.h, vk.ImageLayoutTransferSrcOptimal, st.h, 1, []vk.BufferImageCopy{{
			ImageSubresource: vk.ImageSubresourceLayers{AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LayerCount: 1},
			ImageExtent:      vk.Extent3D{Width: t.Width, Height: t.Height, Depth: 1},
		}})
		cb.hostReadBarrier()
		return nil
	}); err != nil {
		return fmt.Errorf("read colour image: %w", err)
	}
	copy(dst, st.mappedBytes())
	return nil
}

// Close destroys the target's objects; safe to call twice.
func (t *RenderTarget) Close() {
	if t == nil || t.closed {
		return
	}
	t.closed = true
	d := t.dev
	if !d.release() {
		return
	}
	if t.fb != vk.NullFramebuffer {
		vk.DestroyFramebuffer(d.h, t.fb, nil)
	}
	if t.pass != vk.NullRenderPass {
		vk.DestroyRenderPass(d.h, t.pass, nil)
	}
	d.destroyImage(&t.depth)
	d.destroyImage(&t.color)
}
