package matmul

import (
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/gpu/coopmat"
	"github.com/radvbench/radvbench/shaders"
)

// device is a device as the chooser sees it: its limits, the subgroup
// size cooperative-matrix kernels run with and its tile shape by input
// type (K = 0: the device has none).
type device struct {
	name  string
	lim   limits
	sg    uint32
	tiles map[string][3]uint32 // by coopType suffix: M, N, K
}

var (
	rdnaTiles   = map[string][3]uint32{"f16": {16, 16, 16}, "f16acc": {16, 16, 16}, "bf16": {16, 16, 16}, "int8": {16, 16, 16}, "fp8e4m3": {16, 16, 16}, "fp8e5m2": {16, 16, 16}}
	nvidiaTiles = map[string][3]uint32{"f16": {16, 16, 16}, "f16acc": {16, 16, 16}, "bf16": {16, 16, 16}, "int8": {16, 16, 32}}
	lvpTiles    = map[string][3]uint32{"f16": {8, 8, 8}, "f16acc": {8, 8, 8}, "int8": {8, 8, 8}}
	wide        = [2]uint32{1024, 1024}
)

// chooserDevices: lavapipe (Mesa 26.1: 32 KiB, subgroups of 8, 8×8×8
// tiles), RDNA3 (64 KiB, wave32 and wave64), NVIDIA (48 KiB, 32), and two
// small made-up devices (16 KiB with subgroups of 4 and 64).
var chooserDevices = []device{
	{"lavapipe", limits{32 << 10, 1024, wide}, 8, lvpTiles},
	{"rdna3-wave32", limits{64 << 10, 1024, wide}, 32, rdnaTiles},
	{"rdna3-wave64", limits{64 << 10, 1024, wide}, 64, rdnaTiles},
	{"nvidia", limits{48 << 10, 1024, wide}, 32, nvidiaTiles},
	{"small-sg4", limits{16 << 10, 256, [2]uint32{256, 256}}, 4, rdnaTiles},
	{"small-sg64", limits{16 << 10, 1024, wide}, 64, rdnaTiles},
}

// TestChooserFitsEveryDevice: on each device every block and coopblock
// variant gets a configuration (none is skipped for shared memory while
// a shallower one fits), its shared memory and workgroup are within the
// limits, and it is the deepest of the ladder that fits.
func TestChooserFitsEveryDevice(t *testing.T) {
	for _, dev := range chooserDevices {
		t.Run(dev.name, func(t *testing.T) {
			for _, v := range blockVariants() {
				b := v.Data.(config).block
				g, ok, why := blockFit(*b, dev.lim)
				if !ok {
					t.Errorf("block/%s: not fitted: %s", v.Name, why)
					continue
				}
				if g.shared > dev.lim.shared || b.wx*b.wy > dev.lim.invocations {
					t.Errorf("block/%s: %d bytes, %d invocations: over the limits", v.Name, g.shared, b.wx*b.wy)
				}
				checkDeepest(t, "block/"+v.Name, ladder(b.kmax, 4), g.depth, b.bytes, dev.lim)
			}
			for _, typ := range coopmat.Types {
				tile, has := dev.tiles[typ.Suffix]
				if !has {
					continue
				}
				row := coopmat.Properties{M: tile[0], N: tile[1], K: tile[2], A: typ.In, B: typ.In, C: typ.Acc, Result: typ.Acc}
				for _, v := range coopBlockKernel(coopType{typ}, "", gflops("")).Variants {
					c := v.Data.(blockCoop)
					g, ok, why := coopBlockFit(c, row, dev.sg, dev.lim)
					name := "coopblock-" + typ.Suffix + "/" + v.Name
					if !ok {
						t.Errorf("%s: not fitted: %s", name, why)
						continue
					}
					if g.shared > dev.lim.shared || dev.sg*c.wm*c.wn > dev.lim.invocations {
						t.Errorf("%s: %d bytes, %d invocations: over the limits", name, g.shared, dev.sg*c.wm*c.wn)
					}
					checkDeepest(t, name, ladder(c.kmax, 1), g.depth, func(d depth) uint32 { return c.bytes(row, g.cb, d) }, dev.lim)
				}
			}
		})
	}
}

