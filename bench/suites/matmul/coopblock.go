package matmul

import (
	"fmt"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/coopmat"
	"github.com/radvbench/radvbench/bench/kernel"
)

// blockCoop is a variant of the block cooperative-matrix kernel
// (matmul_coopblock.glsl): wm×wn subgroups, each with a tm×tn grid of
// accumulators. The K-step (at most kmax tiles) and the stages are chosen
// per device by coopBlockFit.
type blockCoop struct {
	t                    coopType
	wm, wn, tm, tn, kmax uint32
	// steps8 runs eight K-steps an interior iteration, the larger set of
	// tiles held (the shader's _i8 build, f16acc's blocks of eight
	// subgroups: interiorSteps8).
	steps8 bool
}

// coopBlockGeometry is a block cooperative-matrix variant on a device.
type coopBlockGeometry struct {
	depth
	row        coopmat.Properties
	sg, bm, bn uint32
	shared     uint32
	// cb is the bytes of a chunk: 16, or 8 where a tile's K row is 8
	// bytes (int8 8×8×8 on lavapipe; the shader's _c8 build).
	cb uint32
}

// bytes mirrors the shader's shared array of cb-byte chunks: per stage A
// (BM rows of BK elements) and B (BN rows of BK: B is held transposed),
// rows padded by one chunk; at least one C tile per subgroup (the edge
// path reuses the array).
func (c blockCoop) bytes(row coopmat.Properties, cb uint32, d depth) uint32 {
	ch := cb / uint32(c.t.InBytes())
	bm, bn, bk := c.wm*c.tm*row.M, c.wn*c.tn*row.N, d.k*row.K
	stages := d.stages * (bm + bn) * (bk/ch + 1)
	cTiles := c.wm * c.wn * row.M * row.N * uint32(c.t.AccBytes()) / cb
	return cb * max(stages, cTiles)
}

// chunkBytes is the chunk the kernel moves A and B in on a tile shape:
// 16 bytes, or 8 for int8 tiles whose K row is 8 bytes (the _c8 build).
func (c blockCoop) chunkBytes(row coopmat.Properties) uint32 {
	if kb := row.K * uint32(c.t.InBytes()); kb%16 != 0 && kb%8 == 0 && c.t.Suffix == "int8" {
		return 8
	}
	return 16
}

// coopBlockFit checks a variant against a device's tile shape, subgroup
// size and limits, and chooses the deepest K-step (kmax, kmax/2, ... 1
// tiles) and stage count that fit its shared memory.
func coopBlockFit(c blockCoop, row coopmat.Properties, sg uint32, lim limits) (g coopBlockGeometry, ok bool, why string) {
	g.row, g.sg, g.cb = row, sg, c.chunkBytes(row)
	if ch := g.cb / uint32(c.t.InBytes()); row.K%ch != 0 || row.N*uint32(c.t.AccBytes())%g.cb != 0 {
		return g, false, fmt.Sprintf("the device's %dx%dx%d tiles are not whole %d-byte chunks of %s", row.M, row.N, row.K, g.cb, c.t.In)
	}
	if lx := sg * c.wm * c.wn; lx > lim.invocations || lx > lim.size[0] {
		return g, false, fmt.Sprintf("workgroup of %d invocations (%dx%d subgroups of %d) exceeds the device's limits", lx, c.wm, c.wn, sg)
	}
	g.bm, g.bn = c.wm*c.tm*row.M, c.wn*c.tn*row.N
	bytes := func(d depth) uint32 { return c.bytes(row, g.cb, d) }
	if g.depth, g.shared, ok, why = deepest(ladder(c.kmax, 1), bytes, lim); !ok {
		return g, false, why
	}
	return g, true, ""
}

func coopBlockGeom(d *gpu.PhysicalDevice, c blockCoop) (coopBlockGeometry, bool, string) {
	row, ok, why := coopmat.Shape(d, c.t.In, c.t.Acc)
	if !ok {
		return coopBlockGeometry{}, false, why
	}
	return coopBlockFit(c, row, coopmat.SubgroupSize(d), limitsOf(d))
}

