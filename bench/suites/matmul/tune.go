package matmul

import (
	"github.com/radvbench/radvbench/bench/kernel"
)

// The tunable spaces of the matmul families ('radvbench tune'): each
// family's specialization constants and the values a sweep tries. Every
// point is built with the family's own variant constructor, so a tuned
// variant is named exactly as the registered one of the same
// configuration, and kernel.Fits checks it with the family's Supported
// (shared memory, workgroup limits, subgroups, cooperative-matrix shapes)
// before it is ever run. A new family adds its space in spaceOf.

// init sets the tunable space of each matmul kernel that has one, once
// the suite is registered (matmul.go's init runs first: the go tool
// initializes a package's files in file-name order; were it not so, the
// lookup fails here at start-up, never silently).
func init() {
	ss, err := kernel.Lookup([]string{"matmul"})
	if err != nil {
		panic("matmul: tunable spaces set before the suite is registered: " + err.Error())
	}
	for _, k := range ss[0].Kernels {
		k.Space = spaceOf(k)
	}
}

// spaceOf is kernel k's tunable space (nil: not tuned).
func spaceOf(k *kernel.Kernel) *kernel.Space {
	wg := []int{4, 8, 16, 32}
	micro := []int{1, 2, 4, 8}
	switch k.Name {
	case "naive":
		return &kernel.Space{
			Params: []kernel.Param{{Name: "wx", Values: wg}, {Name: "wy", Values: wg}},
			Variant: func(p kernel.Point) (kernel.Variant, bool) {
				return naive(u(p["wx"]), u(p["wy"])), true
			},
		}
	case "tiled":
		return &kernel.Space{
			Params:  []kernel.Param{{Name: "tile", Values: []int{4, 8, 16, 32}}},
			Variant: func(p kernel.Point) (kernel.Variant, bool) { return tiled(u(p["tile"])), true },
		}
	case "regblock":
		return regblockSpace("matmul_regblock.comp", fp32)
	case "f16storage":
		return regblockSpace("matmul_f16storage.comp", fp16Storage)
	case "f16arith":
		return regblockSpace("matmul_f16arith.comp", fp16Arith)
	case "direct":
		return &kernel.Space{
			Params: []kernel.Param{{Name: "wx", Values: []int{4, 8, 16}}, {Name: "wy", Values: []int{1, 4, 8, 16}},
				{Name: "tm", Values: micro}, {Name: "tn", Values: micro}},
			Variant: func(p kernel.Point) (kernel.Variant, bool) {
				return direct(u(p["wx"]), u(p["wy"]), u(p["tm"]), u(p["tn"])), true
			},
		}
	case "lanes":
		// TM8 and TN4 are 1 or 2 (the shader's accumulators hold 16 rows
		// of two column groups); WX at least one subgroup's 8 lanes.
		return &kernel.Space{
			Params: []kernel.Param{{Name: "wx", Values: []int{8, 16, 32, 64}}, {Name: "tm8", Values: []int{1, 2}}, {Name: "tn4", Values: []int{1, 2}}},
			Variant: func(p kernel.Point) (kernel.Variant, bool) {
				return lanes(u(p["wx"]), u(p["tm8"]), u(p["tn4"])), true
			},
		}
	case "block":
		// TM and TN are multiples of 4 (16-byte vectors); the K-step (at
		// most 16, as registered: the variant's name does not carry it) is
		// the chooser's, within the device's shared memory. splitk 1 is
		// no split; 2, 4, 8 split K that many ways (-splitkS), whatever
		// the chooser would pick, so the sweep measures each; 0 is the
		// chooser's split (-splitk, as registered).
		return &kernel.Space{
			Params: []kernel.Param{{Name: "wx", Values: []int{8, 16, 32}}, {Name: "wy", Values: []int{8, 16, 32}},
				{Name: "tm", Values: []int{4, 8}}, {Name: "tn", Values: []int{4, 8}}, {Name: "splitk", Values: []int{1, 0, 2, 4, 8}}},
			Variant: func(p kernel.Point) (kernel.Variant, bool) {
				split := u(p["splitk"])
				if split == 0 {
					split = splitAuto
				}
				return blockSplit(u(p["wx"]), u(p["wy"]), u(p["tm"]), u(p["tn"]), 16, split), true
			},
		}
	}
	if len(k.Variants) > 0 {
		switch c := k.Variants[0].Data.(type) {
		case coopConfig:
			return coopSpace(c.t)
		case blockCoop:
			return coopBlockSpace(c.t)
		}
	}
	return nil
}

// coopBlockSpace is the space of the block cooperative-matrix kernel of
// type t: subgroups per workgroup and accumulator tiles per subgroup, at
// most 8 a subgroup (with more, RADV keeps them in scratch memory); the
// depth is the chooser's.
func coopBlockSpace(t coopType) *kernel.Space {
	n := []int{1, 2, 4}
	return &kernel.Space{
		Params: []kernel.Param{{Name: "wm", Values: n}, {Name: "wn", Values: n}, {Name: "tm", Values: n}, {Name: "tn", Values: n}},
		Variant: func(p kernel.Point) (kernel.Variant, bool) {
			if p["tm"]*p["tn"] > 8 {
				return kernel.Variant{}, false
			}
			return coopBlockVariant(t, u(p["wm"]), u(p["wn"]), u(p["tm"]), u(p["tn"])), true
		},
	}
}

// regblockSpace is the space of the register-blocked kernels (fp32, fp16
// storage, fp16 arithmetic share the shader body).
func regblockSpace(shader string, dt dtype) *kernel.Space {
	return &kernel.Space{
		Params: []kernel.Param{{Name: "wx", Values: []int{8, 16, 32}}, {Name: "wy", Values: []int{4, 8, 16}},
			{Name: "tm", Values: []int{2, 4, 8}}, {Name: "tn", Values: []int{2, 4, 8}}, {Name: "bk", Values: []int{8, 16, 32}}},
		Variant: func(p kernel.Point) (kernel.Variant, bool) {
			return regblock(shader, dt, u(p["wx"]), u(p["wy"]), u(p["tm"]), u(p["tn"]), u(p["bk"])), true
		},
	}
}

// coopSpace is the space of the cooperative-matrix kernel of type t:
// subgroups per workgroup, accumulator tiles per subgroup, K tiles per
// shared-memory step (the tile shape itself is the device's).
func coopSpace(t coopType) *kernel.Space {
	n := []int{1, 2, 4}
	return &kernel.Space{
		Params: []kernel.Param{{Name: "wm", Values: n}, {Name: "wn", Values: n}, {Name: "tm", Values: n}, {Name: "tn", Values: n},
			{Name: "ks", Values: []int{1, 2, 4, 8}}},
		Variant: func(p kernel.Point) (kernel.Variant, bool) {
			return coopVariant(t, u(p["wm"]), u(p["wn"]), u(p["tm"]), u(p["tn"]), u(p["ks"])), true
		},
	}
}

func u(x int) uint32 { return uint32(x) }
