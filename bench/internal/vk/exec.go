package vk

/*
#include <stdlib.h>
#include "exec.h"
*/
import "C"

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"unsafe"

	vulkan "github.com/vulkan-go/vulkan"
)

// PipelineCreateCaptureStatistics and PipelineCreateCaptureInternalRepresentations
// are VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR and
// VK_PIPELINE_CREATE_CAPTURE_INTERNAL_REPRESENTATIONS_BIT_KHR (vulkan-go's
// 1.1.88 headers predate them).
const (
	PipelineCreateCaptureStatistics              = 0x40
	PipelineCreateCaptureInternalRepresentations = 0x80
)

// ErrNoPipelineExecutables reports a device table loaded without
// VK_KHR_pipeline_executable_properties.
var ErrNoPipelineExecutables = errors.New("VK_KHR_pipeline_executable_properties is not enabled on this device")

// Executable is one VkPipelineExecutablePropertiesKHR: one hardware shader
// the driver compiled a pipeline into (RADV: one per merged stage).
type Executable struct {
	// Index is the executableIndex the other queries take.
	Index             int
	Name, Description string
	// Stages is the VkShaderStageFlags of the API stages it runs.
	Stages       uint32
	SubgroupSize uint32
}

// StatisticFormat is a VkPipelineExecutableStatisticFormatKHR.
type StatisticFormat uint32

// The four statistic formats.
const (
	StatisticBool32  StatisticFormat = 0
	StatisticInt64   StatisticFormat = 1
	StatisticUint64  StatisticFormat = 2
	StatisticFloat64 StatisticFormat = 3
)

// Statistic is one VkPipelineExecutableStatisticKHR, its value as a
// float64 (a Bool32 is 0 or 1; 64-bit integers above 2^53 lose their low
// bits: Exact says whether the conversion kept every bit).
type Statistic struct {
	Name, Description string
	Format            StatisticFormat
	Value             float64
	Exact             bool
	// Raw is the value's 64 bits as an unsigned integer for the Int64 and
	// Uint64 formats (an identifier such as a hash is kept exactly here),
	// 0 for the others.
	Raw uint64
}

// Representation is one VkPipelineExecutableInternalRepresentationKHR:
// NIR, the backend IR or the assembly, as the driver names them. Text
// holds a textual one without its terminating NUL; Data a binary one.
type Representation struct {
	Name, Description string
	IsText            bool
	Text              string
	Data              []byte
}

// maxRetries bounds the two-call protocol against a driver whose counts
// keep changing between the calls.
const maxRetries = 4

// PipelineExecutables lists pipeline's executables (the pipeline must have
// been created on f's device with PipelineCreateCaptureStatistics for
// statistics to be meaningful).
func (f *DeviceFuncs) PipelineExecutables(pipeline vulkan.Pipeline) ([]Executable, error) {
	if C.rb_exec_loaded(f.t) == 0 {
		return nil, ErrNoPipelineExecutables
	}
	ph := C.VkPipeline(unsafe.Pointer(pipeline))
	for range maxRetries {
		var n C.uint32_t
		if r := C.rb_exec_properties(f.t, ph, &n, nil); r != C.VK_SUCCESS {
			return nil, fmt.Errorf("vkGetPipelineExecutablePropertiesKHR: VkResult %d", int32(r))
		}
		if n == 0 {
			return nil, nil
		}
		arr := (*C.VkPipelineExecutablePropertiesKHR)(C.calloc(C.size_t(n), C.size_t(unsafe.Sizeof(C.VkPipelineExecutablePropertiesKHR{}))))
		got := n
		r := C.rb_exec_properties(f.t, ph, &got, arr)
		if r == C.VK_INCOMPLETE {
			C.free(unsafe.Pointer(arr))
			continue
		}
		if r != C.VK_SUCCESS {
			C.free(unsafe.Pointer(arr))
			return nil, fmt.Errorf("vkGetPipelineExecutablePropertiesKHR: VkResult %d", int32(r))
		}
		out := make([]Executable, got)
		for i, p := range unsafe.Slice(arr, got) {
			out[i] = Executable{Index: i, Name: C.GoString(&p.name[0]), Description: C.GoString(&p.description[0]),
				Stages: uint32(p.stages), SubgroupSize: uint32(p.subgroupSize)}
		}
		C.free(unsafe.Pointer(arr))
		return out, nil
	}
	return nil, fmt.Errorf("vkGetPipelineExecutablePropertiesKHR: the count kept changing (VK_INCOMPLETE %d times)", maxRetries)
}

