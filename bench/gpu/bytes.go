package gpu

import (
	"fmt"
	"unsafe"
)

// Word is a fixed-size number type whose slices radvbench uploads to and
// reads back from buffers as raw little-endian bytes.
type Word interface {
	~int8 | ~uint8 | ~int16 | ~uint16 | ~int32 | ~uint32 | ~int64 | ~uint64 | ~float32 | ~float64
}

// BytesOf views xs as its bytes in host order (little-endian on every
// host radvbench runs on), without copying: the only unsafe byte view in
// radvbench. The view aliases xs; pass it to Upload (which copies) rather
// than keeping it.
func BytesOf[T Word](xs []T) []byte {
	if len(xs) == 0 {
		return nil
	}
	var zero T
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(xs))), len(xs)*int(unsafe.Sizeof(zero)))
}

// Write uploads xs to the start of b.
func Write[T Word](b *Buffer, xs []T) error { return b.Upload(BytesOf(xs)) }

// Read downloads the first n elements of b into a new slice.
func Read[T Word](b *Buffer, n int) ([]T, error) {
	if n < 0 {
		return nil, fmt.Errorf("read %d elements", n)
	}
	out := make([]T, n)
	if err := b.Download(BytesOf(out)); err != nil {
		return nil, err
	}
	return out, nil
}
