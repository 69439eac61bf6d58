#include "loader.h"
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

static PFN_vkGetInstanceProcAddr loader_gipa;

int rb_loader_open(char *err, int errlen) {
	const char *names[] = {"libvulkan.so.1", "libvulkan.so"};
	for (int i = 0; i < 2; i++) {
		void *lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
		if (lib) {
			void *sym = dlsym(lib, "vkGetInstanceProcAddr");
			if (sym) {
				loader_gipa = (PFN_vkGetInstanceProcAddr)sym;
				return 1;
			}
			snprintf(err, errlen, "%s has no vkGetInstanceProcAddr", names[i]);
			return 0;
		}
	}
	const char *why = dlerror();
	snprintf(err, errlen, "%s", why ? why : "dlopen failed");
	return 0;
}

PFN_vkGetInstanceProcAddr rb_gipa(void) { return loader_gipa; }

#define RB_LOAD(get, handle, field, name)                        \
	do {                                                         \
		t->field = (__typeof__(t->field))get(handle, name);      \
		if (!t->field) {                                         \
			snprintf(missing, missinglen, "%s", name);           \
			return VK_ERROR_INITIALIZATION_FAILED;               \
		}                                                        \
	} while (0)

VkResult rb_instance_fns_load(VkInstance instance, rb_instance_fns *t, char *missing, int missinglen) {
	memset(t, 0, sizeof *t);
	PFN_vkGetInstanceProcAddr gipa = loader_gipa;
	if (!gipa) {
		snprintf(missing, missinglen, "vkGetInstanceProcAddr (loader not opened)");
		return VK_ERROR_INITIALIZATION_FAILED;
	}
	t->instance = instance;
	RB_LOAD(gipa, instance, get_properties, "vkGetPhysicalDeviceProperties");
	RB_LOAD(gipa, instance, get_properties2, "vkGetPhysicalDeviceProperties2");
	RB_LOAD(gipa, instance, get_features2, "vkGetPhysicalDeviceFeatures2");
	RB_LOAD(gipa, instance, create_device, "vkCreateDevice");
	RB_LOAD(gipa, instance, get_device_proc_addr, "vkGetDeviceProcAddr");
	return VK_SUCCESS;
}

VkResult rb_device_fns_load(const rb_instance_fns *inst, VkDevice device, uint32_t want_bda,
	uint32_t want_exec, uint32_t want_lock, rb_device_fns *t, char *missing, int missinglen) {
	memset(t, 0, sizeof *t);
	PFN_vkGetDeviceProcAddr gdpa = inst->get_device_proc_addr;
	t->device = device;
	t->get_device_proc_addr = gdpa;
	RB_LOAD(gdpa, device, create_fence, "vkCreateFence");
	RB_LOAD(gdpa, device, destroy_fence, "vkDestroyFence");
	RB_LOAD(gdpa, device, reset_fences, "vkResetFences");
	RB_LOAD(gdpa, device, get_fence_status, "vkGetFenceStatus");
	RB_LOAD(gdpa, device, wait_for_fences, "vkWaitForFences");
	RB_LOAD(gdpa, device, queue_submit, "vkQueueSubmit");
	RB_LOAD(gdpa, device, cmd_pipeline_barrier, "vkCmdPipelineBarrier");
	RB_LOAD(gdpa, device, update_descriptor_sets, "vkUpdateDescriptorSets");
	if (want_bda) {
		RB_LOAD(gdpa, device, get_buffer_device_address, "vkGetBufferDeviceAddress");
	}
	if (want_exec) {
		RB_LOAD(gdpa, device, get_pipeline_executable_properties, "vkGetPipelineExecutablePropertiesKHR");
		RB_LOAD(gdpa, device, get_pipeline_executable_statistics, "vkGetPipelineExecutableStatisticsKHR");
		RB_LOAD(gdpa, device, get_pipeline_executable_internal_representations,
			"vkGetPipelineExecutableInternalRepresentationsKHR");
	}
	if (want_lock) {
		RB_LOAD(gdpa, device, acquire_profiling_lock, "vkAcquireProfilingLockKHR");
		RB_LOAD(gdpa, device, release_profiling_lock, "vkReleaseProfilingLockKHR");
	}
	return VK_SUCCESS;
}

VkResult rb_queue_submit(const rb_device_fns *fns, VkQueue queue, const VkCommandBuffer *cbs, uint32_t n,
	VkFence fence) {
	VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = n, .pCommandBuffers = cbs};
	return fns->queue_submit(queue, 1, &si, fence);
}
