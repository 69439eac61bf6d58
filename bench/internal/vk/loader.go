package vk

/*
#include <stdlib.h>
#include "loader.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"sync"
	"unsafe"

	vulkan "github.com/vulkan-go/vulkan"
)

// ErrNoLoader reports that libvulkan.so.1 could not be opened.
var ErrNoLoader = errors.New("the Vulkan loader (libvulkan.so.1) is not installed")

// loader is the process's one opening of libvulkan.so.1.
var loader struct {
	once sync.Once
	gipa unsafe.Pointer
	err  error
}

// LoaderProcAddr opens the system Vulkan loader (once per process) and
// returns its vkGetInstanceProcAddr, ready for vulkan.SetGetInstanceProcAddr.
func LoaderProcAddr() (unsafe.Pointer, error) {
	loader.once.Do(func() {
		var buf [256]C.char
		if C.rb_loader_open(&buf[0], C.int(len(buf))) == 0 {
			loader.err = errors.Join(ErrNoLoader, errors.New(C.GoString(&buf[0])))
			return
		}
		loader.gipa = unsafe.Pointer(C.rb_gipa())
	})
	return loader.gipa, loader.err
}

// InstanceFuncs is the instance-level entry-point table of one VkInstance.
// Release it with Free after the instance's devices are gone.
type InstanceFuncs struct{ t *C.rb_instance_fns }

// LoadInstance loads the table for inst, naming a missing entry point.
func LoadInstance(inst vulkan.Instance) (*InstanceFuncs, error) {
	if _, err := LoaderProcAddr(); err != nil {
		return nil, err
	}
	t := (*C.rb_instance_fns)(C.calloc(1, C.size_t(unsafe.Sizeof(C.rb_instance_fns{}))))
	var missing [128]C.char
	if r := C.rb_instance_fns_load(C.VkInstance(unsafe.Pointer(inst)), t, &missing[0], C.int(len(missing))); r != C.VK_SUCCESS {
		C.free(unsafe.Pointer(t))
		return nil, fmt.Errorf("load instance entry points: %s unavailable", C.GoString(&missing[0]))
	}
	return &InstanceFuncs{t: t}, nil
}

// Free releases the table; safe to call twice.
func (f *InstanceFuncs) Free() {
	if f != nil && f.t != nil {
		C.free(unsafe.Pointer(f.t))
		f.t = nil
	}
}

// DeviceFuncs is the device-level entry-point table of one VkDevice.
// Release it with Free when the device is destroyed.
type DeviceFuncs struct{ t *C.rb_device_fns }

// LoadDevice loads the table for dev (created from f's instance);
// bufferDeviceAddress, pipelineExecutables and profilingLock say whether
// that feature (bufferDeviceAddress; VK_KHR_pipeline_executable_properties
// with pipelineExecutableInfo; VK_KHR_performance_query with
// performanceCounterQueryPools) was enabled, so that its entry points are
// loaded and checked too.
func (f *InstanceFuncs) LoadDevice(dev vulkan.Device, bufferDeviceAddress, pipelineExecutables, profilingLock bool) (*DeviceFuncs, error) {
	t := (*C.rb_device_fns)(C.calloc(1, C.size_t(unsafe.Sizeof(C.rb_device_fns{}))))
	var missing [128]C.char
	if r := C.rb_device_fns_load(f.t, C.VkDevice(unsafe.Pointer(dev)), b32(bufferDeviceAddress), b32(pipelineExecutables), b32(profilingLock),
		t, &missing[0], C.int(len(missing))); r != C.VK_SUCCESS {
		C.free(unsafe.Pointer(t))
		return nil, fmt.Errorf("load device entry points: %s unavailable", C.GoString(&missing[0]))
	}
	return &DeviceFuncs{t: t}, nil
}

// Free releases the table; safe to call twice.
func (f *DeviceFuncs) Free() {
	if f != nil && f.t != nil {
		C.free(unsafe.Pointer(f.t))
		f.t = nil
	}
}

// QueueSubmit submits cbs in one VkSubmitInfo (no semaphores) on queue,
// signalling fence. The structure is built in C: vulkan-go's QueueSubmit
// frees its C copy of the submit info from a finalizer that a collection
// during the call can run.
func (f *DeviceFuncs) QueueSubmit(queue vulkan.Queue, cbs []vulkan.CommandBuffer, fence vulkan.Fence) vulkan.Result {
	var p *C.VkCommandBuffer
	if len(cbs) > 0 {
		// The handles point to driver memory, so the slice may be passed.
		p = (*C.VkCommandBuffer)(unsafe.Pointer(&cbs[0]))
	}
	return vulkan.Result(C.rb_queue_submit(f.t, C.VkQueue(unsafe.Pointer(queue)), p, C.uint32_t(len(cbs)),
		C.VkFence(unsafe.Pointer(fence))))
}
