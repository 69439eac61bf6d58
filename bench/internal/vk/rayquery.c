#include "rayquery.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

VkResult rb_rq_load(const rb_instance_fns *inst, VkPhysicalDevice phys, const rb_device_fns *dev, rb_rq **out,
	char *missing, int missinglen) {
	*out = NULL;
	rb_rq *t = calloc(1, sizeof *t);
	if (!t) return VK_ERROR_OUT_OF_HOST_MEMORY;
	t->device = dev->device;
	t->dev = dev;
	PFN_vkGetDeviceProcAddr gdpa = dev->get_device_proc_addr;
#define LOAD(field, name)                                                  \
	t->field = (__typeof__(t->field))gdpa(dev->device, name);              \
	if (!t->field) {                                                       \
		snprintf(missing, missinglen, "%s", name);                         \
		free(t);                                                           \
		return VK_ERROR_EXTENSION_NOT_PRESENT;                             \
	}
	LOAD(create_as, "vkCreateAccelerationStructureKHR");
	LOAD(destroy_as, "vkDestroyAccelerationStructureKHR");
	LOAD(build_sizes, "vkGetAccelerationStructureBuildSizesKHR");
	LOAD(cmd_build, "vkCmdBuildAccelerationStructuresKHR");
	LOAD(as_address, "vkGetAccelerationStructureDeviceAddressKHR");
	LOAD(cmd_write_props, "vkCmdWriteAccelerationStructuresPropertiesKHR");
	LOAD(cmd_copy, "vkCmdCopyAccelerationStructureKHR");
#undef LOAD
	VkPhysicalDeviceAccelerationStructurePropertiesKHR asp = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ACCELERATION_STRUCTURE_PROPERTIES_KHR};
	VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &asp};
	inst->get_properties2(phys, &p2);
	t->max_geometry_count = asp.maxGeometryCount;
	t->max_instance_count = asp.maxInstanceCount;
	t->max_primitive_count = asp.maxPrimitiveCount;
	t->min_scratch_alignment = asp.minAccelerationStructureScratchOffsetAlignment;
	if (t->min_scratch_alignment == 0) t->min_scratch_alignment = 256;
	*out = t;
	return VK_SUCCESS;
}

void rb_rq_free(rb_rq *t) { free(t); }

VkResult rb_rq_create(rb_rq *t, VkBuffer buf, uint64_t size, uint32_t type, VkAccelerationStructureKHR *out) {
	VkAccelerationStructureCreateInfoKHR ci = {
		.sType = VK_STRUCTURE_TYPE_ACCELERATION_STRUCTURE_CREATE_INFO_KHR,
		.buffer = buf,
		.size = size,
		.type = type ? VK_ACCELERATION_STRUCTURE_TYPE_TOP_LEVEL_KHR : VK_ACCELERATION_STRUCTURE_TYPE_BOTTOM_LEVEL_KHR,
	};
	return t->create_as(t->device, &ci, NULL, out);
}

void rb_rq_destroy(rb_rq *t, VkAccelerationStructureKHR as) { t->destroy_as(t->device, as, NULL); }

uint64_t rb_rq_address(rb_rq *t, VkAccelerationStructureKHR as) {
	VkAccelerationStructureDeviceAddressInfoKHR i = {
		.sType = VK_STRUCTURE_TYPE_ACCELERATION_STRUCTURE_DEVICE_ADDRESS_INFO_KHR, .accelerationStructure = as};
	return t->as_address(t->device, &i);
}

