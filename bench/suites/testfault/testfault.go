// Package testfault is a hidden, test-only suite: its kernel "endless"
// dispatches a shader that never terminates (a loop waiting for a word the
// host never writes), standing in for a GPU hang so the watchdog of
// 'radvbench run --isolate' can be tested on lavapipe. It is never
// registered with the kernel registry (so never listed, never part of
// 'all'); radvbench selects it only when RADVBENCH_TEST_SUITES=1.
package testfault

import (
	"fmt"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/reports/results"
	"github.com/radvbench/radvbench/shaders"
)

// Name is the suite's name for --suite.
const Name = "testfault"

const shader = "test_endless.comp"

// Suite is the hidden suite.
var Suite = &kernel.Suite{
	Name:        Name,
	Description: "test only: a dispatch that never finishes (stands for a GPU hang)",
	Kernels: []*kernel.Kernel{{
		Suite:       Name,
		Name:        "endless",
		Description: "one invocation spinning on a word the host never writes",
		Shaders:     []string{shader},
		Metric:      kernel.Metric{Name: "gpu_time", Unit: "ns", Better: results.LowerIsBetter, Scale: 1, Time: true},
		Variants:    []kernel.Variant{{Name: "spin", Params: map[string]string{"invocations": "1"}}},
		Supported:   func(*gpu.PhysicalDevice, kernel.Variant) (bool, string) { return true, "" },
		Setup:       setup,
		Serial:      true,
	}},
}

type inst struct {
	pipe *gpu.ComputePipeline
	buf  *gpu.Buffer
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
	spirv, err := shaders.Get(shader)
	if err != nil {
		in.Close()
		return nil, err
	}
	if in.pipe, err = d.NewComputePipeline(gpu.ComputeSpec{Name: shader, SPIRV: spirv, Buffers: 1}); err != nil {
		in.Close()
		return nil, err
	}
	in.pipe.Bind(in.buf)
	return in, nil
}

func (in *inst) Record(cb *gpu.CommandBuffer) { in.pipe.Dispatch(cb, nil, 1, 1, 1) }

// Verify is reached only if the dispatch ended, which it must not.
func (in *inst) Verify() (map[string]float64, error) {
	return nil, fmt.Errorf("the endless dispatch finished: the stop word was written")
}

func (in *inst) Work() float64 { return 1 }

func (in *inst) Close() {
	if in.pipe != nil {
		in.pipe.Close()
	}
	if in.buf != nil {
		in.buf.Close()
	}
}
