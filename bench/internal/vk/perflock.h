// perflock.h: VK_KHR_performance_query's profiling lock
// (vkAcquireProfilingLockKHR / vkReleaseProfilingLockKHR), from the
// device's table (rb_device_fns, loaded with want_lock). radvbench holds
// it for a whole run, for what RADV does while it is held: set the GPU's
// stable power state (RADV_PROFILE_PSTATE), not to count anything.
#ifndef RADVBENCH_PERFLOCK_H
#define RADVBENCH_PERFLOCK_H
#include <stdint.h>
#include <vulkan/vulkan.h>
#include "loader.h"

// rb_profiling_lock_loaded reports whether the table holds both entry points.
int rb_profiling_lock_loaded(const rb_device_fns *fns);

// rb_acquire_profiling_lock: vkAcquireProfilingLockKHR with a
// VkAcquireProfilingLockInfoKHR of no flags and timeout_ns (VK_TIMEOUT when
// the lock is not available in time).
VkResult rb_acquire_profiling_lock(const rb_device_fns *fns, uint64_t timeout_ns);

// rb_release_profiling_lock: vkReleaseProfilingLockKHR.
void rb_release_profiling_lock(const rb_device_fns *fns);

#endif
