package resultsfile

import "fmt"

// CoopMatrix is one row of a device's VK_KHR_cooperative_matrix property
// table: the device multiplies an MxK matrix of A by a KxN matrix of B and
// adds an MxN matrix of C, giving Result, at the given scope (usually
// "subgroup"). Types are short names: fp16, bf16, fp32, int8, int32, ...
type CoopMatrix struct {
	M      uint32 `json:"m"`
	N      uint32 `json:"n"`
	K      uint32 `json:"k"`
	A      string `json:"a_type"`
	B      string `json:"b_type"`
	C      string `json:"c_type"`
	Result string `json:"result_type"`
	Scope  string `json:"scope"`
	// SaturatingAccumulation: integer accumulation clamps instead of wrapping.
	SaturatingAccumulation bool `json:"saturating_accumulation,omitempty"`
}

// String is one readable line: "16x16x16 fp16*fp16+fp32->fp32 subgroup".
func (c CoopMatrix) String() string {
	s := fmt.Sprintf("%dx%dx%d %s*%s+%s->%s %s", c.M, c.N, c.K, c.A, c.B, c.C, c.Result, c.Scope)
	if c.SaturatingAccumulation {
		s += " saturating"
	}
	return s
}
