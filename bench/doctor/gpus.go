package doctor

// The GPU checks: which AMD cards are here and whether RADV can drive
// them, the Vulkan device a run uses, and each card's clocks, load,
// temperature, throttling and PCIe link before the run.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/bench/devtable"
	"github.com/radvbench/radvbench/bench/gpumetrics"
	"github.com/radvbench/radvbench/bench/sysinfo"
)

// checkVulkan names the Vulkan device a run uses (s.Vulkan, which the
// caller that opened it set) and says whether the amdgpu checks describe
// it. Nothing when Vulkan was not opened.
func checkVulkan(s *sysinfo.System, add addFunc) {
	v := s.Vulkan
	if v == nil {
		return
	}
	const check = "vulkan.device"
	name := v.Describe()
	g := s.PrimaryGPU()
	amd := v.VendorID == devtable.VendorAMD
	var cards []string
	for _, c := range s.GPUs {
		cards = append(cards, c.Card)
	}
	switch {
	case v.Emulated != nil:
		add(check, Fail, fmt.Sprintf("%s is emulated (%s, target %s): nothing executes there, so a run cannot time it", name, v.Emulated.Mechanism, v.Emulated.Target),
			"unset the emulation variables (RADV_FORCE_FAMILY, the DRM shim's LD_PRELOAD and AMDGPU_GPU_ID) to run on a real device")
	case v.CPU && len(cards) > 0:
		add(check, Warn, name+": runs use this CPU implementation although "+strings.Join(cards, ", ")+" is here: its figures describe the host CPU, and the amdgpu checks are about a GPU the runs do not use",
			"", Advice{Kind: AdviceGPUDriver})
	case v.CPU:
		add(check, Warn, name+": runs use it; a CPU implementation's figures describe the host CPU, not a GPU (good for checking correctness)",
			"run on a machine with a GPU and its Vulkan driver for GPU figures")
	case amd && g != nil && g.DeviceID == v.DeviceID:
		add(check, OK, name+": runs use it ("+g.Card+", the GPU the amdgpu checks describe)", "")
	case amd:
		add(check, Warn, fmt.Sprintf("%s: runs use it, but no AMD DRM card here has its PCI device ID %04X: the amdgpu checks do not describe it", name, v.DeviceID),
			"check that amdgpu drives it (/sys/class/drm/card*/device/device)")
	case len(cards) > 0:
		add(check, Warn, name+": runs use it, not "+strings.Join(cards, ", ")+", which the amdgpu checks describe", "", Advice{Kind: AdvicePickDevice})
	default:
		add(check, OK, name+": runs use it; the amdgpu checks do not apply", "")
	}
}

func describe(g *sysinfo.GPU) string {
	var parts []string
	if g.Revision >= 0 {
		parts = append(parts, fmt.Sprintf("%04X:%02X", g.DeviceID, g.Revision))
	} else {
		parts = append(parts, fmt.Sprintf("%04X", g.DeviceID))
	}
	if g.GFX != "" {
		parts = append(parts, g.GFX)
	}
	if g.SKU != nil {
		parts = append(parts, strconv.Itoa(g.SKU.CUs)+" CUs")
	}
	return fmt.Sprintf("%s: %s (%s)", g.Card, g.Name, strings.Join(parts, ", "))
}

