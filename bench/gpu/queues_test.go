package gpu

import "testing"

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
