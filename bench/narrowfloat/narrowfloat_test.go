package narrowfloat

import (
	"math"
	"testing"
)

func f32(bits uint32) float32 { return math.Float32frombits(bits) }

func TestBFloat16(t *testing.T) {
	tests := []struct {
		name string
		in   float32
		want uint16
	}{
		{"one", 1, 0x3f80},
		{"minus two", -2, 0xc000},
		{"quarter", 0.25, 0x3e80},
		{"minus quarter", -0.25, 0xbe80},
		{"zero", 0, 0x0000},
		{"minus zero", float32(math.Copysign(0, -1)), 0x8000},
		{"tie to even, down", f32(0x3f808000), 0x3f80},
		{"tie to even, up", f32(0x3f818000), 0x3f82},
		{"just above a tie", f32(0x3f808001), 0x3f81},
		{"just below a tie", f32(0x3f807fff), 0x3f80},
		{"+Inf", float32(math.Inf(1)), 0x7f80},
		{"-Inf", float32(math.Inf(-1)), 0xff80},
		{"largest float32 rounds to Inf", math.MaxFloat32, 0x7f80},
		{"largest bf16", f32(0x7f7f0000), 0x7f7f},
		{"quiet NaN", f32(0x7fc00000), 0x7fc0},
		{"negative NaN", f32(0xffc00001), 0xffc0},
		{"signalling NaN stays NaN", f32(0x7f800001), 0x7fc0},
		{"subnormal", f32(0x00010000), 0x0001},
		{"subnormal tie to even, down", f32(0x00008000), 0x0000},
		{"subnormal tie to even, up", f32(0x00018000), 0x0002},
		{"smallest float32 subnormal", f32(1), 0x0000},
		{"largest subnormal rounds to smallest normal", f32(0x007fffff), 0x0080},
	}
	for _, tc := range tests {
		if got := BFloat16(tc.in); got != tc.want {
			t.Errorf("%s: BFloat16(%g = %#08x) = %#04x, want %#04x", tc.name, tc.in, math.Float32bits(tc.in), got, tc.want)
		}
	}
}

func TestE4M3(t *testing.T) {
	tests := []struct {
		name string
		in   float32
		want uint8
	}{
		{"one", 1, 0x38},
		{"quarter", 0.25, 0x28},
		{"minus three quarters", -0.75, 0xb4},
		{"zero", 0, 0x00},
		{"minus zero", float32(math.Copysign(0, -1)), 0x80},
		{"largest finite", 448, 0x7e},
		{"above the largest saturates", 480, 0x7e},
		{"far above saturates", 1e30, 0x7e},
		{"negative saturates", -1000, 0xfe},
		{"+Inf saturates", float32(math.Inf(1)), 0x7e},
		{"-Inf saturates", float32(math.Inf(-1)), 0xfe},
		{"NaN", float32(math.NaN()), 0x7f},
		{"negative NaN", f32(0xffc00000), 0xff},
		{"tie to even, down", 1.0625, 0x38},
		{"tie to even, up", 1.1875, 0x3a},
		{"smallest normal", 1.0 / 64, 0x08},
		{"smallest subnormal", 1.0 / 512, 0x01},
		{"largest subnormal", 7.0 / 512, 0x07},
		{"subnormal tie to zero", 1.0 / 1024, 0x00},
		{"subnormal tie to even, up", 3.0 / 1024, 0x02},
		{"rounds up into the normals", 15.0 / 1024, 0x08},
		{"underflow", 1e-10, 0x00},
	}
	for _, tc := range tests {
		if got := E4M3(tc.in); got != tc.want {
			t.Errorf("%s: E4M3(%g) = %#02x, want %#02x", tc.name, tc.in, got, tc.want)
		}
	}
}

