package launch

import (
	"encoding/json"
	"strconv"

	"github.com/radvbench/radvbench/bench/devtable"
	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/describe"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/measure"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/shaders"
)

// header is the results file's metadata for a run of p on pd: tool,
// command, device, labels, suites, the system record and fingerprint.
func header(p *Plan, env Env, sys *sysinfo.System, pd *gpu.PhysicalDevice, command []string) *resultsfile.File {
	file := &resultsfile.File{
		Schema:  resultsfile.Schema,
		Tool:    env.Tool,
		Command: command,
		Quick:   p.Kernel.Quick,
		Device:  describe.Device(pd),
		Labels:  p.Labels,
		Suites:  suiteNames(p.Suites),
		Capture: captureState(p, pd),
	}
	file.Tool.Method = measure.Method
	AttachSystem(file, sys)
	return file
}

// command is the command line a results file records.
func (p *Plan) command() []string {
	if p.Args == nil {
		return nil
	}
	return append(append([]string(nil), p.Command...), p.Args...)
}

func suiteNames(suites []*kernel.Suite) []string {
	var names []string
	for _, s := range suites {
		names = append(names, s.Name)
	}
	return names
}

// AttachSystem embeds the system record and its fingerprint (with the
// Vulkan device's identity) in the results file. When Vulkan's PCI
// device ID alone is ambiguous (RX 7900 XTX and XT share 744C), the PCI
// revision read from sysfs picks the SKU.
func AttachSystem(file *resultsfile.File, sys *sysinfo.System) {
	d := &file.Device
	SetVulkan(sys, *d)
	if g := sys.PrimaryGPU(); d.SKU == nil && g != nil && g.DeviceID == d.DeviceID && g.Revision >= 0 {
		if s, ok := devtable.Lookup(d.VendorID, d.DeviceID, g.Revision); ok {
			d.SKU = s.ToResults()
		}
	}
	if raw, err := json.Marshal(sys); err == nil {
		file.System = raw
	}
	file.Fingerprint = sys.Fingerprint()
}

// SetVulkan records a Vulkan device's identity in the system record.
func SetVulkan(sys *sysinfo.System, d resultsfile.Device) {
	sys.SetVulkan(sysinfo.VulkanInfo{
		VendorID: d.VendorID, DeviceID: d.DeviceID, DriverID: d.DriverID, DriverName: d.DriverName,
		DriverInfo: d.DriverInfo, DriverVersion: d.DriverVersion, APIVersion: d.APIVersion, DeviceName: d.Name,
		DeviceType: d.Type, CPU: d.CPU, Extensions: d.Extensions,
		SubgroupSize: d.SubgroupSize, MinSubgroupSize: uint32(d.Limits["minSubgroupSize"]),
		MaxSubgroupSize: uint32(d.Limits["maxSubgroupSize"]), CooperativeMatrix: d.CooperativeMatrix, Emulated: d.Emulated,
	})
}

// clockReader reads the numeric clock readings under sysroot, for a
// result's "extra" object (before.card1.sclk_mhz, ...); nil when the
// system has none.
func clockReader(sysroot string) func() map[string]float64 {
	if len(sysinfo.ReadClocks(sysroot)) == 0 {
		return nil
	}
	return func() map[string]float64 {
		out := map[string]float64{}
		for k, v := range sysinfo.ReadClocks(sysroot) {
			if x, err := strconv.ParseFloat(v, 64); err == nil {
				out[k] = x
			}
		}
		return out
	}
}

// KernelShaders is the SHA-256 of each shader of the kernel that made r,
// found among suites (empty when none is).
func KernelShaders(suites []*kernel.Suite, r *resultsfile.Result) map[string]string {
	out := map[string]string{}
	for _, s := range suites {
		if s.Name != r.Suite {
			continue
		}
		for _, k := range s.Kernels {
			if k.Name != r.Kernel {
				continue
			}
			for _, sh := range k.Shaders {
				if h, err := shaders.Hash(sh); err == nil {
					out[sh] = h
				}
			}
			return out
		}
	}
	return out
}
