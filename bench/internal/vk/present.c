#include "present.h"
#include <stdlib.h>
#include <string.h>

void rb_query_present_wait(const rb_instance_fns *fns, VkPhysicalDevice phys,
	uint32_t *present_id, uint32_t *present_wait) {
	VkPhysicalDevicePresentWaitFeaturesKHR wait = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRESENT_WAIT_FEATURES_KHR};
	VkPhysicalDevicePresentIdFeaturesKHR id = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRESENT_ID_FEATURES_KHR, .pNext = &wait};
	VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &id};
	fns->get_features2(phys, &f2);
	*present_id = id.presentId;
	*present_wait = wait.presentWait;
}

void *rb_present_wait_features(void *chain, VkPhysicalDevicePresentIdFeaturesKHR *id,
	VkPhysicalDevicePresentWaitFeaturesKHR *wait) {
	memset(id, 0, sizeof *id);
	memset(wait, 0, sizeof *wait);
	id->sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRESENT_ID_FEATURES_KHR;
	id->presentId = VK_TRUE;
	id->pNext = chain;
	wait->sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRESENT_WAIT_FEATURES_KHR;
	wait->presentWait = VK_TRUE;
	wait->pNext = id;
	return wait;
}

int rb_present_wait_load(const rb_device_fns *fns, rb_present_procs *procs) {
	memset(procs, 0, sizeof *procs);
	procs->device = fns->device;
	procs->wait = (PFN_vkWaitForPresentKHR)fns->get_device_proc_addr(fns->device, "vkWaitForPresentKHR");
	return procs->wait != NULL;
}

VkResult rb_wait_for_present(const rb_present_procs *procs, VkSwapchainKHR swapchain,
	uint64_t id, uint64_t timeout) {
	return procs->wait(procs->device, swapchain, id, timeout);
}

rb_present_id *rb_present_id_new(void) {
	rb_present_id *p = calloc(1, sizeof *p);
	if (!p) return NULL;
	p->info.sType = VK_STRUCTURE_TYPE_PRESENT_ID_KHR;
	p->info.swapchainCount = 1;
	p->info.pPresentIds = &p->id;
	return p;
}
