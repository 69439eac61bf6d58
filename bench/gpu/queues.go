package gpu

// Queue families: what each family of a physical device offers, and the
// choice of a family for compute that should overlap other work (the
// present suite's GEMM while frames present).

import (
	"fmt"

	vk "github.com/vulkan-go/vulkan"
)

// QueueFamily is one queue family of a physical device.
type QueueFamily struct {
	Index             int
	Graphics, Compute bool
	// Count is the number of queues the family offers.
	Count uint32
	// TimestampBits is the family's timestampValidBits (0: no timestamps).
	TimestampBits uint32
}

// QueueFamilies lists p's queue families (whether one presents depends on
// a surface: see CanPresent).
func (p *PhysicalDevice) QueueFamilies() []QueueFamily {
	var n uint32
	vk.GetPhysicalDeviceQueueFamilyProperties(p.h, &n, nil)
	qs := make([]vk.QueueFamilyProperties, n)
	vk.GetPhysicalDeviceQueueFamilyProperties(p.h, &n, qs)
	out := make([]QueueFamily, 0, n)
	for i, q := range qs[:n] {
		q.Deref()
		flags := vk.QueueFlagBits(q.QueueFlags)
		out = append(out, QueueFamily{
			Index:         i,
			Graphics:      flags&vk.QueueGraphicsBit != 0,
			Compute:       flags&vk.QueueComputeBit != 0,
			Count:         q.QueueCount,
			TimestampBits: q.TimestampValidBits,
		})
	}
	return out
}

// AsyncComputeFamily is the queue family for compute work that should
// run alongside graphics: a family with compute and without graphics
// where p has one (RADV's compute ring, real asynchronous compute), else
// p's general family (ComputeFamily). computeOnly says which; family is
// -1 when p has no compute family at all.
func (p *PhysicalDevice) AsyncComputeFamily() (family int, computeOnly bool) {
	return pickAsyncCompute(p.QueueFamilies(), p.ComputeFamily)
}

// pickAsyncCompute is AsyncComputeFamily's choice among fams, general
// being the device's general compute family: the first family with
// compute, without graphics and with at least one queue; else general.
func pickAsyncCompute(fams []QueueFamily, general int) (int, bool) {
	for _, f := range fams {
		if f.Compute && !f.Graphics && f.Count > 0 {
			return f.Index, true
		}
	}
	return general, false
}

// familyFor checks that family is one of p's compute families and
// returns it.
func (p *PhysicalDevice) familyFor(family int) (QueueFamily, error) {
	fams := p.QueueFamilies()
	if family < 0 || family >= len(fams) {
		return QueueFamily{}, fmt.Errorf("device %q has no queue family %d (it has %d)", p.Name, family, len(fams))
	}
	f := fams[family]
	if !f.Compute || f.Count == 0 {
		return QueueFamily{}, fmt.Errorf("queue family %d of %q has no compute queue", family, p.Name)
	}
	return f, nil
}
