package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/isa"
	"github.com/radvbench/radvbench/bench/kernel"
)

// cpuWarning is printed whenever figures come from a CPU implementation.
const cpuWarning = "WARNING: %s is a CPU implementation (lavapipe): its figures describe the host CPU through LLVM, not a GPU. Use them to check correctness, never as GPU performance."

// listDevices opens an instance and lists the physical devices. A missing
// loader or driver becomes a usage error (exit 2) telling what to install.
func listDevices() (*gpu.Instance, []*gpu.PhysicalDevice, error) {
	if err := checkEmulationEnv(); err != nil {
		return nil, nil, err
	}
	inst, err := gpu.NewInstance()
	if err != nil {
		if errors.Is(err, gpu.ErrNoVulkan) {
			return nil, nil, vulkanError(err)
		}
		return nil, nil, fmt.Errorf("create Vulkan instance: %w", err)
	}
	devs, err := inst.Devices()
	if err != nil {
		inst.Close()
		if errors.Is(err, gpu.ErrNoVulkan) {
			return nil, nil, vulkanError(err)
		}
		return nil, nil, fmt.Errorf("list Vulkan devices: %w", err)
	}
	return inst, devs, nil
}

// checkEmulationEnv refuses, before the Vulkan loader starts, an
// emulation environment (RADV_FORCE_FAMILY, the DRM shim's
// AMDGPU_GPU_ID) that would make the installed Mesa abort: one line
// naming the variable and what the Mesa can emulate, exit 2.
func checkEmulationEnv() error {
	if os.Getenv("RADV_FORCE_FAMILY") == "" && os.Getenv("AMDGPU_GPU_ID") == "" {
		return nil
	}
	in, err := isa.Detect("")
	if err != nil {
		return nil // no RADV: nothing to abort
	}
	if err := in.CheckEnv(os.Getenv); err != nil {
		return emulationEnvError(err)
	}
	return nil
}

// selectDevice lists devices and picks one by --device; it warns on stderr
// when the choice is a CPU implementation.
func selectDevice(spec string, stderr io.Writer) (*gpu.Instance, *gpu.PhysicalDevice, error) {
	inst, devs, err := listDevices()
	if err != nil {
		return nil, nil, err
	}
	pd, err := gpu.Select(devs, spec)
	if err != nil {
		inst.Close()
		return nil, nil, vulkanError(err)
	}
	if pd.IsCPU() {
		fmt.Fprintf(stderr, cpuWarning+"\n", pd.Name)
	}
	return inst, pd, nil
}

// openRunDevice selects the --device, opens it and fills what the run
// needs to know about it: kernel.Options.CPU, and on a CPU implementation
// a 3 s default budget (its figures are for correctness, not speed; a
// shorter budget keeps 'make run' on lavapipe to minutes). close releases
// the device and the instance. The in-process run and a supervised child
// share it.
func openRunDevice(f *runFlags, kopts *kernel.Options, stderr io.Writer) (pd *gpu.PhysicalDevice, dev *gpu.Device, close func(), err error) {
	inst, pd, err := selectDevice(f.device, stderr)
	if err != nil {
		return nil, nil, nil, err
	}
	if e := pd.Emulation(); e != nil {
		inst.Close()
		return nil, nil, nil, usagef("%s is emulated (%s, %s): nothing executes there, so nothing can be verified or timed; 'radvbench isa --target %s' compiles for it", pd.Name, e.Mechanism, e.Target, e.Target)
	}
	kopts.CPU = pd.IsCPU()
	if kopts.CPU && f.maxTime == 0 && !f.quick {
		f.maxTime = 3 * time.Second
	}
	dev, err = pd.Open()
	if err != nil {
		inst.Close()
		return nil, nil, nil, fmt.Errorf("open device %s: %w", pd.Name, err)
	}
	return pd, dev, func() {
		dev.Close()
		// A hung GPU (a wait that timed out) may still run the work: the
		// driver's queue thread never ends, and destroying the instance
		// would wait for it forever. Leave it; the process reports and
		// exits.
		if !errors.Is(dev.Lost(), gpu.ErrTimeout) {
			inst.Close()
		}
	}, nil
}
