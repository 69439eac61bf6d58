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

// setupStream sets up one streaming benchmark: the buffer size checked,
// the inputs, the buffers and, but for the transfer engine, the pipeline.
func setupStream(d *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
	cfg := v.Data.(streamCfg)
	size := uint64(p["bytes"])
	if err := checkStreamSize(d, cfg.op, size); err != nil {
		return nil, err
	}
	inst := &streamInst{cfg: cfg, dev: d, bytes: size, seed: uint32(o.Seed)*0x85EBCA6B + 0x1234567}
	inst.makeInputs(o)
	if err := inst.makeBuffers(); err != nil {
		inst.Close()
		return nil, err
	}
	if cfg.op == opTransfer {
		return inst, nil
	}
	if err := inst.makePipeline(); err != nil {
		inst.Close()
		return nil, err
	}
	return inst, nil
}

// checkStreamSize skips a buffer size the benchmark cannot run: none
// given, more than the device allocates (the transfer engine) or binds as
// a storage buffer (the shaders), or more words than 32-bit indices reach.
func checkStreamSize(d *gpu.Device, op streamOp, size uint64) error {
	if size == 0 {
		return kernel.Skipf("no buffer size given (sizes are in bytes, e.g. 64KiB,256M)")
	}
	if op == opTransfer {
		// vkCmdCopyBuffer is bounded by allocation size and memory, not
		// by the storage-buffer range.
		if err := d.CheckAllocation(size); err != nil {
			return kernel.Skipf("%v", err)
		}
	} else if err := d.CheckStorageSize(size); err != nil {
		return kernel.Skipf("%v", err)
	}
	if size/4 > 1<<32-1 {
		return kernel.Skipf("more than 2^32 words: 32-bit indices in the shader")
	}
	return nil
}

// makeInputs draws the operation's input words (shared by the variants
// of one size) and counts the bytes one dispatch moves.
func (s *streamInst) makeInputs(o kernel.Options) {
	words := int(s.bytes / 4)
	switch s.cfg.op {
	case opRead:
		s.src = randomWords(o.Shared, words, o.Seed, 0)
		s.bytesMoved = float64(s.bytes)
	case opWrite:
		s.bytesMoved = float64(s.bytes)
	case opCopy, opTransfer:
		s.src = randomWords(o.Shared, words, o.Seed, 0)
		s.bytesMoved = 2 * float64(s.bytes)
	case opTriad:
		s.b = randomWords(o.Shared, words, o.Seed, 1)
		s.c = randomWords(o.Shared, words, o.Seed, 2)
		s.bytesMoved = 3 * float64(s.bytes)
	}
}

// newBuf makes one buffer of the benchmark's size, bound in the order
// made.
func (s *streamInst) newBuf(what string) (*gpu.Buffer, error) {
	b, err := newBuffer(s.dev, &s.own, s.bytes, what)
	if err == nil {
		s.bufs = append(s.bufs, b)
	}
	return b, err
}

// makeBuffers makes the operation's buffers, inputs uploaded and outputs
// poisoned: read: src (its partial sums come with the pipeline); write:
// dst; copy: src, dst; triad: a, b, c.
func (s *streamInst) makeBuffers() error {
	d := s.dev
	var err error
	switch s.cfg.op {
	case opRead:
		var src *gpu.Buffer
		if src, err = s.newBuf("source"); err != nil {
			return err
		}
		if err := gpu.Write(src, s.src); err != nil {
			return fmt.Errorf("upload source: %w", err)
		}
	case opWrite:
		var dst *gpu.Buffer
		if dst, err = s.newBuf("destination"); err != nil {
			return err
		}
		if err := poison(d, dst); err != nil {
			return err
		}
	case opCopy, opTransfer:
		src, err := s.newBuf("source")
		if err != nil {
			return err
		}
		if err := gpu.Write(src, s.src); err != nil {
			return fmt.Errorf("upload source: %w", err)
		}
		dst, err := s.newBuf("destination")
		if err != nil {
			return err
		}
		if err := poison(d, dst); err != nil {
			return err
		}
	case opTriad:
		a, err := s.newBuf("a")
		if err != nil {
			return err
		}
		if err := poison(d, a); err != nil {
			return err
		}
		for i, data := range [][]uint32{s.b, s.c} {
			buf, err := s.newBuf(string("bc"[i]))
			if err != nil {
				return err
			}
			if err := gpu.Write(buf, data); err != nil {
				return fmt.Errorf("upload %c: %w", "bc"[i], err)
			}
		}
	}
	return nil
}

// makePipeline sizes the grid (a stride of the whole grid, at most
// maxInvocations), makes the read's partial sums, and builds and binds the
// operation's shader with its push constants.
func (s *streamInst) makePipeline() error {
	d := s.dev
	s.n = uint32(int(s.bytes/4) / int(s.cfg.vec))
	inv := (s.n/16 + workgroup - 1) / workgroup * workgroup
	s.inv = min(max(inv, workgroup), maxInvocations)
	if s.cfg.op == opRead {
		out, err := newBuffer(d, &s.own, uint64(4*s.inv), "partial sums")
		if err != nil {
			return err
		}
		if err := poison(d, out); err != nil {
			return err
		}
		s.bufs = append(s.bufs, out)
	}
	spirv, err := shaders.Get(opShader[s.cfg.op])
	if err != nil {
		return err
	}
	s.pipe, err = d.NewComputePipeline(gpu.ComputeSpec{
		Name: opShader[s.cfg.op], SPIRV: spirv, Buffers: len(s.bufs), PushSize: 12,
		SpecConstants: []uint32{workgroup, s.cfg.vec},
	})
	if err != nil {
		return err
	}
	s.own.Add(s.pipe.Close)
	s.pipe.Bind(s.bufs...)
	third := uint32(0)
	switch s.cfg.op {
	case opWrite:
		third = s.seed
	case opTriad:
		third = triadK
	}
	s.pushData = push(s.n, s.inv, third)
	return nil
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
