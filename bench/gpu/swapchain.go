package gpu

// Presentation: a VkSurfaceKHR made by a window system (bench/window
// creates it with GLFW; nothing here links a window library) and a
// VkSwapchainKHR whose images are filled with transfer commands — a copy
// of a RenderTarget's colour image (same 32-bit compatibility class, so
// the window shows exactly the rendered bits) or an upload from a buffer.
// Frames in flight, per-image semaphores, recreation on
// VK_ERROR_OUT_OF_DATE_KHR, VK_SUBOPTIMAL_KHR or a new window size, and a
// read-back of the presented image for tests.

import (
	"errors"
	"fmt"
	"strings"
	"unsafe"

	"github.com/radvbench/radvbench/bench/gpu/internal/cgorules"
	vk "github.com/vulkan-go/vulkan"
)

// Surface is a VkSurfaceKHR owned by radvbench.
type Surface struct {
	inst   *Instance
	h      vk.Surface
	closed bool
}

// NewSurface makes a surface with a window system's function: create gets
// the VkInstance (as GLFW's Window.CreateWindowSurface wants it) and
// returns a pointer to the new VkSurfaceKHR handle.
func (i *Instance) NewSurface(create func(instance any) (uintptr, error)) (*Surface, error) {
	ptr, err := create(i.h)
	if err != nil {
		return nil, fmt.Errorf("create window surface: %w", err)
	}
	if ptr == 0 {
		return nil, fmt.Errorf("create window surface: no surface returned")
	}
	return &Surface{inst: i, h: vk.SurfaceFromPointer(ptr)}, nil
}

// Close destroys the surface; safe to call twice. Destroy swapchains
// first.
func (s *Surface) Close() {
	if s == nil || s.closed {
		return
	}
	s.closed = true
	vk.DestroySurface(s.inst.h, s.h, nil)
}

// CanPresent reports whether p's queue family (ComputeFamily) can present
// to s.
func (p *PhysicalDevice) CanPresent(s *Surface) bool { return p.familyPresents(p.ComputeFamily, s) }

// canPresent reports whether d's queue family can present to s.
func (d *Device) canPresent(s *Surface) bool { return d.Phys.familyPresents(d.Family, s) }

func (p *PhysicalDevice) familyPresents(family int, s *Surface) bool {
	if family < 0 {
		return false
	}
	var ok vk.Bool32
	if vk.GetPhysicalDeviceSurfaceSupport(p.h, uint32(family), s.h, &ok) != vk.Success {
		return false
	}
	return ok == vk.True
}

// PresentMode is a VkPresentModeKHR.
type PresentMode int32

// Present modes.
const (
	PresentImmediate   = PresentMode(vk.PresentModeImmediate)
	PresentMailbox     = PresentMode(vk.PresentModeMailbox)
	PresentFifo        = PresentMode(vk.PresentModeFifo)
	PresentFifoRelaxed = PresentMode(vk.PresentModeFifoRelaxed)
)

// PresentModes lists the present modes s offers on p.
func (p *PhysicalDevice) PresentModes(s *Surface) ([]PresentMode, error) {
	var n uint32
	if err := check("list present modes", vk.GetPhysicalDeviceSurfacePresentModes(p.h, s.h, &n, nil)); err != nil {
		return nil, err
	}
	modes := make([]vk.PresentMode, n)
	if err := check("list present modes", vk.GetPhysicalDeviceSurfacePresentModes(p.h, s.h, &n, modes)); err != nil {
		return nil, err
	}
	out := make([]PresentMode, n)
	for i, m := range modes[:n] {
		out[i] = PresentMode(m)
	}
	return out, nil
}

var presentModeNames = map[PresentMode]string{
	PresentImmediate:   "immediate",
	PresentMailbox:     "mailbox",
	PresentFifo:        "fifo",
	PresentFifoRelaxed: "fifo-relaxed",
}

// String is the mode's short name (fifo, fifo-relaxed, mailbox,
// immediate).
func (m PresentMode) String() string {
	if n, ok := presentModeNames[m]; ok {
		return n
	}
	return fmt.Sprintf("present-mode-%d", int32(m))
}

