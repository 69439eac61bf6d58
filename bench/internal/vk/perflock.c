#include "perflock.h"

int rb_profiling_lock_loaded(const rb_device_fns *fns) {
	return fns->acquire_profiling_lock != NULL && fns->release_profiling_lock != NULL;
}

VkResult rb_acquire_profiling_lock(const rb_device_fns *fns, uint64_t timeout_ns) {
	VkAcquireProfilingLockInfoKHR info = {.sType = VK_STRUCTURE_TYPE_ACQUIRE_PROFILING_LOCK_INFO_KHR,
		.flags = 0, .timeout = timeout_ns};
	return fns->acquire_profiling_lock(fns->device, &info);
}

void rb_release_profiling_lock(const rb_device_fns *fns) { fns->release_profiling_lock(fns->device); }
