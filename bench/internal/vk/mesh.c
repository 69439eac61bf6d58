#include "mesh.h"
#include "shim.h"
#include <string.h>

static PFN_vkGetInstanceProcAddr mesh_gipa(void) {
	static PFN_vkGetInstanceProcAddr p;
	if (!p) {
		char e[256];
		p = (PFN_vkGetInstanceProcAddr)rb_load_loader(e, sizeof e);
	}
	return p;
}

int rb_mesh_load(VkInstance instance, VkDevice device, rb_mesh_procs *procs) {
	memset(procs, 0, sizeof *procs);
	PFN_vkGetInstanceProcAddr gipa = mesh_gipa();
	if (!gipa) return 0;
	PFN_vkGetDeviceProcAddr gdpa = (PFN_vkGetDeviceProcAddr)gipa(instance, "vkGetDeviceProcAddr");
	if (!gdpa) return 0;
	procs->draw = (PFN_vkCmdDrawMeshTasksEXT)gdpa(device, "vkCmdDrawMeshTasksEXT");
	procs->draw_indirect = (PFN_vkCmdDrawMeshTasksIndirectEXT)gdpa(device, "vkCmdDrawMeshTasksIndirectEXT");
	return procs->draw != NULL;
}

void rb_cmd_draw_mesh_tasks(const rb_mesh_procs *procs, VkCommandBuffer cb,
	uint32_t x, uint32_t y, uint32_t z) {
	procs->draw(cb, x, y, z);
}

void rb_mesh_properties(VkInstance instance, VkPhysicalDevice phys,
	VkPhysicalDeviceMeshShaderPropertiesEXT *out) {
	memset(out, 0, sizeof *out);
	out->sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MESH_SHADER_PROPERTIES_EXT;
	PFN_vkGetInstanceProcAddr gipa = mesh_gipa();
	if (!gipa) return;
	PFN_vkGetPhysicalDeviceProperties2 gp2 = (PFN_vkGetPhysicalDeviceProperties2)gipa(instance, "vkGetPhysicalDeviceProperties2");
	if (!gp2) return;
	VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = out};
	gp2(phys, &p2);
	out->pNext = NULL;
}
