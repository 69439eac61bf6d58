package present

// One frame: acquire an image, record transfers into it between the
// layout transitions, submit, present; and what a frame can show (a
// render target's colour image, RGBA pixels).

import (
	"fmt"
	"unsafe"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/graphics"
	"github.com/radvbench/radvbench/bench/gpu/internal/cgorules"
	vk "github.com/vulkan-go/vulkan"
)

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

// CaptureNext makes the next Frame copy its swapchain image, just before
// presenting it, into dst (a host-visible buffer of at least
// Width·Height·4 bytes, tightly packed rows). Call Wait after that
// frame, then Download dst.
func (s *Swapchain) CaptureNext(dst *gpu.Buffer) error {
	if !s.CanCapture {
		return fmt.Errorf("capture a frame: the surface's images do not allow TRANSFER_SRC")
	}
	s.capture, s.captured = dst, false
	return nil
}

// Captured reports whether the frame requested with CaptureNext was
// recorded (it is in dst once Wait returns).
func (s *Swapchain) Captured() bool { return s.captured }

// Frame acquires an image, records record's transfer commands into it
// between the layout transitions, submits and presents. An out-of-date or
// resized swapchain is recreated (and the frame retried once); a
// suboptimal one after its present.
func (s *Swapchain) Frame(record func(cb *gpu.CommandBuffer, f FrameInfo) error) error {
	if err := s.dev.Lost(); err != nil {
		return err
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
	idx, err := s.acquire(sl)
	if err != nil {
		return err
	}
	if err := s.record(sl.cb, idx, record); err != nil {
		return err
	}
	if err := s.dev.Check("reset frame fence", vk.ResetFences(s.dev.Handle(), 1, []vk.Fence{sl.fence})); err != nil {
		return err
	}
	return s.submitAndPresent(sl, idx, start)
}

// acquire acquires the next image into slot sl's semaphore, recreating
// an out-of-date swapchain (up to three times).
func (s *Swapchain) acquire(sl *frameSlot) (uint32, error) {
	d := s.dev
	var idx uint32
	for try := 0; ; try++ {
		r := vk.AcquireNextImage(d.Handle(), s.h, uint64(d.Timeout.Nanoseconds()), sl.acquired, vk.NullFence, &idx)
		if r == vk.Success {
			return idx, nil
		}
		if r == vk.Suboptimal {
			s.stale = true
			return idx, nil
		}
		if r == vk.ErrorOutOfDate && try < 3 {
			if err := s.recreate(); err != nil {
				return idx, err
			}
			continue
		}
		if r == vk.ErrorSurfaceLost {
			return idx, fmt.Errorf("acquire swapchain image: %w", ErrSurfaceLost)
		}
		if r == vk.Timeout || r == vk.NotReady {
			return idx, d.MarkLost(fmt.Errorf("no swapchain image within %v: %w", d.Timeout, &gpu.ResultError{Op: "acquire swapchain image", Result: vk.Timeout}))
		}
		return idx, d.Check("acquire swapchain image", r)
	}
}

// record records image idx's frame into cb: the transition to
// TRANSFER_DST_OPTIMAL, record's commands, the capture CaptureNext asked
// for, and the transition to PRESENT_SRC.
func (s *Swapchain) record(cb *gpu.CommandBuffer, idx uint32, record func(cb *gpu.CommandBuffer, f FrameInfo) error) error {
	img := s.images[idx]
	if err := cb.Begin(); err != nil {
		return err
	}
	barrier := func(src, dst vk.PipelineStageFlagBits, sa, da vk.AccessFlagBits, from, to vk.ImageLayout) {
		imageBarrier(cb, img, src, dst, sa, da, from, to)
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
		vk.CmdCopyImageToBuffer(cb.Handle(), img, last, s.capture.Handle(), 1, []vk.BufferImageCopy{{
			ImageSubresource: vk.ImageSubresourceLayers{AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LayerCount: 1},
			ImageExtent:      vk.Extent3D{Width: s.Width, Height: s.Height, Depth: 1},
		}})
		cb.HostReadBarrier()
		s.capture, s.captured = nil, true
	}
	barrier(vk.PipelineStageTransferBit, vk.PipelineStageBottomOfPipeBit, vk.AccessTransferWriteBit, 0,
		last, vk.ImageLayoutPresentSrc)
	return cb.End()
}

// imageBarrier records a layout transition of the colour image img.
func imageBarrier(cb *gpu.CommandBuffer, img vk.Image, src, dst vk.PipelineStageFlagBits, sa, da vk.AccessFlagBits, from, to vk.ImageLayout) {
	color := vk.ImageSubresourceRange{AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LevelCount: 1, LayerCount: 1}
	vk.CmdPipelineBarrier(cb.Handle(), vk.PipelineStageFlags(src), vk.PipelineStageFlags(dst), 0, 0, nil, 0, nil, 1,
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

// submitAndPresent submits slot sl's command buffer (waiting for the
// acquire, signalling image idx's semaphore and the slot's fence) and
// presents image idx, with a present id when latency is measured.
func (s *Swapchain) submitAndPresent(sl *frameSlot, idx uint32, start int64) error {
	d := s.dev
	// The slices vulkan-go stores in C memory are pinned (cgorules).
	waitSems, signalSems := []vk.Semaphore{sl.acquired}, []vk.Semaphore{s.done[idx]}
	waitStages, cbs := []vk.PipelineStageFlags{vk.PipelineStageFlags(vk.PipelineStageTransferBit)}, []vk.CommandBuffer{sl.cb.Handle()}
	swapchains, indices := []vk.Swapchain{s.h}, []uint32{idx}
	defer cgorules.Pin(waitSems, signalSems)()
	defer cgorules.Pin(waitStages)()
	defer cgorules.Pin(cbs)()
	defer cgorules.Pin(swapchains)()
	defer cgorules.Pin(indices)()
	if err := d.Check("queue submit (frame)", vk.QueueSubmit(d.Queue(), 1, []vk.SubmitInfo{{
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
	r := vk.QueuePresent(d.Queue(), &vk.PresentInfo{
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
		return d.Check("present", r)
	}
	return nil
}

// CopyColor records a copy of t's colour image (in the
// TRANSFER_SRC_OPTIMAL layout a pass leaves it in) into the frame's
// swapchain image, whose format has the same size class (R32_UINT into
// B8G8R8A8_UNORM copies the bits unchanged). Where the frame is larger
// than the target, the rest is cleared to black first; where smaller, the
// copy is cropped.
func (f FrameInfo) CopyColor(cb *gpu.CommandBuffer, t *graphics.RenderTarget) {
	if sz, _ := graphics.TexelSize(t.ColorFormat); sz != 4 {
		panic(fmt.Sprintf("present: CopyColor from a %d-byte format into a 4-byte swapchain image", sz))
	}
	dst := f.image
	ext := vk.Extent2D{Width: f.Width, Height: f.Height}
	if ext.Width > t.Width || ext.Height > t.Height {
		clearToBlack(cb, dst)
	}
	layers := vk.ImageSubresourceLayers{AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LayerCount: 1}
	vk.CmdCopyImage(cb.Handle(), t.ColorImage(), vk.ImageLayoutTransferSrcOptimal, dst, vk.ImageLayoutTransferDstOptimal, 1, []vk.ImageCopy{{
		SrcSubresource: layers,
		DstSubresource: layers,
		Extent:         vk.Extent3D{Width: min(t.Width, ext.Width), Height: min(t.Height, ext.Height), Depth: 1},
	}})
}

// clearToBlack records clearing dst (a colour image in
// TRANSFER_DST_OPTIMAL) to zero and a barrier that orders later transfer
// writes after the clear.
func clearToBlack(cb *gpu.CommandBuffer, dst vk.Image) {
	var black vk.ClearColorValue
	vk.CmdClearColorImage(cb.Handle(), dst, vk.ImageLayoutTransferDstOptimal, &black, 1, []vk.ImageSubresourceRange{{
		AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LevelCount: 1, LayerCount: 1,
	}})
	vk.CmdPipelineBarrier(cb.Handle(), vk.PipelineStageFlags(vk.PipelineStageTransferBit), vk.PipelineStageFlags(vk.PipelineStageTransferBit),
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
	return s.Frame(func(cb *gpu.CommandBuffer, f FrameInfo) error {
		st := s.staging[f.Slot]
		if st == nil || st.Size < size {
			st.Close()
			var err error
			if st, err = s.dev.NewBuffer(size, gpu.HostVisible); err != nil {
				return fmt.Errorf("window staging buffer: %w", err)
			}
			s.staging[f.Slot] = st
		}
		// The slot's previous frame has finished: its staging memory is free.
		if err := st.Upload(s.packPixels(pix, stride, w, h)); err != nil {
			return fmt.Errorf("window staging buffer: %w", err)
		}
		cw, ch := min(uint32(w), f.Width), min(uint32(h), f.Height)
		if cw < f.Width || ch < f.Height {
			clearToBlack(cb, f.image)
		}
		vk.CmdCopyBufferToImage(cb.Handle(), st.Handle(), f.image, vk.ImageLayoutTransferDstOptimal, 1, []vk.BufferImageCopy{{
			BufferRowLength:  uint32(w),
			ImageSubresource: vk.ImageSubresourceLayers{AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LayerCount: 1},
			ImageExtent:      vk.Extent3D{Width: cw, Height: ch, Depth: 1},
		}})
		return nil
	})
}

// packPixels packs w×h RGBA pixels (rows of stride bytes) into tightly
// packed rows in the swapchain's byte order (B and R swapped for
// B8G8R8A8_UNORM), in a buffer reused from frame to frame.
func (s *Swapchain) packPixels(pix []byte, stride, w, h int) []byte {
	size := w * h * 4
	if cap(s.pixels) < size {
		s.pixels = make([]byte, size)
	}
	dst := s.pixels[:size]
	bgra := s.Format == gpu.FormatB8G8R8A8Unorm
	for y := range h {
		out := dst[y*w*4 : (y+1)*w*4]
		copy(out, pix[y*stride:y*stride+4*w])
		if bgra {
			for x := 0; x < len(out); x += 4 {
				out[x], out[x+2] = out[x+2], out[x]
			}
		}
	}
	return dst
}
