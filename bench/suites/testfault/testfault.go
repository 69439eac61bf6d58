//go:build testhooks

// Package testfault is a hidden, test-only suite: its kernel "endless"
// dispatches a shader that never terminates (a loop waiting for a word the
// host never writes), standing in for a GPU hang so the watchdog of
// 'radvbench run --isolate' can be tested on lavapipe; its kernel "stray"
// reads one element past the end of a storage buffer, which verification
// cannot see, as the negative control of the tests that run kernels under
// the validation layer's GPU-assisted validation. It is built only
// with -tags testhooks (the tests' build; a release build has neither the
// suite nor its shader) and never registered with the kernel registry
// (so never listed, never part of 'all'): the test build's --suite
// accepts it by name.
//
// RADVBENCH_TEST_FENCE_TIMEOUT (a duration) bounds the device's fence
// waits while this kernel is set up, so a test sees the hang become a
// lost device in that time; the other benchmarks keep the default bound.
//
// The package also holds the test build's other faults: a crash a child
// inflicts on itself on a chosen benchmark (Fault, RADVBENCH_TEST_FAULT)
// and a pause after a journaled result (PauseAfterResult,
// RADVBENCH_TEST_PAUSE).
package testfault

import (
	_ "embed"
	"fmt"
	"os"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// spirv is endless.comp compiled by 'make shaders' with the pinned glslc.
//
//go:embed endless.comp.spv
var spirv []byte

// Name is the suite's name for --suite.
const Name = "testfault"

const shader = "endless.comp"

// Suite is the hidden suite.
var Suite = &kernel.Suite{
	Name:        Name,
	Description: "test only: a dispatch that never finishes (stands for a GPU hang), a read past a buffer's end",
	Kernels: []*kernel.Kernel{{
		Suite:       Name,
		Name:        "endless",
		Description: "one invocation spinning on a word the host never writes",
		Shaders:     []string{shader},
		Metric:      kernel.Metric{Name: "gpu_time", Unit: "ns", Better: resultsfile.LowerIsBetter, Scale: 1, Time: true},
		Variants:    []kernel.Variant{{Name: "spin", Params: map[string]string{"invocations": "1"}}},
		Supported:   func(*gpu.PhysicalDevice, kernel.Variant) (bool, string) { return true, "" },
		Setup:       setup,
		Serial:      true,
	}, strayKernel},
}

type inst struct {
	pipe *gpu.ComputePipeline
	buf  *gpu.Buffer
	// dev and timeout restore the device's fence bound on Close.
	dev     *gpu.Device
	timeout time.Duration
}

func setup(d *gpu.Device, _ kernel.Variant, _ kernel.Params, _ kernel.Options) (kernel.Instance, error) {
	in := &inst{}
	var err error
	if in.buf, err = d.NewBuffer(8, gpu.HostVisible); err != nil {
		return nil, fmt.Errorf("allocate the stop word: %w", err)
	}
	if err := in.buf.Upload(make([]byte, 8)); err != nil { // stop = 0: the loop never ends
		in.Close()
		return nil, fmt.Errorf("clear the stop word: %w", err)
	}
	if in.pipe, err = d.NewComputePipeline(gpu.ComputeSpec{Name: shader, SPIRV: spirv, Buffers: 1}); err != nil {
		in.Close()
		return nil, err
	}
	in.pipe.Bind(in.buf)
	if t, err := time.ParseDuration(os.Getenv("RADVBENCH_TEST_FENCE_TIMEOUT")); err == nil && t > 0 {
		in.dev, in.timeout, d.Timeout = d, d.Timeout, t
	}
	return in, nil
}

func (in *inst) Record(cb *gpu.CommandBuffer) { in.pipe.Dispatch(cb, nil, 1, 1, 1) }

// Verify is reached only if the dispatch ended, which it must not.
func (in *inst) Verify() (map[string]float64, error) {
	return nil, fmt.Errorf("the endless dispatch finished: the stop word was written")
}

func (in *inst) Work() float64 { return 1 }

func (in *inst) Close() {
	if in.dev != nil {
		in.dev.Timeout = in.timeout
	}
	if in.pipe != nil {
		in.pipe.Close()
	}
	if in.buf != nil {
		in.buf.Close()
	}
}