// checkDeepest: got fits, and no depth before it in the ladder does.
func checkDeepest(t *testing.T, name string, lad []depth, got depth, bytes func(depth) uint32, lim limits) {
	t.Helper()
	for _, d := range lad {
		if d == got {
			return
		}
		if bytes(d) <= lim.shared {
			t.Errorf("%s: chose %+v though the deeper %+v fits (%d of %d bytes)", name, got, d, bytes(d), lim.shared)
			return
		}
	}
	t.Errorf("%s: chose %+v, not on the ladder %v", name, got, lad)
}

// TestChooserDepths pins what the chooser gives the 128×128 blocks: the
// double-buffered K-step each device's shared memory allows, single
// buffering only where nothing double-buffered fits, and a skip naming
// the shortfall where even that does not fit.
func TestChooserDepths(t *testing.T) {
	f16 := coopType{coopmat.Types[0]}
	big := blockCoop{t: f16, wm: 4, wn: 2, tm: 2, tn: 4, kmax: 4}
	row16 := coopmat.Properties{M: 16, N: 16, K: 16}
	tests := []struct {
		name   string
		shared uint32
		fp32   depth // block b128x128-t8x8
		coop   depth // coopblock-f16 sg4x2-t2x4 with 16×16×16 tiles
	}{
		{"64 KiB (RDNA)", 64 << 10, depth{16, 2}, depth{2, 2}},
		{"48 KiB (NVIDIA)", 48 << 10, depth{16, 2}, depth{2, 2}},
		{"32 KiB (lavapipe)", 32 << 10, depth{8, 2}, depth{1, 2}},
		{"16 KiB", 16 << 10, depth{4, 2}, depth{1, 1}},
	}
	for _, tc := range tests {
		lim := limits{tc.shared, 1024, wide}
		g, ok, why := blockFit(blockShape{wx: 16, wy: 16, tm: 8, tn: 8, kmax: 16}, lim)
		if !ok || g.depth != tc.fp32 {
			t.Errorf("%s: block b128x128-t8x8 got %+v (%v %s), want %+v", tc.name, g.depth, ok, why, tc.fp32)
		}
		cg, ok, why := coopBlockFit(big, row16, 32, lim)
		if !ok || cg.depth != tc.coop {
			t.Errorf("%s: coopblock sg4x2-t2x4 got %+v (%v %s), want %+v", tc.name, cg.depth, ok, why, tc.coop)
		}
	}
	// int8: 16-byte chunks on RDNA's 16×16×16 and NVIDIA's 16×16×32
	// tiles, 8-byte ones (the _c8 build) on lavapipe's 8×8×8.
	i8 := blockCoop{t: coopType{coopmat.Types[2]}, wm: 2, wn: 2, tm: 2, tn: 2, kmax: 4}
	for _, tc := range []struct {
		k, cb uint32
	}{{16, 16}, {32, 16}, {8, 8}} {
		row := coopmat.Properties{M: tc.k, N: tc.k, K: tc.k}
		if tc.k == 32 {
			row.M, row.N = 16, 16
		}
		g, ok, why := coopBlockFit(i8, row, 32, limits{32 << 10, 1024, wide})
		if !ok || g.cb != tc.cb {
			t.Errorf("int8 %dx%dx%d: chunk %d bytes (%v %s), want %d", row.M, row.N, row.K, g.cb, ok, why, tc.cb)
		}
	}
	if _, ok, why := coopBlockFit(big, row16, 32, limits{4 << 10, 1024, wide}); ok || !strings.Contains(why, "even at its smallest depth") {
		t.Errorf("4 KiB: coopblock sg4x2-t2x4 fitted (%v, %q), want a skip naming the shortfall", ok, why)
	}
	if _, ok, why := coopBlockFit(big, row16, 64, limits{64 << 10, 128, wide}); ok || !strings.Contains(why, "invocations") {
		t.Errorf("128 invocations with wave64: fitted (%v, %q), want a workgroup-limit skip", ok, why)
	}
}

