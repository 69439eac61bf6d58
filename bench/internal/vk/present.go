package vk

/*
#include <stdlib.h>
#include "present.h"
*/
import "C"

import (
	"errors"
	"unsafe"

	vulkan "github.com/vulkan-go/vulkan"
)

// ErrNoPresentWait reports a device without vkWaitForPresentKHR.
var ErrNoPresentWait = errors.New("vkWaitForPresentKHR is not available (VK_KHR_present_wait not enabled)")

// queryPresentWait reads the presentId and presentWait features (the
// device must offer both extensions).
func (f *InstanceFuncs) queryPresentWait(phys vulkan.PhysicalDevice) (presentID, presentWait bool) {
	var id, wait C.uint32_t
	C.rb_query_present_wait(f.t, C.VkPhysicalDevice(unsafe.Pointer(phys)), &id, &wait)
	return id != 0, wait != 0
}

// PresentWaitFuncs holds a device's vkWaitForPresentKHR. It holds no Go
// pointers.
type PresentWaitFuncs struct {
	procs C.rb_present_procs
}

// LoadPresentWait loads vkWaitForPresentKHR for a device with
// VK_KHR_present_wait enabled.
func (f *DeviceFuncs) LoadPresentWait() (*PresentWaitFuncs, error) {
	p := &PresentWaitFuncs{}
	if C.rb_present_wait_load(f.t, &p.procs) == 0 {
		return nil, ErrNoPresentWait
	}
	return p, nil
}

// WaitForPresent is vkWaitForPresentKHR(device, swapchain, id, timeoutNS).
func (p *PresentWaitFuncs) WaitForPresent(swapchain vulkan.Swapchain, id, timeoutNS uint64) vulkan.Result {
	return vulkan.Result(C.rb_wait_for_present(&p.procs, C.VkSwapchainKHR(unsafe.Pointer(swapchain)),
		C.uint64_t(id), C.uint64_t(timeoutNS)))
}

// PresentID is a VkPresentIdKHR for one swapchain in C memory, for a
// VkPresentInfoKHR's pNext. Release it with Free.
type PresentID struct{ p *C.rb_present_id }

// NewPresentID allocates one.
func NewPresentID() *PresentID { return &PresentID{p: C.rb_present_id_new()} }

// Set makes the structure carry id and returns it as a pNext pointer.
func (p *PresentID) Set(id uint64) unsafe.Pointer {
	p.p.id = C.uint64_t(id)
	return unsafe.Pointer(p.p)
}

// Free releases it; safe to call twice.
func (p *PresentID) Free() {
	if p != nil && p.p != nil {
		C.free(unsafe.Pointer(p.p))
		p.p = nil
	}
}
