package matmul

import (
	"fmt"
	"strconv"

	"github.com/radvbench/radvbench/bench/kernel"
)

// blockShape is a variant of the fp32 block kernel (matmul_block.comp): a
// wx×wy workgroup of tm×tn micro-tiles; the K-step (at most kmax floats)
// and the stages are chosen per device by blockFit. split is the
// split-K: 0 or 1 none, splitAuto the chooser's per device and size
// (chooseSplit), 2, 4 or 8 fixed (the tuning sweep's).
type blockShape struct{ wx, wy, tm, tn, kmax, split uint32 }

// splitAuto marks a block variant whose split-K the chooser picks.
const splitAuto = ^uint32(0)

// blockGeometry is a block variant fitted to a device.
type blockGeometry struct {
	depth
	spec   []uint32 // without VEC, which setup sets per size
	shared uint32
}

// bytes is the shared memory of the shape at a depth: A transposed with
// rows padded by 4 floats, B unpadded, per stage.
func (b blockShape) bytes(d depth) uint32 {
	return 4 * d.stages * d.k * (b.wy*b.tm + 4 + b.wx*b.tn)
}

// blockFit chooses the deepest K-step (16, 8 or 4 floats, at most kmax)
// and stage count whose shared memory fits the device.
func blockFit(b blockShape, lim limits) (g blockGeometry, ok bool, why string) {
	if b.wx*b.wy > lim.invocations || b.wx > lim.size[0] || b.wy > lim.size[1] {
		return g, false, fmt.Sprintf("workgroup %dx%d exceeds the device's limits", b.wx, b.wy)
	}
	if g.depth, g.shared, ok, why = deepest(ladder(b.kmax, 4), b.bytes, lim); !ok {
		return g, false, why
	}
	g.spec = []uint32{b.wx, b.wy, b.tm, b.tn, g.k, g.stages}
	return g, true, ""
}

func block(wx, wy, tm, tn, kmax uint32) kernel.Variant {
	return blockSplit(wx, wy, tm, tn, kmax, 0)
}

// blockSplit is a block variant with split-K: named -splitk when the
// chooser picks the split (splitAuto), -splitkS for a fixed S > 1, and as
// block's own without one.
func blockSplit(wx, wy, tm, tn, kmax, split uint32) kernel.Variant {
	v := kernel.Variant{
		Name: fmt.Sprintf("b%dx%d-t%dx%d", wy*tm, wx*tn, tm, tn),
		Params: map[string]string{
			"wg": fmt.Sprintf("%dx%d", wx, wy), "tm": strconv.Itoa(int(tm)), "tn": strconv.Itoa(int(tn)),
			"bkmax": strconv.Itoa(int(kmax)),
		},
		Data: config{shader: "matmul_block.comp", wx: wx, wy: wy, bm: wy * tm, bn: wx * tn,
			block: &blockShape{wx: wx, wy: wy, tm: tm, tn: tn, kmax: kmax, split: split}},
	}
	switch {
	case split == splitAuto:
		v.Name += "-splitk"
		v.Params["splitk"] = "auto"
	case split > 1:
		v.Name += fmt.Sprintf("-splitk%d", split)
		v.Params["splitk"] = strconv.Itoa(int(split))
	}
	return v
}

// blockVariants: 128×128 and 64×128 / 128×64 blocks of 8×8 micro-tiles
// (the shapes GPU GEMMs use), two 64×64 blocks for small problems and
// CPU implementations, and the 128×128 and 64×64 8×8 blocks with the
// chooser's split-K, for sizes whose blocks underfill the device.
func blockVariants() []kernel.Variant {
	return []kernel.Variant{
		block(16, 16, 8, 8, 16),
		block(16, 8, 8, 8, 16),
		block(8, 16, 8, 8, 16),
		block(8, 8, 8, 8, 16),
		block(16, 16, 4, 4, 16),
		blockSplit(16, 16, 8, 8, 16, splitAuto),
		blockSplit(8, 8, 8, 8, 16, splitAuto),
	}
}

// blockKernel adds the split-K reduction to the block kernel's shaders.
func blockKernel(k *kernel.Kernel) *kernel.Kernel {
	k.Shaders = append(k.Shaders, "matmul_splitk.comp")
	return k
}

// Extra records the depth the chooser gave a block kernel on this device
// (K-step in floats or cooperative-matrix tiles, and stages), and a
// split-K variant's slices: the variant names the block, the device
// decides how deep it is pipelined and (-splitk) how K is split.
func (i *instance) Extra(float64) map[string]float64 {
	if i.depth.k == 0 {
		return nil
	}
	x := map[string]float64{"k_step": float64(i.depth.k), "stages": float64(i.depth.stages)}
	if i.split != nil {
		x["split_k"] = float64(i.split.slices)
	}
	return x
}
