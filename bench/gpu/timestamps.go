package gpu

import (
	"fmt"

	vk "github.com/vulkan-go/vulkan"
)

// TimestampPool is a query pool of GPU timestamps. Ticks convert to
// nanoseconds with the device's timestampPeriod; differences respect
// timestampValidBits (the counter wraps at 2^bits).
type TimestampPool struct {
	queryPool
	PeriodNS float64
	Bits     uint32
}

// NewTimestampPool creates a pool of count timestamps.
func (d *Device) NewTimestampPool(count uint32) (*TimestampPool, error) {
	if d.timestampBits == 0 {
		return nil, fmt.Errorf("device %q has no timestamps on its queue (family %d)", d.Phys.Name, d.Family)
	}
	q, err := d.newQueryPool("timestamp", vk.QueryTypeTimestamp, count)
	if err != nil {
		return nil, err
	}
	return &TimestampPool{queryPool: q, PeriodNS: float64(d.Phys.Limits.TimestampPeriod), Bits: d.timestampBits}, nil
}

// Write records a timestamp at the bottom of the pipe (after all earlier
// work has finished) into query i.
func (t *TimestampPool) Write(cb *CommandBuffer, i uint32) {
	if !cb.records() {
		return
	}
	vk.CmdWriteTimestamp(cb.h, vk.PipelineStageBottomOfPipeBit, t.h, i)
}

// WriteTop records a timestamp at the top of the pipe into query i.
func (t *TimestampPool) WriteTop(cb *CommandBuffer, i uint32) {
	if !cb.records() {
		return
	}
	vk.CmdWriteTimestamp(cb.h, vk.PipelineStageTopOfPipeBit, t.h, i)
}

// Ticks reads all queries (waiting for them).
func (t *TimestampPool) Ticks() ([]uint64, error) { return t.Results() }

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
