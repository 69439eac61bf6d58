package gpu

import (
	"strings"
	"testing"

	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
)

// A synthetic GFX12-like property table (16×16×16, subgroup) with bf16 and
// fp8 rows, lavapipe's 8×8×8 fp16 row, and a workgroup-scope row that
// must never be picked.
var gfx12Table = []vkshim.CoopMatProperties{
	{M: 16, N: 16, K: 16, A: ComponentFloat16, B: ComponentFloat16, C: ComponentFloat32, Result: ComponentFloat32, Scope: vkshim.ScopeSubgroup},
	{M: 32, N: 32, K: 16, A: ComponentBFloat16, B: ComponentBFloat16, C: ComponentFloat32, Result: ComponentFloat32, Scope: 2},
	{M: 16, N: 16, K: 16, A: ComponentBFloat16, B: ComponentBFloat16, C: ComponentFloat32, Result: ComponentFloat32, Scope: vkshim.ScopeSubgroup},
	{M: 16, N: 16, K: 16, A: ComponentBFloat16, B: ComponentBFloat16, C: ComponentBFloat16, Result: ComponentBFloat16, Scope: vkshim.ScopeSubgroup},
	{M: 16, N: 16, K: 32, A: ComponentFloatE4M3, B: ComponentFloatE4M3, C: ComponentFloat32, Result: ComponentFloat32, Scope: vkshim.ScopeSubgroup},
	{M: 16, N: 16, K: 32, A: ComponentFloatE5M2, B: ComponentFloatE5M2, C: ComponentFloat32, Result: ComponentFloat32, Scope: vkshim.ScopeSubgroup},
	{M: 16, N: 16, K: 32, A: ComponentFloatE4M3, B: ComponentFloatE5M2, C: ComponentFloat32, Result: ComponentFloat32, Scope: vkshim.ScopeSubgroup},
}

var lavapipeTable = []vkshim.CoopMatProperties{
	{M: 8, N: 8, K: 8, A: ComponentFloat16, B: ComponentFloat16, C: ComponentFloat32, Result: ComponentFloat32, Scope: vkshim.ScopeSubgroup},
	{M: 8, N: 8, K: 8, A: ComponentSint8, B: ComponentSint8, C: ComponentSint32, Result: ComponentSint32, Scope: vkshim.ScopeSubgroup},
}

func TestMatchCoopMat(t *testing.T) {
	tests := []struct {
		name    string
		table   []vkshim.CoopMatProperties
		in, acc ComponentType
		want    vkshim.CoopMatProperties // M == 0: no match
		why     string
	}{
		{"bf16->fp32 picks the subgroup row", gfx12Table, ComponentBFloat16, ComponentFloat32, gfx12Table[2], ""},
		{"bf16->bf16 is a different row", gfx12Table, ComponentBFloat16, ComponentBFloat16, gfx12Table[3], ""},
		{"e4m3", gfx12Table, ComponentFloatE4M3, ComponentFloat32, gfx12Table[4], ""},
		{"e5m2 ignores the mixed e4m3*e5m2 row", gfx12Table, ComponentFloatE5M2, ComponentFloat32, gfx12Table[5], ""},
		{"fp16 still found", gfx12Table, ComponentFloat16, ComponentFloat32, gfx12Table[0], ""},
		{"lavapipe has no bf16", lavapipeTable, ComponentBFloat16, ComponentFloat32, vkshim.CoopMatProperties{}, "no subgroup cooperative matrix bf16*bf16+fp32->fp32"},
		{"lavapipe has no fp8", lavapipeTable, ComponentFloatE4M3, ComponentFloat32, vkshim.CoopMatProperties{}, "fp8e4m3*fp8e4m3+fp32->fp32 (VK_KHR_cooperative_matrix table has 2 rows)"},
	}
	for _, tc := range tests {
		row, ok, why := matchCoopMat(tc.table, tc.in, tc.acc)
		if ok != (tc.want.M != 0) || row != tc.want {
			t.Errorf("%s: got %+v ok=%v, want %+v", tc.name, row, ok, tc.want)
		}
		if !strings.Contains(why, tc.why) || (tc.why == "") != (why == "") {
			t.Errorf("%s: reason %q, want one containing %q", tc.name, why, tc.why)
		}
	}
}

