package gpu

// What bench/gpu's sibling packages (graphics, present, accel) build their
// Vulkan objects on: the handles and the device's bookkeeping, exported
// only as narrow accessors. Suites never use them: they import no
// vulkan-go (TestVulkanStaysInsideGPU), so a handle is nothing to them.

import (
	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

// Handle is the VkInstance.
func (i *Instance) Handle() vk.Instance { return i.h }

// Handle is the VkPhysicalDevice.
func (p *PhysicalDevice) Handle() vk.PhysicalDevice { return p.h }

// Handle is the VkDevice.
func (d *Device) Handle() vk.Device { return d.h }

// Queue is the device's one VkQueue (of Family).
func (d *Device) Queue() vk.Queue { return d.queue }

// Check turns the VkResult of a call on d into an error, as every call on
// the device does: device loss and timeouts mark the device (Lost).
func (d *Device) Check(op string, r vk.Result) error { return d.check(op, r) }

// MarkLost returns err, first recording it as the device's loss (Lost)
// when it is fatal (ErrDeviceLost, ErrTimeout): a wait that gave up, in
// the caller's words, marks the device as Check does.
func (d *Device) MarkLost(err error) error { return d.fail(err) }

// Release is what every Close calls before destroying an object: it
// waits for a submission still in flight and reports whether destroying
// is safe (false after a timed-out wait, when the GPU may still run).
func (d *Device) Release() bool { return d.release() }

// Hung reports a device whose last wait timed out (work may still run:
// leak rather than destroy).
func (d *Device) Hung() bool { return d.hung() }

// AllocateMemory allocates memory for req from a memory type with the
// properties in want (an image's memory).
func (d *Device) AllocateMemory(req vk.MemoryRequirements, want vk.MemoryPropertyFlagBits) (vk.DeviceMemory, error) {
	return d.allocate(req, want, 0, nil)
}

// PresentWaitFuncs is vkWaitForPresentKHR's table, nil unless the device
// was opened for a swapchain with VK_KHR_present_id and
// VK_KHR_present_wait.
func (d *Device) PresentWaitFuncs() *vkshim.PresentWaitFuncs { return d.presentWait }

// Device is the device c was allocated from.
func (c *CommandBuffer) Device() *Device { return c.dev }

// Handle is the VkCommandBuffer (none on a compile-only device: check
// Records).
func (c *CommandBuffer) Handle() vk.CommandBuffer { return c.h }

// Records reports whether commands are recorded into c: false on a
// compile-only device, whose command buffers are stand-ins.
func (c *CommandBuffer) Records() bool { return c.records() }

// HostReadBarrier records a barrier that makes transfer writes visible to
// the host (before a read-back).
func (c *CommandBuffer) HostReadBarrier() { c.hostReadBarrier() }

// Handle is the VkBuffer (none for a compile-only stand-in).
func (b *Buffer) Handle() vk.Buffer { return b.h }

// StandInAddress hands a compile-only stand-in of size bytes a device
// address of its own (an acceleration structure's: bench/gpu/accel).
func (d *Device) StandInAddress(size uint64) uint64 { return d.standInAddress(size) }

// DescriptorSet is the pipeline's descriptor set, for a binding bench/gpu
// does not write itself (an acceleration structure: bench/gpu/accel).
func (p *ComputePipeline) DescriptorSet() vk.DescriptorSet { return p.core.DescriptorSet() }

// CheckResult turns a VkResult into an error (nil on VK_SUCCESS) for a
// call on no device (surface queries): a *ResultError.
func CheckResult(op string, r vk.Result) error { return check(op, r) }
