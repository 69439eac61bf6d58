#include "shim.h"
#include "coopmat.h"
#include "present.h"
#include <string.h>
#include <stdlib.h>

void rb_query_device(const rb_instance_fns *fns, VkPhysicalDevice phys, uint32_t has_accel,
	uint32_t has_ray_query, uint32_t has_mesh, uint32_t has_dot, uint32_t has_sgsc,
	uint32_t has_pexec, uint32_t has_perfq, rb_device_info *info) {
	memset(info, 0, sizeof *info);
	VkPhysicalDeviceProperties p1;
	fns->get_properties(phys, &p1);
	info->api_version = p1.apiVersion;
	if (VK_API_VERSION_MINOR(p1.apiVersion) < 2 && VK_API_VERSION_MAJOR(p1.apiVersion) == 1) {
		return; // Vulkan 1.1 devices: the 1.2 structures below are not valid.
	}

	VkPhysicalDeviceMaintenance3Properties m3 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES};
	VkPhysicalDeviceDriverProperties drv = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES, .pNext = &m3};
	VkPhysicalDeviceSubgroupProperties sg = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES, .pNext = &drv};
	VkPhysicalDeviceSubgroupSizeControlProperties sgc = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES, .pNext = &sg};
	VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = has_sgsc ? (void *)&sgc : (void *)&sg};
	fns->get_properties2(phys, &p2);
	info->driver_id = drv.driverID;
	info->max_memory_allocation_size = m3.maxMemoryAllocationSize;
	memcpy(info->driver_name, drv.driverName, sizeof info->driver_name);
	memcpy(info->driver_info, drv.driverInfo, sizeof info->driver_info);
	info->subgroup_size = sg.subgroupSize;
	info->subgroup_stages = sg.supportedStages;
	info->subgroup_ops = sg.supportedOperations;
	if (has_sgsc) {
		info->min_subgroup_size = sgc.minSubgroupSize;
		info->max_subgroup_size = sgc.maxSubgroupSize;
	}

	VkPhysicalDeviceVulkan11Features f11 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
	VkPhysicalDeviceVulkan12Features f12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, .pNext = &f11};
	void *chain = &f12;
	VkPhysicalDeviceSubgroupSizeControlFeatures fsg = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES};
	if (has_sgsc) { fsg.pNext = chain; chain = &fsg; }
	VkPhysicalDeviceShaderIntegerDotProductFeatures fdot = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_FEATURES};
	if (has_dot) { fdot.pNext = chain; chain = &fdot; }
	VkPhysicalDeviceAccelerationStructureFeaturesKHR fas = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ACCELERATION_STRUCTURE_FEATURES_KHR};
	if (has_accel) { fas.pNext = chain; chain = &fas; }
	VkPhysicalDeviceRayQueryFeaturesKHR frq = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_RAY_QUERY_FEATURES_KHR};
	if (has_ray_query) { frq.pNext = chain; chain = &frq; }
	VkPhysicalDeviceMeshShaderFeaturesEXT fms = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MESH_SHADER_FEATURES_EXT};
	if (has_mesh) { fms.pNext = chain; chain = &fms; }
	VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR fpe = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR};
	if (has_pexec) { fpe.pNext = chain; chain = &fpe; }
	VkPhysicalDevicePerformanceQueryFeaturesKHR fpq = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PERFORMANCE_QUERY_FEATURES_KHR};
	if (has_perfq) { fpq.pNext = chain; chain = &fpq; }
	VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = chain};
	fns->get_features2(phys, &f2);
	info->storage_buffer_16bit = f11.storageBuffer16BitAccess;
	info->shader_int16 = f2.features.shaderInt16;
	info->shader_int64 = f2.features.shaderInt64;
	info->shader_float16 = f12.shaderFloat16;
	info->shader_int8 = f12.shaderInt8;
	info->storage_buffer_8bit = f12.storageBuffer8BitAccess;
	info->buffer_device_address = f12.bufferDeviceAddress;
	info->host_query_reset = f12.hostQueryReset;
	info->timeline_semaphore = f12.timelineSemaphore;
	info->subgroup_size_control = fsg.subgroupSizeControl;
	info->compute_full_subgroups = fsg.computeFullSubgroups;
	info->integer_dot_product = fdot.shaderIntegerDotProduct;
	info->acceleration_structure = fas.accelerationStructure;
	info->ray_query = frq.rayQuery;
	info->mesh_shader = fms.meshShader;
	info->task_shader = fms.taskShader;
	info->mesh_pipeline_statistics = fms.meshShaderQueries;
	info->pipeline_executable_info = fpe.pipelineExecutableInfo;
	info->performance_counter_query_pools = fpq.performanceCounterQueryPools;
}