func TestCoopMatTypeEnabled(t *testing.T) {
	all := map[string]bool{"VK_KHR_cooperative_matrix": true, "VK_KHR_shader_bfloat16": true, "VK_EXT_shader_float8": true}
	coopOnly := map[string]bool{"VK_KHR_cooperative_matrix": true}
	// shader: the features the kernels' SPIR-V declares, without which a
	// listed type still cannot be used.
	shader := vkshim.DeviceInfo{CooperativeMatrix: true, ShaderFloat16: true, ShaderInt8: true, ShaderInt16: true, StorageBuffer16Bit: true, StorageBuffer8Bit: true}
	on := shader
	on.BFloat16CooperativeMatrix, on.Float8CooperativeMatrix = true, true
	off := shader
	bare := vkshim.DeviceInfo{CooperativeMatrix: true, BFloat16CooperativeMatrix: true, Float8CooperativeMatrix: true}
	no16 := on
	no16.StorageBuffer16Bit = false
	tests := []struct {
		name string
		exts map[string]bool
		info vkshim.DeviceInfo
		in   ComponentType
		why  string // "": enabled
	}{
		{"fp16 needs no other extension", coopOnly, off, ComponentFloat16, ""},
		{"int8 needs no other extension", coopOnly, off, ComponentSint8, ""},
		{"fp16 without 16-bit storage", coopOnly, no16, ComponentFloat16, "storageBuffer16BitAccess"},
		{"fp16 without shaderFloat16", coopOnly, bare, ComponentFloat16, "shaderFloat16"},
		{"int8 without shaderInt8", coopOnly, bare, ComponentSint8, "shaderInt8 or storageBuffer8BitAccess"},
		{"bf16 without shaderInt16", all, bare, ComponentBFloat16, "shaderInt16"},
		{"e5m2 without shaderInt8", all, bare, ComponentFloatE5M2, "shaderInt8"},
		{"bf16 with extension and features", all, on, ComponentBFloat16, ""},
		{"bf16 without the extension", coopOnly, off, ComponentBFloat16, "no VK_KHR_shader_bfloat16 (bf16 cooperative matrices: RADV lists them on GFX12"},
		{"bf16 with the extension, features off", all, off, ComponentBFloat16, "shaderBFloat16CooperativeMatrix"},
		{"e4m3 with extension and features", all, on, ComponentFloatE4M3, ""},
		{"e5m2 without the extension", coopOnly, off, ComponentFloatE5M2, "no VK_EXT_shader_float8"},
		{"e4m3 with the extension, features off", all, off, ComponentFloatE4M3, "shaderFloat8CooperativeMatrix"},
	}
	for _, tc := range tests {
		ok, why := coopMatTypeEnabled(tc.exts, tc.info, tc.in)
		if ok != (tc.why == "") || !strings.Contains(why, tc.why) {
			t.Errorf("%s: got ok=%v %q, want reason %q", tc.name, ok, why, tc.why)
		}
	}
}

// The bf16 and fp8 component types carry vulkan_core.h 1.4.363's values
// (VK_COMPONENT_TYPE_BFLOAT16_KHR, _FLOAT8_E4M3_EXT, _FLOAT8_E5M2_EXT) and
// the names devices, list and sysinfo print in the property table.
func TestLowPrecisionComponentTypes(t *testing.T) {
	for _, tc := range []struct {
		c    ComponentType
		num  uint32
		name string
	}{
		{ComponentBFloat16, 1000141000, "bf16"},
		{ComponentFloatE4M3, 1000491002, "fp8e4m3"},
		{ComponentFloatE5M2, 1000491003, "fp8e5m2"},
		{ComponentFloat16, 0, "fp16"},
	} {
		if uint32(tc.c) != tc.num || tc.c.String() != tc.name {
			t.Errorf("component %d %q, want %d %q", uint32(tc.c), tc.c, tc.num, tc.name)
		}
	}
}