static void fill(const rb_as_build *b, VkAccelerationStructureGeometryKHR *g,
	VkAccelerationStructureBuildGeometryInfoKHR *bi) {
	memset(g, 0, sizeof *g);
	g->sType = VK_STRUCTURE_TYPE_ACCELERATION_STRUCTURE_GEOMETRY_KHR;
	g->flags = b->geometry_flags;
	if (b->type == 0) {
		g->geometryType = VK_GEOMETRY_TYPE_TRIANGLES_KHR;
		VkAccelerationStructureGeometryTrianglesDataKHR *tr = &g->geometry.triangles;
		tr->sType = VK_STRUCTURE_TYPE_ACCELERATION_STRUCTURE_GEOMETRY_TRIANGLES_DATA_KHR;
		tr->vertexFormat = VK_FORMAT_R32G32B32_SFLOAT;
		tr->vertexData.deviceAddress = b->vertex_address;
		tr->vertexStride = b->vertex_stride;
		tr->maxVertex = b->max_vertex;
		tr->indexType = VK_INDEX_TYPE_UINT32;
		tr->indexData.deviceAddress = b->index_address;
	} else {
		g->geometryType = VK_GEOMETRY_TYPE_INSTANCES_KHR;
		VkAccelerationStructureGeometryInstancesDataKHR *in = &g->geometry.instances;
		in->sType = VK_STRUCTURE_TYPE_ACCELERATION_STRUCTURE_GEOMETRY_INSTANCES_DATA_KHR;
		in->arrayOfPointers = VK_FALSE;
		in->data.deviceAddress = b->instance_address;
	}
	memset(bi, 0, sizeof *bi);
	bi->sType = VK_STRUCTURE_TYPE_ACCELERATION_STRUCTURE_BUILD_GEOMETRY_INFO_KHR;
	bi->type = b->type ? VK_ACCELERATION_STRUCTURE_TYPE_TOP_LEVEL_KHR : VK_ACCELERATION_STRUCTURE_TYPE_BOTTOM_LEVEL_KHR;
	bi->flags = b->flags;
	bi->mode = b->update ? VK_BUILD_ACCELERATION_STRUCTURE_MODE_UPDATE_KHR : VK_BUILD_ACCELERATION_STRUCTURE_MODE_BUILD_KHR;
	bi->srcAccelerationStructure = b->update ? b->src : VK_NULL_HANDLE;
	bi->dstAccelerationStructure = b->dst;
	bi->geometryCount = 1;
	bi->pGeometries = g;
	bi->scratchData.deviceAddress = b->scratch;
}

void rb_rq_build_sizes(rb_rq *t, const rb_as_build *b, uint64_t *as_size, uint64_t *build_scratch,
	uint64_t *update_scratch) {
	VkAccelerationStructureGeometryKHR g;
	VkAccelerationStructureBuildGeometryInfoKHR bi;
	fill(b, &g, &bi);
	bi.mode = VK_BUILD_ACCELERATION_STRUCTURE_MODE_BUILD_KHR;
	bi.srcAccelerationStructure = VK_NULL_HANDLE;
	bi.dstAccelerationStructure = VK_NULL_HANDLE;
	bi.scratchData.deviceAddress = 0;
	// Addresses are ignored by the size query; zero them as the spec allows.
	if (b->type == 0) {
		g.geometry.triangles.vertexData.deviceAddress = 0;
		g.geometry.triangles.indexData.deviceAddress = 0;
	} else {
		g.geometry.instances.data.deviceAddress = 0;
	}
	VkAccelerationStructureBuildSizesInfoKHR s = {.sType = VK_STRUCTURE_TYPE_ACCELERATION_STRUCTURE_BUILD_SIZES_INFO_KHR};
	uint32_t count = b->primitive_count;
	t->build_sizes(t->device, VK_ACCELERATION_STRUCTURE_BUILD_TYPE_DEVICE_KHR, &bi, &count, &s);
	*as_size = s.accelerationStructureSize;
	*build_scratch = s.buildScratchSize;
	*update_scratch = s.updateScratchSize;
}

void rb_rq_cmd_build(rb_rq *t, VkCommandBuffer cmd, const rb_as_build *b) {
	VkAccelerationStructureGeometryKHR g;
	VkAccelerationStructureBuildGeometryInfoKHR bi;
	fill(b, &g, &bi);
	VkAccelerationStructureBuildRangeInfoKHR range = {.primitiveCount = b->primitive_count};
	const VkAccelerationStructureBuildRangeInfoKHR *ranges[1] = {&range};
	t->cmd_build(cmd, 1, &bi, ranges);
}

void rb_rq_cmd_barrier(rb_rq *t, VkCommandBuffer cmd) {
	VkMemoryBarrier mb = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_ACCELERATION_STRUCTURE_WRITE_BIT_KHR | VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_ACCELERATION_STRUCTURE_READ_BIT_KHR | VK_ACCESS_ACCELERATION_STRUCTURE_WRITE_BIT_KHR |
			VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
	};
	VkPipelineStageFlags stages = VK_PIPELINE_STAGE_ACCELERATION_STRUCTURE_BUILD_BIT_KHR |
		VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;
	t->dev->cmd_pipeline_barrier(cmd, stages, stages, 0, 1, &mb, 0, NULL, 0, NULL);
}