VkResult rb_create_device(const rb_instance_fns *fns, VkPhysicalDevice phys, uint32_t qfam,
	const rb_device_info *want, const char *const *exts, uint32_t next,
	VkDevice *out) {
	float prio = 1.0f;
	VkDeviceQueueCreateInfo q = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
		.queueFamilyIndex = qfam, .queueCount = 1, .pQueuePriorities = &prio};
	void *chain = NULL;
	VkPhysicalDeviceVulkan11Features f11 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
	VkPhysicalDeviceVulkan12Features f12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
	VkPhysicalDeviceSubgroupSizeControlFeatures fsg = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES};
	VkPhysicalDeviceShaderIntegerDotProductFeatures fdot = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_FEATURES};
	VkPhysicalDeviceAccelerationStructureFeaturesKHR fas = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ACCELERATION_STRUCTURE_FEATURES_KHR};
	VkPhysicalDeviceRayQueryFeaturesKHR frq = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_RAY_QUERY_FEATURES_KHR};
	VkPhysicalDeviceMeshShaderFeaturesEXT fms = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MESH_SHADER_FEATURES_EXT};
	rb_coopmat_features fcm = {.sType = (VkStructureType)RB_STYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR};
	rb_bfloat16_features fbf = {.sType = (VkStructureType)RB_STYPE_PHYSICAL_DEVICE_SHADER_BFLOAT16_FEATURES_KHR};
	rb_float8_features ff8 = {.sType = (VkStructureType)RB_STYPE_PHYSICAL_DEVICE_SHADER_FLOAT8_FEATURES_EXT};
	VkPhysicalDeviceFeatures base = {0};
	base.shaderInt16 = want->shader_int16;
	base.shaderInt64 = want->shader_int64;
	int v12 = !(VK_API_VERSION_MAJOR(want->api_version) == 1 && VK_API_VERSION_MINOR(want->api_version) < 2);
	if (v12) {
		f11.storageBuffer16BitAccess = want->storage_buffer_16bit;
		f12.shaderFloat16 = want->shader_float16;
		f12.shaderInt8 = want->shader_int8;
		f12.storageBuffer8BitAccess = want->storage_buffer_8bit;
		f12.bufferDeviceAddress = want->buffer_device_address;
		f12.hostQueryReset = want->host_query_reset;
		f12.timelineSemaphore = want->timeline_semaphore;
		f12.pNext = &f11;
		chain = &f12;
	}
	if (want->subgroup_size_control || want->compute_full_subgroups) {
		fsg.subgroupSizeControl = want->subgroup_size_control;
		fsg.computeFullSubgroups = want->compute_full_subgroups;
		fsg.pNext = chain; chain = &fsg;
	}
	if (want->integer_dot_product) {
		fdot.shaderIntegerDotProduct = 1;
		fdot.pNext = chain; chain = &fdot;
	}
	if (want->acceleration_structure) {
		fas.accelerationStructure = 1;
		fas.pNext = chain; chain = &fas;
	}
	if (want->ray_query) {
		frq.rayQuery = 1;
		frq.pNext = chain; chain = &frq;
	}
	if (want->mesh_shader || want->task_shader) {
		fms.meshShader = want->mesh_shader;
		fms.taskShader = want->task_shader;
		fms.meshShaderQueries = want->mesh_pipeline_statistics;
		fms.pNext = chain; chain = &fms;
	}
	if (want->cooperative_matrix && v12) {
		fcm.cooperativeMatrix = 1;
		f12.vulkanMemoryModel = 1; // GLSL cooperative matrices need it
		// With the memory model on, SPIR-V that uses Device scope (the
		// other suites' atomics and barriers) needs DeviceScope too
		// (VUID-RuntimeSpirv-vulkanMemoryModel-06265): enable it when
		// the device has it.
		VkPhysicalDeviceVulkan12Features have = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
		VkPhysicalDeviceFeatures2 have2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &have};
		fns->get_features2(phys, &have2);
		f12.vulkanMemoryModelDeviceScope = have.vulkanMemoryModelDeviceScope;
		fcm.pNext = chain; chain = &fcm;
		if (want->bfloat16_coopmat) {
			fbf.shaderBFloat16Type = 1;
			fbf.shaderBFloat16CooperativeMatrix = 1;
			fbf.pNext = chain; chain = &fbf;
		}
		if (want->float8_coopmat) {
			ff8.shaderFloat8 = 1;
			ff8.shaderFloat8CooperativeMatrix = 1;
			ff8.pNext = chain; chain = &ff8;
		}
	}
	VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR fpe = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR};
	if (want->pipeline_executable_info) {
		fpe.pipelineExecutableInfo = 1;
		fpe.pNext = chain; chain = &fpe;
	}
	VkPhysicalDevicePerformanceQueryFeaturesKHR fpq = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PERFORMANCE_QUERY_FEATURES_KHR};
	if (want->performance_counter_query_pools) {
		fpq.performanceCounterQueryPools = 1;
		fpq.pNext = chain; chain = &fpq;
	}
	VkPhysicalDevicePresentIdFeaturesKHR fpid;
	VkPhysicalDevicePresentWaitFeaturesKHR fpw;
	if (want->present_id && want->present_wait) {
		chain = rb_present_wait_features(chain, &fpid, &fpw);
	}
	VkDeviceCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = chain,
		.queueCreateInfoCount = 1, .pQueueCreateInfos = &q,
		.enabledExtensionCount = next, .ppEnabledExtensionNames = exts,
		.pEnabledFeatures = &base};
	return fns->create_device(phys, &ci, NULL, out);
}

VkMemoryAllocateFlagsInfo *rb_alloc_flags_device_address(void) {
	VkMemoryAllocateFlagsInfo *f = calloc(1, sizeof *f);
	if (!f) return NULL;
	f->sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO;
	f->flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
	return f;
}

VkPipelineShaderStageRequiredSubgroupSizeCreateInfo *rb_required_subgroup_size(uint32_t size) {
	VkPipelineShaderStageRequiredSubgroupSizeCreateInfo *s = calloc(1, sizeof *s);
	if (!s) return NULL;
	s->sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO;
	s->requiredSubgroupSize = size;
	return s;
}

uint64_t rb_buffer_device_address(const rb_device_fns *fns, VkBuffer buf) {
	if (!fns->get_buffer_device_address) return 0;
	VkBufferDeviceAddressInfo i = {.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, .buffer = buf};
	return fns->get_buffer_device_address(fns->device, &i);
}
