package gpu

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/radvbench/radvbench/bench/gpu/compiled"
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
	"VK_KHR_cooperative_matrix",
	"VK_KHR_shader_bfloat16",
	"VK_EXT_shader_float8",
}

// Device is a logical device with one queue that supports compute (and,
// where the family has it, graphics), a command pool and a fence.
type Device struct {
	Phys *PhysicalDevice
	// Family is the queue family of the device's one queue
	// (Phys.ComputeFamily unless opened with OpenOnFamily).
	Family int
	// Features is what was enabled (a subset of Phys.Info).
	Features vkshim.DeviceInfo
	// Extensions enabled on the device.
	Extensions []string
	// Timeout bounds fence waits.
	Timeout time.Duration

	h vk.Device
	// timestampBits is Family's timestampValidBits.
	timestampBits uint32
	// fns is the shim's entry-point table for h; mesh and rq are the
	// extension tables, loaded on first use.
	fns   *vkshim.DeviceFuncs
	mesh  *vkshim.MeshFuncs
	rq    *vkshim.RayQuery
	queue vk.Queue
	pool  vk.CommandPool
	fence vk.Fence
	// inflight: a SubmitAsync has not been waited for yet.
	inflight bool
	lost     error
	closed   bool

	// presentWait is vkWaitForPresentKHR, nil unless the device was
	// opened for a swapchain with VK_KHR_present_id/present_wait.
	presentWait *vkshim.PresentWaitFuncs

	// capture and compileOnly: see OpenOptions.
	capture     func(compiled.Pipeline)
	compileOnly bool
	// profilingLock: the profiling lock is held (AcquireProfilingLock).
	profilingLock bool
	// nextAddress is the next stand-in device address (compile-only).
	nextAddress uint64
	// pipelines are the compute pipelines compiled so far, by key
	// (pipelinecache.go).
	pipelines pipelineCache
}

// standInAddress hands a compile-only stand-in of size bytes a device
// address of its own: non-zero, 256-byte aligned, never overlapping
// another's (a Setup may check that an address is set, or use it in
// push constants and instance records; nothing dereferences it).
func (d *Device) standInAddress(size uint64) uint64 {
	if d.nextAddress == 0 {
		d.nextAddress = 1 << 32
	}
	a := d.nextAddress
	d.nextAddress += (max(size, 1) + 255) &^ 255
	return a
}

// OpenOptions are the less common ways of opening a device.
type OpenOptions struct {
	// Extra device extensions to enable (each must be offered).
	Extra []string
	// Capture, when set, is called after every pipeline the device
	// creates (compute, ray-query, graphics, mesh) with the pipeline's
	// name and what the driver compiled it into: its executables with
	// their statistics and internal representations (RADV: NIR, ACO IR,
	// assembly). The device enables VK_KHR_pipeline_executable_properties
	// and creates every pipeline with the capture flags; opening fails on
	// a device without the extension and feature. A capture that fails is
	// the pipeline's creation error.
	Capture func(compiled.Pipeline)
	// CompileOnly makes the device never submit or wait: Submit,
	// SubmitAsync, Wait, Run, a Submitter's submissions and Close's idle
	// wait succeed without touching the queue, and command buffers are
	// allocated but never begun or recorded into. That is what an emulated
	// device needs (RADV's null winsys has no queue: any submission or
	// idle wait calls a NULL function; Mesa's no-op DRM shim executes
	// nothing), so a suite's Setup runs unchanged and only the pipelines
	// it creates matter. What Setup reads back is what nothing executed:
	// downloads and queries read zero, except a compacted
	// acceleration-structure size, which reads the structure's full size
	// (bench/gpu/accel's SizePool.Write) so that a compacting copy can be
	// set up; buffers with a device-address usage and acceleration structures
	// have distinct, non-zero stand-in addresses. Never time or verify on
	// such a device.
	CompileOnly bool
	// ProfilingLock enables VK_KHR_performance_query with its
	// performanceCounterQueryPools feature, so that the device can take
	// the profiling lock (AcquireProfilingLock); opening fails with
	// ErrNoProfilingLock on a device without them (ProfilingLock). Only a
	// device opened for the lock enables them.
	ProfilingLock bool
}

// Open creates the logical device for p, enabling every optional feature
// radvbench's suites can use that p offers.
func (p *PhysicalDevice) Open() (*Device, error) { return p.OpenWith() }

// OpenWith is Open with more device extensions enabled (VK_KHR_swapchain
// for a window); each must be offered by p.
func (p *PhysicalDevice) OpenWith(extra ...string) (*Device, error) {
	if p.ComputeFamily < 0 {
		return nil, fmt.Errorf("device %q has no compute queue with timestamps", p.Name)
	}
	return p.OpenOnFamily(p.ComputeFamily, extra...)
}