// PresentModeNames names modes, comma-separated.
func PresentModeNames(modes []PresentMode) string {
	var out []string
	for _, m := range modes {
		out = append(out, m.String())
	}
	return strings.Join(out, ", ")
}

// framesInFlight is how many frames the CPU may record ahead of the GPU.
const framesInFlight = 2

type frameSlot struct {
	cb       *CommandBuffer
	fence    vk.Fence
	acquired vk.Semaphore
	busy     bool
}

// Swapchain is a VkSwapchainKHR on a Surface with what it takes to present
// frames: command buffers, fences and semaphores.
type Swapchain struct {
	// Format is the images' format (B8G8R8A8_UNORM or R8G8B8A8_UNORM);
	// Width and Height their current size.
	Format        Format
	Width, Height uint32
	// Mode is the present mode.
	Mode PresentMode
	// Recreated counts recreations (resize, out of date, suboptimal).
	Recreated int
	// CanCapture: the images allow TRANSFER_SRC (CaptureNext works).
	CanCapture bool

	dev      *Device
	surf     *Surface
	size     func() (uint32, uint32)
	h        vk.Swapchain
	images   []vk.Image
	done     []vk.Semaphore // per image: rendering finished, present waits
	slots    [framesInFlight]frameSlot
	slot     int
	stale    bool
	staging  [framesInFlight]*Buffer
	capture  *Buffer
	captured bool
	closed   bool
	// waiter measures frame latency (nil without VK_KHR_present_wait).
	waiter *presentWaiter
}

// ErrSurfaceLost means the window's surface went away (the window was
// destroyed); the swapchain cannot present any more.
var ErrSurfaceLost = errors.New("the window's surface is lost")

// NewSwapchain creates a swapchain on surf with present mode mode. size
// reports the window's framebuffer size in pixels; it is used when the
// surface leaves the extent to the application, and a change of it
// recreates the swapchain.
func (d *Device) NewSwapchain(surf *Surface, mode PresentMode, size func() (uint32, uint32)) (*Swapchain, error) {
	if !d.canPresent(surf) {
		return nil, fmt.Errorf("create swapchain: queue family %d of %s cannot present to the window", d.Family, d.Phys.Name)
	}
	modes, err := d.Phys.PresentModes(surf)
	if err != nil {
		return nil, err
	}
	offered := false
	for _, m := range modes {
		offered = offered || m == mode
	}
	if !offered {
		return nil, fmt.Errorf("create swapchain: the surface does not offer present mode %s (it offers %s)", mode.String(), PresentModeNames(modes))
	}
	s := &Swapchain{Mode: mode, dev: d, surf: surf, size: size}
	for i := range s.slots {
		sl := &s.slots[i]
		if sl.cb, err = d.NewCommandBuffer(); err != nil {
			s.Close()
			return nil, err
		}
		var f vk.Fence
		if err := d.check("create fence", vk.CreateFence(d.h, &vk.FenceCreateInfo{SType: vk.StructureTypeFenceCreateInfo}, nil, &f)); err != nil {
			s.Close()
			return nil, err
		}
		sl.fence = f
		if sl.acquired, err = d.newSemaphore(); err != nil {
			s.Close()
			return nil, err
		}
	}
	if err := s.create(); err != nil {
		s.Close()
		return nil, err
	}
	if d.presentWait != nil {
		s.waiter = newPresentWaiter(d.presentWait, s.h)
	}
	return s, nil
}

// MeasuresLatency reports whether frames' latency is measured (the
// device has VK_KHR_present_id and VK_KHR_present_wait enabled).
func (s *Swapchain) MeasuresLatency() bool { return s.waiter != nil }

// Latency returns the frame latencies measured so far, in ns on the CPU
// monotonic clock (from just before a frame's image was acquired to
// vkWaitForPresentKHR returning for its present id), and how many
// presented frames got none (present failed, swapchain recreated, wait
// gave up). Nil without MeasuresLatency.
func (s *Swapchain) Latency() (ns []float64, dropped int) {
	if s.waiter == nil {
		return nil, 0
	}
	ns, dropped, _ = s.waiter.latency()
	return ns, dropped
}

