package gpu

import (
	vk "github.com/vulkan-go/vulkan"
)

// CommandBuffer is a primary command buffer from the device's pool. Its
// VkCommandBuffer stays inside this package: suites record through
// methods (Barrier, Copy, Fill, pipelines' Dispatch and draws, queries).
type CommandBuffer struct {
	dev    *Device
	h      vk.CommandBuffer
	closed bool
}

// NewCommandBuffer allocates a primary command buffer. On a compile-only
// device (OpenOptions.CompileOnly) it is a stand-in without a Vulkan
// object: Begin and End succeed and recording methods record nothing.
func (d *Device) NewCommandBuffer() (*CommandBuffer, error) {
	if d.compileOnly {
		return &CommandBuffer{dev: d}, nil
	}
	cbs := make([]vk.CommandBuffer, 1)
	if err := d.check("allocate command buffer", vk.AllocateCommandBuffers(d.h, &vk.CommandBufferAllocateInfo{
		SType:              vk.StructureTypeCommandBufferAllocateInfo,
		CommandPool:        d.pool,
		Level:              vk.CommandBufferLevelPrimary,
		CommandBufferCount: 1,
	}, cbs)); err != nil {
		return nil, err
	}
	return &CommandBuffer{dev: d, h: cbs[0]}, nil
}

// records reports whether commands are recorded into c: false on a
// compile-only device, whose command buffers are stand-ins.
func (c *CommandBuffer) records() bool { return !c.dev.compileOnly }

// Begin resets and begins recording (waiting first for a submission of
// it that may still be running).
func (c *CommandBuffer) Begin() error {
	if !c.records() {
		return nil
	}
	c.dev.release()
	if err := c.dev.check("reset command buffer", vk.ResetCommandBuffer(c.h, 0)); err != nil {
		return err
	}
	return c.dev.check("begin command buffer", vk.BeginCommandBuffer(c.h, &vk.CommandBufferBeginInfo{
		SType: vk.StructureTypeCommandBufferBeginInfo,
	}))
}

// End finishes recording.
func (c *CommandBuffer) End() error {
	if !c.records() {
		return nil
	}
	return c.dev.check("end command buffer", vk.EndCommandBuffer(c.h))
}

// Close frees the command buffer once the GPU is done with it; safe to
// call twice.
func (c *CommandBuffer) Close() {
	if c == nil || c.closed {
		return
	}
	c.closed = true
	if c.records() && c.dev.release() {
		vk.FreeCommandBuffers(c.dev.h, c.dev.pool, 1, []vk.CommandBuffer{c.h})
	}
}

// Barrier records a full compute/transfer memory barrier: writes by
// earlier dispatches and copies become visible to later ones.
func (c *CommandBuffer) Barrier() {
	if !c.records() {
		return
	}
	stages := vk.PipelineStageFlags(vk.PipelineStageComputeShaderBit | vk.PipelineStageTransferBit)
	vk.CmdPipelineBarrier(c.h, stages, stages, 0, 1, []vk.MemoryBarrier{{
		SType:         vk.StructureTypeMemoryBarrier,
		SrcAccessMask: vk.AccessFlags(vk.AccessShaderWriteBit | vk.AccessTransferWriteBit),
		DstAccessMask: vk.AccessFlags(vk.AccessShaderReadBit | vk.AccessShaderWriteBit | vk.AccessTransferReadBit | vk.AccessTransferWriteBit),
	}}, 0, nil, 0, nil)
}

// hostReadBarrier makes transfer writes visible to the host.
func (c *CommandBuffer) hostReadBarrier() {
	if !c.records() {
		return
	}
	vk.CmdPipelineBarrier(c.h, vk.PipelineStageFlags(vk.PipelineStageTransferBit), vk.PipelineStageFlags(vk.PipelineStageHostBit),
		0, 1, []vk.MemoryBarrier{{
			SType:         vk.StructureTypeMemoryBarrier,
			SrcAccessMask: vk.AccessFlags(vk.AccessTransferWriteBit),
			DstAccessMask: vk.AccessFlags(vk.AccessHostReadBit),
		}}, 0, nil, 0, nil)
}

// Fill records vkCmdFillBuffer over the whole buffer.
func (c *CommandBuffer) Fill(b *Buffer, value uint32) {
	if !c.records() {
		return
	}
	vk.CmdFillBuffer(c.h, b.h, 0, vk.DeviceSize(vk.WholeSize), value)
}

// Copy records a copy of size bytes from src to dst, followed by a barrier.
func (c *CommandBuffer) Copy(src, dst *Buffer, size uint64) {
	c.CopyUnordered(src, dst, size)
	c.Barrier()
}

// CopyUnordered records a copy of size bytes from src to dst with no
// barrier after it: the caller orders it (the runner's sampler records a
// barrier between iterations), so a timed copy measures the copy alone.
func (c *CommandBuffer) CopyUnordered(src, dst *Buffer, size uint64) {
	if !c.records() {
		return
	}
	vk.CmdCopyBuffer(c.h, src.h, dst.h, 1, []vk.BufferCopy{{Size: vk.DeviceSize(size)}})
}