// TestChooseSplit pins the split-K the chooser gives the -splitk
// variants: none where the blocks fill the device (big M and N) or K is
// too shallow to slice, a split where tall K meets small M and N — the
// smallest that fills the device, or the deepest that keeps slices of
// minSliceK.
func TestChooseSplit(t *testing.T) {
	rx7900xtx := slots("discrete-gpu", 96, 0) // 192
	tests := []struct {
		name    string
		m, n, k uint32
		bm, bn  uint32
		slots   uint32
		want    uint32
	}{
		{"4096³ on RDNA3: 1024 blocks fill it", 4096, 4096, 4096, 128, 128, rx7900xtx, 1},
		{"LLM 4096×14336×4096 on an unknown GPU", 4096, 14336, 4096, 128, 128, slots("discrete-gpu", 0, 0), 1},
		{"256×256×16384 on RDNA3: 4 blocks, 8 slices", 256, 256, 16384, 128, 128, rx7900xtx, 8},
		{"256×256×16384 on NVIDIA (unknown: 128)", 256, 256, 16384, 64, 64, 128, 8},
		{"LLM decode 32×4096×4096 on RDNA3: 32 blocks", 32, 4096, 4096, 128, 128, rx7900xtx, 8},
		{"32×4096×4096, 16 slots: 32 blocks fill it", 32, 4096, 4096, 128, 128, 16, 1},
		{"256×256×16384 on 16 CPU threads: 4 blocks, 4 slices", 256, 256, 16384, 128, 128, slots("cpu", 0, 16), 4},
		{"64×48×2048 on 2 CPU threads: 2 slices", 64, 48, 2048, 64, 64, slots("cpu", 0, 2), 2},
		{"64×48×2048 on 64 threads: slices of 256 at most 8", 64, 48, 2048, 64, 64, 64, 8},
		{"64×48×1024 on 64 threads: 4 slices of 256", 64, 48, 1024, 64, 64, 64, 4},
		{"256³ on RDNA3: K too shallow for slices of 256", 256, 256, 256, 128, 128, rx7900xtx, 1},
		{"one CPU thread: never", 64, 48, 2048, 64, 64, slots("cpu", 0, 1), 1},
	}
	for _, tc := range tests {
		if got := chooseSplit(tc.m, tc.n, tc.k, tc.bm, tc.bn, tc.slots); got != tc.want {
			t.Errorf("%s: split %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestSlots: the concurrency estimate by device type and CU count.
func TestSlots(t *testing.T) {
	for _, tc := range []struct {
		typ          string
		cus, threads int
		want         uint32
	}{
		{"cpu", 0, 16, 16},
		{"cpu", 0, 0, 1},
		{"discrete-gpu", 96, 0, 192},
		{"integrated-gpu", 16, 0, 32},
		{"discrete-gpu", 0, 0, 128},
		{"integrated-gpu", 0, 0, 32},
	} {
		if got := slots(tc.typ, tc.cus, tc.threads); got != tc.want {
			t.Errorf("slots(%s, %d CUs, %d threads) = %d, want %d", tc.typ, tc.cus, tc.threads, got, tc.want)
		}
	}
	t.Setenv("LP_NUM_THREADS", "3")
	if got := cpuThreads(); got != 3 {
		t.Errorf("LP_NUM_THREADS=3: %d threads", got)
	}
}

// TestCoopBlockShader: f16acc's blocks of eight subgroups take the
// eight-step build; its blocks of four, and every other type, the plain
// one (int8's 8-byte chunks their own); each kernel lists the shaders its
// variants take, and every one is embedded.
func TestCoopBlockShader(t *testing.T) {
	var listed = map[string]bool{}
	for _, k := range coopKernels() {
		if !strings.HasPrefix(k.Name, "coopblock-") {
			continue
		}
		for _, s := range k.Shaders {
			listed[s] = true
			if _, err := shaders.Get(s); err != nil {
				t.Errorf("%s: %s: %v", k.Name, s, err)
			}
		}
		for _, v := range k.Variants {
			c := v.Data.(blockCoop)
			got := coopBlockShader(c, c.chunkBytes(coopmat.Properties{M: 16, N: 16, K: 16}))
			want := "matmul_coopblock_" + c.t.Suffix + ".comp"
			if c.t.Suffix == "f16acc" && (v.Name == "sg4x2-t2x4" || v.Name == "sg2x4-t4x2") {
				want = "matmul_coopblock_f16acc_i8.comp"
			}
			if got != want || !listed[got] {
				t.Errorf("%s/%s: shader %s (listed %v), want %s", k.Name, v.Name, got, listed[got], want)
			}
		}
	}
}
