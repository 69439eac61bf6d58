package gpu

import (
	"errors"
	"fmt"
	"time"

	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

// DefaultTimeout bounds every wait on the GPU: a hang becomes an error for
// the benchmark, never a hung process.
const DefaultTimeout = 60 * time.Second

// optionalExtensions are enabled whenever the device offers them; suites
// check Features to know what they may use.
var optionalExtensions = []string{
	"VK_EXT_subgroup_size_control",
	"VK_KHR_shader_integer_dot_product",
	"VK_KHR_deferred_host_operations",
	"VK_KHR_acceleration_structure",
	"VK_KHR_ray_query",
	"VK_EXT_mesh_shader",
	"VK_EXT_calibrated_timestamps",
}

// Device is a logical device with one queue that supports compute (and,
// where the family has it, graphics), a command pool and a fence.
type Device struct {
	Phys *PhysicalDevice
	// Features is what was enabled (a subset of Phys.Info).
	Features vkshim.DeviceInfo
	// Extensions enabled on the device.
	Extensions []string
	// Timeout bounds fence waits.
	Timeout time.Duration

	h      vk.Device
	queue  vk.Queue
	pool   vk.CommandPool
	fence  vk.Fence
	lost   error
	closed bool
}

// Open creates the logical device for p, enabling every optional feature
// radvbench's suites can use that p offers.
func (p *PhysicalDevice) Open() (*Device, error) {
	if p.ComputeFamily < 0 {
		return nil, fmt.Errorf("device %q has no compute queue with timestamps", p.Name)
	}
	var exts []string
	for _, e := range optionalExtensions {
		if p.Extensions[e] {
			exts = append(exts, e)
		}
	}
	want := p.Info
	// Acceleration structures need buffer device addresses; they are only
	// worth enabling with ray query.
	if !(want.AccelerationStructure && want.RayQuery && want.BufferDeviceAddress) {
		want.AccelerationStructure, want.RayQuery = false, false
		exts = without(exts, "VK_KHR_acceleration_structure", "VK_KHR_ray_query", "VK_KHR_deferred_host_operations")
	}
	if !want.MeshShader {
		want.TaskShader, want.MeshPipelineStatistics = false, false
		exts = without(exts, "VK_EXT_mesh_shader")
	}
	h, r := vkshim.CreateDevice(p.inst.h, p.h, uint32(p.ComputeFamily), want, exts)
	if err := check("create device "+p.Name, r); err != nil {
		return nil, err
	}
	d := &Device{Phys: p, Features: want, Extensions: exts, Timeout: DefaultTimeout, h: h}
	var queue vk.Queue
	vk.GetDeviceQueue(h, uint32(p.ComputeFamily), 0, &queue)
	d.queue = queue
	var pool vk.CommandPool
	if err := check("create command pool", vk.CreateCommandPool(h, &vk.CommandPoolCreateInfo{
		SType:            vk.StructureTypeCommandPoolCreateInfo,
		Flags:            vk.CommandPoolCreateFlags(vk.CommandPoolCreateResetCommandBufferBit),
		QueueFamilyIndex: uint32(p.ComputeFamily),
	}, nil, &pool)); err != nil {
		d.Close()
		return nil, err
	}
	d.pool = pool
	var fence vk.Fence
	if err := check("create fence", vk.CreateFence(h, &vk.FenceCreateInfo{SType: vk.StructureTypeFenceCreateInfo}, nil, &fence)); err != nil {
		d.Close()
		return nil, err
	}
	d.fence = fence
	return d, nil
}

func without(list []string, drop ...string) []string {
	out := list[:0:0]
	for _, s := range list {
		keep := true
		for _, d := range drop {
			if s == d {
				keep = false
			}
		}
		if keep {
			out = append(out, s)
		}
	}
	return out
}

// Handle is the raw VkDevice, for packages that call vulkan-go directly.
func (d *Device) Handle() vk.Device { return d.h }

// Close waits for the device to go idle and destroys it; safe to call twice.
func (d *Device) Close() {
	if d == nil || d.closed {
		return
	}
	d.closed = true
	if d.lost == nil {
		vk.DeviceWaitIdle(d.h)
	}
	if d.fence != vk.NullFence {
		vk.DestroyFence(d.h, d.fence, nil)
	}
	if d.pool != vk.NullCommandPool {
		vk.DestroyCommandPool(d.h, d.pool, nil)
	}
	vk.DestroyDevice(d.h, nil)
}

// Lost returns the error that made the device unusable (device lost or a
// timed-out wait), or nil.
func (d *Device) Lost() error { return d.lost }

// CommandBuffer is a primary command buffer from the device's pool.
type CommandBuffer struct {
	dev    *Device
	H      vk.CommandBuffer
	closed bool
}

// NewCommandBuffer allocates a primary command buffer.
func (d *Device) NewCommandBuffer() (*CommandBuffer, error) {
	cbs := make([]vk.CommandBuffer, 1)
	if err := check("allocate command buffer", vk.AllocateCommandBuffers(d.h, &vk.CommandBufferAllocateInfo{
		SType:              vk.StructureTypeCommandBufferAllocateInfo,
		CommandPool:        d.pool,
		Level:              vk.CommandBufferLevelPrimary,
		CommandBufferCount: 1,
	}, cbs)); err != nil {
		return nil, err
	}
	return &CommandBuffer{dev: d, H: cbs[0]}, nil
}

// Begin resets and begins recording.
func (c *CommandBuffer) Begin() error {
	if err := check("reset command buffer", vk.ResetCommandBuffer(c.H, 0)); err != nil {
		return err
	}
	return check("begin command buffer", vk.BeginCommandBuffer(c.H, &vk.CommandBufferBeginInfo{
		SType: vk.StructureTypeCommandBufferBeginInfo,
	}))
}

// End finishes recording.
func (c *CommandBuffer) End() error { return check("end command buffer", vk.EndCommandBuffer(c.H)) }

// Close frees the command buffer; safe to call twice.
func (c *CommandBuffer) Close() {
	if c == nil || c.closed {
		return
	}
	c.closed = true
	vk.FreeCommandBuffers(c.dev.h, c.dev.pool, 1, []vk.CommandBuffer{c.H})
}

// Submit submits command buffers in one vkQueueSubmit and waits for them
// with the device's timeout. A timeout or device loss marks the device
// unusable: later calls fail fast with the same error.
func (d *Device) Submit(cbs ...*CommandBuffer) error {
	if d.lost != nil {
		return d.lost
	}
	hs := make([]vk.CommandBuffer, len(cbs))
	for i, c := range cbs {
		hs[i] = c.H
	}
	if err := check("reset fence", vk.ResetFences(d.h, 1, []vk.Fence{d.fence})); err != nil {
		return err
	}
	if err := check("queue submit", vk.QueueSubmit(d.queue, 1, []vk.SubmitInfo{{
		SType:              vk.StructureTypeSubmitInfo,
		CommandBufferCount: uint32(len(hs)),
		PCommandBuffers:    hs,
	}}, d.fence)); err != nil {
		return d.fail(err)
	}
	return d.wait()
}

// SubmitAsync submits without waiting; Wait completes it.
func (d *Device) SubmitAsync(cbs ...*CommandBuffer) error {
	if d.lost != nil {
		return d.lost
	}
	hs := make([]vk.CommandBuffer, len(cbs))
	for i, c := range cbs {
		hs[i] = c.H
	}
	if err := check("reset fence", vk.ResetFences(d.h, 1, []vk.Fence{d.fence})); err != nil {
		return err
	}
	return d.fail(check("queue submit", vk.QueueSubmit(d.queue, 1, []vk.SubmitInfo{{
		SType:              vk.StructureTypeSubmitInfo,
		CommandBufferCount: uint32(len(hs)),
		PCommandBuffers:    hs,
	}}, d.fence)))
}

// Wait waits for the last SubmitAsync.
func (d *Device) Wait() error { return d.wait() }

func (d *Device) wait() error {
	r := vk.WaitForFences(d.h, 1, []vk.Fence{d.fence}, vk.True, uint64(d.Timeout.Nanoseconds()))
	if r == vk.Timeout {
		return d.fail(fmt.Errorf("GPU work did not finish within %v (hang?): %w", d.Timeout, &ResultError{Op: "wait for fence", Result: r}))
	}
	return d.fail(check("wait for fence", r))
}

func (d *Device) fail(err error) error {
	if err == nil {
		return nil
	}
	if isFatal(err) {
		d.lost = err
	}
	return err
}

func isFatal(err error) bool {
	var re *ResultError
	return errors.As(err, &re) && (re.Result == vk.ErrorDeviceLost || re.Result == vk.Timeout)
}

// Run records commands with fn into a temporary command buffer, submits it
// and waits.
func (d *Device) Run(fn func(cb *CommandBuffer) error) error {
	cb, err := d.NewCommandBuffer()
	if err != nil {
		return err
	}
	defer cb.Close()
	if err := cb.Begin(); err != nil {
		return err
	}
	if err := fn(cb); err != nil {
		return err
	}
	if err := cb.End(); err != nil {
		return err
	}
	return d.Submit(cb)
}

// Barrier records a full compute/transfer memory barrier: writes by
// earlier dispatches and copies become visible to later ones.
func (c *CommandBuffer) Barrier() {
	stages := vk.PipelineStageFlags(vk.PipelineStageComputeShaderBit | vk.PipelineStageTransferBit)
	vk.CmdPipelineBarrier(c.H, stages, stages, 0, 1, []vk.MemoryBarrier{{
		SType:         vk.StructureTypeMemoryBarrier,
		SrcAccessMask: vk.AccessFlags(vk.AccessShaderWriteBit | vk.AccessTransferWriteBit),
		DstAccessMask: vk.AccessFlags(vk.AccessShaderReadBit | vk.AccessShaderWriteBit | vk.AccessTransferReadBit | vk.AccessTransferWriteBit),
	}}, 0, nil, 0, nil)
}
