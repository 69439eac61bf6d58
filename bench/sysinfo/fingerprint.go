package sysinfo

import (
	"fmt"
	"strconv"
	"strings"
)

// Fingerprint returns the flat key/value view of the system; the keys are
// listed in the package documentation.
func (s *System) Fingerprint() map[string]string {
	fp := map[string]string{}
	set := func(k, v string) {
		if v != "" {
			fp[k] = v
		}
	}
	set("host.name", s.Host.Name)
	set("host.cpu", s.Host.CPUModel)
	set("kernel.release", s.Kernel.Release)
	set("kernel.version", s.Kernel.Version)
	set("kernel.cmdline", s.Cmdline.Raw)
	for k, v := range s.Cmdline.AMDGPU {
		fp["kernel.cmdline.amdgpu."+k] = v
	}
	if s.Config.Source != "" {
		set("kernel.config.source", s.Config.Source)
		set("kernel.config.sha256", s.Config.SHA256)
		for k, v := range s.Config.Options {
			fp["kernel.config."+k] = v
		}
	}
	if s.Module.Loaded {
		fp["amdgpu.loaded"] = "yes"
	} else {
		fp["amdgpu.loaded"] = "no"
	}
	for _, k := range []string{"vm_fragment_size", "vm_size", "vm_block_size", "noretry", "ppfeaturemask", "gpu_recovery", "sched_policy", "svm_default_granularity"} {
		if v, ok := s.Module.Params[k]; ok {
			fp["amdgpu.param."+k] = v
		}
	}
	set("amdgpu.vm_fragment_size", s.FragmentSize.Value)
	set("amdgpu.vm_fragment_size.source", s.FragmentSize.Source)
	set("amdgpu.noretry", s.NoRetry.Value)
	set("amdgpu.noretry.source", s.NoRetry.Source)
	fp["gpu.count"] = strconv.Itoa(len(s.GPUs))
	if g := s.PrimaryGPU(); g != nil {
		set("gpu.card", g.Card)
		set("gpu.pci_slot", g.PCISlot)
		if g.Revision >= 0 {
			fp["gpu.pci_id"] = hex4(g.DeviceID) + ":" + hex2(g.Revision)
		} else {
			fp["gpu.pci_id"] = hex4(g.DeviceID)
		}
		set("gpu.sku", g.Name)
		set("gpu.gfx", g.GFX)
		if cus := s.gpuCUs(g); cus > 0 {
			fp["gpu.cus"] = strconv.Itoa(cus)
		}
		if g.VRAMTotal != nil {
			fp["gpu.vram_bytes"] = strconv.FormatInt(*g.VRAMTotal, 10)
		}
		set("perf_level", g.PerfLevel)
		set("power_profile", g.PowerProfile)
	}
	var gfx []string
	n := 0
	for _, k := range s.KFD {
		if !k.CPU {
			n++
			gfx = append(gfx, k.GFX)
		}
	}
	if len(s.KFD) > 0 {
		fp["kfd.gpus"] = strconv.Itoa(n)
		set("kfd.gfx", strings.Join(gfx, ","))
	}
	set("thp.enabled", s.THP.Enabled)
	set("thp.defrag", s.THP.Defrag)
	for k, v := range s.Env {
		fp["env."+k] = v
	}
	if v := s.Vulkan; v != nil {
		set("driver.id", v.DriverID)
		set("driver.name", v.DriverName)
		set("driver.info", v.DriverInfo)
		set("vulkan.api", v.APIVersion)
		set("vulkan.device", v.DeviceName)
	}
	return fp
}

// gpuCUs is the CU count from the table, else from the GPU's KFD node.
func (s *System) gpuCUs(g *GPU) int {
	if g.SKU != nil {
		return g.SKU.CUs
	}
	for _, k := range s.KFD {
		if k.CPU {
			continue
		}
		if (g.RenderMinor >= 0 && k.RenderMinor == g.RenderMinor) || k.DeviceID == g.DeviceID {
			return k.CUs
		}
	}
	return 0
}

func hex4(v uint32) string { return fmt.Sprintf("%04X", v) }
func hex2(v int) string    { return fmt.Sprintf("%02X", v) }
