package matmul

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/shaders"
)

// splitReduce is the split-K half of a block instance: the block kernel
// writes S partial products of C into part (S×M×N floats), and the
// reduction (matmul_splitk.comp) adds them into C in slice order, so the
// result is the same on every run. Both dispatches are the timed work.
type splitReduce struct {
	slices uint32
	part   *gpu.Buffer
	pipe   *gpu.ComputePipeline
	push   []byte
	groups uint32
}

// splitFor is the split-K of a block variant at M×N×K on d: the fixed
// one, or the chooser's (chooseSplit) for -splitk, which skips the size
// when the chooser makes no split (the unsplit variant measures that).
func splitFor(d *gpu.PhysicalDevice, b blockShape, m, n, k uint32) (uint32, error) {
	switch {
	case b.split == splitAuto:
		bm, bn, slots := b.wy*b.tm, b.wx*b.tn, slotsOf(d)
		s := chooseSplit(m, n, k, bm, bn, slots)
		if s > 1 {
			return s, nil
		}
		if blocks := ((m + bm - 1) / bm) * ((n + bn - 1) / bn); blocks >= slots {
			return 1, kernel.Skipf("no split-K chosen: %d blocks of %dx%d fill the device's ~%d concurrent workgroups (the unsplit variant measures this size)", blocks, bm, bn, slots)
		}
		return 1, kernel.Skipf("no split-K chosen: K=%d is too shallow for slices of at least %d (the unsplit variant measures this size)", k, minSliceK)
	case b.split > 1:
		return b.split, nil
	}
	return 1, nil
}

// newSplitReduce allocates the partial products of an S-way split of an
// m×n C and builds the reduction into c.
func newSplitReduce(d *gpu.Device, slices uint32, m, n int, c *gpu.Buffer) (*splitReduce, error) {
	elems := uint64(slices) * uint64(m) * uint64(n)
	if elems > math.MaxUint32 {
		return nil, kernel.Skipf("split-K partial products of %d elements: 32-bit indices in the shader", elems)
	}
	if err := d.CheckStorageSize(4 * elems); err != nil {
		return nil, kernel.Skipf("split-K partial products: %v", err)
	}
	spirv, err := shaders.Get("matmul_splitk.comp")
	if err != nil {
		return nil, err
	}
	mn := uint32(m * n)
	vec := mn%4 == 0
	count := mn
	if vec {
		count /= 4
	}
	s := &splitReduce{slices: slices, push: make([]byte, 8)}
	s.groups = min((count+255)/256, d.Phys.Limits.MaxComputeWorkGroupCount[0])
	binary.LittleEndian.PutUint32(s.push[0:], count)
	binary.LittleEndian.PutUint32(s.push[4:], slices)
	if s.part, err = d.NewBufferUsage(4*elems, gpu.DeviceLocal, 0); err != nil {
		return nil, fmt.Errorf("allocate split-K partial products (%d bytes): %w", 4*elems, err)
	}
	if s.pipe, err = d.NewComputePipeline(gpu.ComputeSpec{
		Name: "matmul_splitk.comp", SPIRV: spirv, Buffers: 2, PushSize: 8, SpecConstants: []uint32{b2u(vec)},
	}); err != nil {
		s.part.Close()
		return nil, err
	}
	s.pipe.Bind(s.part, c)
	return s, nil
}

// record records the reduction, after a barrier that makes the block
// kernel's partial products visible to it.
func (s *splitReduce) record(cb *gpu.CommandBuffer) {
	cb.Barrier()
	s.pipe.Dispatch(cb, s.push, s.groups, 1, 1)
}

func (s *splitReduce) Close() {
	s.pipe.Close()
	s.part.Close()
}
