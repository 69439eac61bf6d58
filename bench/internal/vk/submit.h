// submit.h: a lean submit-and-wait path for latency measurements. vulkan-go's
// QueueSubmit converts and allocates its arguments on every call; this
// calls vkResetFences, vkQueueSubmit and vkWaitForFences straight from C
// with pre-built structures, so a round trip measures the driver, not the
// binding.
#ifndef RADVBENCH_SUBMIT_H
#define RADVBENCH_SUBMIT_H
#include <stdint.h>
#include <vulkan/vulkan.h>
#include "loader.h"

typedef struct rb_submitter rb_submitter;

// rb_submitter_new creates a fence on the table's device (the table must
// outlive the submitter) and keeps a copy of the command buffers; NULL
// with *res set on failure.
rb_submitter *rb_submitter_new(const rb_device_fns *fns, VkQueue queue, const VkCommandBuffer *cbs, uint32_t n, VkResult *res);

// rb_submit_wait submits every command buffer in one vkQueueSubmit and
// waits for the fence (timeout in ns).
VkResult rb_submit_wait(rb_submitter *s, uint64_t timeout_ns);

// rb_submit_poll submits and then polls vkGetFenceStatus (no sleeping in
// the driver's wait) at most max_polls times; VK_TIMEOUT when it runs out.
VkResult rb_submit_poll(rb_submitter *s, uint64_t max_polls);

void rb_submitter_free(rb_submitter *s);

#endif