func (d *Device) newSemaphore() (vk.Semaphore, error) {
	var sem vk.Semaphore
	err := d.check("create semaphore", vk.CreateSemaphore(d.h, &vk.SemaphoreCreateInfo{SType: vk.StructureTypeSemaphoreCreateInfo}, nil, &sem))
	return sem, err
}

// chooseFormat prefers B8G8R8A8_UNORM, then R8G8B8A8_UNORM (both in the
// 32-bit class a R32_UINT render target copies into bit for bit).
func chooseFormat(formats []vk.SurfaceFormat) (vk.SurfaceFormat, bool) {
	for _, want := range []vk.Format{vk.FormatB8g8r8a8Unorm, vk.FormatR8g8b8a8Unorm} {
		for _, f := range formats {
			if f.Format == want && f.ColorSpace == vk.ColorSpaceSrgbNonlinear {
				return f, true
			}
		}
	}
	return vk.SurfaceFormat{}, false
}

// create (re)creates the swapchain for the surface's current state.
func (s *Swapchain) create() error {
	d := s.dev
	p := d.Phys
	var caps vk.SurfaceCapabilities
	r := vk.GetPhysicalDeviceSurfaceCapabilities(p.h, s.surf.h, &caps)
	if r == vk.ErrorSurfaceLost {
		return fmt.Errorf("read surface capabilities: %w", ErrSurfaceLost)
	}
	if err := d.check("read surface capabilities", r); err != nil {
		return err
	}
	caps.Deref()
	caps.CurrentExtent.Deref()
	caps.MinImageExtent.Deref()
	caps.MaxImageExtent.Deref()
	extent := caps.CurrentExtent
	if extent.Width == 0xFFFFFFFF {
		w, h := s.size()
		extent = vk.Extent2D{
			Width:  min(max(w, caps.MinImageExtent.Width), caps.MaxImageExtent.Width),
			Height: min(max(h, caps.MinImageExtent.Height), caps.MaxImageExtent.Height),
		}
	}
	if extent.Width == 0 || extent.Height == 0 {
		return fmt.Errorf("create swapchain: the window has no area (%dx%d; minimised?)", extent.Width, extent.Height)
	}
	var n uint32
	if err := check("list surface formats", vk.GetPhysicalDeviceSurfaceFormats(p.h, s.surf.h, &n, nil)); err != nil {
		return err
	}
	formats := make([]vk.SurfaceFormat, n)
	if err := check("list surface formats", vk.GetPhysicalDeviceSurfaceFormats(p.h, s.surf.h, &n, formats)); err != nil {
		return err
	}
	for i := range formats {
		formats[i].Deref()
	}
	format, ok := chooseFormat(formats[:n])
	if !ok {
		return fmt.Errorf("create swapchain: the surface offers no B8G8R8A8_UNORM or R8G8B8A8_UNORM format")
	}
	usage := vk.ImageUsageFlagBits(caps.SupportedUsageFlags)
	if usage&vk.ImageUsageTransferDstBit == 0 {
		return fmt.Errorf("create swapchain: the surface's images cannot be transfer destinations")
	}
	want := vk.ImageUsageTransferDstBit | vk.ImageUsageColorAttachmentBit&usage
	s.CanCapture = usage&vk.ImageUsageTransferSrcBit != 0
	if s.CanCapture {
		want |= vk.ImageUsageTransferSrcBit
	}
	count := max(caps.MinImageCount+1, 2)
	if caps.MaxImageCount > 0 {
		count = min(count, caps.MaxImageCount)
	}
	alpha := vk.CompositeAlphaOpaqueBit
	if vk.CompositeAlphaFlagBits(caps.SupportedCompositeAlpha)&alpha == 0 {
		for _, a := range []vk.CompositeAlphaFlagBits{vk.CompositeAlphaInheritBit, vk.CompositeAlphaPreMultipliedBit, vk.CompositeAlphaPostMultipliedBit} {
			if vk.CompositeAlphaFlagBits(caps.SupportedCompositeAlpha)&a != 0 {
				alpha = a
				break
			}
		}
	}
	old := s.h
	var h vk.Swapchain
	r = vk.CreateSwapchain(d.h, &vk.SwapchainCreateInfo{
		SType:            vk.StructureTypeSwapchainCreateInfo,
		Surface:          s.surf.h,
		MinImageCount:    count,
		ImageFormat:      format.Format,
		ImageColorSpace:  format.ColorSpace,
		ImageExtent:      extent,
		ImageArrayLayers: 1,
		ImageUsage:       vk.ImageUsageFlags(want),
		ImageSharingMode: vk.SharingModeExclusive,
		PreTransform:     caps.CurrentTransform,
		CompositeAlpha:   alpha,
		PresentMode:      vk.PresentMode(s.Mode),
		Clipped:          vk.True,
		OldSwapchain:     old,
	}, nil, &h)
	if old != vk.NullSwapchain {
		vk.DestroySwapchain(d.h, old, nil)
		s.h = vk.NullSwapchain
	}
	if err := d.check(fmt.Sprintf("create %dx%d swapchain (%s)", extent.Width, extent.Height, s.Mode.String()), r); err != nil {
		return err
	}
	s.h = h
	s.Format, s.Width, s.Height = Format(format.Format), extent.Width, extent.Height
	if err := d.check("get swapchain images", vk.GetSwapchainImages(d.h, h, &n, nil)); err != nil {
		return err
	}
	s.images = make([]vk.Image, n)
	if err := d.check("get swapchain images", vk.GetSwapchainImages(d.h, h, &n, s.images)); err != nil {
		return err
	}
	for _, sem := range s.done {
		vk.DestroySemaphore(d.h, sem, nil)
	}
	s.done = s.done[:0]
	for range s.images {
		sem, err := d.newSemaphore()
		if err != nil {
			return err
		}
		s.done = append(s.done, sem)
	}
	s.stale = false
	return nil
}

