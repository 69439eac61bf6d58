package gpu

import (
	"fmt"
	"unsafe"

	vkshim "github.com/radvbench/radvbench/bench/internal/vk"

	vk "github.com/vulkan-go/vulkan"
)

// MemoryKind says where a buffer lives.
type MemoryKind int

const (
	// DeviceLocal is GPU memory (VRAM on a discrete GPU), filled and read
	// through staging copies.
	DeviceLocal MemoryKind = iota
	// HostVisible is mapped, coherent memory the CPU reads and writes.
	HostVisible
)

// Buffer is a VkBuffer with its own memory.
type Buffer struct {
	Size   uint64
	Kind   MemoryKind
	dev    *Device
	h      vk.Buffer
	mem    vk.DeviceMemory
	mapped unsafe.Pointer
	// standInAddress is the device address a compile-only stand-in
	// reports (see Device.standInAddress).
	standInAddress uint64
	closed         bool
}

// ErrTooLarge reports a buffer beyond the device's limits.
type ErrTooLarge struct {
	Size  uint64
	Limit uint64
	What  string
}

func (e *ErrTooLarge) Error() string {
	return fmt.Sprintf("buffer of %d bytes exceeds the device's %s (%d bytes)", e.Size, e.What, e.Limit)
}

// CheckAllocation reports whether one allocation of size bytes fits the
// device: maxMemoryAllocationSize and half of its device-local memory (a
// benchmark must not push the device into swapping). Every size check
// in radvbench goes through it.
func (d *Device) CheckAllocation(size uint64) error {
	p := d.Phys
	if lim := p.MaxAllocation; lim != 0 && size > lim {
		return &ErrTooLarge{size, lim, "maxMemoryAllocationSize"}
	}
	if lim := p.DeviceLocalMem; lim != 0 && size > lim/2 {
		return &ErrTooLarge{size, lim / 2, "half of its device-local memory"}
	}
	return nil
}

// CheckStorageSize reports whether a storage buffer of size bytes fits the
// device's maxStorageBufferRange and CheckAllocation.
func (d *Device) CheckStorageSize(size uint64) error {
	if lim := uint64(d.Phys.Limits.MaxStorageBufferRange); size > lim {
		return &ErrTooLarge{size, lim, "maxStorageBufferRange"}
	}
	return d.CheckAllocation(size)
}

// NewBuffer creates a buffer usable as storage and as copy source and
// destination.
func (d *Device) NewBuffer(size uint64, kind MemoryKind) (*Buffer, error) {
	return d.NewBufferUsage(size, kind, 0)
}

// NewBufferUsage is NewBuffer with extra usage flags (vertex, index, ...).
func (d *Device) NewBufferUsage(size uint64, kind MemoryKind, extra BufferUsage) (*Buffer, error) {
	if size == 0 {
		return nil, fmt.Errorf("create buffer: size is zero")
	}
	usage := vk.BufferUsageStorageBufferBit | vk.BufferUsageTransferSrcBit | vk.BufferUsageTransferDstBit | vk.BufferUsageFlagBits(extra)
	b := &Buffer{Size: size, Kind: kind, dev: d}
	if d.compileOnly {
		// A stand-in without Vulkan objects or memory: an emulated
		// device may have no memory type at all (RADV's null winsys),
		// and nothing will read the contents.
		if vk.BufferUsageFlagBits(extra)&vkshim.BufferUsageShaderDeviceAddress != 0 {
			b.standInAddress = d.standInAddress(size)
		}
		return b, nil
	}
	var bh vk.Buffer
	if err := d.check("create buffer", vk.CreateBuffer(d.h, &vk.BufferCreateInfo{
		SType:       vk.StructureTypeBufferCreateInfo,
		Size:        vk.DeviceSize(size),
		Usage:       vk.BufferUsageFlags(usage),
		SharingMode: vk.SharingModeExclusive,
	}, nil, &bh)); err != nil {
		return nil, err
	}
	b.h = bh
	var req vk.MemoryRequirements
	vk.GetBufferMemoryRequirements(d.h, b.h, &req)
	req.Deref()
	var want, prefer vk.MemoryPropertyFlagBits
	switch kind {
	case HostVisible:
		want = vk.MemoryPropertyHostVisibleBit | vk.MemoryPropertyHostCoherentBit
		prefer = vk.MemoryPropertyHostCachedBit
	default:
		want = vk.MemoryPropertyDeviceLocalBit
	}
	var pNext unsafe.Pointer
	if d.Features.BufferDeviceAddress {
		pNext = vkshim.AllocFlagsDeviceAddress()
	}
	mem, err := d.allocate(req, want, prefer, pNext)
	if err != nil {
		b.Close()
		return nil, fmt.Errorf("create buffer: %w", err)
	}
	b.mem = mem
	if err := d.check("bind buffer memory", vk.BindBufferMemory(d.h, b.h, b.mem, 0)); err != nil {
		b.Close()
		return nil, err
	}
	if kind == HostVisible {
		var p unsafe.Pointer
		if err := d.check("map memory", vk.MapMemory(d.h, b.mem, 0, vk.DeviceSize(size), 0, &p)); err != nil {
			b.Close()
			return nil, err
		}
		b.mapped = p
	}
	return b, nil
}

