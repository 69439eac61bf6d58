#include "submit.h"
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

struct rb_submitter {
	VkDevice dev;
	VkQueue queue;
	VkFence fence;
	VkSubmitInfo info;
	VkCommandBuffer *cbs;
	PFN_vkResetFences reset;
	PFN_vkQueueSubmit submit;
	PFN_vkWaitForFences wait;
	PFN_vkDestroyFence destroy_fence;
	PFN_vkGetFenceStatus status;
};

static PFN_vkGetDeviceProcAddr rb_gdpa(void) {
	static PFN_vkGetDeviceProcAddr p;
	if (!p) {
		void *lib = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
		if (!lib) lib = dlopen("libvulkan.so", RTLD_NOW | RTLD_LOCAL);
		if (lib) p = (PFN_vkGetDeviceProcAddr)dlsym(lib, "vkGetDeviceProcAddr");
	}
	return p;
}

rb_submitter *rb_submitter_new(VkDevice dev, VkQueue queue, const VkCommandBuffer *cbs, uint32_t n, VkResult *res) {
	PFN_vkGetDeviceProcAddr gdpa = rb_gdpa();
	*res = VK_ERROR_INITIALIZATION_FAILED;
	if (!gdpa) return NULL;
	rb_submitter *s = calloc(1, sizeof *s);
	if (!s) { *res = VK_ERROR_OUT_OF_HOST_MEMORY; return NULL; }
	s->dev = dev;
	s->queue = queue;
	s->reset = (PFN_vkResetFences)gdpa(dev, "vkResetFences");
	s->submit = (PFN_vkQueueSubmit)gdpa(dev, "vkQueueSubmit");
	s->wait = (PFN_vkWaitForFences)gdpa(dev, "vkWaitForFences");
	s->destroy_fence = (PFN_vkDestroyFence)gdpa(dev, "vkDestroyFence");
	s->status = (PFN_vkGetFenceStatus)gdpa(dev, "vkGetFenceStatus");
	PFN_vkCreateFence create = (PFN_vkCreateFence)gdpa(dev, "vkCreateFence");
	if (!s->reset || !s->submit || !s->wait || !s->destroy_fence || !s->status || !create) { free(s); return NULL; }
	s->cbs = calloc(n ? n : 1, sizeof *s->cbs);
	if (!s->cbs) { free(s); *res = VK_ERROR_OUT_OF_HOST_MEMORY; return NULL; }
	memcpy(s->cbs, cbs, n * sizeof *cbs);
	VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
	*res = create(dev, &fci, NULL, &s->fence);
	if (*res != VK_SUCCESS) { free(s->cbs); free(s); return NULL; }
	s->info = (VkSubmitInfo){.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = n, .pCommandBuffers = s->cbs};
	return s;
}

VkResult rb_submit_wait(rb_submitter *s, uint64_t timeout_ns) {
	VkResult r = s->reset(s->dev, 1, &s->fence);
	if (r != VK_SUCCESS) return r;
	r = s->submit(s->queue, 1, &s->info, s->fence);
	if (r != VK_SUCCESS) return r;
	return s->wait(s->dev, 1, &s->fence, VK_TRUE, timeout_ns);
}

VkResult rb_submit_poll(rb_submitter *s, uint64_t max_polls) {
	VkResult r = s->reset(s->dev, 1, &s->fence);
	if (r != VK_SUCCESS) return r;
	r = s->submit(s->queue, 1, &s->info, s->fence);
	if (r != VK_SUCCESS) return r;
	for (uint64_t i = 0; i < max_polls; i++) {
		r = s->status(s->dev, s->fence);
		if (r != VK_NOT_READY) return r;
	}
	return VK_TIMEOUT;
}

void rb_submitter_free(rb_submitter *s) {
	if (!s) return;
	s->destroy_fence(s->dev, s->fence, NULL);
	free(s->cbs);
	free(s);
}
