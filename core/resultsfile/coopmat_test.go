package resultsfile

import "testing"

func TestCoopMatrixString(t *testing.T) {
	tests := []struct {
		c    CoopMatrix
		want string
	}{
		{CoopMatrix{M: 16, N: 16, K: 16, A: "fp16", B: "fp16", C: "fp32", Result: "fp32", Scope: "subgroup"}, "16x16x16 fp16*fp16+fp32->fp32 subgroup"},
		{CoopMatrix{M: 8, N: 8, K: 8, A: "int8", B: "int8", C: "int32", Result: "int32", Scope: "subgroup", SaturatingAccumulation: true}, "8x8x8 int8*int8+int32->int32 subgroup saturating"},
	}
	for _, tc := range tests {
		if got := tc.c.String(); got != tc.want {
			t.Errorf("%+v: got %q, want %q", tc.c, got, tc.want)
		}
	}
}
