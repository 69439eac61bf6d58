// Package devsel opens Vulkan and picks the device a command runs on
// (--device), refusing first an emulation environment the installed Mesa
// would abort on, and warning when the choice is a CPU implementation.
package devsel

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/isa"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
)

// CPUWarning is printed whenever figures come from a CPU implementation.
const CPUWarning = "WARNING: %s is a CPU implementation (lavapipe): its figures describe the host CPU through LLVM, not a GPU. Use them to check correctness, never as GPU performance."

// List opens an instance and lists the physical devices. A missing
// loader or driver becomes a usage error (exit 2) telling what to install.
func List() (*gpu.Instance, []*gpu.PhysicalDevice, error) {
	if err := CheckEmulationEnv(); err != nil {
		return nil, nil, err
	}
	inst, devs, err := gpu.OpenDevices()
	if errors.Is(err, gpu.ErrNoVulkan) {
		return nil, nil, advice.VulkanError(err)
	} else if err != nil {
		return nil, nil, fmt.Errorf("list Vulkan devices: %w", err)
	}
	return inst, devs, nil
}

// CheckEmulationEnv refuses, before the Vulkan loader starts, an
// emulation environment (RADV_FORCE_FAMILY, the DRM shim's
// AMDGPU_GPU_ID) that would make the installed Mesa abort: one line
// naming the variable and what the Mesa can emulate, exit 2.
func CheckEmulationEnv() error {
	if err := isa.CheckProcessEnv(os.Getenv); err != nil {
		return advice.EmulationEnvError(err)
	}
	return nil
}

// Select lists devices and picks one by --device; it warns on stderr
// when the choice is a CPU implementation.
func Select(spec string, stderr io.Writer) (*gpu.Instance, *gpu.PhysicalDevice, error) {
	inst, devs, err := List()
	if err != nil {
		return nil, nil, err
	}
	pd, err := gpu.Select(devs, spec)
	if err != nil {
		inst.Close()
		return nil, nil, advice.VulkanError(err)
	}
	if pd.IsCPU() {
		fmt.Fprintf(stderr, CPUWarning+"\n", pd.Name)
	}
	return inst, pd, nil
}
