// loader.h: radvbench's one table of Vulkan entry points called from C.
// The loader (libvulkan.so.1) is opened once (Go's sync.Once in loader.go);
// instance- and device-level entry points are loaded once per instance and
// per device into the tables below, every one checked for NULL at load
// time, so no call site looks anything up or checks again.
#ifndef RADVBENCH_LOADER_H
#define RADVBENCH_LOADER_H
#include <stdint.h>
#include <vulkan/vulkan.h>

// rb_loader_open opens the loader and resolves vkGetInstanceProcAddr;
// 0 with a message in err on failure. Called once, from Go.
int rb_loader_open(char *err, int errlen);

// rb_gipa is the loader's vkGetInstanceProcAddr (NULL before
// rb_loader_open succeeded).
PFN_vkGetInstanceProcAddr rb_gipa(void);

// Instance-level entry points.
typedef struct rb_instance_fns {
	VkInstance instance;
	PFN_vkGetPhysicalDeviceProperties get_properties;
	PFN_vkGetPhysicalDeviceProperties2 get_properties2;
	PFN_vkGetPhysicalDeviceFeatures2 get_features2;
	PFN_vkCreateDevice create_device;
	PFN_vkGetDeviceProcAddr get_device_proc_addr;
} rb_instance_fns;

// rb_instance_fns_load fills t for instance; on a missing entry point it
// returns VK_ERROR_INITIALIZATION_FAILED and names it in missing.
VkResult rb_instance_fns_load(VkInstance instance, rb_instance_fns *t, char *missing, int missinglen);

// Device-level core entry points the C paths use.
typedef struct rb_device_fns {
	VkDevice device;
	PFN_vkGetDeviceProcAddr get_device_proc_addr;
	PFN_vkCreateFence create_fence;
	PFN_vkDestroyFence destroy_fence;
	PFN_vkResetFences reset_fences;
	PFN_vkGetFenceStatus get_fence_status;
	PFN_vkWaitForFences wait_for_fences;
	PFN_vkQueueSubmit queue_submit;
	PFN_vkCmdPipelineBarrier cmd_pipeline_barrier;
	PFN_vkUpdateDescriptorSets update_descriptor_sets;
	// NULL unless loaded with want_bda (bufferDeviceAddress enabled).
	PFN_vkGetBufferDeviceAddress get_buffer_device_address;
	// VK_KHR_pipeline_executable_properties: NULL unless loaded with
	// want_exec (the extension and pipelineExecutableInfo enabled).
	PFN_vkGetPipelineExecutablePropertiesKHR get_pipeline_executable_properties;
	PFN_vkGetPipelineExecutableStatisticsKHR get_pipeline_executable_statistics;
	PFN_vkGetPipelineExecutableInternalRepresentationsKHR get_pipeline_executable_internal_representations;
	// VK_KHR_performance_query's profiling lock: NULL unless loaded with
	// want_lock (the extension and performanceCounterQueryPools enabled).
	PFN_vkAcquireProfilingLockKHR acquire_profiling_lock;
	PFN_vkReleaseProfilingLockKHR release_profiling_lock;
} rb_device_fns;

// rb_device_fns_load fills t for device (created from inst's instance).
VkResult rb_device_fns_load(const rb_instance_fns *inst, VkDevice device, uint32_t want_bda,
	uint32_t want_exec, uint32_t want_lock, rb_device_fns *t, char *missing, int missinglen);

// rb_queue_submit submits n command buffers in one VkSubmitInfo (no
// semaphores) on queue, signalling fence.
VkResult rb_queue_submit(const rb_device_fns *fns, VkQueue queue, const VkCommandBuffer *cbs, uint32_t n,
	VkFence fence);

#endif
