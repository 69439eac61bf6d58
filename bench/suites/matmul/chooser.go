package matmul

import (
	"fmt"
	"os"
	"runtime"
	"strconv"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/describe"
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

// splitSlices are the K splits the chooser picks from (1: none).
var splitSlices = []uint32{2, 4, 8}

// minSliceK is the shallowest K slice the chooser makes: the reduction
// reads S partial products of C (S·M·N floats), which a slice of 256 k
// or more keeps to a few percent of the GEMM's own loads.
const minSliceK = 256

// chooseSplit is the split-K of an M×N×K GEMM in bm×bn blocks on a
// device that runs slots workgroups at once: 1 (none) when the blocks
// alone fill the device, else the smallest of splitSlices whose slices
// fill it, or the largest that keeps every slice minSliceK deep.
func chooseSplit(m, n, k, bm, bn, slots uint32) uint32 {
	blocks := uint64((m+bm-1)/bm) * uint64((n+bn-1)/bn)
	if blocks >= uint64(slots) {
		return 1
	}
	s := uint32(1)
	for _, try := range splitSlices {
		if k/try < minSliceK {
			break
		}
		s = try
		if blocks*uint64(try) >= uint64(slots) {
			break
		}
	}
	return s
}

// slotsOf estimates how many workgroups of a block kernel the device
// runs at once (Vulkan reports no compute-unit count): a CPU
// implementation one per thread (lavapipe: LP_NUM_THREADS or the CPU
// count), a GPU of the device table two per CU, another discrete GPU 128
// (today's large GPUs have 84-132 CUs or SMs), any other GPU 32.
func slotsOf(d *gpu.PhysicalDevice) uint32 {
	cus := 0
	if sku, ok := describe.SKU(d); ok {
		cus = sku.CUs
	}
	return slots(describe.TypeName(d), cus, cpuThreads())
}

// slots is slotsOf's rule, by device type, CUs (0: unknown) and threads.
func slots(typ string, cus, threads int) uint32 {
	switch {
	case typ == "cpu":
		return uint32(max(1, threads))
	case cus > 0:
		return uint32(2 * cus)
	case typ == "discrete-gpu":
		return 128
	default:
		return 32
	}
}

// cpuThreads is how many threads lavapipe runs workgroups on: its
// LP_NUM_THREADS when set, else one per CPU.
func cpuThreads() int {
	if n, err := strconv.Atoi(os.Getenv("LP_NUM_THREADS")); err == nil && n > 0 {
		return n
	}
	return runtime.NumCPU()
}