// Images is the number of swapchain images.
func (s *Swapchain) Images() int { return len(s.images) }

// waitSlot waits for slot i's last frame.
func (s *Swapchain) waitSlot(i int) error {
	sl := &s.slots[i]
	if !sl.busy {
		return nil
	}
	r := vk.WaitForFences(s.dev.h, 1, []vk.Fence{sl.fence}, vk.True, uint64(s.dev.Timeout.Nanoseconds()))
	if r == vk.Timeout {
		return s.dev.fail(fmt.Errorf("frame did not finish within %v (hang?): %w", s.dev.Timeout, &ResultError{Op: "wait for frame fence", Result: r}))
	}
	if err := s.dev.check("wait for frame fence", r); err != nil {
		return err
	}
	sl.busy = false
	return nil
}

// Wait waits for every frame in flight.
func (s *Swapchain) Wait() error {
	for i := range s.slots {
		if err := s.waitSlot(i); err != nil {
			return err
		}
	}
	return nil
}

// recreate waits for the GPU and builds a new swapchain (resize, out of
// date).
func (s *Swapchain) recreate() error {
	if err := s.Wait(); err != nil {
		return err
	}
	if err := s.dev.check("wait for queue", vk.QueueWaitIdle(s.dev.queue)); err != nil {
		return err
	}
	if s.waiter != nil {
		// The old swapchain is retired by create: no wait may be on it.
		s.waiter.pause()
	}
	err := s.create()
	if s.waiter != nil {
		s.waiter.resume(s.h)
	}
	if err != nil {
		return err
	}
	s.Recreated++
	return nil
}

// CaptureNext makes the next Frame copy its swapchain image, just before
// presenting it, into dst (a host-visible buffer of at least
// Width·Height·4 bytes, tightly packed rows). Call Wait after that
// frame, then Download dst.
func (s *Swapchain) CaptureNext(dst *Buffer) error {
	if !s.CanCapture {
		return fmt.Errorf("capture a frame: the surface's images do not allow TRANSFER_SRC")
	}
	s.capture, s.captured = dst, false
	return nil
}

// Captured reports whether the frame requested with CaptureNext was
// recorded (it is in dst once Wait returns).
func (s *Swapchain) Captured() bool { return s.captured }

// FrameInfo is what a frame's record function gets.
type FrameInfo struct {
	// Slot is the frame-in-flight index (0..FramesInFlight-1); the slot's
	// previous frame has finished when record runs.
	Slot int
	// Width and Height are the swapchain image's size.
	Width, Height uint32
	// image is the swapchain image, in TRANSFER_DST_OPTIMAL.
	image vk.Image
}

