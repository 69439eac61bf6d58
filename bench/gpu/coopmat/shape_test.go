package coopmat

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
)

// The property tables RADV reports, captured from RADV itself through
// Mesa's no-op DRM shim (bench/isa's compile tests rewrite these files with
// -update and fail when RADV reports another table): navi31 (GFX11) with
// Mesa 25.0 and 26.1, and gfx1201 (GFX12) with Mesa 26.1, whose table has
// the bf16 and fp8 rows (mixed E4M3×E5M2 ones included).
func realTable(t *testing.T, name string) []vkshim.CoopMatProperties {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata/coopmat", name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]ComponentType{}
	for _, c := range []ComponentType{vkshim.ComponentFloat16, vkshim.ComponentFloat32, vkshim.ComponentFloat64, vkshim.ComponentSint8,
		vkshim.ComponentSint16, vkshim.ComponentSint32, vkshim.ComponentSint64, vkshim.ComponentUint8, vkshim.ComponentUint16,
		vkshim.ComponentUint32, vkshim.ComponentUint64, vkshim.ComponentBFloat16, vkshim.ComponentFloatE4M3, vkshim.ComponentFloatE5M2} {
		names[c.String()] = c
	}
	var out []vkshim.CoopMatProperties
	// "16x16x16 fp16*fp16+fp32->fp32 subgroup [saturating]" (resultsfile.CoopMatrix.String).
	re := regexp.MustCompile(`^(\d+)x(\d+)x(\d+) (\w+)\*(\w+)\+(\w+)->(\w+) subgroup( saturating)?$`)
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		m := re.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("%s: bad row %q", name, line)
		}
		num := func(s string) uint32 { n, _ := strconv.Atoi(s); return uint32(n) }
		typ := func(s string) ComponentType {
			c, ok := names[s]
			if !ok {
				t.Fatalf("%s: unknown component type %q", name, s)
			}
			return c
		}
		out = append(out, vkshim.CoopMatProperties{M: num(m[1]), N: num(m[2]), K: num(m[3]), A: typ(m[4]), B: typ(m[5]), C: typ(m[6]),
			Result: typ(m[7]), SaturatingAccumulation: m[8] != "", Scope: vkshim.ScopeSubgroup})
	}
	return out
}

var lavapipeTable = []vkshim.CoopMatProperties{
	{M: 8, N: 8, K: 8, A: ComponentFloat16, B: ComponentFloat16, C: ComponentFloat32, Result: ComponentFloat32, Scope: vkshim.ScopeSubgroup},
	{M: 8, N: 8, K: 8, A: ComponentSint8, B: ComponentSint8, C: ComponentSint32, Result: ComponentSint32, Scope: vkshim.ScopeSubgroup},
}

