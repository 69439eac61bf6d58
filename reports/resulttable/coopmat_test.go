package resulttable

import (
	"bytes"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
)

func TestWriteCoopMat(t *testing.T) {
	lavapipe := []resultsfile.CoopMatrix{
		{M: 8, N: 8, K: 8, A: "fp16", B: "fp16", C: "fp32", Result: "fp32", Scope: "subgroup"},
		{M: 8, N: 8, K: 8, A: "int8", B: "int8", C: "int32", Result: "int32", Scope: "subgroup"},
	}
	tests := []struct {
		name            string
		sg, minSG, maxS uint32
		table           []resultsfile.CoopMatrix
		want            string
	}{
		{"none", 64, 0, 0, nil, "  subgroup size 64\n  cooperative matrix: none (no VK_KHR_cooperative_matrix)\n"},
		{"lavapipe", 8, 8, 8, lavapipe, "  subgroup size 8 (size control: 8..8)\n  cooperative matrix: 2 shapes (MxNxK A*B+C->Result scope)\n" +
			"    8x8x8 fp16*fp16+fp32->fp32 subgroup\n    8x8x8 int8*int8+int32->int32 subgroup\n"},
	}
	for _, tc := range tests {
		var b bytes.Buffer
		WriteCoopMat(&b, "  ", tc.sg, tc.minSG, tc.maxS, tc.table)
		if b.String() != tc.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, b.String(), tc.want)
		}
	}
}
