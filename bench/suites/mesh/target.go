package mesh

import (
	"github.com/radvbench/radvbench/bench/gpu/graphics"
	"github.com/radvbench/radvbench/bench/kernel"
)

// Target returns the render target of an instance this suite set up
// (false for any other instance), for the present suite, which copies the
// pass into a window.
func Target(inst kernel.Instance) (*graphics.RenderTarget, bool) {
	i, ok := inst.(*instance)
	if !ok {
		return nil, false
	}
	return i.rt, true
}
