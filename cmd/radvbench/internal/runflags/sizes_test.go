package runflags

import (
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// sizesString renders resolved sizes as "suite/kernel=size,size; ...",
// sorted by kernel.
func sizesString(m map[string][]kernel.Params) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		var ps []string
		for _, p := range m[k] {
			ps = append(ps, resultsfile.FormatParams(p))
		}
		parts = append(parts, k+"="+strings.Join(ps, " "))
	}
	return strings.Join(parts, "; ")
}

// TestParseSizes: --sizes with the real suites' parsers. A bare size goes
// to every selected suite that parses it, SUITE=LIST to that suite only
// (and overrides bare sizes for it); what fits nothing is a usage error.
func TestParseSizes(t *testing.T) {
	tests := []struct {
		suites string
		sizes  []string
		want   string // sizesString, or the error
	}{
		{"matmul", []string{"256"}, "matmul/block=K=256,M=256,N=256; matmul/coopblock-bf16=K=256,M=256,N=256; matmul/coopblock-f16=K=256,M=256,N=256; matmul/coopblock-f16acc=K=256,M=256,N=256; matmul/coopblock-fp8e4m3=K=256,M=256,N=256; matmul/coopblock-fp8e5m2=K=256,M=256,N=256; matmul/coopblock-int8=K=256,M=256,N=256; matmul/coopmat-bf16=K=256,M=256,N=256; matmul/coopmat-f16=K=256,M=256,N=256; matmul/coopmat-f16acc=K=256,M=256,N=256; matmul/coopmat-fp8e4m3=K=256,M=256,N=256; matmul/coopmat-fp8e5m2=K=256,M=256,N=256; matmul/coopmat-int8=K=256,M=256,N=256; matmul/direct=K=256,M=256,N=256; matmul/f16arith=K=256,M=256,N=256; matmul/f16storage=K=256,M=256,N=256; matmul/lanes=K=256,M=256,N=256; matmul/naive=K=256,M=256,N=256; matmul/regblock=K=256,M=256,N=256; matmul/tiled=K=256,M=256,N=256"},
		// The bug: matmul's MxNxK went to mesh. Now each suite parses
		// the bare size itself.
		{"matmul,mesh", []string{"100x37x129"}, "matmul/block=K=129,M=100,N=37; matmul/coopblock-bf16=K=129,M=100,N=37; matmul/coopblock-f16=K=129,M=100,N=37; matmul/coopblock-f16acc=K=129,M=100,N=37; matmul/coopblock-fp8e4m3=K=129,M=100,N=37; matmul/coopblock-fp8e5m2=K=129,M=100,N=37; matmul/coopblock-int8=K=129,M=100,N=37; matmul/coopmat-bf16=K=129,M=100,N=37; matmul/coopmat-f16=K=129,M=100,N=37; matmul/coopmat-f16acc=K=129,M=100,N=37; matmul/coopmat-fp8e4m3=K=129,M=100,N=37; matmul/coopmat-fp8e5m2=K=129,M=100,N=37; matmul/coopmat-int8=K=129,M=100,N=37; matmul/direct=K=129,M=100,N=37; matmul/f16arith=K=129,M=100,N=37; matmul/f16storage=K=129,M=100,N=37; matmul/lanes=K=129,M=100,N=37; matmul/naive=K=129,M=100,N=37; matmul/regblock=K=129,M=100,N=37; matmul/tiled=K=129,M=100,N=37"},
		{"mesh,matmul", []string{"64"}, "matmul/block=K=64,M=64,N=64; matmul/coopblock-bf16=K=64,M=64,N=64; matmul/coopblock-f16=K=64,M=64,N=64; matmul/coopblock-f16acc=K=64,M=64,N=64; matmul/coopblock-fp8e4m3=K=64,M=64,N=64; matmul/coopblock-fp8e5m2=K=64,M=64,N=64; matmul/coopblock-int8=K=64,M=64,N=64; matmul/coopmat-bf16=K=64,M=64,N=64; matmul/coopmat-f16=K=64,M=64,N=64; matmul/coopmat-f16acc=K=64,M=64,N=64; matmul/coopmat-fp8e4m3=K=64,M=64,N=64; matmul/coopmat-fp8e5m2=K=64,M=64,N=64; matmul/coopmat-int8=K=64,M=64,N=64; matmul/direct=K=64,M=64,N=64; matmul/f16arith=K=64,M=64,N=64; matmul/f16storage=K=64,M=64,N=64; matmul/lanes=K=64,M=64,N=64; matmul/naive=K=64,M=64,N=64; matmul/regblock=K=64,M=64,N=64; matmul/tiled=K=64,M=64,N=64; mesh/dense=H=64,W=64; mesh/instances=H=64,W=64"},
		{"mesh,peak", []string{"1920x1080,64"}, "mesh/dense=H=1080,W=1920 H=64,W=64; mesh/instances=H=1080,W=1920 H=64,W=64"},
		{"matmul,mesh", []string{"matmul=32;mesh=64x32"}, "matmul/block=K=32,M=32,N=32; matmul/coopblock-bf16=K=32,M=32,N=32; matmul/coopblock-f16=K=32,M=32,N=32; matmul/coopblock-f16acc=K=32,M=32,N=32; matmul/coopblock-fp8e4m3=K=32,M=32,N=32; matmul/coopblock-fp8e5m2=K=32,M=32,N=32; matmul/coopblock-int8=K=32,M=32,N=32; matmul/coopmat-bf16=K=32,M=32,N=32; matmul/coopmat-f16=K=32,M=32,N=32; matmul/coopmat-f16acc=K=32,M=32,N=32; matmul/coopmat-fp8e4m3=K=32,M=32,N=32; matmul/coopmat-fp8e5m2=K=32,M=32,N=32; matmul/coopmat-int8=K=32,M=32,N=32; matmul/direct=K=32,M=32,N=32; matmul/f16arith=K=32,M=32,N=32; matmul/f16storage=K=32,M=32,N=32; matmul/lanes=K=32,M=32,N=32; matmul/naive=K=32,M=32,N=32; matmul/regblock=K=32,M=32,N=32; matmul/tiled=K=32,M=32,N=32; mesh/dense=H=32,W=64; mesh/instances=H=32,W=64"},
		{"matmul,mesh", []string{"mesh=64x32,48", "40"}, "matmul/block=K=40,M=40,N=40; matmul/coopblock-bf16=K=40,M=40,N=40; matmul/coopblock-f16=K=40,M=40,N=40; matmul/coopblock-f16acc=K=40,M=40,N=40; matmul/coopblock-fp8e4m3=K=40,M=40,N=40; matmul/coopblock-fp8e5m2=K=40,M=40,N=40; matmul/coopblock-int8=K=40,M=40,N=40; matmul/coopmat-bf16=K=40,M=40,N=40; matmul/coopmat-f16=K=40,M=40,N=40; matmul/coopmat-f16acc=K=40,M=40,N=40; matmul/coopmat-fp8e4m3=K=40,M=40,N=40; matmul/coopmat-fp8e5m2=K=40,M=40,N=40; matmul/coopmat-int8=K=40,M=40,N=40; matmul/direct=K=40,M=40,N=40; matmul/f16arith=K=40,M=40,N=40; matmul/f16storage=K=40,M=40,N=40; matmul/lanes=K=40,M=40,N=40; matmul/naive=K=40,M=40,N=40; matmul/regblock=K=40,M=40,N=40; matmul/tiled=K=40,M=40,N=40; mesh/dense=H=32,W=64 H=48,W=48; mesh/instances=H=32,W=64 H=48,W=48"},
		{"memory,rayquery", []string{"memory=64KiB,rayquery=4096x4"}, "memory/chase=bytes=65536; memory/copy=bytes=65536; memory/read=bytes=65536; memory/tlb=bytes=65536; memory/triad=bytes=65536; memory/write=bytes=65536; rayquery/build=instances=4,rays=65536,tris=4096; rayquery/room=instances=4,rays=65536,tris=4096; rayquery/spheres=instances=4,rays=65536,tris=4096; rayquery/terrain=instances=4,rays=65536,tris=4096"},
		{"matmul,mesh", []string{"1920x1080x3x4"}, `--sizes "1920x1080x3x4" fits no selected suite: matmul: malformed size "1920x1080x3x4": use N (a cube) or MxNxK, e.g. 1024 or 2048x512x4096; mesh: malformed size "1920x1080x3x4": use WxH (framebuffer pixels), e.g. 1920x1080`},
		{"matmul", []string{"mesh=64"}, `--sizes "mesh=64": suite mesh is not selected (--suite matmul); add it to --suite or drop its sizes`},
		{"matmul", []string{"gemm=64"}, `--sizes "gemm=64": unknown suite "gemm": valid suites are latency, matmul, memory, mesh, peak, rayquery`},
		{"peak,matmul", []string{"peak=64"}, `--sizes "peak=64": suite peak takes no sizes`},
		{"peak,latency", []string{"64"}, "--sizes: the selected suites (latency,peak) take no sizes"},
		{"matmul,mesh", []string{"matmul=64x64"}, `--sizes "matmul=64x64": malformed size "64x64": use N (a cube) or MxNxK, e.g. 1024 or 2048x512x4096`},
		{"matmul,mesh", []string{"1920x1080", "mesh=64"}, `--sizes "1920x1080" fits no selected suite: matmul: malformed size "1920x1080": use N (a cube) or MxNxK, e.g. 1024 or 2048x512x4096; mesh: has its own mesh=LIST`},
		{"matmul", []string{"64,,128"}, `--sizes "64,,128" has an empty element`},
		{"matmul", []string{"matmul="}, `--sizes "matmul=" has an empty element`},
		{"matmul", []string{"=64"}, `--sizes "=64": "=64" has no suite before '='; use SUITE=SIZE, e.g. mesh=1920x1080`},
		{"matmul", []string{""}, `--sizes "" has an empty element`},
	}
	for _, tc := range tests {
		name := tc.suites + " " + strings.Join(tc.sizes, " ")
		t.Run(name, func(t *testing.T) {
			suites, err := kernel.Lookup(strings.Split(tc.suites, ","))
			if err != nil {
				t.Fatal(err)
			}
			m, err := ParseSizes(suites, tc.sizes)
			got := sizesString(m)
			if err != nil {
				got = err.Error()
				var ue *UsageError
				if !errors.As(err, &ue) {
					t.Errorf("%T is not a *UsageError", err)
				}
			}
			if got != tc.want {
				t.Errorf("parseSizes(%s, %q)\n got: %s\nwant: %s", tc.suites, tc.sizes, got, tc.want)
			}
		})
	}
}
