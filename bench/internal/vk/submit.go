package vk

/*
#include <stdlib.h>
#include "submit.h"
*/
import "C"

import (
	"unsafe"

	vulkan "github.com/vulkan-go/vulkan"
)

// Submitter submits a fixed set of command buffers in one vkQueueSubmit and
// waits on its own fence, entirely in C: no per-call allocation or argument
// conversion, so a CPU-clock round trip measures the driver, not the Go
// binding. It is not safe for concurrent use (the queue is externally
// synchronised).
type Submitter struct {
	p *C.rb_submitter
}

// NewSubmitter prepares submissions of cbs on queue of f's device.
func (f *DeviceFuncs) NewSubmitter(queue vulkan.Queue, cbs []vulkan.CommandBuffer) (*Submitter, vulkan.Result) {
	n := len(cbs)
	arr := (*C.VkCommandBuffer)(C.calloc(C.size_t(max(n, 1)), C.size_t(unsafe.Sizeof(uintptr(0)))))
	defer C.free(unsafe.Pointer(arr))
	view := unsafe.Slice(arr, max(n, 1))
	for i, cb := range cbs {
		view[i] = C.VkCommandBuffer(unsafe.Pointer(cb))
	}
	var res C.VkResult
	p := C.rb_submitter_new(f.t, C.VkQueue(unsafe.Pointer(queue)), arr, C.uint32_t(n), &res)
	if p == nil {
		return nil, vulkan.Result(res)
	}
	return &Submitter{p: p}, vulkan.Success
}

// SubmitWait submits and waits up to timeoutNS nanoseconds.
func (s *Submitter) SubmitWait(timeoutNS uint64) vulkan.Result {
	return vulkan.Result(C.rb_submit_wait(s.p, C.uint64_t(timeoutNS)))
}

// SubmitPoll submits and busy-polls the fence (vkGetFenceStatus) instead of
// sleeping in vkWaitForFences, at most maxPolls times.
func (s *Submitter) SubmitPoll(maxPolls uint64) vulkan.Result {
	return vulkan.Result(C.rb_submit_poll(s.p, C.uint64_t(maxPolls)))
}

// Close destroys the fence and frees the submitter; safe to call twice.
func (s *Submitter) Close() {
	if s == nil || s.p == nil {
		return
	}
	C.rb_submitter_free(s.p)
	s.p = nil
}