func checkGPUs(s *sysinfo.System, add addFunc) {
	if len(s.GPUs) == 0 {
		others := ""
		if cards := s.DescribeOtherCards(); cards != "" {
			others = "; DRM cards here: " + cards
		}
		if n := kfdGPUs(s); n > 0 {
			gfx := kfdGFX(s)
			if allCDNA(gfx) {
				add("gpu.radv", Fail, fmt.Sprintf("only KFD compute nodes (%s) and no DRM card: CDNA parts have KFD but no RADV, so the Vulkan suites cannot run here", strings.Join(gfx, ", ")),
					"run the Vulkan suites on an RDNA3/RDNA4 (GFX11/GFX12) GPU; use ROCm tools on this machine")
			} else {
				add("gpu.present", Fail, fmt.Sprintf("KFD lists %d GPU node(s) (%s) but no AMD DRM card was found under /sys/class/drm", n, strings.Join(gfx, ", ")),
					"check that amdgpu created its DRM device (dmesg | grep amdgpu) and that /sys is mounted")
			}
			return
		}
		reason := "no AMD GPU present: no DRM card with vendor 0x1002 under /sys/class/drm" + others + "; the amdgpu checks are skipped"
		if v := s.Vulkan; v != nil && !v.CPU && v.Emulated == nil {
			// Runs use another vendor's GPU (vulkan.device names it).
			add("gpu.present", OK, reason, "")
			return
		}
		add("gpu.present", Warn, reason, "to benchmark RADV, run on a machine with an AMD GPU (RDNA3/RDNA4) and the amdgpu driver")
		return
	}
	var rdna, cdna []string
	for i := range s.GPUs {
		g := &s.GPUs[i]
		check := "gpu." + g.Card
		switch {
		case g.Driver != "" && g.Driver != "amdgpu":
			add(check, Fail, describe(g)+" is bound to "+g.Driver+", not amdgpu: RADV needs amdgpu",
				"boot with the amdgpu driver (radeon.si_support=0 radeon.cik_support=0 amdgpu.si_support=1 for old parts; blacklist "+g.Driver+")")
		case g.CDNA:
			cdna = append(cdna, g.Card)
			add(check, OK, describe(g)+": CDNA compute part, driven by amdgpu (KFD)", "")
		case sysinfo.IsRDNA34(g.GFX) && g.SKU != nil:
			rdna = append(rdna, g.Card)
			add(check, OK, describe(g)+", driven by "+orDash(g.Driver), "")
		case sysinfo.IsRDNA34(g.GFX):
			rdna = append(rdna, g.Card)
			add(check, Warn, describe(g)+" is GFX11/GFX12 but not in the device table: no % of peak",
				"add the SKU (PCI device:revision and peak figures) to bench/devtable")
		default:
			rdna = append(rdna, g.Card) // RADV runs on older GCN/RDNA too
			add(check, Warn, describe(g)+" is not a GFX11/GFX12 part (or its gfx target is unknown): no % of peak, and radvbench's facts are for GFX11/GFX12",
				"benchmark an RDNA3/RDNA4 GPU for comparable figures")
		}
	}
	if len(rdna) == 0 && len(cdna) > 0 {
		add("gpu.radv", Fail, strings.Join(cdna, ", ")+" "+plural(len(cdna), "is a CDNA part", "are CDNA parts")+" ("+strings.Join(kfdGFX(s), ", ")+"): KFD but no RADV, so the Vulkan suites cannot run here",
			"run the Vulkan suites on an RDNA3/RDNA4 (GFX11/GFX12) GPU; use ROCm tools on this machine")
	} else if len(cdna) > 0 {
		add("gpu.radv", Warn, strings.Join(cdna, ", ")+" "+plural(len(cdna), "is CDNA", "are CDNA")+": no RADV there; the Vulkan suites run on "+strings.Join(rdna, ", "),
			"", Advice{Kind: AdvicePickDevice})
	}
}

func kfdGFX(s *sysinfo.System) []string {
	var gfx []string
	for _, k := range s.KFD {
		if !k.CPU {
			gfx = append(gfx, orDash(k.GFX))
		}
	}
	return gfx
}

func allCDNA(gfx []string) bool {
	for _, g := range gfx {
		if !sysinfo.IsCDNA(g) {
			return false
		}
	}
	return len(gfx) > 0
}

func checkModule(s *sysinfo.System, add addFunc) {
	if !s.Module.Loaded {
		add("amdgpu.module", Fail, "the amdgpu module is not loaded (/sys/module/amdgpu/parameters missing or unreadable)",
			"modprobe amdgpu, and check that it is not blacklisted (modprobe.blacklist=amdgpu, /etc/modprobe.d)")
	}
}

