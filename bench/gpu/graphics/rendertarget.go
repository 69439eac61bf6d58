package graphics

// Offscreen render targets: colour and depth images rendered through one
// render pass and framebuffer (no window, no swapchain), and read-back of
// the colour image.

import (
	"fmt"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/internal/cgorules"
	vk "github.com/vulkan-go/vulkan"
)

// RenderTargetSpec describes an offscreen render target.
type RenderTargetSpec struct {
	Width, Height uint32
	// ColorFormat is the colour attachment's format; it must be one
	// ReadColor knows (R32_UINT, R8G8B8A8_UNORM, ...).
	ColorFormat gpu.Format
	// DepthFormat is the depth attachment's format, or FormatUndefined
	// for none.
	DepthFormat gpu.Format
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
	ColorFormat, DepthFormat gpu.Format
	dev                      *gpu.Device
	color, depth             image
	pass                     vk.RenderPass
	fb                       vk.Framebuffer
	clear                    []vk.ClearValue
	closed                   bool
}

// NewRenderTarget creates the images, render pass and framebuffer on d.
func NewRenderTarget(d *gpu.Device, spec RenderTargetSpec) (*RenderTarget, error) {
	if err := checkRenderTarget(d, spec); err != nil {
		return nil, err
	}
	t := &RenderTarget{Width: spec.Width, Height: spec.Height, ColorFormat: spec.ColorFormat, DepthFormat: spec.DepthFormat, dev: d}
	fail := func(err error) (*RenderTarget, error) {
		t.Close()
		return nil, fmt.Errorf("create %dx%d render target: %w", spec.Width, spec.Height, err)
	}
	if err := t.createImages(); err != nil {
		return fail(err)
	}
	if err := t.createPass(spec); err != nil {
		return fail(err)
	}
	if d.CompileOnly() {
		return t, nil // stand-in images: no framebuffer (nothing draws)
	}
	if err := t.createFramebuffer(); err != nil {
		return fail(err)
	}
	return t, nil
}

// checkRenderTarget says why d cannot make the target spec describes.
func checkRenderTarget(d *gpu.Device, spec RenderTargetSpec) error {
	if spec.Width == 0 || spec.Height == 0 {
		return fmt.Errorf("create render target: size %dx%d is empty", spec.Width, spec.Height)
	}
	lim := d.Phys.Limits
	if spec.Width > lim.MaxFramebufferWidth || spec.Height > lim.MaxFramebufferHeight {
		return fmt.Errorf("create render target: %dx%d exceeds the device's maximum framebuffer %dx%d",
			spec.Width, spec.Height, lim.MaxFramebufferWidth, lim.MaxFramebufferHeight)
	}
	if _, ok := TexelSize(spec.ColorFormat); !ok {
		return fmt.Errorf("create render target: colour format %d is not supported for read-back", spec.ColorFormat)
	}
	if !SupportsAttachment(d.Phys, spec.ColorFormat, false) {
		return fmt.Errorf("create render target: the device cannot render to colour format %d", spec.ColorFormat)
	}
	if spec.DepthFormat != gpu.FormatUndefined && !SupportsAttachment(d.Phys, spec.DepthFormat, true) {
		return fmt.Errorf("create render target: the device cannot use depth format %d", spec.DepthFormat)
	}
	return nil
}

func (t *RenderTarget) hasDepth() bool { return t.DepthFormat != gpu.FormatUndefined }

// createImages creates the colour image and, when the target has one,
// the depth image.
func (t *RenderTarget) createImages() error {
	var err error
	if t.color, err = newImage(t.dev, t.Width, t.Height, t.ColorFormat,
		vk.ImageUsageColorAttachmentBit|vk.ImageUsageTransferSrcBit, vk.ImageAspectColorBit); err != nil {
		return err
	}
	if t.hasDepth() {
		if t.depth, err = newImage(t.dev, t.Width, t.Height, t.DepthFormat,
			vk.ImageUsageDepthStencilAttachmentBit, vk.ImageAspectDepthBit); err != nil {
			return err
		}
	}
	return nil
}

