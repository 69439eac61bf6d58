// Package pipelinekey hashes what the compiler is given for a pipeline,
// so that one pipeline built by many benchmarks (every size of a kernel
// variant, the classic pipeline of every mesh benchmark) is recognised as
// one, as fossil-db's pipeline hash recognises it. bench/gpu's compute
// pipelines and bench/gpu/graphics's graphics pipelines write their keys
// with it.
package pipelinekey

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
)

// Writer hashes the fields of a pipeline's creation.
type Writer struct{ h hash.Hash }

// New starts the key of a pipeline of kind ("compute", "graphics").
func New(kind string) Writer {
	k := Writer{sha256.New()}
	k.Str(kind)
	return k
}

// Str adds a string, its length first.
func (k Writer) Str(s string) {
	k.U32(uint32(len(s)))
	k.h.Write([]byte(s))
}

// Bytes adds a byte slice, its length first.
func (k Writer) Bytes(b []byte) {
	k.U32(uint32(len(b)))
	k.h.Write(b)
}

// U32 adds 32-bit values, little-endian.
func (k Writer) U32(vs ...uint32) {
	var b [4]byte
	for _, v := range vs {
		binary.LittleEndian.PutUint32(b[:], v)
		k.h.Write(b[:])
	}
}

// Bool adds a flag as a 32-bit 0 or 1.
func (k Writer) Bool(v bool) {
	if v {
		k.U32(1)
	} else {
		k.U32(0)
	}
}

// Sum is the key: 16 lower-case hex digits (64 bits of SHA-256), the
// shape of fossilize's pipeline hash.
func (k Writer) Sum() string { return hex.EncodeToString(k.h.Sum(nil)[:8]) }
