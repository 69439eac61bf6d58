package memory

import (
	"fmt"
	"math/bits"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/shaders"
)

type tlbCfg struct {
	stride int64
	random bool
}

func tlbVariant(stride int64, random bool) kernel.Variant {
	order, name := "sequential", "stride"
	if random {
		order, name = "random", "random"
	}
	label := fmt.Sprintf("%dk", stride/kib)
	if stride >= mib {
		label = fmt.Sprintf("%dm", stride/mib)
	}
	return kernel.Variant{
		Name:   name + label,
		Params: map[string]string{"page_stride": fmt.Sprint(stride), "order": order},
		Data:   tlbCfg{stride: stride, random: random},
	}
}

// TLB sweep shape: tlbInvocations invocations, tlbIters accesses each, so
// every dispatch makes the same number of accesses whatever the footprint.
const (
	tlbInvocations = 1 << 14
	tlbIters       = 16
	lineBytes      = 64
	tlbMulA        = 0x9E3779B1 // odd: page·A + B mod 2^k is a bijection
)

type tlbInst struct {
	cfg       tlbCfg
	footprint uint64
	pages     uint32
	data      []uint32
	pushVals  []uint32
	pipe      *gpu.ComputePipeline
	buf, out  *gpu.Buffer
	own       gpu.Owned
}

func setupTLB(d *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
	cfg := v.Data.(tlbCfg)
	fp := p["bytes"]
	if fp < cfg.stride {
		return nil, kernel.Skipf("footprint %d bytes is smaller than the page stride %d", fp, cfg.stride)
	}
	// Whole pages, a power of two of them (the page order is a mask).
	pages := uint64(1) << (63 - bits.LeadingZeros64(uint64(fp/cfg.stride)))
	footprint := pages * uint64(cfg.stride)
	if err := d.CheckStorageSize(footprint); err != nil {
		return nil, kernel.Skipf("%v", err)
	}
	if footprint/16 > 1<<32-1 {
		return nil, kernel.Skipf("footprint beyond 2^32 16-byte elements: 32-bit indices in the shader")
	}
	inst := &tlbInst{cfg: cfg, footprint: footprint, pages: uint32(pages)}
	fail := func(err error) (kernel.Instance, error) {
		inst.Close()
		return nil, err
	}
	inst.data = randomWords(o.Shared, int(footprint/4), o.Seed, 3)
	var err error
	if inst.buf, err = newBuffer(d, &inst.own, footprint, "footprint"); err != nil {
		return fail(err)
	}
	if err := gpu.Write(inst.buf, inst.data); err != nil {
		return fail(fmt.Errorf("upload: %w", err))
	}
	if inst.out, err = newBuffer(d, &inst.own, 4*tlbInvocations, "sums"); err != nil {
		return fail(err)
	}
	if err := poison(d, inst.out); err != nil {
		return fail(err)
	}
	spirv, err := shaders.Get("mem_tlb.comp")
	if err != nil {
		return fail(err)
	}
	random := uint32(0)
	if cfg.random {
		random = 1
	}
	if inst.pipe, err = d.NewComputePipeline(gpu.ComputeSpec{
		Name: "mem_tlb.comp", SPIRV: spirv, Buffers: 2, PushSize: 28, SpecConstants: []uint32{workgroup, random},
	}); err != nil {
		return fail(err)
	}
	inst.own.Add(inst.pipe.Close)
	inst.pipe.Bind(inst.buf, inst.out)
	lines := uint32(cfg.stride / lineBytes)
	inst.pushVals = []uint32{uint32(pages - 1), uint32(cfg.stride / 16), lines - 1, tlbIters, tlbInvocations, tlbMulA, uint32(o.Seed) * 2654435761}
	return inst, nil
}

func (t *tlbInst) Record(cb *gpu.CommandBuffer) {
	t.pipe.Dispatch(cb, push(t.pushVals...), tlbInvocations/workgroup, 1, 1)
}

const tlbAccesses = tlbInvocations * tlbIters

func (t *tlbInst) Work() float64 { return tlbAccesses * lineBytes }

// base is the first 16-byte element of access k of invocation g (mirrors
// mem_tlb.comp).
func (t *tlbInst) base(g, k uint32) uint32 {
	v := t.pushVals
	page := (g + k*v[4]) & v[0]
	if t.cfg.random {
		page = (page*v[5] + v[6]) & v[0]
	}
	return page*v[1] + 4*(page&v[2])
}

func (t *tlbInst) Verify() (map[string]float64, error) {
	got, err := gpu.Read[uint32](t.out, tlbInvocations)
	if err != nil {
		return nil, fmt.Errorf("read back sums: %w", err)
	}
	bad, first := 0, -1
	var want0 uint32
	distinct := map[uint32]bool{}
	for g := uint32(0); g < tlbInvocations; g++ {
		var sum uint32
		for k := uint32(0); k < tlbIters; k++ {
			b := t.base(g, k)
			if len(distinct) < 1<<16 {
				distinct[b] = true
			}
			for w := 4 * b; w < 4*b+16; w++ {
				sum += t.data[w]
			}
		}
		if got[g] != sum {
			if first < 0 {
				first, want0 = int(g), sum
			}
			bad++
		}
	}
	figs := map[string]float64{"checked_sums": tlbInvocations, "mismatches": float64(bad)}
	if bad > 0 {
		return figs, fmt.Errorf("%d of %d invocation sums wrong; first: invocation %d = %#08x, want %#08x", bad, tlbInvocations, first, got[first], want0)
	}
	return figs, nil
}

func (t *tlbInst) Extra(medianNS float64) map[string]float64 {
	x := map[string]float64{
		"bytes_per_dispatch":    t.Work(),
		"accesses_per_dispatch": tlbAccesses,
		"footprint_bytes":       float64(t.footprint),
		"pages":                 float64(t.pages),
		"page_stride_bytes":     float64(t.cfg.stride),
	}
	if medianNS > 0 {
		x["ns_per_access"] = medianNS / tlbAccesses
	}
	return x
}

func (t *tlbInst) Close() { t.own.Close() }
