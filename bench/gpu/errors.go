// Package gpu owns radvbench's Vulkan objects for compute: the instance,
// physical-device listing and selection, the logical device with its one
// queue (opened on any queue family, e.g. the async-compute one),
// buffers, command buffers, compute and ray-query pipelines on the one
// pipeline core every pipeline is built on (with the capture of what the
// driver compiled), cooperative-matrix properties, timestamp and other
// queries, and fenced submission with timeouts. Every object has an
// idempotent Close, constructors undo their own partial work, Close waits
// for the GPU, and errors wrap a named VkResult (errors.Is(err,
// gpu.ErrDeviceLost)). The C side lives in bench/internal/vk; suites
// never import it. Its sibling packages build on narrow accessors
// (siblings.go): bench/gpu/graphics (render targets, graphics pipelines),
// bench/gpu/present (surfaces, swapchains), bench/gpu/accel (acceleration
// structures); bench/gpu/coopmat, bench/gpu/describe and
// bench/gpu/compiled read what this package reports.
package gpu

import (
	"errors"
	"fmt"

	vk "github.com/vulkan-go/vulkan"
)

// Sentinel errors for the VkResults callers act on.
var (
	ErrDeviceLost          = errors.New("VK_ERROR_DEVICE_LOST")
	ErrOutOfDeviceMemory   = errors.New("VK_ERROR_OUT_OF_DEVICE_MEMORY")
	ErrOutOfHostMemory     = errors.New("VK_ERROR_OUT_OF_HOST_MEMORY")
	ErrTimeout             = errors.New("VK_TIMEOUT")
	ErrFeatureNotPresent   = errors.New("VK_ERROR_FEATURE_NOT_PRESENT")
	ErrExtensionNotPresent = errors.New("VK_ERROR_EXTENSION_NOT_PRESENT")
	ErrIncompatibleDriver  = errors.New("VK_ERROR_INCOMPATIBLE_DRIVER")
	ErrInitFailed          = errors.New("VK_ERROR_INITIALIZATION_FAILED")
	ErrLayerNotPresent     = errors.New("VK_ERROR_LAYER_NOT_PRESENT")
)

var resultErrors = map[vk.Result]error{
	vk.ErrorDeviceLost:           ErrDeviceLost,
	vk.ErrorOutOfDeviceMemory:    ErrOutOfDeviceMemory,
	vk.ErrorOutOfHostMemory:      ErrOutOfHostMemory,
	vk.Timeout:                   ErrTimeout,
	vk.ErrorFeatureNotPresent:    ErrFeatureNotPresent,
	vk.ErrorExtensionNotPresent:  ErrExtensionNotPresent,
	vk.ErrorIncompatibleDriver:   ErrIncompatibleDriver,
	vk.ErrorInitializationFailed: ErrInitFailed,
	vk.ErrorLayerNotPresent:      ErrLayerNotPresent,
}

var resultNames = map[vk.Result]string{
	vk.Success:                 "VK_SUCCESS",
	vk.NotReady:                "VK_NOT_READY",
	vk.Incomplete:              "VK_INCOMPLETE",
	vk.ErrorMemoryMapFailed:    "VK_ERROR_MEMORY_MAP_FAILED",
	vk.ErrorTooManyObjects:     "VK_ERROR_TOO_MANY_OBJECTS",
	vk.ErrorFormatNotSupported: "VK_ERROR_FORMAT_NOT_SUPPORTED",
	vk.Result(-13):             "VK_ERROR_UNKNOWN",
	vk.Result(-1000069000):     "VK_ERROR_OUT_OF_POOL_MEMORY",
	vk.Result(-1000257000):     "VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS",
	vk.ErrorInvalidShaderNv:    "VK_ERROR_INVALID_SHADER_NV",
	vk.ErrorValidationFailed:   "VK_ERROR_VALIDATION_FAILED_EXT",
}

// ResultError is a failed Vulkan call: the operation and its VkResult.
type ResultError struct {
	Op     string
	Result vk.Result
}

// ResultName is the VkResult's enumerant name.
func ResultName(r vk.Result) string {
	if e, ok := resultErrors[r]; ok {
		return e.Error()
	}
	if n, ok := resultNames[r]; ok {
		return n
	}
	return fmt.Sprintf("VkResult(%d)", int32(r))
}

func (e *ResultError) Error() string { return e.Op + ": " + ResultName(e.Result) }

// Unwrap lets errors.Is match the sentinel for the result.
func (e *ResultError) Unwrap() error { return resultErrors[e.Result] }

// check turns a VkResult into an error (nil on VK_SUCCESS).
func check(op string, r vk.Result) error {
	if r == vk.Success {
		return nil
	}
	return &ResultError{Op: op, Result: r}
}
