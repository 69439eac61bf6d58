// Package narrowfloat converts float32 values to the narrow floating-point
// encodings GPU kernels read from buffers — IEEE binary16, bfloat16 and the
// OCP 8-bit formats E4M3 and E5M2 (VK_KHR_shader_bfloat16,
// VK_EXT_shader_float8 / SPV_EXT_float8) — rounding to nearest, ties to
// even, and back (exactly: every narrow value is a float32).
package narrowfloat

import "math"

// BFloat16 is f rounded to nearest even as a bfloat16 bit pattern (the top
// half of a float32: 8 exponent bits, 7 mantissa bits). Overflow rounds to
// ±Inf as in IEEE 754; a NaN stays a NaN (quiet, sign kept).
func BFloat16(f float32) uint16 {
	b := math.Float32bits(f)
	if b&0x7fffffff > 0x7f800000 { // NaN: truncating could give Inf
		return uint16(b>>16) | 0x0040
	}
	b += 0x7fff + (b>>16)&1
	return uint16(b >> 16)
}

// BFloat16ToFloat32 is the value of a bfloat16 bit pattern.
func BFloat16ToFloat32(h uint16) float32 { return math.Float32frombits(uint32(h) << 16) }

// fp8 describes an 8-bit format: 1 sign, ebits exponent, mbits mantissa bits.
type fp8 struct {
	ebits, mbits uint
	// hasInf: the all-ones exponent is Inf/NaN as in IEEE (E5M2); E4M3
	// has no Inf and only S.1111.111 is NaN, so its largest finite value
	// uses the all-ones exponent (448).
	hasInf bool
}

var (
	e4m3 = fp8{ebits: 4, mbits: 3}
	e5m2 = fp8{ebits: 5, mbits: 2, hasInf: true}
)

func (t fp8) bias() int { return 1<<(t.ebits-1) - 1 }

// maxCode is the largest finite magnitude's encoding.
func (t fp8) maxCode() uint8 {
	if t.hasInf {
		return uint8((1<<t.ebits-2)<<t.mbits | (1<<t.mbits - 1)) // 0x7b
	}
	return uint8((1<<t.ebits-1)<<t.mbits | (1<<t.mbits - 2)) // 0x7e
}

func (t fp8) nanCode() uint8 {
	if t.hasInf {
		return uint8((1<<t.ebits-1)<<t.mbits | 1<<(t.mbits-1)) // 0x7e, quiet
	}
	return 0x7f
}

func (t fp8) infCode() uint8 { return uint8((1<<t.ebits - 1) << t.mbits) } // 0x7c (E5M2)

func (t fp8) decode(c uint8) float32 {
	sign := float64(1)
	if c&0x80 != 0 {
		sign = -1
	}
	m := c & 0x7f
	e := int(m >> t.mbits)
	frac := float64(m & (1<<t.mbits - 1))
	switch {
	case t.hasInf && e == 1<<t.ebits-1:
		if frac == 0 {
			return float32(math.Inf(int(sign)))
		}
		return float32(math.NaN())
	case !t.hasInf && m == 0x7f:
		return float32(math.NaN())
	case e == 0: // subnormal: frac · 2^(1-bias-mbits)
		return float32(sign * math.Ldexp(frac, 1-t.bias()-int(t.mbits)))
	}
	return float32(sign * math.Ldexp(float64(int(1)<<t.mbits)+frac, e-t.bias()-int(t.mbits)))
}

// encode rounds f to nearest even. Overflow (a finite value beyond the
// largest, or ±Inf) saturates to ±max when the format has no Inf (E4M3:
// ±448, as SPV_EXT_float8's SaturatedToLargestFloat8NormalConversionEXT
// conversion does) and rounds to ±Inf when it has one (E5M2).
func (t fp8) encode(f float32) uint8 {
	var sign uint8
	if math.Signbit(float64(f)) {
		sign = 0x80
	}
	a := math.Abs(float64(f))
	switch {
	case math.IsNaN(a):
		return sign | t.nanCode()
	case math.IsInf(a, 0):
		if t.hasInf {
			return sign | t.infCode()
		}
		return sign | t.maxCode()
	}
	minExp := 1 - t.bias() // exponent of the smallest normal
	var code uint64
	if a < math.Ldexp(1, minExp) {
		// Subnormal: a multiple of 2^(minExp-mbits); the count is the
		// mantissa (it may round up to the smallest normal, 1<<mbits,
		// which is also its encoding).
		code = uint64(math.RoundToEven(math.Ldexp(a, int(t.mbits)-minExp)))
	} else {
		_, e2 := math.Frexp(a) // a = frac·2^e2, frac in [0.5, 1)
		e := e2 - 1
		n := uint64(math.RoundToEven(math.Ldexp(a, int(t.mbits)-e))) // in [2^mbits, 2^(mbits+1)]
		if n == 1<<(t.mbits+1) {
			n, e = 1<<t.mbits, e+1
		}
		code = uint64(e+t.bias())<<t.mbits | (n - 1<<t.mbits)
	}
	if code > uint64(t.maxCode()) {
		if t.hasInf {
			return sign | t.infCode()
		}
		return sign | t.maxCode()
	}
	return sign | uint8(code)
}

// E4M3 is f rounded to nearest even as an FP8 E4M3 bit pattern (bias 7,
// no Inf, NaN = S.1111.111, largest finite ±448). Out-of-range values and
// ±Inf saturate to ±448; NaN stays NaN.
func E4M3(f float32) uint8 { return e4m3.encode(f) }

// E4M3ToFloat32 is the value of an E4M3 bit pattern.
func E4M3ToFloat32(c uint8) float32 { return e4m3.decode(c) }

// E5M2 is f rounded to nearest even as an FP8 E5M2 bit pattern (bias 15,
// IEEE-like with ±Inf and NaN, largest finite ±57344). Overflow rounds to
// ±Inf; NaN stays NaN.
func E5M2(f float32) uint8 { return e5m2.encode(f) }

// E5M2ToFloat32 is the value of an E5M2 bit pattern.
func E5M2ToFloat32(c uint8) float32 { return e5m2.decode(c) }
