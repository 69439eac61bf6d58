#include "coopmat.h"
#include <string.h>

typedef VkResult (VKAPI_PTR *rb_pfn_coopmat_props)(VkPhysicalDevice, uint32_t *, rb_coopmat_props *);

int rb_coopmat_query(const rb_instance_fns *fns, VkPhysicalDevice phys,
	rb_coopmat_features *features, rb_coopmat_props *props, uint32_t cap) {
	memset(features, 0, sizeof *features);
	features->sType = (VkStructureType)RB_STYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR;
	// The one entry point beyond the instance table, NULL-checked here.
	PFN_vkGetInstanceProcAddr gipa = rb_gipa();
	rb_pfn_coopmat_props gp = gipa ? (rb_pfn_coopmat_props)gipa(fns->instance, "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR") : NULL;
	if (!gp) return -1;
	// Only the first two members are the Vulkan structure's.
	struct { VkStructureType sType; void *pNext; VkBool32 a, b; } fcm = {.sType = features->sType};
	VkPhysicalDeviceVulkanMemoryModelFeatures fmm = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_MEMORY_MODEL_FEATURES, .pNext = &fcm};
	VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &fmm};
	fns->get_features2(phys, &f2);
	features->cooperativeMatrix = fcm.a;
	features->cooperativeMatrixRobustBufferAccess = fcm.b;
	features->vulkanMemoryModel = fmm.vulkanMemoryModel;
	uint32_t n = 0;
	if (gp(phys, &n, NULL) != VK_SUCCESS) return -1;
	if (n == 0 || cap == 0) return (int)n;
	uint32_t got = n < cap ? n : cap;
	for (uint32_t i = 0; i < got; i++) {
		memset(&props[i], 0, sizeof props[i]);
		props[i].sType = (VkStructureType)RB_STYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR;
	}
	VkResult r = gp(phys, &got, props);
	if (r != VK_SUCCESS && r != VK_INCOMPLETE) return -1;
	return (int)n;
}
