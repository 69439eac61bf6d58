package present

// Frame latency's bookkeeping, pure (no Vulkan, no clock: the caller
// passes the times): which present id a frame got, when that frame
// started, and what became of it. The Vulkan side is presentwait.go.

import (
	"strings"

	"github.com/radvbench/radvbench/bench/gpu"
)

// latencyBook pairs the present ids of one swapchain with the CPU
// monotonic times their frames started (just before the image was
// acquired) and turns a completed wait for an id into that frame's
// latency. Ids start at 1 on each swapchain and increase by one per
// present (VkPresentIdKHR ids must increase per swapchain); a recreated
// swapchain starts again at 1, and the old one's pending ids are dropped
// (a retired swapchain must not be waited on).
type latencyBook struct {
	// gen counts swapchains (recreations); a wait begun on an older
	// generation is stale.
	gen int
	// last is the last id handed out on this swapchain.
	last uint64
	// pending are the presented frames not yet waited for, in id order.
	pending []pendingPresent
	// latNS are the measured latencies (ns), in the order they completed.
	latNS []float64
	// dropped counts frames whose latency was not measured: their present
	// failed, the swapchain was recreated first, or the wait gave up.
	dropped int
}

type pendingPresent struct {
	id      uint64
	startNS int64
}

// present hands out the id for a frame that started at startNS and is
// about to be presented; it is pending until waited for.
func (b *latencyBook) present(startNS int64) uint64 {
	b.last++
	b.pending = append(b.pending, pendingPresent{id: b.last, startNS: startNS})
	return b.last
}

// next is the oldest pending id, the one to wait for.
func (b *latencyBook) next() (id uint64, startNS int64, ok bool) {
	if len(b.pending) == 0 {
		return 0, 0, false
	}
	return b.pending[0].id, b.pending[0].startNS, true
}

// presented records that the wait for id returned at nowNS: its latency
// is nowNS minus its start. Pending ids below it are complete too (the
// swapchain's present id reached id) but were not seen completing, so
// they are dropped rather than given a latency they did not have.
func (b *latencyBook) presented(id uint64, nowNS int64) {
	for len(b.pending) > 0 && b.pending[0].id <= id {
		p := b.pending[0]
		b.pending = b.pending[1:]
		if p.id == id {
			b.latNS = append(b.latNS, float64(nowNS-p.startNS))
		} else {
			b.dropped++
		}
	}
}

// drop forgets id without a latency: its present failed (out of date,
// surface lost) or its wait gave up.
func (b *latencyBook) drop(id uint64) {
	for i, p := range b.pending {
		if p.id == id {
			b.pending = append(b.pending[:i:i], b.pending[i+1:]...)
			b.dropped++
			return
		}
	}
}

// expired reports whether a wait for a frame that started at startNS
// should give up at nowNS, after limitNS.
func expired(startNS, nowNS, limitNS int64) bool { return nowNS-startNS > limitNS }

// recreated starts a new swapchain: the old one's pending ids are
// dropped and ids start again at 1.
func (b *latencyBook) recreated() {
	b.dropped += len(b.pending)
	b.pending = nil
	b.last = 0
	b.gen++
}

// LatencyMissing says what p lacks for frame latency (VK_KHR_present_id
// and VK_KHR_present_wait with their presentId and presentWait
// features), or "" when it has everything.
func LatencyMissing(p *gpu.PhysicalDevice) string {
	return presentWaitMissing(p.Extensions, p.Info.PresentID, p.Info.PresentWait)
}

func presentWaitMissing(exts map[string]bool, presentID, presentWait bool) string {
	var lacks []string
	for _, e := range []string{"VK_KHR_present_id", "VK_KHR_present_wait"} {
		if !exts[e] {
			lacks = append(lacks, e)
		}
	}
	if len(lacks) > 0 {
		return "the device lacks " + strings.Join(lacks, " and ")
	}
	var off []string
	if !presentID {
		off = append(off, "presentId")
	}
	if !presentWait {
		off = append(off, "presentWait")
	}
	if len(off) > 0 {
		return "the device offers VK_KHR_present_id and VK_KHR_present_wait but not the feature " + strings.Join(off, " and ")
	}
	return ""
}