func coopBlockVariant(t coopType, wm, wn, tm, tn uint32) kernel.Variant {
	c := blockCoop{t: t, wm: wm, wn: wn, tm: tm, tn: tn, kmax: 4}
	c.steps8 = interiorSteps8(c)
	return kernel.Variant{
		Name: fmt.Sprintf("sg%dx%d-t%dx%d", wm, wn, tm, tn),
		Params: map[string]string{
			"type": t.In.String() + "->" + t.Acc.String(), "subgroups": fmt.Sprintf("%dx%d", wm, wn),
			"tiles": fmt.Sprintf("%dx%d", tm, tn), "kmax": "4",
		},
		Data: c,
	}
}

// interiorSteps8 chooses the shader's eight-step interior loop: for
// 16-bit accumulators (f16acc), which RADV carries round the loop as
// 16x2 phis and copies once an iteration (16 v_mov_b16 a tile on navi31,
// 8 on gfx1201), so eight steps spread that cost over twice the v_wmma;
// 32-bit accumulators stay in place, and eight steps only add register
// shuffles to them. Only for the blocks of eight subgroups: with four
// (sg2x2-t2x4), Mesa 25.0's ACO spills the eight-step loop on navi31.
func interiorSteps8(c blockCoop) bool {
	return c.t.Suffix == "f16acc" && c.wm*c.wn == 8
}

// coopBlockKernel is the block GEMM of one type combination: 128×128
// blocks (2×4 accumulators on 4×2 subgroups, 4×2 on 2×4), 64×128 and
// 64×64, and a 32×32 one for small problems and CPU implementations. No
// subgroup holds more than 8 accumulators: with 16 (4×4), RADV keeps the
// accumulator array in scratch memory.
func coopBlockKernel(t coopType, desc string, metric kernel.Metric) *kernel.Kernel {
	metric.Roofline = "peak/" + t.Kernel() // the matrix cores' own peak, same types
	v := func(wm, wn, tm, tn uint32) kernel.Variant { return coopBlockVariant(t, wm, wn, tm, tn) }
	return &kernel.Kernel{
		Name: "coopblock-" + t.Suffix, Description: desc, Shaders: coopBlockShaders(t),
		Metric:    metric,
		Variants:  []kernel.Variant{v(4, 2, 2, 4), v(2, 4, 4, 2), v(2, 2, 2, 4), v(2, 2, 2, 2), v(1, 1, 2, 2)},
		Sizes:     func(o kernel.Options) []kernel.Params { return defaultSizes(o) },
		ParseSize: ParseSize, Supported: coopBlockSupported, Setup: coopBlockSetup,
	}
}

func coopBlockSupported(d *gpu.PhysicalDevice, v kernel.Variant) (bool, string) {
	_, ok, why := coopBlockGeom(d, v.Data.(blockCoop))
	return ok, why
}

func coopBlockSetup(d *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
	c := v.Data.(blockCoop)
	g, ok, why := coopBlockGeom(d.Phys, c)
	if !ok {
		return nil, kernel.Skipf("%s", why)
	}
	spec := func(k, n uint32) []uint32 {
		ch := g.cb / uint32(c.t.InBytes())
		vec := b2u(k%ch == 0) // every chunk one load
		return []uint32{g.sg * c.wm * c.wn, c.wm, c.wn, c.tm, c.tn, g.k, g.row.M, g.row.N, g.row.K, vec, g.stages}
	}
	inst, err := newCoopInstance(d, c.t, coopBlockShader(c, g.cb), g.bm, g.bn, g.sg, spec, true, p, o)
	if err != nil {
		return nil, err
	}
	inst.depth = g.depth
	return inst, nil
}

// coopBlockShader is variant c's shader for cb-byte chunks.
func coopBlockShader(c blockCoop, cb uint32) string {
	switch {
	case cb == 8:
		return "matmul_coopblock_" + c.t.Suffix + "_c8.comp"
	case c.steps8:
		return "matmul_coopblock_" + c.t.Suffix + "_i8.comp"
	}
	return "matmul_coopblock_" + c.t.Suffix + ".comp"
}

// coopBlockShaders are the shaders of a type's kernel: int8 also has the
// 8-byte-chunk build, f16acc the eight-step one.
func coopBlockShaders(t coopType) []string {
	plain := blockCoop{t: t}
	switch t.Suffix {
	case "int8":
		return []string{coopBlockShader(plain, 16), coopBlockShader(plain, 8)}
	case "f16acc":
		return []string{coopBlockShader(plain, 16), coopBlockShader(blockCoop{t: t, steps8: true}, 16)}
	}
	return []string{coopBlockShader(plain, 16)}
}