func TestMatch(t *testing.T) {
	gfx1201 := realTable(t, "gfx1201-mesa26.1")
	navi31 := realTable(t, "navi31-mesa25.0")
	// row finds the real table's row of a*b+c->c.
	row := func(table []vkshim.CoopMatProperties, a, b, c ComponentType) vkshim.CoopMatProperties {
		for _, r := range table {
			if r.A == a && r.B == b && r.C == c && r.Result == c && !r.SaturatingAccumulation {
				return r
			}
		}
		t.Fatalf("no row %v*%v+%v", a, b, c)
		return vkshim.CoopMatProperties{}
	}
	// A workgroup-scope row (none of the real tables has one) must never
	// be picked: put one first.
	wg := append([]vkshim.CoopMatProperties{{M: 32, N: 32, K: 16, A: ComponentBFloat16, B: ComponentBFloat16, C: ComponentFloat32, Result: ComponentFloat32, Scope: 2}}, gfx1201...)
	tests := []struct {
		name    string
		table   []vkshim.CoopMatProperties
		in, acc ComponentType
		want    vkshim.CoopMatProperties // M == 0: no match
		why     string
	}{
		{"gfx1201 bf16->fp32", gfx1201, ComponentBFloat16, ComponentFloat32, row(gfx1201, ComponentBFloat16, ComponentBFloat16, ComponentFloat32), ""},
		{"gfx1201 bf16->bf16 is a different row", gfx1201, ComponentBFloat16, ComponentBFloat16, row(gfx1201, ComponentBFloat16, ComponentBFloat16, ComponentBFloat16), ""},
		{"gfx1201 e4m3", gfx1201, ComponentFloatE4M3, ComponentFloat32, row(gfx1201, ComponentFloatE4M3, ComponentFloatE4M3, ComponentFloat32), ""},
		{"gfx1201 e5m2 ignores the mixed e4m3*e5m2 rows", gfx1201, ComponentFloatE5M2, ComponentFloat32, row(gfx1201, ComponentFloatE5M2, ComponentFloatE5M2, ComponentFloat32), ""},
		{"gfx1201 fp16", gfx1201, ComponentFloat16, ComponentFloat32, row(gfx1201, ComponentFloat16, ComponentFloat16, ComponentFloat32), ""},
		{"a workgroup-scope row is never picked", wg, ComponentBFloat16, ComponentFloat32, row(gfx1201, ComponentBFloat16, ComponentBFloat16, ComponentFloat32), ""},
		{"navi31 fp16", navi31, ComponentFloat16, ComponentFloat32, row(navi31, ComponentFloat16, ComponentFloat16, ComponentFloat32), ""},
		{"navi31 int8 (signed, not saturating)", navi31, ComponentSint8, ComponentSint32, row(navi31, ComponentSint8, ComponentSint8, ComponentSint32), ""},
		{"navi31 has no bf16", navi31, ComponentBFloat16, ComponentFloat32, vkshim.CoopMatProperties{}, "no subgroup cooperative matrix bf16*bf16+fp32->fp32"},
		{"lavapipe has no bf16", lavapipeTable, ComponentBFloat16, ComponentFloat32, vkshim.CoopMatProperties{}, "no subgroup cooperative matrix bf16*bf16+fp32->fp32"},
		{"lavapipe has no fp8", lavapipeTable, ComponentFloatE4M3, ComponentFloat32, vkshim.CoopMatProperties{}, "fp8e4m3*fp8e4m3+fp32->fp32 (VK_KHR_cooperative_matrix table has 2 rows)"},
	}
	for _, tc := range tests {
		row, ok, why := match(tc.table, tc.in, tc.acc)
		if ok != (tc.want.M != 0) || row != tc.want {
			t.Errorf("%s: got %+v ok=%v, want %+v", tc.name, row, ok, tc.want)
		}
		if !strings.Contains(why, tc.why) || (tc.why == "") != (why == "") {
			t.Errorf("%s: reason %q, want one containing %q", tc.name, why, tc.why)
		}
	}
	// Mesa 26.1 lists navi31's rows in another order, not other rows.
	n26 := realTable(t, "navi31-mesa26.1")
	if len(n26) != len(navi31) {
		t.Errorf("navi31: %d rows on Mesa 26.1, %d on 25.0", len(n26), len(navi31))
	}
}

func TestTypeEnabled(t *testing.T) {
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
		{"bf16 without the extension", coopOnly, off, ComponentBFloat16, "no VK_KHR_shader_bfloat16 (bf16 cooperative matrices: RADV has them on GFX12"},
		{"bf16 with the extension, features off", all, off, ComponentBFloat16, "shaderBFloat16CooperativeMatrix"},
		{"e4m3 with extension and features", all, on, ComponentFloatE4M3, ""},
		{"e5m2 without the extension", coopOnly, off, ComponentFloatE5M2, "no VK_EXT_shader_float8"},
		{"e4m3 with the extension, features off", all, off, ComponentFloatE4M3, "shaderFloat8CooperativeMatrix"},
	}
	for _, tc := range tests {
		ok, why := typeEnabled(tc.exts, tc.info, tc.in)
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
