package accel

import (
	"github.com/radvbench/radvbench/bench/gpu"
	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

// SizePool is a query pool of compacted acceleration-structure sizes.
type SizePool struct{ pool *gpu.TypedQueryPool }

// NewSizePool creates a pool of count compacted-size queries on d.
func NewSizePool(d *gpu.Device, count uint32) (*SizePool, error) {
	if _, err := d.RayQuery(); err != nil {
		return nil, err
	}
	q, err := d.NewTypedQueryPool("compacted-size", vk.QueryType(vkshim.QueryTypeAccelStructureCompactedSize), count)
	if err != nil {
		return nil, err
	}
	return &SizePool{q}, nil
}

// Write records the compacted-size query of a (built with
// AllowCompaction, after its build barrier) into query i. On a
// compile-only device nothing is built: query i then reads a's full size,
// a valid compacted size (never larger than the structure), so that
// Setup can go on to create a compacted copy.
func (p *SizePool) Write(cb *gpu.CommandBuffer, a *Struct, i uint32) error {
	q, err := cb.Device().RayQuery()
	if err != nil {
		return err
	}
	if !cb.Records() {
		return p.pool.SetStandIn(i, a.Size)
	}
	q.CmdWriteCompactedSize(cb.Handle(), a.h, p.pool.Handle(), i)
	return nil
}

// Reset records a reset of every query (before use).
func (p *SizePool) Reset(cb *gpu.CommandBuffer) { p.pool.Reset(cb) }

// Results reads every query, waiting for them.
func (p *SizePool) Results() ([]uint64, error) { return p.pool.Results() }

// Close destroys the pool once the GPU is done with it; safe to call twice.
func (p *SizePool) Close() { p.pool.Close() }
