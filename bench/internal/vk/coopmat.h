// coopmat.h: VK_KHR_cooperative_matrix for radvbench — the feature bits and
// the property table (vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR),
// with the bf16 and fp8 element types (VK_KHR_shader_bfloat16,
// VK_EXT_shader_float8). The system's headers may predate these
// extensions (Debian 12 has 1.3.239), so the structures are declared here
// with their registry layout and enumerant values (checked against
// vulkan_core.h 1.4.363); component types and scopes are plain uint32_t.
#ifndef RADVBENCH_COOPMAT_H
#define RADVBENCH_COOPMAT_H
#include <stdint.h>
#include <vulkan/vulkan.h>
#include "loader.h"

#define RB_STYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR 1000506000
#define RB_STYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR 1000506001
#define RB_STYPE_PHYSICAL_DEVICE_SHADER_BFLOAT16_FEATURES_KHR 1000141000
#define RB_STYPE_PHYSICAL_DEVICE_SHADER_FLOAT8_FEATURES_EXT 1000567000

// VkPhysicalDeviceShaderBfloat16FeaturesKHR.
typedef struct rb_bfloat16_features {
	VkStructureType sType;
	void *pNext;
	VkBool32 shaderBFloat16Type;
	VkBool32 shaderBFloat16DotProduct;
	VkBool32 shaderBFloat16CooperativeMatrix;
} rb_bfloat16_features;

// VkPhysicalDeviceShaderFloat8FeaturesEXT.
typedef struct rb_float8_features {
	VkStructureType sType;
	void *pNext;
	VkBool32 shaderFloat8;
	VkBool32 shaderFloat8CooperativeMatrix;
} rb_float8_features;

// VkPhysicalDeviceCooperativeMatrixFeaturesKHR.
typedef struct rb_coopmat_features {
	VkStructureType sType;
	void *pNext;
	VkBool32 cooperativeMatrix;
	VkBool32 cooperativeMatrixRobustBufferAccess;
	// vulkanMemoryModel (VkPhysicalDeviceVulkanMemoryModelFeatures): GLSL's
	// cooperative-matrix loads and stores need the Vulkan memory model.
	VkBool32 vulkanMemoryModel;
	// VK_KHR_shader_bfloat16 and VK_EXT_shader_float8 (0 when the device
	// lacks the extension).
	VkBool32 shaderBFloat16Type, shaderBFloat16CooperativeMatrix;
	VkBool32 shaderFloat8, shaderFloat8CooperativeMatrix;
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

// rb_coopmat_query reads the feature bits (and vulkanMemoryModel; the
// bf16 / fp8 ones when has_bf16 / has_fp8 say the device offers
// VK_KHR_shader_bfloat16 / VK_EXT_shader_float8) into *features and up to
// cap property rows into props; it returns the number of rows the device
// reports (which may exceed cap), or -1 when the entry point is missing.
int rb_coopmat_query(const rb_instance_fns *fns, VkPhysicalDevice phys, uint32_t has_bf16, uint32_t has_fp8,
	rb_coopmat_features *features, rb_coopmat_props *props, uint32_t cap);

#endif