// allocate allocates memory for req from a memory type with the
// properties in want (preferring those with prefer too); pNext extends
// the VkMemoryAllocateInfo.
func (d *Device) allocate(req vk.MemoryRequirements, want, prefer vk.MemoryPropertyFlagBits, pNext unsafe.Pointer) (vk.DeviceMemory, error) {
	ti, ok := d.Phys.memoryType(req.MemoryTypeBits, want, prefer)
	if !ok {
		return vk.NullDeviceMemory, fmt.Errorf("no memory type with properties %#x", want)
	}
	var mem vk.DeviceMemory
	err := d.check(fmt.Sprintf("allocate %d bytes", req.Size), vk.AllocateMemory(d.h, &vk.MemoryAllocateInfo{
		SType:           vk.StructureTypeMemoryAllocateInfo,
		PNext:           pNext,
		AllocationSize:  req.Size,
		MemoryTypeIndex: ti,
	}, nil, &mem))
	return mem, err
}

func (p *PhysicalDevice) memoryType(bits uint32, want, prefer vk.MemoryPropertyFlagBits) (uint32, bool) {
	best, found := uint32(0), false
	for i, t := range p.MemoryTypes {
		if bits&(1<<uint(i)) == 0 {
			continue
		}
		f := vk.MemoryPropertyFlagBits(t.PropertyFlags)
		if f&want != want {
			continue
		}
		if f&prefer == prefer {
			return uint32(i), true
		}
		if !found {
			best, found = uint32(i), true
		}
	}
	return best, found
}

// mappedBytes is the mapped memory of a HostVisible buffer (nil
// otherwise). It never leaves the package: callers copy in and out with
// Upload and Download (or Write and Read), so no slice of mapped memory
// outlives the buffer.
func (b *Buffer) mappedBytes() []byte {
	if b.mapped == nil || b.closed {
		return nil
	}
	return unsafe.Slice((*byte)(b.mapped), b.Size)
}

// Close frees the buffer and its memory once the GPU is done with them;
// safe to call twice.
func (b *Buffer) Close() {
	if b == nil || b.closed {
		return
	}
	b.closed = true
	if !b.dev.release() {
		return
	}
	if b.mapped != nil {
		vk.UnmapMemory(b.dev.h, b.mem)
		b.mapped = nil
	}
	if b.h != vk.NullBuffer {
		vk.DestroyBuffer(b.dev.h, b.h, nil)
	}
	if b.mem != vk.NullDeviceMemory {
		vk.FreeMemory(b.dev.h, b.mem, nil)
	}
}

// Upload copies data into the buffer at offset 0 (through a staging
// buffer for device-local memory).
func (b *Buffer) Upload(data []byte) error { return b.hostCopy("upload", data, true) }

// Download copies the buffer's first len(dst) bytes into dst.
func (b *Buffer) Download(dst []byte) error { return b.hostCopy("download", dst, false) }

// hostCopy copies between host memory p and the start of b (into b when
// up): directly when b is mapped, once work in flight has finished, else
// through a staging buffer.
func (b *Buffer) hostCopy(op string, p []byte, up bool) error {
	if b.closed {
		return fmt.Errorf("%s: buffer is closed", op)
	}
	if uint64(len(p)) > b.Size {
		return fmt.Errorf("%s %d bytes: the buffer has %d", op, len(p), b.Size)
	}
	if len(p) == 0 {
		return nil
	}
	if b.dev.compileOnly {
		if !up {
			clear(p) // nothing ran: a stand-in reads zero
		}
		return nil
	}
	if b.mapped != nil {
		// The GPU may be using the buffer: let it finish first.
		if err := b.dev.Wait(); err != nil {
			return err
		}
		if up {
			copy(b.mappedBytes(), p)
		} else {
			copy(p, b.mappedBytes())
		}
		return nil
	}
	st, err := b.dev.NewBuffer(uint64(len(p)), HostVisible)
	if err != nil {
		return fmt.Errorf("%s: staging buffer: %w", op, err)
	}
	defer st.Close()
	if up {
		copy(st.mappedBytes(), p)
		return b.dev.Run(func(cb *CommandBuffer) error { cb.Copy(st, b, uint64(len(p))); return nil })
	}
	if err := b.dev.Run(func(cb *CommandBuffer) error {
		cb.Copy(b, st, uint64(len(p)))
		cb.hostReadBarrier()
		return nil
	}); err != nil {
		return err
	}
	copy(p, st.mappedBytes())
	return nil
}