// OpenOnFamily is OpenWith with the device's one queue taken from queue
// family family (which must support compute) instead of ComputeFamily —
// for example AsyncComputeFamily's, so that compute runs on its own
// hardware queue while another Device of the same physical device
// presents. It is still one queue per Device: work that must overlap
// opens a Device of its own, and every Vulkan object stays with the
// Device that made it.
func (p *PhysicalDevice) OpenOnFamily(family int, extra ...string) (*Device, error) {
	return p.open(family, OpenOptions{Extra: extra})
}

// OpenWithOptions is Open on ComputeFamily with the options o.
func (p *PhysicalDevice) OpenWithOptions(o OpenOptions) (*Device, error) {
	if p.ComputeFamily < 0 {
		return nil, fmt.Errorf("device %q has no compute queue with timestamps", p.Name)
	}
	return p.open(p.ComputeFamily, o)
}

func (p *PhysicalDevice) open(family int, o OpenOptions) (*Device, error) {
	extra := o.Extra
	for _, e := range extra {
		if !p.Extensions[e] {
			return nil, fmt.Errorf("device %q lacks %s", p.Name, e)
		}
	}
	fam, err := p.familyFor(family)
	if err != nil {
		return nil, err
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
	if !want.CooperativeMatrix {
		want.BFloat16CooperativeMatrix, want.Float8CooperativeMatrix = false, false
		exts = without(exts, "VK_KHR_cooperative_matrix")
	}
	// bf16 and fp8 are enabled only for cooperative matrices.
	if !want.BFloat16CooperativeMatrix {
		exts = without(exts, "VK_KHR_shader_bfloat16")
	}
	if !want.Float8CooperativeMatrix {
		exts = without(exts, "VK_EXT_shader_float8")
	}
	// Frame latency: a device opened for a swapchain enables
	// VK_KHR_present_id and VK_KHR_present_wait where p has both features.
	if slices.Contains(extra, "VK_KHR_swapchain") && want.PresentID && want.PresentWait &&
		p.Extensions["VK_KHR_present_id"] && p.Extensions["VK_KHR_present_wait"] {
		exts = append(exts, "VK_KHR_present_id", "VK_KHR_present_wait")
	} else {
		want.PresentID, want.PresentWait = false, false
	}
	// Pipeline statistics and internal representations: only for a
	// device opened to capture them (the flags can change how a driver
	// compiles, so a timed run never sets them).
	want.PipelineExecutableInfo = false
	if o.Capture != nil {
		if !p.Extensions["VK_KHR_pipeline_executable_properties"] || !p.Info.PipelineExecutableInfo {
			return nil, fmt.Errorf("device %q lacks VK_KHR_pipeline_executable_properties (pipelineExecutableInfo): it cannot report what it compiled", p.Name)
		}
		want.PipelineExecutableInfo = true
		exts = append(exts, "VK_KHR_pipeline_executable_properties")
	}
	want.PerformanceCounterQueryPools = false
	if o.ProfilingLock {
		if !p.ProfilingLock() {
			return nil, fmt.Errorf("device %q: %w", p.Name, ErrNoProfilingLock)
		}
		want.PerformanceCounterQueryPools = true
		exts = append(exts, "VK_KHR_performance_query")
	}
	exts = append(exts, extra...)
	h, r := p.inst.fns.CreateDevice(p.h, uint32(family), want, exts)
	if err := check("create device "+p.Name, r); err != nil {
		return nil, err
	}
	d := &Device{Phys: p, Family: family, Features: want, Extensions: exts, Timeout: DefaultTimeout, h: h,
		timestampBits: fam.TimestampBits, capture: o.Capture, compileOnly: o.CompileOnly}
	fns, err := p.inst.fns.LoadDevice(h, want.BufferDeviceAddress, want.PipelineExecutableInfo, want.PerformanceCounterQueryPools)
	if err != nil {
		d.Close()
		return nil, err
	}
	d.fns = fns
	if want.PresentWait {
		if d.presentWait, err = fns.LoadPresentWait(); err != nil {
			d.Close()
			return nil, fmt.Errorf("device %q with VK_KHR_present_wait: %w", p.Name, err)
		}
	}
	var queue vk.Queue
	vk.GetDeviceQueue(h, uint32(family), 0, &queue)
	d.queue = queue
	var pool vk.CommandPool
	if err := d.check("create command pool", vk.CreateCommandPool(h, &vk.CommandPoolCreateInfo{
		SType:            vk.StructureTypeCommandPoolCreateInfo,
		Flags:            vk.CommandPoolCreateFlags(vk.CommandPoolCreateResetCommandBufferBit),
		QueueFamilyIndex: uint32(family),
	}, nil, &pool)); err != nil {
		d.Close()
		return nil, err
	}
	d.pool = pool
	if d.compileOnly {
		// Nothing waits on a device that never submits (and RADV's null
		// winsys cannot create fences).
		return d, nil
	}
	var fence vk.Fence
	if err := d.check("create fence", vk.CreateFence(h, &vk.FenceCreateInfo{SType: vk.StructureTypeFenceCreateInfo}, nil, &fence)); err != nil {
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

// Close waits for the device to go idle and destroys it; safe to call
// twice. Objects made from d must be closed first.
func (d *Device) Close() {
	if d == nil || d.closed {
		return
	}
	if !d.release() {
		// The GPU hung: its queue may still use the device's objects.
		// Leave them (the process is about to report and exit) rather
		// than destroy what is in use.
		d.closed = true
		return
	}
	d.closed = true
	if d.lost == nil && !d.compileOnly {
		vk.DeviceWaitIdle(d.h)
	}
	d.ReleaseProfilingLock()
	d.closePipelines()
	if d.fence != vk.NullFence {
		vk.DestroyFence(d.h, d.fence, nil)
	}
	if d.pool != vk.NullCommandPool {
		vk.DestroyCommandPool(d.h, d.pool, nil)
	}
	vk.DestroyDevice(d.h, nil)
	d.rq.Free()
	d.fns.Free()
}

// Lost returns the error that made the device unusable (device lost or a
// timed-out wait), or nil.
func (d *Device) Lost() error { return d.lost }

// CompileOnly reports a device opened with OpenOptions.CompileOnly: it
// never submits work, so nothing it records runs.
func (d *Device) CompileOnly() bool { return d.compileOnly }

// release is what every Close calls before destroying an object: it waits
// for a submission still in flight (as gio's Vulkan backend waits for the
// GPU before releasing), so nothing a submitted command buffer may still
// use is destroyed. It reports whether destroying is safe: false after a
// timed-out wait, when the GPU may still be running the work.
func (d *Device) release() bool {
	if d.inflight && d.lost == nil {
		_ = d.wait()
	}
	return !d.hung()
}

// hung reports a device whose last wait timed out (work may still run).
func (d *Device) hung() bool { return errors.Is(d.lost, ErrTimeout) }

// Submit submits command buffers in one vkQueueSubmit and waits for them
// with the device's timeout. A timeout or device loss marks the device
// unusable: later calls fail fast with the same error.
func (d *Device) Submit(cbs ...*CommandBuffer) error {
	if err := d.SubmitAsync(cbs...); err != nil {
		return err
	}
	return d.Wait() // nothing in flight on a compile-only device
}

// SubmitAsync submits without waiting; Wait completes it. Closing any
// object the submission uses waits for it first.
func (d *Device) SubmitAsync(cbs ...*CommandBuffer) error {
	if d.lost != nil {
		return d.lost
	}
	if d.inflight {
		if err := d.wait(); err != nil {
			return err
		}
	}
	hs := make([]vk.CommandBuffer, len(cbs))
	for i, c := range cbs {
		if c.closed {
			return fmt.Errorf("queue submit: command buffer %d is closed", i)
		}
		hs[i] = c.h
	}
	if d.compileOnly {
		return nil
	}
	if err := d.check("reset fence", vk.ResetFences(d.h, 1, []vk.Fence{d.fence})); err != nil {
		return err
	}
	if err := d.check("queue submit", d.fns.QueueSubmit(d.queue, hs, d.fence)); err != nil {
		return err
	}
	d.inflight = true
	return nil
}

// Wait waits for the last SubmitAsync (nil when nothing is in flight).
func (d *Device) Wait() error {
	if !d.inflight {
		return d.lost
	}
	return d.wait()
}

func (d *Device) wait() error {
	r := vk.WaitForFences(d.h, 1, []vk.Fence{d.fence}, vk.True, uint64(d.Timeout.Nanoseconds()))
	if r != vk.Timeout {
		// Signalled, or the device is lost: the work is over either way.
		d.inflight = false
	}
	return d.fail(d.timeout("wait for fence", r))
}

// timeout turns a VkResult into an error, explaining VK_TIMEOUT as a hang.
func (d *Device) timeout(op string, r vk.Result) error {
	if r == vk.Timeout {
		return fmt.Errorf("GPU work did not finish within %v (hang?): %w", d.Timeout, &ResultError{Op: op, Result: r})
	}
	return check(op, r)
}

// check is the package's check for calls on d: a lost device is recorded
// so later calls fail fast.
func (d *Device) check(op string, r vk.Result) error { return d.fail(check(op, r)) }

func (d *Device) fail(err error) error {
	if err == nil {
		return nil
	}
	if isFatal(err) && d.lost == nil {
		d.lost = err
	}
	return err
}

func isFatal(err error) bool {
	return errors.Is(err, ErrDeviceLost) || errors.Is(err, ErrTimeout)
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
