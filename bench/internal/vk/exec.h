// exec.h: VK_KHR_pipeline_executable_properties — what the driver compiled a
// pipeline into: its executables (one per hardware shader), each one's
// statistics (registers, spills, occupancy, code size, ...) and internal
// representations (RADV: NIR, ACO IR, assembly text). The entry points come
// from the device's table (rb_device_fns, loaded with want_exec); the
// functions here only fill the structures' sType and run the two-call
// protocol's second call into caller-provided C memory.
#ifndef RADVBENCH_EXEC_H
#define RADVBENCH_EXEC_H
#include <stdint.h>
#include <vulkan/vulkan.h>
#include "loader.h"

// rb_exec_loaded reports whether the table holds the three entry points.
int rb_exec_loaded(const rb_device_fns *fns);

// rb_exec_properties: vkGetPipelineExecutablePropertiesKHR for pipeline.
// With out NULL it stores the count in *n; else it fills up to *n entries
// (sType set here) and stores how many it wrote.
VkResult rb_exec_properties(const rb_device_fns *fns, VkPipeline pipeline, uint32_t *n,
	VkPipelineExecutablePropertiesKHR *out);

// rb_exec_statistics: vkGetPipelineExecutableStatisticsKHR for executable
// index of pipeline, same protocol.
VkResult rb_exec_statistics(const rb_device_fns *fns, VkPipeline pipeline, uint32_t index, uint32_t *n,
	VkPipelineExecutableStatisticKHR *out);

// rb_exec_representations: vkGetPipelineExecutableInternalRepresentationsKHR
// for executable index of pipeline. With out NULL it stores the count. With
// data NULL it fills the entries' names and dataSize (the sizing call);
// else data[i] (of the sizes of the sizing call) receives entry i's bytes.
VkResult rb_exec_representations(const rb_device_fns *fns, VkPipeline pipeline, uint32_t index, uint32_t *n,
	VkPipelineExecutableInternalRepresentationKHR *out, void *const *data);

#endif
