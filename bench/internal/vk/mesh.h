// mesh.h: VK_EXT_mesh_shader for radvbench — the draw command, the
// properties the mesh suite checks its dispatches against, and the
// entry-point table loaded with vkGetDeviceProcAddr. Compiled against the
// system's Vulkan headers (1.3.239 or newer).
#ifndef RADVBENCH_MESH_H
#define RADVBENCH_MESH_H
#include <stdint.h>
#include <vulkan/vulkan.h>
#include "loader.h"

// Device-level VK_EXT_mesh_shader entry points.
typedef struct rb_mesh_procs {
	PFN_vkCmdDrawMeshTasksEXT draw;
} rb_mesh_procs;

// rb_mesh_load fills procs for the table's device; it returns 0 when
// vkCmdDrawMeshTasksEXT is missing (extension not enabled).
int rb_mesh_load(const rb_device_fns *fns, rb_mesh_procs *procs);

void rb_cmd_draw_mesh_tasks(const rb_mesh_procs *procs, VkCommandBuffer cb,
	uint32_t x, uint32_t y, uint32_t z);

// rb_mesh_properties reads VkPhysicalDeviceMeshShaderPropertiesEXT.
void rb_mesh_properties(const rb_instance_fns *fns, VkPhysicalDevice phys,
	VkPhysicalDeviceMeshShaderPropertiesEXT *out);

#endif
