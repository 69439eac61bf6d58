package gpu

import (
	"fmt"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"
)

// TimestampPool is a query pool of GPU timestamps. Ticks convert to
// nanoseconds with the device's timestampPeriod; differences respect
// timestampValidBits (the counter wraps at 2^bits).
type TimestampPool struct {
	Count    uint32
	PeriodNS float64
	Bits     uint32
	dev      *Device
	h        vk.QueryPool
	closed   bool
}

// NewTimestampPool creates a pool of count timestamps.
func (d *Device) NewTimestampPool(count uint32) (*TimestampPool, error) {
	if d.Phys.TimestampBits == 0 {
		return nil, fmt.Errorf("device %q has no timestamps on its compute queue", d.Phys.Name)
	}
	t := &TimestampPool{Count: count, PeriodNS: float64(d.Phys.Limits.TimestampPeriod), Bits: d.Phys.TimestampBits, dev: d}
	var pool vk.QueryPool
	if err := check("create timestamp query pool", vk.CreateQueryPool(d.h, &vk.QueryPoolCreateInfo{
		SType:      vk.StructureTypeQueryPoolCreateInfo,
		QueryType:  vk.QueryTypeTimestamp,
		QueryCount: count,
	}, nil, &pool)); err != nil {
		return nil, err
	}
	t.h = pool
	return t, nil
}

// Reset records a reset of every query (outside a render pass, before use).
func (t *TimestampPool) Reset(cb *CommandBuffer) { vk.CmdResetQueryPool(cb.H, t.h, 0, t.Count) }

// Write records a timestamp at the bottom of the pipe (after all earlier
// work has finished) into query i.
func (t *TimestampPool) Write(cb *CommandBuffer, i uint32) {
	vk.CmdWriteTimestamp(cb.H, vk.PipelineStageBottomOfPipeBit, t.h, i)
}

// WriteTop records a timestamp at the top of the pipe into query i.
func (t *TimestampPool) WriteTop(cb *CommandBuffer, i uint32) {
	vk.CmdWriteTimestamp(cb.H, vk.PipelineStageTopOfPipeBit, t.h, i)
}

// Ticks reads all queries (waiting for them).
func (t *TimestampPool) Ticks() ([]uint64, error) {
	out := make([]uint64, t.Count)
	r := vk.GetQueryPoolResults(t.dev.h, t.h, 0, t.Count, uint(8*t.Count), unsafe.Pointer(&out[0]), 8,
		vk.QueryResultFlags(vk.QueryResult64Bit|vk.QueryResultWaitBit))
	if err := check("read timestamps", r); err != nil {
		return nil, err
	}
	return out, nil
}

// DeltaNS converts the ticks between two timestamps to nanoseconds,
// handling wrap-around of a counter narrower than 64 bits.
func (t *TimestampPool) DeltaNS(start, end uint64) float64 {
	return float64(DeltaTicks(start, end, t.Bits)) * t.PeriodNS
}

// DeltaTicks is end-start modulo 2^bits.
func DeltaTicks(start, end uint64, bits uint32) uint64 {
	if bits >= 64 || bits == 0 {
		return end - start
	}
	mask := uint64(1)<<bits - 1
	return (end - start) & mask
}

// Close destroys the pool; safe to call twice.
func (t *TimestampPool) Close() {
	if t == nil || t.closed {
		return
	}
	t.closed = true
	vk.DestroyQueryPool(t.dev.h, t.h, nil)
}
