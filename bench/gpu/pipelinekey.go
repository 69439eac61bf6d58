package gpu

import "github.com/radvbench/radvbench/bench/gpu/internal/pipelinekey"

// Key is the compute pipeline's key (bench/gpu/internal/pipelinekey):
// SHA-256 of its name, SPIR-V, specialization constants, required
// subgroup size and layout (buffers, acceleration structures,
// push-constant size). Sizes a benchmark passes in buffers or push
// constants are not in it.
func (s ComputeSpec) Key() string {
	k := pipelinekey.New("compute")
	k.Str(s.Name)
	k.Bytes(s.SPIRV)
	k.U32(uint32(len(s.SpecConstants)))
	k.U32(s.SpecConstants...)
	k.U32(s.RequiredSubgroupSize, uint32(s.Buffers), uint32(s.Accels), s.PushSize)
	return k.Sum()
}
