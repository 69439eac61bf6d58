package gpu

// vulkan-go (c-for-go) copies each Vulkan structure into C memory but
// stores pointers to Go strings and to slices of plain values (handles,
// words, views) in it as they are, which the cgo pointer rules allow only
// for pinned memory; GOEXPERIMENT=cgocheck2 (make test) stops the process
// at the first such write. Strings come from cstr (C memory, made once);
// slices are pinned around the call with pin.

import (
	"runtime"
	"sync"
	"unsafe"

	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
)

var cstrs sync.Map // string -> NUL-terminated string in C memory

// cstr returns s NUL-terminated, as vulkan-go wants it, in C memory that
// lives for the process (radvbench uses a handful of fixed names).
func cstr(s string) string {
	if v, ok := cstrs.Load(s); ok {
		return v.(string)
	}
	p := vkshim.Calloc(len(s) + 1)
	copy(unsafe.Slice((*byte)(p), len(s)), s)
	v, _ := cstrs.LoadOrStore(s, unsafe.String((*byte)(p), len(s)+1))
	return v.(string)
}

// pin pins the backing arrays of the non-empty slices in ss until the
// returned function runs: defer pin(a, b)().
func pin[T any](ss ...[]T) func() {
	var p runtime.Pinner
	for _, s := range ss {
		if len(s) > 0 {
			p.Pin(unsafe.SliceData(s))
		}
	}
	return p.Unpin
}