func TestE5M2(t *testing.T) {
	tests := []struct {
		name string
		in   float32
		want uint8
	}{
		{"one", 1, 0x3c},
		{"quarter", 0.25, 0x34},
		{"minus three quarters", -0.75, 0xba},
		{"minus zero", float32(math.Copysign(0, -1)), 0x80},
		{"largest finite", 57344, 0x7b},
		{"rounds down to the largest", 60000, 0x7b},
		{"tie above the largest rounds to Inf", 61440, 0x7c},
		{"overflow is Inf", 1e6, 0x7c},
		{"negative overflow is -Inf", -1e6, 0xfc},
		{"+Inf", float32(math.Inf(1)), 0x7c},
		{"-Inf", float32(math.Inf(-1)), 0xfc},
		{"NaN", float32(math.NaN()), 0x7e},
		{"negative NaN", f32(0xffc00000), 0xfe},
		{"tie to even, down", 1.125, 0x3c},
		{"tie to even, up", 1.375, 0x3e},
		{"smallest normal", 1.0 / 16384, 0x04},
		{"smallest subnormal", 1.0 / 65536, 0x01},
		{"subnormal tie to zero", 1.0 / 131072, 0x00},
		{"subnormal tie to even, up", 3.0 / 131072, 0x02},
	}
	for _, tc := range tests {
		if got := E5M2(tc.in); got != tc.want {
			t.Errorf("%s: E5M2(%g) = %#02x, want %#02x", tc.name, tc.in, got, tc.want)
		}
	}
}

// Every non-NaN encoding decodes to a float32 that encodes back to it, and
// each midpoint between neighbours rounds to the even one.
func TestRoundTripEveryCode(t *testing.T) {
	for c := 0; c < 1<<16; c++ {
		v := BFloat16ToFloat32(uint16(c))
		if v != v {
			if got := BFloat16(v); BFloat16ToFloat32(got) == BFloat16ToFloat32(got) {
				t.Errorf("bf16 %#04x: NaN encodes to non-NaN %#04x", c, got)
			}
			continue
		}
		if got := BFloat16(v); got != uint16(c) {
			t.Errorf("bf16 %#04x = %g encodes to %#04x", c, v, got)
		}
	}
	for _, f := range []struct {
		name   string
		enc    func(float32) uint8
		dec    func(uint8) float32
		maxPos uint8
	}{{"e4m3", E4M3, E4M3ToFloat32, 0x7e}, {"e5m2", E5M2, E5M2ToFloat32, 0x7b}} {
		for c := 0; c < 256; c++ {
			v := f.dec(uint8(c))
			if v != v {
				if got := f.dec(f.enc(v)); got == got {
					t.Errorf("%s %#02x: NaN encodes to non-NaN %g", f.name, c, got)
				}
				continue
			}
			if got := f.enc(v); got != uint8(c) {
				t.Errorf("%s %#02x = %g encodes to %#02x", f.name, c, v, got)
			}
			// Midpoint to the next larger magnitude: ties go to the even code.
			if m := uint8(c) & 0x7f; m < f.maxPos {
				next := f.dec(uint8(c) + 1)
				mid := float32((float64(v) + float64(next)) / 2)
				want := uint8(c)
				if want&1 == 1 {
					want++
				}
				if got := f.enc(mid); got != want {
					t.Errorf("%s: midpoint %g of %#02x and %#02x encodes to %#02x, want %#02x", f.name, mid, c, c+1, got, want)
				}
			}
		}
	}
}

func TestHalfConversion(t *testing.T) {
	tests := []struct {
		f    float32
		bits uint16
	}{
		{0, 0x0000},
		{1, 0x3c00},
		{-2, 0xc000},
		{0.25, 0x3400},
		{65504, 0x7bff},                           // largest half
		{65520, 0x7c00},                           // rounds to +Inf
		{float32(math.Ldexp(1, -24)), 0x0001},     // smallest subnormal
		{float32(math.Ldexp(1, -25)), 0x0000},     // ties to even: 0
		{float32(math.Ldexp(3, -26)), 0x0001},     // 0.75 ulp rounds up
		{1 + float32(math.Ldexp(1, -11)), 0x3c00}, // tie rounds to even
		{1 + float32(math.Ldexp(3, -11)), 0x3c02}, // tie rounds to even (up)
		{float32(math.Inf(-1)), 0xfc00},
	}
	for _, tc := range tests {
		if got := Float16(tc.f); got != tc.bits {
			t.Errorf("Float16(%g) = %#04x, want %#04x", tc.f, got, tc.bits)
		}
	}
	// Every finite half converts to float32 and back unchanged.
	for h := 0; h < 1<<16; h++ {
		if h&0x7c00 == 0x7c00 && h&0x3ff != 0 {
			continue // NaN payloads
		}
		if back := Float16(Float16ToFloat32(uint16(h))); back != uint16(h) {
			t.Fatalf("half %#04x -> %g -> %#04x", h, Float16ToFloat32(uint16(h)), back)
		}
	}
}
