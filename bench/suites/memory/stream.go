package memory

import (
	"fmt"
	"strconv"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/shaders"
)

type streamOp int

const (
	opRead streamOp = iota
	opWrite
	opCopy
	opTriad
	opTransfer // vkCmdCopyBuffer
)

var opShader = map[streamOp]string{
	opRead: "mem_read.comp", opWrite: "mem_write.comp", opCopy: "mem_copy.comp", opTriad: "mem_triad.comp",
}

type streamCfg struct {
	op  streamOp
	vec uint32 // words per access: 1 or 4 (0 for the transfer engine)
}

func streamVariant(op streamOp, vec uint32) kernel.Variant {
	if op == opTransfer {
		return kernel.Variant{Name: "transfer", Params: map[string]string{"engine": "vkCmdCopyBuffer"}, Data: streamCfg{op: op}}
	}
	name := "scalar"
	if vec == 4 {
		name = "vec4"
	}
	return kernel.Variant{Name: name, Params: map[string]string{"access_bytes": strconv.Itoa(int(4 * vec))}, Data: streamCfg{op: op, vec: vec}}
}

// maxInvocations bounds the grid of the streaming kernels; each
// invocation walks the buffer with a stride of the whole grid.
const maxInvocations = 1 << 18

// triadK is the scalar of the triad.
const triadK = 0x9E37

type streamInst struct {
	cfg        streamCfg
	dev        *gpu.Device
	bytes      uint64
	n          uint32 // elements of vec words
	inv        uint32 // invocations
	seed       uint32
	pipe       *gpu.ComputePipeline
	bufs       []*gpu.Buffer
	src, b, c  []uint32
	pushData   []byte
	own        gpu.Owned
	bytesMoved float64
}

func setupStream(d *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
	cfg := v.Data.(streamCfg)
	size := uint64(p["bytes"])
	if size == 0 {
		return nil, kernel.Skipf("no buffer size given (sizes are in bytes, e.g. 64KiB,256M)")
	}
	if cfg.op == opTransfer {
		// vkCmdCopyBuffer is bounded by allocation size and memory, not
		// by the storage-buffer range.
		if err := d.CheckAllocation(size); err != nil {
			return nil, kernel.Skipf("%v", err)
		}
	} else if err := d.CheckStorageSize(size); err != nil {
		return nil, kernel.Skipf("%v", err)
	}
	if size/4 > 1<<32-1 {
		return nil, kernel.Skipf("more than 2^32 words: 32-bit indices in the shader")
	}
	words := int(size / 4)
	inst := &streamInst{cfg: cfg, dev: d, bytes: size, seed: uint32(o.Seed)*0x85EBCA6B + 0x1234567}
	fail := func(err error) (kernel.Instance, error) {
		inst.Close()
		return nil, err
	}
	mk := func(what string) (*gpu.Buffer, error) {
		b, err := newBuffer(d, &inst.own, size, what)
		if err == nil {
			inst.bufs = append(inst.bufs, b)
		}
		return b, err
	}
	switch cfg.op {
	case opRead:
		inst.src = randomWords(o.Shared, words, o.Seed, 0)
		inst.bytesMoved = float64(size)
	case opWrite:
		inst.bytesMoved = float64(size)
	case opCopy, opTransfer:
		inst.src = randomWords(o.Shared, words, o.Seed, 0)
		inst.bytesMoved = 2 * float64(size)
	case opTriad:
		inst.b = randomWords(o.Shared, words, o.Seed, 1)
		inst.c = randomWords(o.Shared, words, o.Seed, 2)
		inst.bytesMoved = 3 * float64(size)
	}
	// Buffers: read: src, partial sums; write: dst; copy: src, dst;
	// triad: a, b, c.
	var err error
	switch cfg.op {
	case opRead:
		var src *gpu.Buffer
		if src, err = mk("source"); err != nil {
			return fail(err)
		}
		if err := gpu.Write(src, inst.src); err != nil {
			return fail(fmt.Errorf("upload source: %w", err))
		}
	case opWrite:
		var dst *gpu.Buffer
		if dst, err = mk("destination"); err != nil {
			return fail(err)
		}
		if err := poison(d, dst); err != nil {
			return fail(err)
		}
	case opCopy, opTransfer:
		src, err := mk("source")
		if err != nil {
			return fail(err)
		}
		if err := gpu.Write(src, inst.src); err != nil {
			return fail(fmt.Errorf("upload source: %w", err))
		}
		dst, err := mk("destination")
		if err != nil {
			return fail(err)
		}
		if err := poison(d, dst); err != nil {
			return fail(err)
		}
	case opTriad:
		a, err := mk("a")
		if err != nil {
			return fail(err)
		}
		if err := poison(d, a); err != nil {
			return fail(err)
		}
		for i, data := range [][]uint32{inst.b, inst.c} {
			buf, err := mk(string("bc"[i]))
			if err != nil {
				return fail(err)
			}
			if err := gpu.Write(buf, data); err != nil {
				return fail(fmt.Errorf("upload %c: %w", "bc"[i], err))
			}
		}
	}
	if cfg.op == opTransfer {
		return inst, nil
	}
	inst.n = uint32(words / int(cfg.vec))
	inv := (inst.n/16 + workgroup - 1) / workgroup * workgroup
	inst.inv = min(max(inv, workgroup), maxInvocations)
	if cfg.op == opRead {
		out, err := newBuffer(d, &inst.own, uint64(4*inst.inv), "partial sums")
		if err != nil {
			return fail(err)
		}
		if err := poison(d, out); err != nil {
			return fail(err)
		}
		inst.bufs = append(inst.bufs, out)
	}
	spirv, err := shaders.Get(opShader[cfg.op])
	if err != nil {
		return fail(err)
	}
	inst.pipe, err = d.NewComputePipeline(gpu.ComputeSpec{
		Name: opShader[cfg.op], SPIRV: spirv, Buffers: len(inst.bufs), PushSize: 12,
		SpecConstants: []uint32{workgroup, cfg.vec},
	})
	if err != nil {
		return fail(err)
	}
	inst.own.Add(inst.pipe.Close)
	inst.pipe.Bind(inst.bufs...)
	third := uint32(0)
	switch cfg.op {
	case opWrite:
		third = inst.seed
	case opTriad:
		third = triadK
	}
	inst.pushData = push(inst.n, inst.inv, third)
	return inst, nil
}

