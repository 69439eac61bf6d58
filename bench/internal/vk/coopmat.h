// coopmat.h: VK_KHR_cooperative_matrix for radvbench — the feature bits and
// the property table (vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR).
// The system's headers may predate the extension (Debian 12 has 1.3.239),
// so the structures are declared here with their registry layout and
// enumerant values; component types and scopes are plain uint32_t.
#ifndef RADVBENCH_COOPMAT_H
#define RADVBENCH_COOPMAT_H
#include <stdint.h>
#include <vulkan/vulkan.h>
#include "loader.h"

#define RB_STYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR 1000506000
#define RB_STYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR 1000506001

// VkPhysicalDeviceCooperativeMatrixFeaturesKHR.
typedef struct rb_coopmat_features {
	VkStructureType sType;
	void *pNext;
	VkBool32 cooperativeMatrix;
	VkBool32 cooperativeMatrixRobustBufferAccess;
	// vulkanMemoryModel (VkPhysicalDeviceVulkanMemoryModelFeatures): GLSL's
	// cooperative-matrix loads and stores need the Vulkan memory model.
	VkBool32 vulkanMemoryModel;
} rb_coopmat_features;

// VkCooperativeMatrixPropertiesKHR.
typedef struct rb_coopmat_props {
	VkStructureType sType;
	void *pNext;
	uint32_t MSize, NSize, KSize;
	uint32_t AType, BType, CType, ResultType;
	VkBool32 saturatingAccumulation;
	uint32_t scope;
} rb_coopmat_props;

// rb_coopmat_query reads the feature bits (and vulkanMemoryModel) into *features and up to cap
// property rows into props; it returns the number of rows the device
// reports (which may exceed cap), or -1 when the entry point is missing.
int rb_coopmat_query(const rb_instance_fns *fns, VkPhysicalDevice phys,
	rb_coopmat_features *features, rb_coopmat_props *props, uint32_t cap);

#endif