void rb_rq_cmd_write_compacted_size(rb_rq *t, VkCommandBuffer cmd, VkAccelerationStructureKHR as,
	VkQueryPool pool, uint32_t query) {
	t->cmd_write_props(cmd, 1, &as, VK_QUERY_TYPE_ACCELERATION_STRUCTURE_COMPACTED_SIZE_KHR, pool, query);
}

void rb_rq_cmd_copy(rb_rq *t, VkCommandBuffer cmd, VkAccelerationStructureKHR src,
	VkAccelerationStructureKHR dst, uint32_t compact) {
	VkCopyAccelerationStructureInfoKHR ci = {
		.sType = VK_STRUCTURE_TYPE_COPY_ACCELERATION_STRUCTURE_INFO_KHR,
		.src = src,
		.dst = dst,
		.mode = compact ? VK_COPY_ACCELERATION_STRUCTURE_MODE_COMPACT_KHR : VK_COPY_ACCELERATION_STRUCTURE_MODE_CLONE_KHR,
	};
	t->cmd_copy(cmd, &ci);
}

void rb_rq_write_descriptor(rb_rq *t, VkDescriptorSet set, uint32_t binding, VkAccelerationStructureKHR as) {
	VkWriteDescriptorSetAccelerationStructureKHR a = {
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET_ACCELERATION_STRUCTURE_KHR,
		.accelerationStructureCount = 1,
		.pAccelerationStructures = &as,
	};
	VkWriteDescriptorSet w = {
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
		.pNext = &a,
		.dstSet = set,
		.dstBinding = binding,
		.descriptorCount = 1,
		.descriptorType = VK_DESCRIPTOR_TYPE_ACCELERATION_STRUCTURE_KHR,
	};
	t->dev->update_descriptor_sets(t->device, 1, &w, 0, NULL);
}

// The raw values rayquery.go gives vulkan-go must match the headers.
_Static_assert(VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT == 0x00020000, "usage");
_Static_assert(VK_BUFFER_USAGE_ACCELERATION_STRUCTURE_BUILD_INPUT_READ_ONLY_BIT_KHR == 0x00080000, "usage");
_Static_assert(VK_BUFFER_USAGE_ACCELERATION_STRUCTURE_STORAGE_BIT_KHR == 0x00100000, "usage");
_Static_assert(VK_DESCRIPTOR_TYPE_ACCELERATION_STRUCTURE_KHR == 1000150000, "descriptor type");
_Static_assert(VK_QUERY_TYPE_ACCELERATION_STRUCTURE_COMPACTED_SIZE_KHR == 1000150000, "query type");
_Static_assert(VK_BUILD_ACCELERATION_STRUCTURE_ALLOW_UPDATE_BIT_KHR == 0x1, "build flag");
_Static_assert(VK_BUILD_ACCELERATION_STRUCTURE_ALLOW_COMPACTION_BIT_KHR == 0x2, "build flag");
_Static_assert(VK_BUILD_ACCELERATION_STRUCTURE_PREFER_FAST_TRACE_BIT_KHR == 0x4, "build flag");
_Static_assert(VK_BUILD_ACCELERATION_STRUCTURE_PREFER_FAST_BUILD_BIT_KHR == 0x8, "build flag");
_Static_assert(VK_GEOMETRY_OPAQUE_BIT_KHR == 0x1, "geometry flag");
_Static_assert(VK_GEOMETRY_INSTANCE_TRIANGLE_FACING_CULL_DISABLE_BIT_KHR == 0x1, "instance flag");
_Static_assert(VK_GEOMETRY_INSTANCE_FORCE_OPAQUE_BIT_KHR == 0x4, "instance flag");
_Static_assert(VK_GEOMETRY_INSTANCE_FORCE_NO_OPAQUE_BIT_KHR == 0x8, "instance flag");
_Static_assert(sizeof(VkAccelerationStructureInstanceKHR) == 64, "instance size");
