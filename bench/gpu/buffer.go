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
	closed bool
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

// CheckStorageSize reports whether a storage buffer of size bytes fits the
// device's maxStorageBufferRange, maxMemoryAllocationSize and memory.
func (d *Device) CheckStorageSize(size uint64) error {
	p := d.Phys
	if lim := uint64(p.Limits.MaxStorageBufferRange); size > lim {
		return &ErrTooLarge{size, lim, "maxStorageBufferRange"}
	}
	if lim := p.MaxAllocation; lim != 0 && size > lim {
		return &ErrTooLarge{size, lim, "maxMemoryAllocationSize"}
	}
	if lim := p.DeviceLocalMem; lim != 0 && size > lim/2 {
		return &ErrTooLarge{size, lim / 2, "half of its device-local memory"}
	}
	return nil
}

// NewBuffer creates a buffer usable as storage and as copy source and
// destination.
func (d *Device) NewBuffer(size uint64, kind MemoryKind) (*Buffer, error) {
	return d.NewBufferUsage(size, kind, 0)
}

// NewBufferUsage is NewBuffer with extra usage flags (vertex, index, ...).
func (d *Device) NewBufferUsage(size uint64, kind MemoryKind, extra vk.BufferUsageFlagBits) (*Buffer, error) {
	if size == 0 {
		return nil, fmt.Errorf("create buffer: size is zero")
	}
	usage := vk.BufferUsageStorageBufferBit | vk.BufferUsageTransferSrcBit | vk.BufferUsageTransferDstBit | extra
	b := &Buffer{Size: size, Kind: kind, dev: d}
	var bh vk.Buffer
	if err := check("create buffer", vk.CreateBuffer(d.h, &vk.BufferCreateInfo{
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
	ti, ok := d.Phys.memoryType(req.MemoryTypeBits, want, prefer)
	if !ok {
		b.Close()
		return nil, fmt.Errorf("create buffer: no memory type with properties %#x", want)
	}
	var flagsInfo unsafe.Pointer
	if d.Features.BufferDeviceAddress {
		flagsInfo = vkshim.AllocFlagsDeviceAddress()
	}
	var mem vk.DeviceMemory
	r := vk.AllocateMemory(d.h, &vk.MemoryAllocateInfo{
		SType:           vk.StructureTypeMemoryAllocateInfo,
		PNext:           flagsInfo,
		AllocationSize:  req.Size,
		MemoryTypeIndex: ti,
	}, nil, &mem)
	b.mem = mem
	if err := check(fmt.Sprintf("allocate %d bytes", req.Size), r); err != nil {
		b.Close()
		return nil, err
	}
	if err := check("bind buffer memory", vk.BindBufferMemory(d.h, b.h, b.mem, 0)); err != nil {
		b.Close()
		return nil, err
	}
	if kind == HostVisible {
		var p unsafe.Pointer
		if err := check("map memory", vk.MapMemory(d.h, b.mem, 0, vk.DeviceSize(size), 0, &p)); err != nil {
			b.Close()
			return nil, err
		}
		b.mapped = p
	}
	return b, nil
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

// Handle is the raw VkBuffer.
func (b *Buffer) Handle() vk.Buffer { return b.h }

// Bytes is the mapped memory of a HostVisible buffer (nil otherwise).
func (b *Buffer) Bytes() []byte {
	if b.mapped == nil {
		return nil
	}
	return unsafe.Slice((*byte)(b.mapped), b.Size)
}

// Close frees the buffer and its memory; safe to call twice.
func (b *Buffer) Close() {
	if b == nil || b.closed {
		return
	}
	b.closed = true
	if b.mapped != nil {
		vk.UnmapMemory(b.dev.h, b.mem)
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
func (b *Buffer) Upload(data []byte) error {
	if uint64(len(data)) > b.Size {
		return fmt.Errorf("upload %d bytes into a %d-byte buffer", len(data), b.Size)
	}
	if b.mapped != nil {
		copy(b.Bytes(), data)
		return nil
	}
	st, err := b.dev.NewBuffer(uint64(max(len(data), 1)), HostVisible)
	if err != nil {
		return fmt.Errorf("staging buffer: %w", err)
	}
	defer st.Close()
	copy(st.Bytes(), data)
	return b.dev.Run(func(cb *CommandBuffer) error {
		cb.Copy(st, b, uint64(len(data)))
		return nil
	})
}

// Download copies the buffer's first len(dst) bytes into dst.
func (b *Buffer) Download(dst []byte) error {
	if uint64(len(dst)) > b.Size {
		return fmt.Errorf("download %d bytes from a %d-byte buffer", len(dst), b.Size)
	}
	if b.mapped != nil {
		copy(dst, b.Bytes())
		return nil
	}
	st, err := b.dev.NewBuffer(uint64(max(len(dst), 1)), HostVisible)
	if err != nil {
		return fmt.Errorf("staging buffer: %w", err)
	}
	defer st.Close()
	if err := b.dev.Run(func(cb *CommandBuffer) error {
		cb.Copy(b, st, uint64(len(dst)))
		return nil
	}); err != nil {
		return err
	}
	copy(dst, st.Bytes())
	return nil
}

// Fill records vkCmdFillBuffer over the whole buffer.
func (c *CommandBuffer) Fill(b *Buffer, value uint32) {
	vk.CmdFillBuffer(c.H, b.h, 0, vk.DeviceSize(vk.WholeSize), value)
}

// Copy records a copy of size bytes from src to dst, followed by a barrier.
func (c *CommandBuffer) Copy(src, dst *Buffer, size uint64) {
	vk.CmdCopyBuffer(c.H, src.h, dst.h, 1, []vk.BufferCopy{{Size: vk.DeviceSize(size)}})
	c.Barrier()
}
