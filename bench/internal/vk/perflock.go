package vk

/*
#include "perflock.h"
*/
import "C"

import (
	"errors"
	"time"

	vulkan "github.com/vulkan-go/vulkan"
)

// ErrNoProfilingLock reports a device table loaded without
// VK_KHR_performance_query.
var ErrNoProfilingLock = errors.New("VK_KHR_performance_query is not enabled on this device")

// AcquireProfilingLock is vkAcquireProfilingLockKHR, waiting up to timeout
// (vulkan.Timeout when the lock was not free in time).
func (f *DeviceFuncs) AcquireProfilingLock(timeout time.Duration) (vulkan.Result, error) {
	if C.rb_profiling_lock_loaded(f.t) == 0 {
		return vulkan.ErrorFeatureNotPresent, ErrNoProfilingLock
	}
	return vulkan.Result(C.rb_acquire_profiling_lock(f.t, C.uint64_t(max(timeout, 0)))), nil
}

// ReleaseProfilingLock is vkReleaseProfilingLockKHR; the lock must be held.
func (f *DeviceFuncs) ReleaseProfilingLock() {
	if C.rb_profiling_lock_loaded(f.t) != 0 {
		C.rb_release_profiling_lock(f.t)
	}
}
