// rayquery.h: VK_KHR_acceleration_structure and VK_KHR_ray_query support
// for radvbench — acceleration-structure creation, build-size queries,
// builds and updates, compaction, buffer device addresses and the
// acceleration-structure descriptor — which vulkan-go's 1.1.88 headers lack.
// Every entry point is loaded with the device table's vkGetDeviceProcAddr
// into an rb_rq table.
#ifndef RADVBENCH_RAYQUERY_H
#define RADVBENCH_RAYQUERY_H
#include <stdint.h>
#include <vulkan/vulkan.h>
#include "loader.h"

typedef struct rb_rq {
	VkDevice device;
	PFN_vkCreateAccelerationStructureKHR create_as;
	PFN_vkDestroyAccelerationStructureKHR destroy_as;
	PFN_vkGetAccelerationStructureBuildSizesKHR build_sizes;
	PFN_vkCmdBuildAccelerationStructuresKHR cmd_build;
	PFN_vkGetAccelerationStructureDeviceAddressKHR as_address;
	PFN_vkCmdWriteAccelerationStructuresPropertiesKHR cmd_write_props;
	PFN_vkCmdCopyAccelerationStructureKHR cmd_copy;
	// The device's core table (barriers, descriptor updates).
	const rb_device_fns *dev;
	// Properties of VkPhysicalDeviceAccelerationStructurePropertiesKHR.
	uint64_t max_geometry_count, max_instance_count, max_primitive_count;
	uint32_t min_scratch_alignment;
} rb_rq;

// rb_rq_load fills a new table for device (free with rb_rq_free). It
// returns VK_ERROR_EXTENSION_NOT_PRESENT, naming the missing entry point in
// missing, when the device lacks one.
VkResult rb_rq_load(const rb_instance_fns *inst, VkPhysicalDevice phys, const rb_device_fns *dev, rb_rq **out,
	char *missing, int missinglen);
void rb_rq_free(rb_rq *t);


// type: 0 = bottom level, 1 = top level.
VkResult rb_rq_create(rb_rq *t, VkBuffer buf, uint64_t size, uint32_t type, VkAccelerationStructureKHR *out);
void rb_rq_destroy(rb_rq *t, VkAccelerationStructureKHR as);
uint64_t rb_rq_address(rb_rq *t, VkAccelerationStructureKHR as);

// rb_as_build is one acceleration-structure build or update with one
// geometry: triangles (bottom level) or instances (top level). It holds
// only handles and device addresses, no host pointers.
typedef struct rb_as_build {
	uint32_t type;           // 0 bottom level (triangles), 1 top level (instances)
	uint32_t flags;          // VkBuildAccelerationStructureFlagsKHR
	uint32_t update;         // 1: VK_BUILD_ACCELERATION_STRUCTURE_MODE_UPDATE_KHR
	uint32_t geometry_flags; // VkGeometryFlagsKHR (VK_GEOMETRY_OPAQUE_BIT_KHR, ...)
	VkAccelerationStructureKHR src, dst;
	uint64_t scratch;        // device address, aligned
	uint64_t vertex_address; // R32G32B32_SFLOAT vertices
	uint32_t vertex_stride;
	uint32_t max_vertex;
	uint64_t index_address;  // uint32 indices
	uint64_t instance_address; // VkAccelerationStructureInstanceKHR array
	uint32_t primitive_count; // triangles or instances
} rb_as_build;

void rb_rq_build_sizes(rb_rq *t, const rb_as_build *b, uint64_t *as_size, uint64_t *build_scratch,
	uint64_t *update_scratch);
void rb_rq_cmd_build(rb_rq *t, VkCommandBuffer cmd, const rb_as_build *b);

// rb_rq_cmd_barrier makes acceleration-structure writes (builds, copies)
// visible to later builds, copies, ray queries in compute shaders and
// transfers.
void rb_rq_cmd_barrier(rb_rq *t, VkCommandBuffer cmd);

// rb_rq_cmd_write_compacted_size writes the compacted size of as into
// query of pool (a VK_QUERY_TYPE_ACCELERATION_STRUCTURE_COMPACTED_SIZE_KHR
// pool).
void rb_rq_cmd_write_compacted_size(rb_rq *t, VkCommandBuffer cmd, VkAccelerationStructureKHR as,
	VkQueryPool pool, uint32_t query);
// rb_rq_cmd_copy records a copy; compact = 1 for a compacting copy.
void rb_rq_cmd_copy(rb_rq *t, VkCommandBuffer cmd, VkAccelerationStructureKHR src,
	VkAccelerationStructureKHR dst, uint32_t compact);

// rb_rq_write_descriptor points binding of set at as.
void rb_rq_write_descriptor(rb_rq *t, VkDescriptorSet set, uint32_t binding, VkAccelerationStructureKHR as);

#endif
