// shim.h: the few Vulkan calls radvbench needs beyond vulkan-go's 1.1.88
// headers, compiled against the system's Vulkan headers (libvulkan-dev).
#ifndef RADVBENCH_SHIM_H
#define RADVBENCH_SHIM_H
#include <stdint.h>
#include <vulkan/vulkan.h>
#include "loader.h"

// Everything radvbench records about a physical device that needs
// VkPhysicalDeviceProperties2/Features2 chains.
typedef struct rb_device_info {
	uint32_t api_version;
	uint32_t driver_id;
	char driver_name[VK_MAX_DRIVER_NAME_SIZE];
	char driver_info[VK_MAX_DRIVER_INFO_SIZE];
	uint32_t subgroup_size;
	uint32_t subgroup_stages;
	uint32_t subgroup_ops;
	uint32_t min_subgroup_size, max_subgroup_size;
	uint64_t max_memory_allocation_size;
	// features
	uint32_t storage_buffer_16bit;
	uint32_t shader_float16;
	uint32_t shader_int8;
	uint32_t storage_buffer_8bit;
	uint32_t shader_int16;
	uint32_t shader_int64;
	uint32_t buffer_device_address;
	uint32_t subgroup_size_control;
	uint32_t compute_full_subgroups;
	uint32_t integer_dot_product;
	uint32_t acceleration_structure;
	uint32_t ray_query;
	uint32_t mesh_shader;
	uint32_t task_shader;
	uint32_t mesh_pipeline_statistics;
	uint32_t host_query_reset;
	uint32_t timeline_semaphore;
	uint32_t synchronization2;
	uint32_t cooperative_matrix;
	// VK_KHR_shader_bfloat16 (shaderBFloat16Type + CooperativeMatrix) and
	// VK_EXT_shader_float8 (shaderFloat8 + CooperativeMatrix).
	uint32_t bfloat16_coopmat;
	uint32_t float8_coopmat;
	// VK_KHR_present_id / VK_KHR_present_wait (filled by
	// rb_query_present_wait, enabled together).
	uint32_t present_id;
	uint32_t present_wait;
	// VK_KHR_pipeline_executable_properties' pipelineExecutableInfo.
	uint32_t pipeline_executable_info;
	// VK_KHR_performance_query's performanceCounterQueryPools (enabled
	// only for a device that takes the profiling lock).
	uint32_t performance_counter_query_pools;
} rb_device_info;

// rb_query_device fills info; has_* tell which extensions the device has
// so only valid structures are chained.
void rb_query_device(const rb_instance_fns *fns, VkPhysicalDevice phys, uint32_t has_accel,
	uint32_t has_ray_query, uint32_t has_mesh, uint32_t has_dot, uint32_t has_sgsc,
	uint32_t has_pexec, uint32_t has_perfq, rb_device_info *info);

// rb_create_device creates a device with one queue of family qfam and
// enables the features named in want (a subset of what rb_query_device
// reported) plus the given extensions.
VkResult rb_create_device(const rb_instance_fns *fns, VkPhysicalDevice phys, uint32_t qfam,
	const rb_device_info *want, const char *const *exts, uint32_t next,
	VkDevice *out);

VkMemoryAllocateFlagsInfo *rb_alloc_flags_device_address(void);

VkPipelineShaderStageRequiredSubgroupSizeCreateInfo *rb_required_subgroup_size(uint32_t size);

// rb_buffer_device_address is vkGetBufferDeviceAddress (Vulkan 1.2); 0 when
// the table was loaded without bufferDeviceAddress.
uint64_t rb_buffer_device_address(const rb_device_fns *fns, VkBuffer buf);

#endif
