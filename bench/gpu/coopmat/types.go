package coopmat

import (
	"encoding/binary"
	"math"

	"github.com/radvbench/radvbench/bench/narrowfloat"
)

// Type is one cooperative-matrix type combination radvbench's kernels
// run: A = B = In, C = Result = Acc. Types is the one table of them; the matmul and peak suites each make one kernel per
// entry, named Kernel() and compiled from Shader(suite).
type Type struct {
	// Suffix names the combination: kernel "coopmat-<Suffix>", shader
	// "<suite>_coopmat_<Suffix>.comp".
	Suffix  string
	In, Acc ComponentType
}

// Types lists the combinations, in the order suites register them.
var Types = []Type{
	{"f16", ComponentFloat16, ComponentFloat32},
	{"f16acc", ComponentFloat16, ComponentFloat16},
	{"int8", ComponentSint8, ComponentSint32},
	{"bf16", ComponentBFloat16, ComponentFloat32},
	{"fp8e4m3", ComponentFloatE4M3, ComponentFloat32},
	{"fp8e5m2", ComponentFloatE5M2, ComponentFloat32},
}

// Kernel is the kernel name of the combination.
func (t Type) Kernel() string { return "coopmat-" + t.Suffix }

// Shader is the combination's shader in suite.
func (t Type) Shader(suite string) string { return suite + "_coopmat_" + t.Suffix + ".comp" }

// Integer reports whether the combination is integer (exact).
func (t Type) Integer() bool { return t.In == ComponentSint8 }

// InBytes and AccBytes are the sizes of one A/B and one C element.
func (t Type) InBytes() uint64  { return componentBytes(t.In) }
func (t Type) AccBytes() uint64 { return componentBytes(t.Acc) }

func componentBytes(c ComponentType) uint64 {
	switch c {
	case ComponentSint8, ComponentFloatE4M3, ComponentFloatE5M2:
		return 1
	case ComponentFloat16, ComponentBFloat16:
		return 2
	}
	return 4
}

// UnitRoundoff is the unit roundoff of the accumulation: 2^-24 for fp32,
// 2^-11 for fp16, 0 for exact integers.
func (t Type) UnitRoundoff() float64 {
	switch t.Acc {
	case ComponentFloat16:
		return math.Ldexp(1, -11)
	case ComponentSint32:
		return 0
	}
	return math.Ldexp(1, -24)
}

// AppendIn appends v as one A/B element: rounded to nearest even in the
// float types (E4M3 saturating, E5M2 overflowing to infinity), truncated
// toward zero in int8. Callers choose values the type holds exactly.
func (t Type) AppendIn(buf []byte, v float32) []byte {
	switch t.In {
	case ComponentSint8:
		return append(buf, byte(int8(v)))
	case ComponentBFloat16:
		return binary.LittleEndian.AppendUint16(buf, narrowfloat.BFloat16(v))
	case ComponentFloatE4M3:
		return append(buf, narrowfloat.E4M3(v))
	case ComponentFloatE5M2:
		return append(buf, narrowfloat.E5M2(v))
	}
	return binary.LittleEndian.AppendUint16(buf, narrowfloat.Float16(v))
}

// EncodeIn stores values as A/B elements (AppendIn for each).
func (t Type) EncodeIn(xs []float32) []byte {
	out := make([]byte, 0, uint64(len(xs))*t.InBytes())
	for _, x := range xs {
		out = t.AppendIn(out, x)
	}
	return out
}

// AccAt reads C element idx of raw as a float64: fp32, fp16 or int32.
func (t Type) AccAt(raw []byte, idx int) float64 {
	switch t.Acc {
	case ComponentFloat16:
		return float64(narrowfloat.Float16ToFloat32(binary.LittleEndian.Uint16(raw[2*idx:])))
	case ComponentSint32:
		return float64(int32(binary.LittleEndian.Uint32(raw[4*idx:])))
	}
	return float64(math.Float32frombits(binary.LittleEndian.Uint32(raw[4*idx:])))
}
