#include "exec.h"
#include <string.h>

int rb_exec_loaded(const rb_device_fns *fns) {
	return fns->get_pipeline_executable_properties && fns->get_pipeline_executable_statistics &&
		fns->get_pipeline_executable_internal_representations;
}

VkResult rb_exec_properties(const rb_device_fns *fns, VkPipeline pipeline, uint32_t *n,
	VkPipelineExecutablePropertiesKHR *out) {
	if (!fns->get_pipeline_executable_properties) return VK_ERROR_EXTENSION_NOT_PRESENT;
	VkPipelineInfoKHR info = {.sType = VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR, .pipeline = pipeline};
	if (out) {
		memset(out, 0, *n * sizeof *out);
		for (uint32_t i = 0; i < *n; i++) out[i].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_PROPERTIES_KHR;
	}
	return fns->get_pipeline_executable_properties(fns->device, &info, n, out);
}

VkResult rb_exec_statistics(const rb_device_fns *fns, VkPipeline pipeline, uint32_t index, uint32_t *n,
	VkPipelineExecutableStatisticKHR *out) {
	if (!fns->get_pipeline_executable_statistics) return VK_ERROR_EXTENSION_NOT_PRESENT;
	VkPipelineExecutableInfoKHR info = {.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR,
		.pipeline = pipeline, .executableIndex = index};
	if (out) {
		memset(out, 0, *n * sizeof *out);
		for (uint32_t i = 0; i < *n; i++) out[i].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR;
	}
	return fns->get_pipeline_executable_statistics(fns->device, &info, n, out);
}

VkResult rb_exec_representations(const rb_device_fns *fns, VkPipeline pipeline, uint32_t index, uint32_t *n,
	VkPipelineExecutableInternalRepresentationKHR *out, void *const *data) {
	if (!fns->get_pipeline_executable_internal_representations) return VK_ERROR_EXTENSION_NOT_PRESENT;
	VkPipelineExecutableInfoKHR info = {.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR,
		.pipeline = pipeline, .executableIndex = index};
	if (out) {
		for (uint32_t i = 0; i < *n; i++) {
			size_t size = data ? out[i].dataSize : 0;
			memset(&out[i], 0, sizeof out[i]);
			out[i].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INTERNAL_REPRESENTATION_KHR;
			out[i].dataSize = size;
			out[i].pData = data ? data[i] : NULL;
		}
	}
	return fns->get_pipeline_executable_internal_representations(fns->device, &info, n, out);
}
