// Package cgorules holds what every call into vulkan-go from bench/gpu
// and its sibling packages (graphics, present, accel) must do to keep
// the cgo pointer rules: names in C memory (CString), Go slices pinned
// around the call (Pin), and long calls with the collector off
// (WithoutGC).
//
// vulkan-go (c-for-go) copies each Vulkan structure into C memory but
// stores pointers to Go strings and to slices of plain values (handles,
// words, views) in it as they are, which the cgo pointer rules allow only
// for pinned memory; GOEXPERIMENT=cgocheck2 (make test) stops the process
// at the first such write. Strings come from CString (C memory, made
// once); slices are pinned around the call with Pin.
package cgorules

import (
	"runtime"
	"runtime/debug"
	"sync"
	"unsafe"

	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
)

var cstrs sync.Map // string -> NUL-terminated string in C memory

// CString returns s NUL-terminated, as vulkan-go wants it, in C memory
// that lives for the process (radvbench uses a handful of fixed names).
func CString(s string) string {
	if v, ok := cstrs.Load(s); ok {
		return v.(string)
	}
	p := vkshim.Calloc(len(s) + 1)
	copy(unsafe.Slice((*byte)(p), len(s)), s)
	v, _ := cstrs.LoadOrStore(s, unsafe.String((*byte)(p), len(s)+1))
	return v.(string)
}

// Pin pins the backing arrays of the non-empty slices in ss until the
// returned function runs: defer Pin(a, b)().
func Pin[T any](ss ...[]T) func() {
	var p runtime.Pinner
	for _, s := range ss {
		if len(s) > 0 {
			p.Pin(unsafe.SliceData(s))
		}
	}
	return p.Unpin
}

// vulkan-go also frees the C copy of a slice-of-structures argument from a
// finalizer on a local that is unreachable once the C call has started
// (unpackArgS* in its cgo_helpers.go): a collection during a long call —
// pipeline creation compiles shaders for tens of milliseconds — frees the
// create info while the driver reads it (a SIGSEGV in
// vkCreateGraphicsPipelines, seen under load). WithoutGC runs such a call
// with the collector off; SetGCPercent(-1) waits for a cycle in progress,
// so no new one can find the local unreachable. Submissions, which run
// per sample, go through the shim's C path instead (gpu.Device.SubmitAsync).
var gcOff struct {
	sync.Mutex
	n, percent int
}

// WithoutGC runs fn with the garbage collector off (nested calls keep it
// off until the outermost returns) and returns its result.
func WithoutGC[T any](fn func() T) T {
	gcOff.Lock()
	if gcOff.n == 0 {
		gcOff.percent = debug.SetGCPercent(-1)
	}
	gcOff.n++
	gcOff.Unlock()
	defer func() {
		gcOff.Lock()
		gcOff.n--
		if gcOff.n == 0 {
			debug.SetGCPercent(gcOff.percent)
		}
		gcOff.Unlock()
	}()
	return fn()
}
