package launch

import (
	"errors"
	"fmt"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/describe"
)

// device is an opened Vulkan device for a run in this process or a
// child.
type device struct {
	pd   *gpu.PhysicalDevice
	dev  *gpu.Device
	inst *gpu.Instance
}

// openDevice selects p's device, opens it and fills what the run needs to
// know about it: Kernel.CPU, and on a CPU implementation a 3 s default
// budget (its figures are for correctness, not speed; a shorter budget
// keeps a run on lavapipe to minutes). An emulated device is an
// *EmulatedError.
func openDevice(p *Plan, env Env) (*device, error) {
	inst, pd, err := env.SelectDevice(p.Device)
	if err != nil {
		return nil, err
	}
	if e := describe.Emulation(pd); e != nil {
		inst.Close()
		return nil, &EmulatedError{Device: pd.Name, Mechanism: e.Mechanism, Target: e.Target}
	}
	p.Kernel.CPU = pd.IsCPU()
	if p.Kernel.CPU && p.MaxTime == 0 && !p.Kernel.Quick {
		p.MaxTime = 3 * time.Second
	}
	dev, err := pd.Open()
	if err != nil {
		inst.Close()
		return nil, fmt.Errorf("open device %s: %w", pd.Name, err)
	}
	return &device{pd: pd, dev: dev, inst: inst}, nil
}

// close releases the device and the instance. A hung GPU (a wait that
// timed out) may still run the work: the driver's queue thread never
// ends, and destroying the instance would wait for it forever. Leave it;
// the process reports and exits.
func (d *device) close() {
	d.dev.Close()
	if !errors.Is(d.dev.Lost(), gpu.ErrTimeout) {
		d.inst.Close()
	}
}
