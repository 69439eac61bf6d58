package matmul

import (
	"fmt"

	"github.com/radvbench/radvbench/bench/gpu"
)

// limits is what the configuration chooser needs of a device: the block
// kernels pick their pipeline depth from it, so every configuration fits
// the device it runs on (48 KiB of shared memory on NVIDIA, 64 KiB on
// RDNA, 32 KiB or less on CPU implementations).
type limits struct {
	shared      uint32    // maxComputeSharedMemorySize, bytes
	invocations uint32    // maxComputeWorkGroupInvocations
	size        [2]uint32 // maxComputeWorkGroupSize x, y
}

func limitsOf(d *gpu.PhysicalDevice) limits {
	l := d.Limits
	return limits{shared: l.MaxComputeSharedMemorySize, invocations: l.MaxComputeWorkGroupInvocations,
		size: [2]uint32{l.MaxComputeWorkGroupSize[0], l.MaxComputeWorkGroupSize[1]}}
}

// depth is a pipeline depth: k K-units per shared-memory stage (floats
// for the fp32 block kernel, cooperative-matrix K tiles for coopblock)
// and 1 or 2 stages (2: the next step's loads overlap this step's math).
type depth struct{ k, stages uint32 }

// ladder lists the depths to try, deepest first, up to kmax K-units a
// stage and down to minK: double buffering is kept as long as any depth
// allows it, then single buffering.
func ladder(kmax, minK uint32) []depth {
	var out []depth
	for _, stages := range []uint32{2, 1} {
		for k := kmax; k >= minK; k /= 2 {
			out = append(out, depth{k, stages})
		}
	}
	return out
}

// deepest picks the first depth of the ladder whose shared memory (bytes)
// fits the device; ok is false, with the reason, when none does (the
// smallest configuration then still does not fit).
func deepest(lad []depth, bytes func(depth) uint32, lim limits) (d depth, shared uint32, ok bool, why string) {
	for _, d := range lad {
		if b := bytes(d); b <= lim.shared {
			return d, b, true, ""
		}
	}
	last := lad[len(lad)-1]
	return last, bytes(last), false, fmt.Sprintf("needs %d bytes of shared memory even at its smallest depth (K-step %d, %d stage), the device has %d",
		bytes(last), last.k, last.stages, lim.shared)
}
