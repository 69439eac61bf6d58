package gpu

// A pipeline's key: what the compiler is given, hashed, so that one
// pipeline built by many benchmarks (every size of a kernel variant, the
// classic pipeline of every mesh benchmark) is recognised as one, as
// fossil-db's pipeline hash recognises it.

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
)

// keyWriter hashes the fields of a pipeline's creation.
type keyWriter struct{ h hash.Hash }

func newKeyWriter(kind string) keyWriter {
	k := keyWriter{sha256.New()}
	k.str(kind)
	return k
}

func (k keyWriter) str(s string) {
	k.u32(uint32(len(s)))
	k.h.Write([]byte(s))
}

func (k keyWriter) bytes(b []byte) {
	k.u32(uint32(len(b)))
	k.h.Write(b)
}

func (k keyWriter) u32(vs ...uint32) {
	var b [4]byte
	for _, v := range vs {
		binary.LittleEndian.PutUint32(b[:], v)
		k.h.Write(b[:])
	}
}

func (k keyWriter) bool(v bool) {
	if v {
		k.u32(1)
	} else {
		k.u32(0)
	}
}

// sum is the key: 16 lower-case hex digits (64 bits of SHA-256), the
// shape of fossilize's pipeline hash.
func (k keyWriter) sum() string { return hex.EncodeToString(k.h.Sum(nil)[:8]) }

// Key is the compute pipeline's key: SHA-256 of its name, SPIR-V,
// specialization constants, required subgroup size and layout (buffers,
// acceleration structures, push-constant size). Sizes a benchmark passes
// in buffers or push constants are not in it.
func (s ComputeSpec) Key() string {
	k := newKeyWriter("compute")
	k.str(s.Name)
	k.bytes(s.SPIRV)
	k.u32(uint32(len(s.SpecConstants)))
	k.u32(s.SpecConstants...)
	k.u32(s.RequiredSubgroupSize, uint32(s.Buffers), uint32(s.Accels), s.PushSize)
	return k.sum()
}

// Key is the graphics pipeline's key: SHA-256 of its name, every stage
// (stage, SPIR-V, specialization constants), the layout (buffers,
// push-constant size), the vertex input, culling, the depth test and the
// render target's formats. The render target's size is not in it (a
// viewport is no input of the shader compiler).
func (s GraphicsSpec) Key() string {
	k := newKeyWriter("graphics")
	k.str(s.Name)
	k.u32(uint32(len(s.Stages)))
	for _, st := range s.Stages {
		k.u32(uint32(st.Stage))
		k.str(st.Name)
		k.bytes(st.SPIRV)
		k.u32(uint32(len(st.SpecConstants)))
		k.u32(st.SpecConstants...)
	}
	k.u32(uint32(s.Buffers), s.PushSize)
	k.u32(uint32(len(s.VertexBindings)))
	for _, b := range s.VertexBindings {
		k.u32(b.Binding, b.Stride)
		k.bool(b.PerInstance)
	}
	k.u32(uint32(len(s.VertexAttributes)))
	for _, a := range s.VertexAttributes {
		k.u32(a.Location, a.Binding, uint32(a.Format), a.Offset)
	}
	k.bool(s.CullBack)
	k.bool(s.DepthTest)
	if s.Target != nil {
		k.u32(uint32(s.Target.ColorFormat), uint32(s.Target.DepthFormat))
	}
	return k.sum()
}
