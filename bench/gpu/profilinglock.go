package gpu

import (
	"errors"
	"fmt"
	"time"
)

// ErrNoProfilingLock reports a device whose driver cannot take
// VK_KHR_performance_query's profiling lock: no extension, or no
// performanceCounterQueryPools feature (lavapipe has neither; RADV has
// both on GFX10.3 and GFX11, not on GFX12).
var ErrNoProfilingLock = errors.New("no VK_KHR_performance_query with performanceCounterQueryPools")

// ProfilingLock reports whether p offers VK_KHR_performance_query with
// its performanceCounterQueryPools feature: what a device opened with
// OpenOptions.ProfilingLock needs.
func (p *PhysicalDevice) ProfilingLock() bool {
	return p.Extensions["VK_KHR_performance_query"] && p.Info.PerformanceCounterQueryPools
}

// AcquireProfilingLock takes the device's profiling lock
// (vkAcquireProfilingLockKHR with a VkAcquireProfilingLockInfoKHR of no
// flags), waiting up to timeout for it; the device must have been opened
// with OpenOptions.ProfilingLock. It is held until ReleaseProfilingLock or
// Close. On RADV, taking it sets the GPU's stable power state for the
// device's context (see docs/sysinfo.md#stable-clocks-without-root). Not
// getting it (VK_TIMEOUT, or RADV's VK_ERROR_UNKNOWN when the kernel
// refused the power state) is an error of the call, not of the device: it
// does not mark the device lost.
func (d *Device) AcquireProfilingLock(timeout time.Duration) error {
	if d.profilingLock {
		return nil
	}
	r, err := d.fns.AcquireProfilingLock(timeout)
	if err != nil {
		return fmt.Errorf("device %q: %w", d.Phys.Name, ErrNoProfilingLock)
	}
	if err := check("acquire the profiling lock of "+d.Phys.Name, r); err != nil {
		return err
	}
	d.profilingLock = true
	return nil
}

// ReleaseProfilingLock releases the profiling lock AcquireProfilingLock
// took (nothing when it is not held).
func (d *Device) ReleaseProfilingLock() {
	if d == nil || !d.profilingLock {
		return
	}
	d.fns.ReleaseProfilingLock()
	d.profilingLock = false
}