// FramesInFlight is the number of frame slots.
const FramesInFlight = framesInFlight

// Frame acquires an image, records record's transfer commands into it
// between the layout transitions, submits and presents. An out-of-date or
// resized swapchain is recreated (and the frame retried once); a
// suboptimal one after its present.
func (s *Swapchain) Frame(record func(cb *CommandBuffer, f FrameInfo) error) error {
	if s.dev.lost != nil {
		return s.dev.lost
	}
	if w, h := s.size(); w > 0 && h > 0 && (w != s.Width || h != s.Height) {
		s.stale = true
	}
	if s.stale {
		if err := s.recreate(); err != nil {
			return err
		}
	}
	sl := &s.slots[s.slot]
	if err := s.waitSlot(s.slot); err != nil {
		return err
	}
	if s.waiter != nil {
		if err := s.waiter.failed(); err != nil {
			return err
		}
	}
	start := monoNS() // the frame's latency starts before the acquire
	var idx uint32
	for try := 0; ; try++ {
		r := vk.AcquireNextImage(s.dev.h, s.h, uint64(s.dev.Timeout.Nanoseconds()), sl.acquired, vk.NullFence, &idx)
		if r == vk.Success {
			break
		}
		if r == vk.Suboptimal {
			s.stale = true
			break
		}
		if r == vk.ErrorOutOfDate && try < 3 {
			if err := s.recreate(); err != nil {
				return err
			}
			continue
		}
		if r == vk.ErrorSurfaceLost {
			return fmt.Errorf("acquire swapchain image: %w", ErrSurfaceLost)
		}
		if r == vk.Timeout || r == vk.NotReady {
			return s.dev.fail(fmt.Errorf("no swapchain image within %v: %w", s.dev.Timeout, &ResultError{Op: "acquire swapchain image", Result: vk.Timeout}))
		}
		return s.dev.check("acquire swapchain image", r)
	}
	img := s.images[idx]
	cb := sl.cb
	if err := cb.Begin(); err != nil {
		return err
	}
	color := vk.ImageSubresourceRange{AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LevelCount: 1, LayerCount: 1}
	barrier := func(src, dst vk.PipelineStageFlagBits, sa, da vk.AccessFlagBits, from, to vk.ImageLayout) {
		vk.CmdPipelineBarrier(cb.h, vk.PipelineStageFlags(src), vk.PipelineStageFlags(dst), 0, 0, nil, 0, nil, 1,
			[]vk.ImageMemoryBarrier{{
				SType:               vk.StructureTypeImageMemoryBarrier,
				SrcAccessMask:       vk.AccessFlags(sa),
				DstAccessMask:       vk.AccessFlags(da),
				OldLayout:           from,
				NewLayout:           to,
				SrcQueueFamilyIndex: vk.QueueFamilyIgnored,
				DstQueueFamilyIndex: vk.QueueFamilyIgnored,
				Image:               img,
				SubresourceRange:    color,
			}})
	}
	barrier(vk.PipelineStageTransferBit, vk.PipelineStageTransferBit, 0, vk.AccessTransferWriteBit,
		vk.ImageLayoutUndefined, vk.ImageLayoutTransferDstOptimal)
	if err := record(cb, FrameInfo{Slot: s.slot, Width: s.Width, Height: s.Height, image: img}); err != nil {
		cb.End()
		return err
	}
	last := vk.ImageLayoutTransferDstOptimal
	if s.capture != nil {
		barrier(vk.PipelineStageTransferBit, vk.PipelineStageTransferBit, vk.AccessTransferWriteBit, vk.AccessTransferReadBit,
			last, vk.ImageLayoutTransferSrcOptimal)
		last = vk.ImageLayoutTransferSrcOptimal
		vk.CmdCopyImageToBuffer(cb.h, img, last, s.capture.h, 1, []vk.BufferImageCopy{{
			ImageSubresource: vk.ImageSubresourceLayers{AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LayerCount: 1},
			ImageExtent:      vk.Extent3D{Width: s.Width, Height: s.Height, Depth: 1},
		}})
		cb.hostReadBarrier()
		s.capture, s.captured = nil, true
	}
	barrier(vk.PipelineStageTransferBit, vk.PipelineStageBottomOfPipeBit, vk.AccessTransferWriteBit, 0,
		last, vk.ImageLayoutPresentSrc)
	if err := cb.End(); err != nil {
		return err
	}
	if err := s.dev.check("reset frame fence", vk.ResetFences(s.dev.h, 1, []vk.Fence{sl.fence})); err != nil {
		return err
	}
	// The slices vulkan-go stores in C memory are pinned (cgorules.go).
	waitSems, signalSems := []vk.Semaphore{sl.acquired}, []vk.Semaphore{s.done[idx]}
	waitStages, cbs := []vk.PipelineStageFlags{vk.PipelineStageFlags(vk.PipelineStageTransferBit)}, []vk.CommandBuffer{cb.h}
	swapchains, indices := []vk.Swapchain{s.h}, []uint32{idx}
	defer cgorules.Pin(waitSems, signalSems)()
	defer cgorules.Pin(waitStages)()
	defer cgorules.Pin(cbs)()
	defer cgorules.Pin(swapchains)()
	defer cgorules.Pin(indices)()
	if err := s.dev.check("queue submit (frame)", vk.QueueSubmit(s.dev.queue, 1, []vk.SubmitInfo{{
		SType:                vk.StructureTypeSubmitInfo,
		WaitSemaphoreCount:   1,
		PWaitSemaphores:      waitSems,
		PWaitDstStageMask:    waitStages,
		CommandBufferCount:   1,
		PCommandBuffers:      cbs,
		SignalSemaphoreCount: 1,
		PSignalSemaphores:    signalSems,
	}}, sl.fence)); err != nil {
		return err
	}
	sl.busy = true
	s.slot = (s.slot + 1) % framesInFlight
	var presentID uint64
	var next unsafe.Pointer
	if s.waiter != nil {
		presentID, next = s.waiter.present(start)
	}
	r := vk.QueuePresent(s.dev.queue, &vk.PresentInfo{
		SType:              vk.StructureTypePresentInfo,
		PNext:              next,
		WaitSemaphoreCount: 1,
		PWaitSemaphores:    signalSems,
		SwapchainCount:     1,
		PSwapchains:        swapchains,
		PImageIndices:      indices,
	})
	if s.waiter != nil && r != vk.Success && r != vk.Suboptimal {
		s.waiter.notPresented(presentID)
	}
	switch r {
	case vk.Success:
	case vk.Suboptimal, vk.ErrorOutOfDate:
		s.stale = true
	case vk.ErrorSurfaceLost:
		return fmt.Errorf("present: %w", ErrSurfaceLost)
	default:
		return s.dev.check("present", r)
	}
	return nil
}

