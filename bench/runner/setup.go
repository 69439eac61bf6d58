package runner

// The first step of every benchmark, setting it up, and SetUpEach, which
// does only that for a whole plan.

import (
	"context"
	"errors"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// setUp is the first step of every benchmark: the device must be usable
// and support the variant, and the kernel's Setup gets the options as the
// kernel sees them (--sizes, the shared state). It returns the instance,
// or nil with r's status and reason set (skipped or failed).
func setUp(dev *gpu.Device, it Item, o Options, r *resultsfile.Result) kernel.Instance {
	if err := dev.Lost(); err != nil {
		r.Status, r.Reason = resultsfile.StatusFailed, "device unusable after an earlier error: "+err.Error()
		return nil
	}
	if ok, why := it.Kernel.Supported(dev.Phys, it.Variant); !ok {
		r.Status, r.Reason = resultsfile.StatusSkipped, why
		return nil
	}
	inst, err := it.Kernel.Setup(dev, it.Variant, it.Params, o.Kernel.For(it.Kernel))
	var skip *kernel.Skip
	switch {
	case errors.As(err, &skip):
		r.Status, r.Reason = resultsfile.StatusSkipped, skip.Reason
		return nil
	case err != nil:
		r.Status, r.Reason = resultsfile.StatusFailed, "setup: "+err.Error()
		return nil
	}
	return inst
}

// SetUpEach does, for every benchmark of the plan of o (in o.Order's
// order), exactly what Run does before it verifies: the same Supported
// check and Setup, with the same options, sizes and per-size shared
// state. It calls each with the benchmark, its result skeleton (status
// skipped or failed with Run's reason, or empty when Setup succeeded) and
// the instance (nil unless Setup succeeded; it is closed when each
// returns). It never records, submits, verifies or times anything: a
// caller that only needs what Setup creates (radvbench isa collects the
// pipelines a compile-only device compiled) uses it instead of Run. A
// panic in Setup is a failed result, as in Run. A cancelled context stops
// before the next benchmark with ctx.Err().
func SetUpEach(ctx context.Context, dev *gpu.Device, o Options, each func(it Item, r *resultsfile.Result, inst kernel.Instance)) error {
	items := Plan(o)
	if o.Order != nil {
		items = o.Order(items)
	}
	shared := newSharedState(items, maxLiveShared)
	for i, it := range items {
		if err := ctx.Err(); err != nil {
			return err
		}
		if o.Progress != nil {
			o.Progress(i, len(items), it.ID(), "setting up")
		}
		oi := o
		oi.Kernel.Shared = shared.get(it)
		setUpOne(dev, it, oi, each)
		shared.done(it)
	}
	if o.Progress != nil {
		o.Progress(len(items), len(items), "", "done")
	}
	return nil
}

func setUpOne(dev *gpu.Device, it Item, o Options, each func(Item, *resultsfile.Result, kernel.Instance)) {
	r := newResult(it)
	start := time.Now()
	inst := func() (inst kernel.Instance) {
		defer func() {
			if p := recover(); p != nil {
				inst = nil
				internalError(&r, p)
			}
		}()
		return setUp(dev, it, o, &r)
	}()
	r.DurationS = time.Since(start).Seconds()
	if inst != nil {
		defer inst.Close()
	}
	each(it, &r, inst)
}