// createPass creates the one-subpass render pass (clear both attachments,
// store colour, discard depth) and the clear values a pass begins with.
func (t *RenderTarget) createPass(spec RenderTargetSpec) error {
	attachments := []vk.AttachmentDescription{{
		Format:         vk.Format(spec.ColorFormat),
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
	var cc vk.ClearValue
	copy(cc[:], gpu.BytesOf(spec.ClearColor[:]))
	t.clear = []vk.ClearValue{cc}
	if t.hasDepth() {
		attachments = append(attachments, vk.AttachmentDescription{
			Format:         vk.Format(spec.DepthFormat),
			Samples:        vk.SampleCount1Bit,
			LoadOp:         vk.AttachmentLoadOpClear,
			StoreOp:        vk.AttachmentStoreOpDontCare,
			StencilLoadOp:  vk.AttachmentLoadOpDontCare,
			StencilStoreOp: vk.AttachmentStoreOpDontCare,
			InitialLayout:  vk.ImageLayoutUndefined,
			FinalLayout:    vk.ImageLayoutDepthStencilAttachmentOptimal,
		})
		subpass.PDepthStencilAttachment = &vk.AttachmentReference{Attachment: 1, Layout: vk.ImageLayoutDepthStencilAttachmentOptimal}
		t.clear = append(t.clear, vk.NewClearDepthStencil(spec.ClearDepth, 0))
	}
	deps := passDependencies()
	var pass vk.RenderPass
	if err := t.dev.Check("create render pass", vk.CreateRenderPass(t.dev.Handle(), &vk.RenderPassCreateInfo{
		SType:           vk.StructureTypeRenderPassCreateInfo,
		AttachmentCount: uint32(len(attachments)),
		PAttachments:    attachments,
		SubpassCount:    1,
		PSubpasses:      []vk.SubpassDescription{subpass},
		DependencyCount: uint32(len(deps)),
		PDependencies:   deps,
	}, nil, &pass)); err != nil {
		return err
	}
	t.pass = pass
	return nil
}

// passDependencies order a pass after the previous one and its read-back,
// and a read-back after the pass.
func passDependencies() []vk.SubpassDependency {
	attachStages := vk.PipelineStageColorAttachmentOutputBit | vk.PipelineStageEarlyFragmentTestsBit | vk.PipelineStageLateFragmentTestsBit
	attachWrites := vk.AccessColorAttachmentWriteBit | vk.AccessDepthStencilAttachmentWriteBit
	return []vk.SubpassDependency{{
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
}

// createFramebuffer creates the framebuffer over the target's views.
func (t *RenderTarget) createFramebuffer() error {
	views := []vk.ImageView{t.color.view}
	if t.hasDepth() {
		views = append(views, t.depth.view)
	}
	var fb vk.Framebuffer
	defer cgorules.Pin(views)()
	if err := t.dev.Check("create framebuffer", vk.CreateFramebuffer(t.dev.Handle(), &vk.FramebufferCreateInfo{
		SType:           vk.StructureTypeFramebufferCreateInfo,
		RenderPass:      t.pass,
		AttachmentCount: uint32(len(views)),
		PAttachments:    views,
		Width:           t.Width,
		Height:          t.Height,
		Layers:          1,
	}, nil, &fb)); err != nil {
		return err
	}
	t.fb = fb
	return nil
}

// Begin records the start of a pass (clearing the attachments).
func (t *RenderTarget) Begin(cb *gpu.CommandBuffer) {
	if !cb.Records() {
		return
	}
	defer cgorules.Pin(t.clear)()
	vk.CmdBeginRenderPass(cb.Handle(), &vk.RenderPassBeginInfo{
		SType:           vk.StructureTypeRenderPassBeginInfo,
		RenderPass:      t.pass,
		Framebuffer:     t.fb,
		RenderArea:      vk.Rect2D{Extent: vk.Extent2D{Width: t.Width, Height: t.Height}},
		ClearValueCount: uint32(len(t.clear)),
		PClearValues:    t.clear,
	}, vk.SubpassContentsInline)
}

// End records the end of the pass.
func (t *RenderTarget) End(cb *gpu.CommandBuffer) {
	if cb.Records() {
		vk.CmdEndRenderPass(cb.Handle())
	}
}

// ColorBytes is the size of the colour image read back by ReadColor.
func (t *RenderTarget) ColorBytes() uint64 {
	n, _ := TexelSize(t.ColorFormat)
	return n * uint64(t.Width) * uint64(t.Height)
}

// ColorImage is the colour image (for a copy into a swapchain image:
// bench/gpu/present), in TRANSFER_SRC_OPTIMAL after a pass.
func (t *RenderTarget) ColorImage() vk.Image { return t.color.h }

// ReadColor copies the colour image (row-major, tightly packed, ColorBytes
// bytes) into dst. At least one pass must have been submitted before (the
// image is read in TRANSFER_SRC_OPTIMAL, the layout a pass leaves it in).
func (t *RenderTarget) ReadColor(dst []byte) error {
	size := t.ColorBytes()
	if uint64(len(dst)) < size {
		return fmt.Errorf("read colour image: %d-byte destination for %d bytes", len(dst), size)
	}
	if t.dev.CompileOnly() {
		clear(dst[:size]) // nothing was drawn
		return nil
	}
	st, err := t.dev.NewBuffer(size, gpu.HostVisible)
	if err != nil {
		return fmt.Errorf("read colour image: staging buffer: %w", err)
	}
	defer st.Close()
	if err := t.dev.Run(func(cb *gpu.CommandBuffer) error {
		vk.CmdCopyImageToBuffer(cb.Handle(), t.color.h, vk.ImageLayoutTransferSrcOptimal, st.Handle(), 1, []vk.BufferImageCopy{{
			ImageSubresource: vk.ImageSubresourceLayers{AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LayerCount: 1},
			ImageExtent:      vk.Extent3D{Width: t.Width, Height: t.Height, Depth: 1},
		}})
		cb.HostReadBarrier()
		return nil
	}); err != nil {
		return fmt.Errorf("read colour image: %w", err)
	}
	return st.Download(dst[:size])
}

// Close destroys the target's objects; safe to call twice.
func (t *RenderTarget) Close() {
	if t == nil || t.closed {
		return
	}
	t.closed = true
	d := t.dev
	if !d.Release() {
		return
	}
	if t.fb != vk.NullFramebuffer {
		vk.DestroyFramebuffer(d.Handle(), t.fb, nil)
	}
	if t.pass != vk.NullRenderPass {
		vk.DestroyRenderPass(d.Handle(), t.pass, nil)
	}
	destroyImage(d, &t.depth)
	destroyImage(d, &t.color)
}