// CopyColorTo records a copy of the target's colour image (in the
// TRANSFER_SRC_OPTIMAL layout a pass leaves it in) into the frame's
// swapchain image, whose format has the same size class (R32_UINT into
// B8G8R8A8_UNORM copies the bits unchanged). Where the frame is larger
// than the target, the rest is cleared to black first; where smaller, the
// copy is cropped.
func (t *RenderTarget) CopyColorTo(cb *CommandBuffer, f FrameInfo) {
	if sz, _ := texelSize(t.ColorFormat); sz != 4 {
		panic(fmt.Sprintf("gpu: CopyColorTo from a %d-byte format into a 4-byte swapchain image", sz))
	}
	dst := f.image
	ext := vk.Extent2D{Width: f.Width, Height: f.Height}
	if ext.Width > t.Width || ext.Height > t.Height {
		cb.clearToBlack(dst)
	}
	layers := vk.ImageSubresourceLayers{AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LayerCount: 1}
	vk.CmdCopyImage(cb.h, t.color.h, vk.ImageLayoutTransferSrcOptimal, dst, vk.ImageLayoutTransferDstOptimal, 1, []vk.ImageCopy{{
		SrcSubresource: layers,
		DstSubresource: layers,
		Extent:         vk.Extent3D{Width: min(t.Width, ext.Width), Height: min(t.Height, ext.Height), Depth: 1},
	}})
}

