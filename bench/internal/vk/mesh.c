#include "mesh.h"
#include <string.h>

int rb_mesh_load(const rb_device_fns *fns, rb_mesh_procs *procs) {
	memset(procs, 0, sizeof *procs);
	procs->draw = (PFN_vkCmdDrawMeshTasksEXT)fns->get_device_proc_addr(fns->device, "vkCmdDrawMeshTasksEXT");
	return procs->draw != NULL;
}

void rb_cmd_draw_mesh_tasks(const rb_mesh_procs *procs, VkCommandBuffer cb,
	uint32_t x, uint32_t y, uint32_t z) {
	procs->draw(cb, x, y, z);
}

void rb_mesh_properties(const rb_instance_fns *fns, VkPhysicalDevice phys,
	VkPhysicalDeviceMeshShaderPropertiesEXT *out) {
	memset(out, 0, sizeof *out);
	out->sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MESH_SHADER_PROPERTIES_EXT;
	VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = out};
	fns->get_properties2(phys, &p2);
	out->pNext = NULL;
}