func checkClocks(g *sysinfo.GPU, add addFunc) {
	card := g.Card
	sysfs := "/sys/class/drm/" + card + "/device/power_dpm_force_performance_level"
	check := "perf_level." + card
	switch g.PerfLevel {
	case "profile_standard", "profile_peak":
		add(check, OK, g.PerfLevel+": clock and power gating off, stable clocks", "")
	case "auto":
		add(check, Warn, "auto: clocks ramp and gate with load, so figures vary run to run",
			"", Advice{Kind: AdvicePinClocks, Sysfs: sysfs})
	case "":
		add(check, Warn, "performance level unknown (power_dpm_force_performance_level unreadable)",
			"", Advice{Kind: AdvicePinClocksUnknown})
	case "manual":
		add(check, Warn, "manual: clocks set by hand; figures only compare with the same settings",
			"", Advice{Kind: AdvicePinClocksManual})
	default:
		add(check, Warn, g.PerfLevel+": not a benchmarking profile",
			"", Advice{Kind: AdvicePinClocks, Sysfs: sysfs})
	}

	check = "busy." + card
	switch {
	case g.BusyPercent == nil:
		add(check, Warn, "GPU load unknown (gpu_busy_percent unreadable)", "check that nothing else uses the GPU (e.g. amdgpu_top)")
	case *g.BusyPercent >= 20:
		add(check, Fail, fmt.Sprintf("GPU %d%% busy before the run: another process is using it and will skew every figure", *g.BusyPercent),
			"stop the other GPU work (compositor, games, miners; see amdgpu_top or fuser /dev/dri/*) and retry")
	case *g.BusyPercent >= 5:
		add(check, Warn, fmt.Sprintf("GPU %d%% busy before the run: something else is using it", *g.BusyPercent),
			"stop other GPU work (a desktop session counts) before measuring")
	default:
		add(check, OK, fmt.Sprintf("GPU %d%% busy: idle", *g.BusyPercent), "")
	}

	check = "temp." + card
	if g.Hwmon == nil || len(g.Hwmon.TempsC) == 0 {
		add(check, Warn, "temperatures unknown (no amdgpu hwmon readings)", "check /sys/class/drm/"+card+"/device/hwmon")
	} else {
		label, hottest := hottestTemp(g.Hwmon.TempsC)
		switch {
		case hottest >= 95:
			add(check, Fail, fmt.Sprintf("%s %.0f °C before the run: the GPU will throttle", label, hottest),
				"let it cool down (check fans and airflow) before measuring")
		case hottest >= 80:
			add(check, Warn, fmt.Sprintf("%s %.0f °C before the run: warm, may throttle under load", label, hottest),
				"let it cool to idle temperature before measuring")
		default:
			add(check, OK, fmt.Sprintf("%s %.0f °C: cool", label, hottest), "")
		}
	}

	if m := g.GPUMetrics; m != nil {
		diagnoseThrottle(add, card, m)
	}

	if g.LinkWidth != "" && g.MaxLinkWidth != "" {
		w, err1 := strconv.Atoi(g.LinkWidth)
		mw, err2 := strconv.Atoi(g.MaxLinkWidth)
		if err1 == nil && err2 == nil && w < mw {
			add("pcie."+card, Warn, fmt.Sprintf("PCIe link x%d of x%d: host transfers are capped", w, mw),
				"seat the card in a full-width slot (check the BIOS lane split)")
		} else if err1 == nil && err2 == nil {
			add("pcie."+card, OK, fmt.Sprintf("PCIe %s x%d (device max %s x%d)", g.LinkSpeed, w, g.MaxLinkSpeed, mw), "")
		}
	}
}

func hottestTemp(t map[string]float64) (string, float64) {
	keys := make([]string, 0, len(t))
	for k := range t {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	best, bl := -1e9, ""
	for _, k := range keys {
		if t[k] > best {
			best, bl = t[k], k
		}
	}
	return bl, best
}

// diagnoseThrottle warns when gpu_metrics says the GPU is already
// throttling before the run (a throttle bit set at idle: a power or
// thermal limit, or a hot VR), and says when the table's revision is
// one radvbench does not decode.
func diagnoseThrottle(add addFunc, card string, m *gpumetrics.Metrics) {
	check := "throttle." + card
	if !m.Known {
		add(check, Warn, fmt.Sprintf("gpu_metrics revision %s is not one radvbench decodes: clocks and throttling come from pp_dpm_* and hwmon only", m.Revision),
			"")
		return
	}
	throttled, known := m.Throttled()
	switch {
	case !known:
		return
	case throttled && m.IndepThrottleStatus != nil:
		add(check, Warn, fmt.Sprintf("GPU throttling before the run (%s in gpu_metrics' indep_throttle_status): figures will be slower than the part can run",
			strings.Join(gpumetrics.ThrottlerNames(*m.IndepThrottleStatus), ", ")),
			"find the limit (power cap, temperature, VR) and let the GPU idle and cool before measuring")
	case throttled:
		add(check, Warn, fmt.Sprintf("GPU throttling before the run (gpu_metrics throttle_status %#x): figures will be slower than the part can run", *m.ThrottleStatus),
			"find the limit (power cap, temperature, VR) and let the GPU idle and cool before measuring")
	default:
		add(check, OK, "no throttle bit set (gpu_metrics)", "")
	}
}