// clearToBlack records clearing dst (a colour image in
// TRANSFER_DST_OPTIMAL) to zero and a barrier that orders later transfer
// writes after the clear.
func (c *CommandBuffer) clearToBlack(dst vk.Image) {
	var black vk.ClearColorValue
	vk.CmdClearColorImage(c.h, dst, vk.ImageLayoutTransferDstOptimal, &black, 1, []vk.ImageSubresourceRange{{
		AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LevelCount: 1, LayerCount: 1,
	}})
	vk.CmdPipelineBarrier(c.h, vk.PipelineStageFlags(vk.PipelineStageTransferBit), vk.PipelineStageFlags(vk.PipelineStageTransferBit),
		0, 1, []vk.MemoryBarrier{{
			SType:         vk.StructureTypeMemoryBarrier,
			SrcAccessMask: vk.AccessFlags(vk.AccessTransferWriteBit),
			DstAccessMask: vk.AccessFlags(vk.AccessTransferWriteBit),
		}}, 0, nil, 0, nil)
}

// ShowPixels presents one frame showing an RGBA image (rows of stride
// bytes, w×h pixels), top-left aligned, cropped or padded with black to
// the swapchain's size.
func (s *Swapchain) ShowPixels(pix []byte, stride, w, h int) error {
	if w <= 0 || h <= 0 || stride < 4*w || len(pix) < stride*(h-1)+4*w {
		return fmt.Errorf("show pixels: %d bytes do not hold %dx%d pixels with stride %d", len(pix), w, h, stride)
	}
	size := uint64(w) * uint64(h) * 4
	return s.Frame(func(cb *CommandBuffer, f FrameInfo) error {
		st := s.staging[f.Slot]
		if st == nil || st.Size < size {
			st.Close()
			var err error
			if st, err = s.dev.NewBuffer(size, HostVisible); err != nil {
				return fmt.Errorf("window staging buffer: %w", err)
			}
			s.staging[f.Slot] = st
		}
		// The slot's previous frame has finished: its staging memory is free.
		dst := st.mappedBytes()
		bgra := s.Format == FormatB8G8R8A8Unorm
		for y := range h {
			out := dst[y*w*4 : (y+1)*w*4]
			copy(out, pix[y*stride:y*stride+4*w])
			if bgra {
				for x := 0; x < len(out); x += 4 {
					out[x], out[x+2] = out[x+2], out[x]
				}
			}
		}
		cw, ch := min(uint32(w), f.Width), min(uint32(h), f.Height)
		if cw < f.Width || ch < f.Height {
			cb.clearToBlack(f.image)
		}
		vk.CmdCopyBufferToImage(cb.h, st.h, f.image, vk.ImageLayoutTransferDstOptimal, 1, []vk.BufferImageCopy{{
			BufferRowLength:  uint32(w),
			ImageSubresource: vk.ImageSubresourceLayers{AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LayerCount: 1},
			ImageExtent:      vk.Extent3D{Width: cw, Height: ch, Depth: 1},
		}})
		return nil
	})
}

// Close waits for the frames in flight and destroys the swapchain and its
// synchronisation objects; safe to call twice. The surface stays.
func (s *Swapchain) Close() {
	if s == nil || s.closed {
		return
	}
	s.closed = true
	if s.waiter != nil {
		s.waiter.stop() // no wait may be on a destroyed swapchain
	}
	d := s.dev
	if d.hung() {
		return // work may still run: leak rather than destroy
	}
	if d.lost == nil {
		s.Wait()
		vk.QueueWaitIdle(d.queue)
	}
	for _, b := range s.staging {
		b.Close()
	}
	for _, sem := range s.done {
		vk.DestroySemaphore(d.h, sem, nil)
	}
	for i := range s.slots {
		sl := &s.slots[i]
		if sl.acquired != vk.NullSemaphore {
			vk.DestroySemaphore(d.h, sl.acquired, nil)
		}
		if sl.fence != vk.NullFence {
			vk.DestroyFence(d.h, sl.fence, nil)
		}
		sl.cb.Close()
	}
	if s.h != vk.NullSwapchain {
		vk.DestroySwapchain(d.h, s.h, nil)
	}
}
