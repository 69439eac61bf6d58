package peak

import (
	"math"
	"testing"
)

// The float chains' prediction assumes every value is exact; check that
// the step arithmetic really is exact in the type at the largest values.
func TestChainsExact(t *testing.T) {
	for _, tc := range []struct {
		name     string
		x0Max    float64
		step     float64
		mantissa int
		maxLanes int
	}{
		{"fp32", 255, fp32Step, 24, 32},
		{"fp16", 7, fp16Step, 11, 32},
	} {
		top := tc.x0Max + float64(tc.maxLanes) + iters*tc.step
		// Values are multiples of step below top: they need log2(top/step) bits.
		if bits := math.Ceil(math.Log2(top / tc.step)); int(bits) > tc.mantissa {
			t.Errorf("%s: chain values need %v bits, the type has %d", tc.name, bits, tc.mantissa)
		}
	}
}

func TestDot4(t *testing.T) {
	// bytes of a: 1, 2, 3, 4; of dotW: 3, -2, 1, -1 -> 3 - 4 + 3 - 4 = -2.
	if got := dot4(0x04030201, dotW); got != -2 {
		t.Errorf("dot4 = %d, want -2", got)
	}
	if got := dot4(0xFFFFFFFF, 0xFFFFFFFF); got != 4 {
		t.Errorf("dot4(-1s) = %d, want 4", got)
	}
}
