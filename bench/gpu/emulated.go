package gpu

import (
	"os"
	"strings"

	"github.com/radvbench/radvbench/core/amdchip"
	"github.com/radvbench/radvbench/core/results"
)

// ShimLibrary is the file name of Mesa's no-op amdgpu DRM shim (Debian
// package mesa-drm-shim), which makes RADV see an AMD GPU that is not there.
const ShimLibrary = "libamdgpu_noop_drm_shim.so"

// nullHardware starts the device name of RADV's null winsys.
const nullHardware = "Null hardware"

// Emulation says whether p is an emulated AMD GPU and how: RADV under
// Mesa's no-op DRM shim (the process was started with LD_PRELOAD naming
// ShimLibrary) or RADV's null winsys ("Null hardware", selected with
// RADV_FORCE_FAMILY). Nil for any other device. Nothing runs on an
// emulated device: it compiles pipelines (radvbench isa), it never
// measures.
func (p *PhysicalDevice) Emulation() *results.Emulation {
	return emulation(p.IsRADV(), p.Name, os.Getenv)
}

// emulation decides from the driver, the device name and the process's
// environment (getenv).
func emulation(radv bool, name string, getenv func(string) string) *results.Emulation {
	if !radv {
		return nil
	}
	e := &results.Emulation{}
	chip, known := amdchip.FromDeviceName(name)
	switch {
	case strings.HasPrefix(name, nullHardware):
		e.Mechanism = results.EmulationNullWinsys
		e.Target = strings.ToLower(getenv("RADV_FORCE_FAMILY"))
	case strings.Contains(getenv("LD_PRELOAD"), strings.TrimSuffix(ShimLibrary, ".so")):
		e.Mechanism = results.EmulationDRMShim
		e.Target = strings.ToLower(getenv("AMDGPU_GPU_ID"))
	default:
		return nil
	}
	if e.Target == "" && known {
		e.Target = chip.Family
	}
	if known {
		e.GFX = chip.GFX
	} else if c, ok := amdchip.Lookup(e.Target); ok {
		e.GFX = c.GFX
	}
	return e
}
