package isa

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/internal/golden"
)

// TestCountRealAssembly: the counts of real listings RADV produced on
// this machine (testdata/asm: Mesa 25.0 through the DRM shim for navi31,
// Mesa 25.0's null winsys for gfx1201 — ACO's program print, LLVM 15
// cannot disassemble GFX12 — and Mesa 26.1 through the shim for gfx1201)
// match the golden counts, and the facts a reader checks by eye hold.
//
// Three of the listings are the isa results tree reports/compare's tests
// use (one copy: the name a listing is counted under maps to it).
func TestCountRealAssembly(t *testing.T) {
	files, err := filepath.Glob("testdata/asm/*.s")
	if err != nil || len(files) < 3 {
		t.Fatalf("testdata/asm holds %d listings (%v)", len(files), err)
	}
	const tree = "../../reports/compare/testdata/isa/"
	shared := map[string]string{
		"testdata/asm/navi31-mesa25.0-matmul_coopmat_f16.s":  tree + "asm-mesa-25.0/navi31/matmul/coopmat-f16/sg2x2-t2x2-k2/K=256,M=256,N=256.matmul_coopmat_f16.comp.compute.s",
		"testdata/asm/gfx1201-mesa26.1-matmul_coopmat_f16.s": tree + "asm-mesa-26.1/gfx1201/matmul/coopmat-f16/sg2x2-t2x2-k2/K=256,M=256,N=256.matmul_coopmat_f16.comp.compute.s",
		"testdata/asm/navi31-mesa25.0-matmul_naive.s":        tree + "asm-mesa-25.0/navi31/matmul/naive/wg16x16/K=256,M=256,N=256.matmul_naive.comp.compute.s",
	}
	for f := range shared {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		path := f
		if p, ok := shared[f]; ok {
			path = p
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		c := Count(string(data))
		var b strings.Builder
		names := make([]string, 0, len(c))
		for n := range c {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintf(&b, "%s %v\n", n, c[n])
		}
		golden.Check(t, strings.TrimSuffix(f, ".s")+".counts", []byte(b.String()))
		base := filepath.Base(f)
		switch {
		case strings.Contains(base, "coopmat") && (c["wmma"] == 0 || c["matrix"] != c["wmma"]+c["swmmac"]+c["dot"]):
			t.Errorf("%s: wmma %v, matrix %v: a cooperative-matrix GEMM without v_wmma", base, c["wmma"], c["matrix"])
		case strings.Contains(base, "nullwinsys") != (c["undisassembled"] == 1):
			t.Errorf("%s: undisassembled = %v", base, c["undisassembled"])
		case strings.Contains(base, "mesa26.1-") && strings.Contains(base, "gfx12") && c["waits"] == 0:
			t.Errorf("%s: no s_wait_* on GFX12", base)
		case c["instructions"] < 10:
			t.Errorf("%s: %v instructions", base, c["instructions"])
		}
	}
}

// TestCount covers each rule on small listings in both formats.
func TestCount(t *testing.T) {
	tests := []struct {
		name string
		asm  string
		want map[string]float64
	}{
		{"labels, encodings and a repeat", "BB0:\n\tv_mov_b32_e32 v0, 0 ; 7e000280\n\ts_nop 0 ; bf800000\n\t(then repeated 6 times)\nBB1:\n\ts_endpgm ; bfb00000\n",
			map[string]float64{"instructions": 9}},
		{"matrix kinds", "\tv_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7]\n\tv_swmmac_f32_16x16x32_f16 v[0:7], v[8:11], v[12:19], v20\n\tv_dot2_f32_f16 v0, v1, v2, v0\n",
			map[string]float64{"instructions": 3, "matrix": 3, "wmma": 1, "swmmac": 1, "dot": 1}},
		{"GFX11 and GFX12 waits", "\ts_waitcnt vmcnt(0)\n\ts_waitcnt_vscnt null, 0x0\n\ts_wait_loadcnt 0x0\n\ts_wait_dscnt 0x0\n\ts_wait_alu 0xfffe\n",
			map[string]float64{"instructions": 5, "waits": 5}},
		{"LDS", "\tds_load_b128 v[0:3], v4\n\tds_read_b32 v0, v1\n\tds_store_b32 v0, v1\n\tds_write_b64 v0, v[1:2]\n\tds_add_u32 v0, v1\n",
			map[string]float64{"instructions": 5, "lds": 5, "lds_loads": 2, "lds_stores": 2}},
		{"memory kinds", "\tglobal_load_b128 v[0:3], v4, s[0:1]\n\tglobal_store_b32 v0, v1, s[0:1]\n\tbuffer_load_b32 v0, off, s[0:3], 0\n\tbuffer_store_b32 v0, off, s[0:3], 0\n\tflat_load_b32 v0, v[1:2]\n\tflat_store_b32 v[1:2], v0\n\tscratch_store_b32 off, v0, s0\n\tscratch_load_b32 v0, off, s0\n\ts_load_b128 s[0:3], s[0:1], 0x0\n\ts_buffer_load_b32 s0, s[0:3], 0x0\n",
			map[string]float64{"instructions": 10, "global_loads": 1, "global_stores": 1, "buffer_loads": 1, "buffer_stores": 1, "flat_loads": 1, "flat_stores": 1,
				"scratch_loads": 1, "scratch_stores": 1, "smem_loads": 2}},
		{"repeat of a matrix instruction", "\tv_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7]\n\t(then repeated 3 times)\n",
			map[string]float64{"instructions": 4, "matrix": 4, "wmma": 4}},
		{"a repeat before any instruction counts nothing", "\t(then repeated 3 times)\n\ts_endpgm\n", map[string]float64{"instructions": 1}},
		{"ACO's program print", fallbackHeader + " in the current configuration, falling back to print_program.\n\nAfter lowering to hw instructions:\nACO shader stage: SW (CS), HW (COMPUTE_SHADER)\nBB0\n/* logical preds: / linear preds: / kind: uniform, top-level, */\n\t s1: %53:scc = s_cmp_ge_u32 %48:s[115], %43:s[3]\n\ts_delay_alu salu_cycle_1\n\t s1: %6:s[0],  s1: %55:scc = s_or_b32 %82:s[0], %54:scc\n\t s4: %19:s[8-11] = s_load_dwordx4 %18:s[6-7], 0\n\tds_write_b32 %38:v[9], %33:v[7] storage:shared\n\ts_waitcnt lgkmcnt(0)\n",
			map[string]float64{"instructions": 6, "smem_loads": 1, "lds": 1, "lds_stores": 1, "waits": 1, "undisassembled": 1}},
		{"empty", "", map[string]float64{}},
	}
	for _, tc := range tests {
		got := Count(tc.asm)
		if len(got) != len(derivedNames) {
			t.Errorf("%s: %d counts, want all %d", tc.name, len(got), len(derivedNames))
		}
		for _, n := range derivedNames {
			if got[n] != tc.want[n] {
				t.Errorf("%s: %s = %v, want %v", tc.name, n, got[n], tc.want[n])
			}
		}
	}
}
