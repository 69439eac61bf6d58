// present.h: VK_KHR_present_id + VK_KHR_present_wait for radvbench's frame
// latency — the feature query, the VkPresentIdKHR a present chains, and
// vkWaitForPresentKHR loaded with vkGetDeviceProcAddr.
#ifndef RADVBENCH_PRESENT_H
#define RADVBENCH_PRESENT_H
#include <stdint.h>
#include <vulkan/vulkan.h>
#include "loader.h"

// rb_query_present_wait reads the presentId and presentWait features of a
// device that offers both extensions.
void rb_query_present_wait(const rb_instance_fns *fns, VkPhysicalDevice phys,
	uint32_t *present_id, uint32_t *present_wait);

// rb_present_wait_features chains, after *chain, the two feature
// structures with both features on (storage from the caller); returns the
// new head.
void *rb_present_wait_features(void *chain, VkPhysicalDevicePresentIdFeaturesKHR *id,
	VkPhysicalDevicePresentWaitFeaturesKHR *wait);

// Device-level VK_KHR_present_wait entry points.
typedef struct rb_present_procs {
	VkDevice device;
	PFN_vkWaitForPresentKHR wait;
} rb_present_procs;

// rb_present_wait_load fills procs for the table's device; 0 when
// vkWaitForPresentKHR is missing.
int rb_present_wait_load(const rb_device_fns *fns, rb_present_procs *procs);

VkResult rb_wait_for_present(const rb_present_procs *procs, VkSwapchainKHR swapchain,
	uint64_t id, uint64_t timeout);

// rb_present_id is a VkPresentIdKHR for one swapchain and the id it
// points to, in C memory (a present's pNext).
typedef struct rb_present_id {
	VkPresentIdKHR info;
	uint64_t id;
} rb_present_id;

rb_present_id *rb_present_id_new(void);

#endif
