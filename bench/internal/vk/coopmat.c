#include "coopmat.h"
#include <string.h>

typedef VkResult (VKAPI_PTR *rb_pfn_coopmat_props)(VkPhysicalDevice, uint32_t *, rb_coopmat_props *);

int rb_coopmat_query(const rb_instance_fns *fns, VkPhysicalDevice phys, uint32_t has_bf16, uint32_t has_fp8,
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
	void *chain = &fmm;
	// Chained only when the device offers the extension.
	rb_bfloat16_features fbf = {.sType = (VkStructureType)RB_STYPE_PHYSICAL_DEVICE_SHADER_BFLOAT16_FEATURES_KHR};
	if (has_bf16) { fbf.pNext = chain; chain = &fbf; }
	rb_float8_features ff8 = {.sType = (VkStructureType)RB_STYPE_PHYSICAL_DEVICE_SHADER_FLOAT8_FEATURES_EXT};
	if (has_fp8) { ff8.pNext = chain; chain = &ff8; }
	VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = chain};
	fns->get_features2(phys, &f2);
	features->cooperativeMatrix = fcm.a;
	features->cooperativeMatrixRobustBufferAccess = fcm.b;
	features->vulkanMemoryModel = fmm.vulkanMemoryModel;
	features->shaderBFloat16Type = fbf.shaderBFloat16Type;
	features->shaderBFloat16CooperativeMatrix = fbf.shaderBFloat16CooperativeMatrix;
	features->shaderFloat8 = ff8.shaderFloat8;
	features->shaderFloat8CooperativeMatrix = ff8.shaderFloat8CooperativeMatrix;
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
