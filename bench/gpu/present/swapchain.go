package present

// The swapchain: creation for the surface's current state, recreation,
// frame slots and their fences, and teardown.

import (
	"fmt"

	"github.com/radvbench/radvbench/bench/gpu"
	vk "github.com/vulkan-go/vulkan"
)

// framesInFlight is how many frames the CPU may record ahead of the GPU.
const framesInFlight = 2

// FramesInFlight is the number of frame slots.
const FramesInFlight = framesInFlight

type frameSlot struct {
	cb       *gpu.CommandBuffer
	fence    vk.Fence
	acquired vk.Semaphore
	busy     bool
}

// Swapchain is a VkSwapchainKHR on a Surface with what it takes to present
// frames: command buffers, fences and semaphores.
type Swapchain struct {
	// Format is the images' format (B8G8R8A8_UNORM or R8G8B8A8_UNORM);
	// Width and Height their current size.
	Format        gpu.Format
	Width, Height uint32
	// Mode is the present mode.
	Mode Mode
	// Recreated counts recreations (resize, out of date, suboptimal).
	Recreated int
	// CanCapture: the images allow TRANSFER_SRC (CaptureNext works).
	CanCapture bool

	dev      *gpu.Device
	surf     *Surface
	size     func() (uint32, uint32)
	h        vk.Swapchain
	images   []vk.Image
	done     []vk.Semaphore // per image: rendering finished, present waits
	slots    [framesInFlight]frameSlot
	slot     int
	stale    bool
	staging  [framesInFlight]*gpu.Buffer
	pixels   []byte // ShowPixels's packed rows, reused
	capture  *gpu.Buffer
	captured bool
	closed   bool
	// waiter measures frame latency (nil without VK_KHR_present_wait).
	waiter *presentWaiter
}

// NewSwapchain creates a swapchain on d for surf with present mode mode.
// size reports the window's framebuffer size in pixels; it is used when
// the surface leaves the extent to the application, and a change of it
// recreates the swapchain.
func NewSwapchain(d *gpu.Device, surf *Surface, mode Mode, size func() (uint32, uint32)) (*Swapchain, error) {
	if !familyPresents(d.Phys, d.Family, surf) {
		return nil, fmt.Errorf("create swapchain: queue family %d of %s cannot present to the window", d.Family, d.Phys.Name)
	}
	modes, err := Modes(d.Phys, surf)
	if err != nil {
		return nil, err
	}
	offered := false
	for _, m := range modes {
		offered = offered || m == mode
	}
	if !offered {
		return nil, fmt.Errorf("create swapchain: the surface does not offer present mode %s (it offers %s)", mode.String(), ModeNames(modes))
	}
	s := &Swapchain{Mode: mode, dev: d, surf: surf, size: size}
	for i := range s.slots {
		if err := s.newSlot(&s.slots[i]); err != nil {
			s.Close()
			return nil, err
		}
	}
	if err := s.create(); err != nil {
		s.Close()
		return nil, err
	}
	if fns := d.PresentWaitFuncs(); fns != nil {
		s.waiter = newPresentWaiter(fns, s.h)
	}
	return s, nil
}

