package graphics

import (
	"github.com/radvbench/radvbench/bench/gpu"
	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

// InputBarrier records into c a memory barrier that makes earlier transfer and
// compute writes (uploads) visible to vertex input, index reads and
// shader reads of every graphics stage, mesh and task included.
func InputBarrier(c *gpu.CommandBuffer) {
	if !c.Records() {
		return
	}
	dst := vk.PipelineStageVertexInputBit | vk.PipelineStageVertexShaderBit | vk.PipelineStageFragmentShaderBit
	if c.Device().Features.MeshShader {
		dst |= vkshim.PipelineStageMeshShaderBitEXT
	}
	if c.Device().Features.TaskShader {
		dst |= vkshim.PipelineStageTaskShaderBitEXT
	}
	vk.CmdPipelineBarrier(c.Handle(), vk.PipelineStageFlags(vk.PipelineStageTransferBit|vk.PipelineStageComputeShaderBit),
		vk.PipelineStageFlags(dst), 0, 1, []vk.MemoryBarrier{{
			SType:         vk.StructureTypeMemoryBarrier,
			SrcAccessMask: vk.AccessFlags(vk.AccessTransferWriteBit | vk.AccessShaderWriteBit),
			DstAccessMask: vk.AccessFlags(vk.AccessVertexAttributeReadBit | vk.AccessIndexReadBit | vk.AccessShaderReadBit),
		}}, 0, nil, 0, nil)
}
