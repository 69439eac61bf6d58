#include "submit.h"
#include <stdlib.h>
#include <string.h>

struct rb_submitter {
	const rb_device_fns *fns;
	VkDevice dev;
	VkQueue queue;
	VkFence fence;
	VkSubmitInfo info;
	VkCommandBuffer *cbs;
};

rb_submitter *rb_submitter_new(const rb_device_fns *fns, VkQueue queue, const VkCommandBuffer *cbs, uint32_t n, VkResult *res) {
	rb_submitter *s = calloc(1, sizeof *s);
	if (!s) { *res = VK_ERROR_OUT_OF_HOST_MEMORY; return NULL; }
	s->fns = fns;
	s->dev = fns->device;
	s->queue = queue;
	s->cbs = calloc(n ? n : 1, sizeof *s->cbs);
	if (!s->cbs) { free(s); *res = VK_ERROR_OUT_OF_HOST_MEMORY; return NULL; }
	memcpy(s->cbs, cbs, n * sizeof *cbs);
	VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
	*res = fns->create_fence(s->dev, &fci, NULL, &s->fence);
	if (*res != VK_SUCCESS) { free(s->cbs); free(s); return NULL; }
	s->info = (VkSubmitInfo){.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = n, .pCommandBuffers = s->cbs};
	return s;
}

VkResult rb_submit_wait(rb_submitter *s, uint64_t timeout_ns) {
	VkResult r = s->fns->reset_fences(s->dev, 1, &s->fence);
	if (r != VK_SUCCESS) return r;
	r = s->fns->queue_submit(s->queue, 1, &s->info, s->fence);
	if (r != VK_SUCCESS) return r;
	return s->fns->wait_for_fences(s->dev, 1, &s->fence, VK_TRUE, timeout_ns);
}

VkResult rb_submit_poll(rb_submitter *s, uint64_t max_polls) {
	VkResult r = s->fns->reset_fences(s->dev, 1, &s->fence);
	if (r != VK_SUCCESS) return r;
	r = s->fns->queue_submit(s->queue, 1, &s->info, s->fence);
	if (r != VK_SUCCESS) return r;
	for (uint64_t i = 0; i < max_polls; i++) {
		r = s->fns->get_fence_status(s->dev, s->fence);
		if (r != VK_NOT_READY) return r;
	}
	return VK_TIMEOUT;
}

void rb_submitter_free(rb_submitter *s) {
	if (!s) return;
	s->fns->destroy_fence(s->dev, s->fence, NULL);
	free(s->cbs);
	free(s);
}