func (s *streamInst) Record(cb *gpu.CommandBuffer) {
	if s.cfg.op == opTransfer {
		cb.CopyUnordered(s.bufs[0], s.bufs[1], s.bytes)
		return
	}
	s.pipe.Dispatch(cb, s.pushData, s.inv/workgroup, 1, 1)
}

func (s *streamInst) Work() float64 { return s.bytesMoved }

func (s *streamInst) Extra(float64) map[string]float64 {
	x := map[string]float64{"bytes_per_dispatch": s.bytesMoved, "buffer_bytes": float64(s.bytes)}
	if s.inv > 0 {
		x["invocations"] = float64(s.inv)
	}
	return x
}

func (s *streamInst) Close() { s.own.Close() }

// writeHash is mem_write.comp's hash of word w.
func writeHash(w, seed uint32) uint32 {
	x := w*0x9E3779B1 + seed
	return x ^ x>>15
}

func (s *streamInst) download(b *gpu.Buffer, size uint64) ([]uint32, error) {
	w, err := gpu.Read[uint32](b, int(size/4))
	if err != nil {
		return nil, fmt.Errorf("read back: %w", err)
	}
	return w, nil
}

func (s *streamInst) Verify() (map[string]float64, error) {
	figs := map[string]float64{}
	var got []uint32
	var err error
	mismatch := func(what string, i int, g, w uint32, bad int, total int) error {
		figs["mismatches"] = float64(bad)
		return fmt.Errorf("%d of %d %s wrong; first: word %d = %#08x, want %#08x", bad, total, what, i, g, w)
	}
	switch s.cfg.op {
	case opRead:
		if got, err = s.download(s.bufs[1], uint64(4*s.inv)); err != nil {
			return nil, err
		}
		want := make([]uint32, s.inv)
		vec := int(s.cfg.vec)
		for i := 0; i < int(s.n); i++ {
			var e uint32
			for k := 0; k < vec; k++ {
				e += s.src[i*vec+k]
			}
			want[i%int(s.inv)] += e
		}
		figs["checked_sums"] = float64(s.inv)
		return figs, compare("partial sums", got, want, figs, mismatch)
	case opWrite:
		if got, err = s.download(s.bufs[0], s.bytes); err != nil {
			return nil, err
		}
		bad, first := 0, -1
		for i, g := range got {
			if g != writeHash(uint32(i), s.seed) {
				if first < 0 {
					first = i
				}
				bad++
			}
		}
		figs["checked_words"] = float64(len(got))
		if bad > 0 {
			return figs, mismatch("words", first, got[first], writeHash(uint32(first), s.seed), bad, len(got))
		}
		figs["mismatches"] = 0
		return figs, nil
	case opCopy, opTransfer:
		if got, err = s.download(s.bufs[1], s.bytes); err != nil {
			return nil, err
		}
		figs["checked_words"] = float64(len(got))
		return figs, compare("words", got, s.src, figs, mismatch)
	case opTriad:
		if got, err = s.download(s.bufs[0], s.bytes); err != nil {
			return nil, err
		}
		want := make([]uint32, len(s.b))
		for i := range want {
			want[i] = s.b[i] + triadK*s.c[i]
		}
		figs["checked_words"] = float64(len(got))
		return figs, compare("words", got, want, figs, mismatch)
	}
	return nil, fmt.Errorf("unknown operation")
}

func compare(what string, got, want []uint32, figs map[string]float64, mismatch func(string, int, uint32, uint32, int, int) error) error {
	bad, first := 0, -1
	for i := range want {
		if got[i] != want[i] {
			if first < 0 {
				first = i
			}
			bad++
		}
	}
	if bad > 0 {
		return mismatch(what, first, got[first], want[first], bad, len(want))
	}
	figs["mismatches"] = 0
	return nil
}
