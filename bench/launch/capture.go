package launch

import (
	"context"
	"fmt"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/isa"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// capturer records what the driver compiled each benchmark's pipelines
// into, where the driver can say (VK_KHR_pipeline_executable_properties:
// RADV on a GPU). It compiles each benchmark as isa does (isa.OpenOn, one
// code path): on a logical device of its own, opened with the capture
// flags and never submitting, from the same SPIR-V, specialization
// constants, sizes and features, just before the benchmark is set up on
// the timed device, in the benchmark's setup turn. The timed pipeline is
// created exactly as without capture; the capture device only compiles,
// never submits, and is idle while samples are taken.
type capturer struct {
	comp  *isa.Compiler
	o     isa.Options
	stats map[string][]resultsfile.PipelineStats
}

// captureState is what a run on pd captures (resultsfile.File.Capture).
func captureState(p *Plan, pd *gpu.PhysicalDevice) string {
	switch {
	case p.NoCapture:
		return resultsfile.CaptureOff
	case !isa.CanCapture(pd):
		return resultsfile.CaptureUnsupported + ": the driver lacks VK_KHR_pipeline_executable_properties"
	}
	return resultsfile.CaptureOn
}

// newCapturer opens the capture device for p's benchmarks on pd, or
// returns nil when head.Capture says nothing is captured. A device that
// cannot be opened to capture turns capture off for the run (the header
// says why); it never fails the run.
func newCapturer(p *Plan, pd *gpu.PhysicalDevice, head *resultsfile.File) *capturer {
	if head.Capture != resultsfile.CaptureOn {
		return nil
	}
	comp, err := isa.OpenOn(pd, "")
	if err != nil {
		head.Capture = fmt.Sprintf("%s: %v", resultsfile.CaptureUnsupported, err)
		return nil
	}
	return &capturer{comp: comp, o: isa.Options{Suites: p.Suites, Filter: p.Filter, Kernel: p.Kernel},
		stats: map[string][]resultsfile.PipelineStats{}}
}

// before compiles benchmark it on the capture device (as the runner
// starts setting it up), keeping its pipelines for attach. A compile that
// fails there is left out: the timed setup reports its own errors.
func (c *capturer) before(ctx context.Context, it runner.Item) {
	if c == nil {
		return
	}
	id := it.ID()
	o := c.o
	o.Order = func([]runner.Item) []runner.Item { return []runner.Item{it} }
	c.comp.Compile(ctx, o, func(r *resultsfile.Result) {
		if r.Status == resultsfile.StatusOK {
			c.stats[id] = r.Pipelines
		}
	})
}

// attach gives r the pipelines captured for it.
func (c *capturer) attach(r *resultsfile.Result) {
	if c == nil || r.Status != resultsfile.StatusOK {
		return
	}
	if ps, ok := c.stats[r.ID()]; ok {
		r.Pipelines = ps
		delete(c.stats, r.ID())
	}
}

// close closes the capture device.
func (c *capturer) close() {
	if c != nil {
		c.comp.Close()
	}
}