// newSlot gives a frame slot its command buffer, fence and semaphore.
func (s *Swapchain) newSlot(sl *frameSlot) error {
	d := s.dev
	var err error
	if sl.cb, err = d.NewCommandBuffer(); err != nil {
		return err
	}
	var f vk.Fence
	if err := d.Check("create fence", vk.CreateFence(d.Handle(), &vk.FenceCreateInfo{SType: vk.StructureTypeFenceCreateInfo}, nil, &f)); err != nil {
		return err
	}
	sl.fence = f
	sl.acquired, err = newSemaphore(d)
	return err
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

func newSemaphore(d *gpu.Device) (vk.Semaphore, error) {
	var sem vk.Semaphore
	err := d.Check("create semaphore", vk.CreateSemaphore(d.Handle(), &vk.SemaphoreCreateInfo{SType: vk.StructureTypeSemaphoreCreateInfo}, nil, &sem))
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
	caps, err := s.capabilities()
	if err != nil {
		return err
	}
	extent := s.extent(caps)
	if extent.Width == 0 || extent.Height == 0 {
		return fmt.Errorf("create swapchain: the window has no area (%dx%d; minimised?)", extent.Width, extent.Height)
	}
	format, err := s.format()
	if err != nil {
		return err
	}
	usage, err := s.imageUsage(caps)
	if err != nil {
		return err
	}
	count := max(caps.MinImageCount+1, 2)
	if caps.MaxImageCount > 0 {
		count = min(count, caps.MaxImageCount)
	}
	old := s.h
	var h vk.Swapchain
	r := vk.CreateSwapchain(d.Handle(), &vk.SwapchainCreateInfo{
		SType:            vk.StructureTypeSwapchainCreateInfo,
		Surface:          s.surf.h,
		MinImageCount:    count,
		ImageFormat:      format.Format,
		ImageColorSpace:  format.ColorSpace,
		ImageExtent:      extent,
		ImageArrayLayers: 1,
		ImageUsage:       vk.ImageUsageFlags(usage),
		ImageSharingMode: vk.SharingModeExclusive,
		PreTransform:     caps.CurrentTransform,
		CompositeAlpha:   compositeAlpha(caps),
		PresentMode:      vk.PresentMode(s.Mode),
		Clipped:          vk.True,
		OldSwapchain:     old,
	}, nil, &h)
	if old != vk.NullSwapchain {
		vk.DestroySwapchain(d.Handle(), old, nil)
		s.h = vk.NullSwapchain
	}
	if err := d.Check(fmt.Sprintf("create %dx%d swapchain (%s)", extent.Width, extent.Height, s.Mode.String()), r); err != nil {
		return err
	}
	s.h = h
	s.Format, s.Width, s.Height = gpu.Format(format.Format), extent.Width, extent.Height
	if err := s.getImages(); err != nil {
		return err
	}
	s.stale = false
	return nil
}

// capabilities reads the surface's capabilities.
func (s *Swapchain) capabilities() (vk.SurfaceCapabilities, error) {
	var caps vk.SurfaceCapabilities
	r := vk.GetPhysicalDeviceSurfaceCapabilities(s.dev.Phys.Handle(), s.surf.h, &caps)
	if r == vk.ErrorSurfaceLost {
		return caps, fmt.Errorf("read surface capabilities: %w", ErrSurfaceLost)
	}
	if err := s.dev.Check("read surface capabilities", r); err != nil {
		return caps, err
	}
	caps.Deref()
	caps.CurrentExtent.Deref()
	caps.MinImageExtent.Deref()
	caps.MaxImageExtent.Deref()
	return caps, nil
}

// extent is the surface's size, or the window's clamped to what the
// surface allows when the surface leaves it to the application.
func (s *Swapchain) extent(caps vk.SurfaceCapabilities) vk.Extent2D {
	extent := caps.CurrentExtent
	if extent.Width == 0xFFFFFFFF {
		w, h := s.size()
		extent = vk.Extent2D{
			Width:  min(max(w, caps.MinImageExtent.Width), caps.MaxImageExtent.Width),
			Height: min(max(h, caps.MinImageExtent.Height), caps.MaxImageExtent.Height),
		}
	}
	return extent
}

// format chooses among the surface's formats (chooseFormat).
func (s *Swapchain) format() (vk.SurfaceFormat, error) {
	p := s.dev.Phys.Handle()
	var n uint32
	if err := gpu.CheckResult("list surface formats", vk.GetPhysicalDeviceSurfaceFormats(p, s.surf.h, &n, nil)); err != nil {
		return vk.SurfaceFormat{}, err
	}
	formats := make([]vk.SurfaceFormat, n)
	if err := gpu.CheckResult("list surface formats", vk.GetPhysicalDeviceSurfaceFormats(p, s.surf.h, &n, formats)); err != nil {
		return vk.SurfaceFormat{}, err
	}
	for i := range formats {
		formats[i].Deref()
	}
	format, ok := chooseFormat(formats[:n])
	if !ok {
		return format, fmt.Errorf("create swapchain: the surface offers no B8G8R8A8_UNORM or R8G8B8A8_UNORM format")
	}
	return format, nil
}

// imageUsage is what the images are used for: transfer destinations,
// colour attachments where allowed, and transfer sources where allowed
// (CanCapture).
func (s *Swapchain) imageUsage(caps vk.SurfaceCapabilities) (vk.ImageUsageFlagBits, error) {
	usage := vk.ImageUsageFlagBits(caps.SupportedUsageFlags)
	if usage&vk.ImageUsageTransferDstBit == 0 {
		return 0, fmt.Errorf("create swapchain: the surface's images cannot be transfer destinations")
	}
	want := vk.ImageUsageTransferDstBit | vk.ImageUsageColorAttachmentBit&usage
	s.CanCapture = usage&vk.ImageUsageTransferSrcBit != 0
	if s.CanCapture {
		want |= vk.ImageUsageTransferSrcBit
	}
	return want, nil
}

// compositeAlpha prefers opaque, else the first mode the surface offers.
func compositeAlpha(caps vk.SurfaceCapabilities) vk.CompositeAlphaFlagBits {
	alpha := vk.CompositeAlphaOpaqueBit
	if vk.CompositeAlphaFlagBits(caps.SupportedCompositeAlpha)&alpha == 0 {
		for _, a := range []vk.CompositeAlphaFlagBits{vk.CompositeAlphaInheritBit, vk.CompositeAlphaPreMultipliedBit, vk.CompositeAlphaPostMultipliedBit} {
			if vk.CompositeAlphaFlagBits(caps.SupportedCompositeAlpha)&a != 0 {
				return a
			}
		}
	}
	return alpha
}

// getImages lists the new swapchain's images and makes one semaphore per
// image (the old ones destroyed).
func (s *Swapchain) getImages() error {
	d := s.dev
	var n uint32
	if err := d.Check("get swapchain images", vk.GetSwapchainImages(d.Handle(), s.h, &n, nil)); err != nil {
		return err
	}
	s.images = make([]vk.Image, n)
	if err := d.Check("get swapchain images", vk.GetSwapchainImages(d.Handle(), s.h, &n, s.images)); err != nil {
		return err
	}
	for _, sem := range s.done {
		vk.DestroySemaphore(d.Handle(), sem, nil)
	}
	s.done = s.done[:0]
	for range s.images {
		sem, err := newSemaphore(d)
		if err != nil {
			return err
		}
		s.done = append(s.done, sem)
	}
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
	d := s.dev
	r := vk.WaitForFences(d.Handle(), 1, []vk.Fence{sl.fence}, vk.True, uint64(d.Timeout.Nanoseconds()))
	if r == vk.Timeout {
		return d.MarkLost(fmt.Errorf("frame did not finish within %v (hang?): %w", d.Timeout, &gpu.ResultError{Op: "wait for frame fence", Result: r}))
	}
	if err := d.Check("wait for frame fence", r); err != nil {
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
	if err := s.dev.Check("wait for queue", vk.QueueWaitIdle(s.dev.Queue())); err != nil {
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
	if d.Hung() {
		return // work may still run: leak rather than destroy
	}
	if d.Lost() == nil {
		s.Wait()
		vk.QueueWaitIdle(d.Queue())
	}
	for _, b := range s.staging {
		b.Close()
	}
	h := d.Handle()
	for _, sem := range s.done {
		vk.DestroySemaphore(h, sem, nil)
	}
	for i := range s.slots {
		sl := &s.slots[i]
		if sl.acquired != vk.NullSemaphore {
			vk.DestroySemaphore(h, sl.acquired, nil)
		}
		if sl.fence != vk.NullFence {
			vk.DestroyFence(h, sl.fence, nil)
		}
		sl.cb.Close()
	}
	if s.h != vk.NullSwapchain {
		vk.DestroySwapchain(h, s.h, nil)
	}
}
