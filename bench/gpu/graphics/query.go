package graphics

import (
	"fmt"

	"github.com/radvbench/radvbench/bench/gpu"
	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

// PrimitivesQueryPool is a pool of mesh-primitives-generated queries.
type PrimitivesQueryPool struct{ pool *gpu.TypedQueryPool }

// NewPrimitivesQueryPool creates count
// VK_QUERY_TYPE_MESH_PRIMITIVES_GENERATED_EXT queries on d; it needs the
// meshShaderQueries feature.
func NewPrimitivesQueryPool(d *gpu.Device, count uint32) (*PrimitivesQueryPool, error) {
	if !d.Features.MeshPipelineStatistics {
		return nil, fmt.Errorf("mesh primitive queries need the meshShaderQueries feature, which device %q lacks", d.Phys.Name)
	}
	q, err := d.NewTypedQueryPool("mesh-primitives", vkshim.QueryTypeMeshPrimitivesGeneratedEXT, count)
	if err != nil {
		return nil, err
	}
	return &PrimitivesQueryPool{q}, nil
}

// Reset records a reset of every query (outside a render pass, before use).
func (q *PrimitivesQueryPool) Reset(cb *gpu.CommandBuffer) { q.pool.Reset(cb) }

// Begin records the start of query i.
func (q *PrimitivesQueryPool) Begin(cb *gpu.CommandBuffer, i uint32) {
	if cb.Records() {
		vk.CmdBeginQuery(cb.Handle(), q.pool.Handle(), i, 0)
	}
}

// End records the end of query i.
func (q *PrimitivesQueryPool) End(cb *gpu.CommandBuffer, i uint32) {
	if cb.Records() {
		vk.CmdEndQuery(cb.Handle(), q.pool.Handle(), i)
	}
}

// Results reads every query, waiting for them.
func (q *PrimitivesQueryPool) Results() ([]uint64, error) { return q.pool.Results() }

// Close destroys the pool once the GPU is done with it; safe to call twice.
func (q *PrimitivesQueryPool) Close() { q.pool.Close() }