// ExecutableStatistics reads executable index's statistics.
func (f *DeviceFuncs) ExecutableStatistics(pipeline vulkan.Pipeline, index int) ([]Statistic, error) {
	if C.rb_exec_loaded(f.t) == 0 {
		return nil, ErrNoPipelineExecutables
	}
	ph := C.VkPipeline(unsafe.Pointer(pipeline))
	for range maxRetries {
		var n C.uint32_t
		if r := C.rb_exec_statistics(f.t, ph, C.uint32_t(index), &n, nil); r != C.VK_SUCCESS {
			return nil, fmt.Errorf("vkGetPipelineExecutableStatisticsKHR: VkResult %d", int32(r))
		}
		if n == 0 {
			return nil, nil
		}
		arr := (*C.VkPipelineExecutableStatisticKHR)(C.calloc(C.size_t(n), C.size_t(unsafe.Sizeof(C.VkPipelineExecutableStatisticKHR{}))))
		got := n
		r := C.rb_exec_statistics(f.t, ph, C.uint32_t(index), &got, arr)
		if r == C.VK_INCOMPLETE {
			C.free(unsafe.Pointer(arr))
			continue
		}
		if r != C.VK_SUCCESS {
			C.free(unsafe.Pointer(arr))
			return nil, fmt.Errorf("vkGetPipelineExecutableStatisticsKHR: VkResult %d", int32(r))
		}
		out := make([]Statistic, got)
		for i, s := range unsafe.Slice(arr, got) {
			out[i] = Statistic{Name: C.GoString(&s.name[0]), Description: C.GoString(&s.description[0]), Format: StatisticFormat(s.format)}
			raw := *(*[8]byte)(unsafe.Pointer(&s.value))
			out[i].Value, out[i].Exact = statisticValue(out[i].Format, raw)
			if out[i].Format == StatisticInt64 || out[i].Format == StatisticUint64 {
				out[i].Raw = binary.LittleEndian.Uint64(raw[:])
			}
		}
		C.free(unsafe.Pointer(arr))
		return out, nil
	}
	return nil, fmt.Errorf("vkGetPipelineExecutableStatisticsKHR: the count kept changing (VK_INCOMPLETE %d times)", maxRetries)
}

// statisticValue decodes a VkPipelineExecutableStatisticValueKHR (a union
// of VkBool32, int64_t, uint64_t and double, little-endian here) by format.
func statisticValue(format StatisticFormat, raw [8]byte) (v float64, exact bool) {
	u := uint64(raw[0]) | uint64(raw[1])<<8 | uint64(raw[2])<<16 | uint64(raw[3])<<24 |
		uint64(raw[4])<<32 | uint64(raw[5])<<40 | uint64(raw[6])<<48 | uint64(raw[7])<<56
	switch format {
	case StatisticBool32:
		if uint32(u) != 0 {
			return 1, true
		}
		return 0, true
	case StatisticInt64:
		i := int64(u)
		return float64(i), i >= -1<<53 && i <= 1<<53
	case StatisticUint64:
		return float64(u), u <= 1<<53
	case StatisticFloat64:
		return math.Float64frombits(u), true
	}
	return 0, false
}

// ExecutableRepresentations reads executable index's internal
// representations with the two-call protocol: the sizes first, then the
// bytes into C memory of those sizes.
func (f *DeviceFuncs) ExecutableRepresentations(pipeline vulkan.Pipeline, index int) ([]Representation, error) {
	if C.rb_exec_loaded(f.t) == 0 {
		return nil, ErrNoPipelineExecutables
	}
	for range maxRetries {
		out, retry, err := f.representationsOnce(pipeline, index)
		if err != nil || !retry {
			return out, err
		}
	}
	return nil, fmt.Errorf("vkGetPipelineExecutableInternalRepresentationsKHR: the sizes kept changing (VK_INCOMPLETE %d times)", maxRetries)
}

func (f *DeviceFuncs) representationsOnce(pipeline vulkan.Pipeline, index int) (out []Representation, retry bool, err error) {
	ph := C.VkPipeline(unsafe.Pointer(pipeline))
	idx := C.uint32_t(index)
	fail := func(r C.VkResult) ([]Representation, bool, error) {
		return nil, false, fmt.Errorf("vkGetPipelineExecutableInternalRepresentationsKHR: VkResult %d", int32(r))
	}
	var n C.uint32_t
	if r := C.rb_exec_representations(f.t, ph, idx, &n, nil, nil); r != C.VK_SUCCESS {
		return fail(r)
	}
	if n == 0 {
		return nil, false, nil
	}
	arr := (*C.VkPipelineExecutableInternalRepresentationKHR)(C.calloc(C.size_t(n), C.size_t(unsafe.Sizeof(C.VkPipelineExecutableInternalRepresentationKHR{}))))
	defer C.free(unsafe.Pointer(arr))
	got := n
	// The sizing call: names and dataSize, no data.
	if r := C.rb_exec_representations(f.t, ph, idx, &got, arr, nil); r == C.VK_INCOMPLETE {
		return nil, true, nil
	} else if r != C.VK_SUCCESS {
		return fail(r)
	}
	entries := unsafe.Slice(arr, got)
	ptrs := (*unsafe.Pointer)(C.calloc(C.size_t(got), C.size_t(unsafe.Sizeof(uintptr(0)))))
	defer C.free(unsafe.Pointer(ptrs))
	data := unsafe.Slice(ptrs, got)
	for i := range entries {
		data[i] = C.calloc(1, C.size_t(max(entries[i].dataSize, 1)))
	}
	defer func() {
		for _, p := range data {
			C.free(p)
		}
	}()
	if r := C.rb_exec_representations(f.t, ph, idx, &got, arr, ptrs); r == C.VK_INCOMPLETE {
		return nil, true, nil
	} else if r != C.VK_SUCCESS {
		return fail(r)
	}
	out = make([]Representation, len(entries))
	for i, e := range entries[:got] {
		raw := C.GoBytes(data[i], C.int(e.dataSize))
		rep := Representation{Name: C.GoString(&e.name[0]), Description: C.GoString(&e.description[0]), IsText: e.isText != 0}
		if rep.IsText {
			if j := bytes.IndexByte(raw, 0); j >= 0 {
				raw = raw[:j]
			}
			rep.Text = string(raw)
		} else {
			rep.Data = raw
		}
		out[i] = rep
	}
	return out[:got], false, nil
}
