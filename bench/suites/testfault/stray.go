//go:build testhooks

package testfault

import (
	_ "embed"
	"fmt"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// straySPIRV is stray.comp compiled by 'make shaders' with the pinned glslc.
//
//go:embed stray.comp.spv
var straySPIRV []byte

const strayShader = "stray.comp"

// strayWords is the length of the buffer stray reads one past the end of.
// The stray access is a read, never a write: should the layer fail to
// stop it, it reads whatever lies past the buffer and changes nothing.
const strayWords = 4

// strayKernel reads the element just past the end of a storage buffer
// (stray.comp) and stores it where its check never looks: a kernel whose
// verification passes while it accesses memory outside the range its
// descriptor binds. Under the validation layer's GPU-assisted validation
// the run must carry the layer's out-of-bounds report; that is what
// proves the GPU-assisted runs of the real kernels check anything.
var strayKernel = &kernel.Kernel{
	Suite:       Name,
	Name:        "stray",
	Description: "one read one element past the end of its storage buffer (GPU-assisted validation's negative control)",
	Shaders:     []string{strayShader},
	Metric:      kernel.Metric{Name: "gpu_time", Unit: "ns", Better: resultsfile.LowerIsBetter, Scale: 1, Time: true},
	Variants:    []kernel.Variant{{Name: "past-end", Params: map[string]string{"words": fmt.Sprint(strayWords)}}},
	Supported:   func(*gpu.PhysicalDevice, kernel.Variant) (bool, string) { return true, "" },
	Setup:       setupStray,
}

type strayInst struct {
	pipe     *gpu.ComputePipeline
	src, dst *gpu.Buffer
}

func setupStray(d *gpu.Device, _ kernel.Variant, _ kernel.Params, _ kernel.Options) (kernel.Instance, error) {
	in := &strayInst{}
	var err error
	if in.src, err = d.NewBuffer(4*strayWords, gpu.HostVisible); err != nil {
		return nil, fmt.Errorf("allocate the source: %w", err)
	}
	if in.dst, err = d.NewBuffer(4, gpu.HostVisible); err != nil {
		in.Close()
		return nil, fmt.Errorf("allocate the destination: %w", err)
	}
	if err := in.src.Upload(make([]byte, 4*strayWords)); err != nil {
		in.Close()
		return nil, fmt.Errorf("clear the source: %w", err)
	}
	if in.pipe, err = d.NewComputePipeline(gpu.ComputeSpec{Name: strayShader, SPIRV: straySPIRV, Buffers: 2}); err != nil {
		in.Close()
		return nil, err
	}
	in.pipe.Bind(in.src, in.dst)
	return in, nil
}

func (in *strayInst) Record(cb *gpu.CommandBuffer) { in.pipe.Dispatch(cb, nil, 1, 1, 1) }

// Verify has nothing to check: the value read is whatever lies past the
// buffer, which is the point.
func (in *strayInst) Verify() (map[string]float64, error) {
	return map[string]float64{"checked_elements": 0}, nil
}

func (in *strayInst) Work() float64 { return 1 }

func (in *strayInst) Close() {
	if in.pipe != nil {
		in.pipe.Close()
	}
	if in.src != nil {
		in.src.Close()
	}
	if in.dst != nil {
		in.dst.Close()
	}
}
