package gpu

import (
	"strings"
	"testing"
)

// TestPickAsyncCompute: a compute family without graphics is chosen over
// the general one (RADV: the compute ring); without one (lavapipe: one
// family), the general family.
func TestPickAsyncCompute(t *testing.T) {
	gfx := QueueFamily{Graphics: true, Compute: true, Count: 1, TimestampBits: 64}
	comp := QueueFamily{Compute: true, Count: 4, TimestampBits: 64}
	xfer := QueueFamily{Count: 2}
	at := func(i int, f QueueFamily) QueueFamily { f.Index = i; return f }
	for _, tc := range []struct {
		name        string
		fams        []QueueFamily
		general     int
		want        int
		computeOnly bool
	}{
		{"lavapipe: one general family", []QueueFamily{at(0, gfx)}, 0, 0, false},
		{"radv: gfx, compute, transfer", []QueueFamily{at(0, gfx), at(1, comp), at(2, xfer)}, 0, 1, true},
		{"compute family listed first", []QueueFamily{at(0, comp), at(1, gfx)}, 1, 0, true},
		{"a transfer-only family is no compute", []QueueFamily{at(0, gfx), at(1, xfer)}, 0, 0, false},
		{"a compute family with no queues", []QueueFamily{at(0, gfx), at(1, QueueFamily{Compute: true})}, 0, 0, false},
		{"no compute at all", []QueueFamily{at(0, xfer)}, -1, -1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, only := pickAsyncCompute(tc.fams, tc.general)
			if got != tc.want || only != tc.computeOnly {
				t.Errorf("pickAsyncCompute = %d, %v; want %d, %v", got, only, tc.want, tc.computeOnly)
			}
		})
	}
}

// TestOpenOnFamily: a Device opened on the async-compute family has that
// family and runs work beside the device OpenSelected made; a family that
// does not exist is an error naming it.
func TestOpenOnFamily(t *testing.T) {
	inst, d, err := OpenSelected("")
	if err != nil {
		t.Fatal(err)
	}
	defer inst.Close()
	defer d.Close()
	fam, _ := d.Phys.AsyncComputeFamily()
	second, err := d.Phys.OpenOnFamily(fam)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	if second.Family != fam || d.Family != d.Phys.ComputeFamily {
		t.Errorf("families %d and %d, want %d and %d", second.Family, d.Family, fam, d.Phys.ComputeFamily)
	}
	for _, dev := range []*Device{d, second} {
		if err := dev.Run(func(*CommandBuffer) error { return nil }); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.Phys.OpenOnFamily(99); err == nil || !strings.Contains(err.Error(), "no queue family 99") {
		t.Errorf("OpenOnFamily(99): %v", err)
	}
}
