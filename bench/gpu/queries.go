package gpu

// Query pools: one core (create, reset, read 64-bit results, destroy) under
// every kind radvbench uses — timestamps (timestamps.go), and through
// TypedQueryPool mesh primitives generated (bench/gpu/graphics) and
// compacted acceleration-structure sizes (bench/gpu/accel).

import (
	"fmt"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"
)

// queryPool is a VkQueryPool of Count single-value queries. On a
// compile-only device it is a stand-in without a Vulkan object whose
// results are standIn (zero unless a writer sets them).
type queryPool struct {
	Count   uint32
	what    string
	dev     *Device
	h       vk.QueryPool
	standIn []uint64
	closed  bool
}

func (d *Device) newQueryPool(what string, typ vk.QueryType, count uint32) (queryPool, error) {
	if count == 0 {
		return queryPool{}, fmt.Errorf("create %s query pool: no queries", what)
	}
	if d.compileOnly {
		return queryPool{Count: count, what: what, dev: d, standIn: make([]uint64, count)}, nil
	}
	var pool vk.QueryPool
	if err := d.check("create "+what+" query pool", vk.CreateQueryPool(d.h, &vk.QueryPoolCreateInfo{
		SType:      vk.StructureTypeQueryPoolCreateInfo,
		QueryType:  typ,
		QueryCount: count,
	}, nil, &pool)); err != nil {
		return queryPool{}, err
	}
	return queryPool{Count: count, what: what, dev: d, h: pool}, nil
}

// Reset records a reset of every query (outside a render pass, before use).
func (q *queryPool) Reset(cb *CommandBuffer) {
	if cb.records() {
		vk.CmdResetQueryPool(cb.h, q.h, 0, q.Count)
	}
}

// Results reads every query as a 64-bit value, waiting for them; a lost
// device is recorded as for a submission.
func (q *queryPool) Results() ([]uint64, error) {
	if q.closed {
		return nil, fmt.Errorf("read %s queries: pool is closed", q.what)
	}
	if err := q.dev.Lost(); err != nil {
		return nil, err
	}
	if q.dev.compileOnly {
		return append([]uint64(nil), q.standIn...), nil
	}
	out := make([]uint64, q.Count)
	r := vk.GetQueryPoolResults(q.dev.h, q.h, 0, q.Count, uint(8*q.Count), unsafe.Pointer(&out[0]), 8,
		vk.QueryResultFlags(vk.QueryResult64Bit|vk.QueryResultWaitBit))
	if err := q.dev.check("read "+q.what+" queries", r); err != nil {
		return nil, err
	}
	return out, nil
}

// Close destroys the pool once the GPU is done with it; safe to call twice.
func (q *queryPool) Close() {
	if q == nil || q.closed || q.dev == nil {
		return
	}
	q.closed = true
	if q.h != vk.NullQueryPool && q.dev.release() {
		vk.DestroyQueryPool(q.dev.h, q.h, nil)
	}
}

// TypedQueryPool is a pool of Count queries of a type bench/gpu does not
// wrap itself (mesh primitives generated: bench/gpu/graphics; compacted
// acceleration-structure sizes: bench/gpu/accel).
type TypedQueryPool struct{ queryPool }

// NewTypedQueryPool creates count queries of type typ (what names them in
// errors).
func (d *Device) NewTypedQueryPool(what string, typ vk.QueryType, count uint32) (*TypedQueryPool, error) {
	q, err := d.newQueryPool(what, typ, count)
	if err != nil {
		return nil, err
	}
	return &TypedQueryPool{q}, nil
}

// Handle is the VkQueryPool (none on a compile-only device).
func (q *TypedQueryPool) Handle() vk.QueryPool { return q.h }

// SetStandIn sets what query i of a compile-only device's stand-in pool
// reads (nothing runs there to write it).
func (q *TypedQueryPool) SetStandIn(i uint32, v uint64) error {
	if i >= q.Count {
		return fmt.Errorf("%s query %d of a pool of %d", q.what, i, q.Count)
	}
	q.standIn[i] = v
	return nil
}
