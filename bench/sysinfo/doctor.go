package sysinfo

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/bench/gpumetrics"
)

// Finding statuses.
const (
	OK   = "ok"
	Warn = "warn"
	Fail = "fail"
)

// Finding is one doctor check: its status, a one-line reason and, unless
// ok, the fix: Fix in the system's own terms, or Advice where the fix is a
// radvbench command or flag, for the CLI to word (it sets Fix from it).
type Finding struct {
	Check  string `json:"check"`
	Status string `json:"status"`
	Reason string `json:"reason"`
	Fix    string `json:"fix,omitempty"`
	Advice Advice `json:"-"`
}

// Advice is a fix that is radvbench's own to give (a command or a flag).
type Advice struct {
	Kind AdviceKind
	// Sysfs is the power_dpm_force_performance_level file (AdvicePinClocks).
	Sysfs string
}

// AdviceKind says which fix.
type AdviceKind string

// The fixes the CLI words.
const (
	// AdvicePickDevice: pick the RDNA GPU for the run.
	AdvicePickDevice AdviceKind = "pick-device"
	// AdviceCurrentLog: the log is from another boot; pass the current one.
	AdviceCurrentLog AdviceKind = "current-log"
	// AdviceLogOrFragment: pass the kernel log, or set the parameter.
	AdviceLogOrFragment AdviceKind = "log-or-fragment"
	// AdvicePinClocks: pin the clocks for the run (or as root in Sysfs).
	AdvicePinClocks AdviceKind = "pin-clocks"
	// AdvicePinClocksUnknown: the level is unreadable; root, or pin them.
	AdvicePinClocksUnknown AdviceKind = "pin-clocks-unknown"
	// AdvicePinClocksManual: clocks set by hand; pin a profile instead.
	AdvicePinClocksManual AdviceKind = "pin-clocks-manual"
	// AdviceKernelLog: pass the kernel log, or run as root.
	AdviceKernelLog AdviceKind = "kernel-log"
	// AdviceMalformedFiles: where the malformed files are listed.
	AdviceMalformedFiles AdviceKind = "malformed-files"
	// AdviceGPUDriver: runs would use a CPU implementation although a GPU
	// is here: install its Vulkan driver, or pick it.
	AdviceGPUDriver AdviceKind = "gpu-driver"
)

// Failed reports whether any finding failed.
func Failed(fs []Finding) bool {
	for _, f := range fs {
		if f.Status == Fail {
			return true
		}
	}
	return false
}

// Severity policy: "fail" is kept for what stops radvbench from measuring
// an AMD GPU or makes the figures untrustworthy (no amdgpu driver, only
// CDNA parts, a GPU busy or hot before the run). The guide's options that
// only ROCm/KFD needs (HSA, SVM, HMM, P2P, noretry=0) are "warn" with the
// reason: a Vulkan benchmark machine may lack them on purpose.

// Diagnose checks the system against the kernel-config guide (its kconfig
// fragment and boot parameters, as docs/sysinfo.md lists them, with their
// public sources in docs/facts.md) and benchmarking hygiene.
func Diagnose(s *System) []Finding {
	var out []Finding
	add := func(check, status, reason, fix string, advice ...Advice) {
		f := Finding{Check: check, Status: status, Reason: reason, Fix: fix}
		if len(advice) > 0 {
			f.Advice = advice[0]
		}
		out = append(out, f)
	}
	amd := len(s.GPUs) > 0 || kfdGPUs(s) > 0
	checkVulkan(s, add)
	checkGPUs(s, add)
	if amd {
		checkModule(s, add)
	}
	checkConfig(s, add)
	if amd {
		checkBootParams(s, add)
		for i := range s.GPUs {
			checkClocks(&s.GPUs[i], add)
		}
		checkLog(s, add)
	}
	checkTHP(s, add)
	checkEnv(s, add)
	checkFiles(s, add)
	return out
}

func kfdGPUs(s *System) int {
	n := 0
	for _, k := range s.KFD {
		if !k.CPU {
			n++
		}
	}
	return n
}

// addFunc adds a finding; a fix that is radvbench's to word is given as
// an Advice, with fix "".
type addFunc func(check, status, reason, fix string, advice ...Advice)

func describe(g *GPU) string {
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

func checkGPUs(s *System, add addFunc) {
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
		case IsRDNA34(g.GFX) && g.SKU != nil:
			rdna = append(rdna, g.Card)
			add(check, OK, describe(g)+", driven by "+orDash(g.Driver), "")
		case IsRDNA34(g.GFX):
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

func kfdGFX(s *System) []string {
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
		if !IsCDNA(g) {
			return false
		}
	}
	return len(gfx) > 0
}

func checkModule(s *System, add addFunc) {
	if !s.Module.Loaded {
		add("amdgpu.module", Fail, "the amdgpu module is not loaded (/sys/module/amdgpu/parameters missing or unreadable)",
			"modprobe amdgpu, and check that it is not blacklisted (modprobe.blacklist=amdgpu, /etc/modprobe.d)")
	}
}

// guideOption is one line of the guide's kconfig fragment.
type guideOption struct {
	name string
	want string // y, m or n
	// why says what the option is for; missing says how bad lacking it is.
	why     string
	missing string
}

// GuideKconfig is the guide's kconfig fragment, in its order.
var GuideKconfig = []guideOption{
	{"CONFIG_DRM_AMDGPU", "m", "the amdgpu driver", Fail},
	{"CONFIG_DRM_AMDGPU_CIK", "n", "legacy Sea Islands support in amdgpu", Warn},
	{"CONFIG_DRM_AMDGPU_SI", "n", "legacy Southern Islands support in amdgpu", Warn},
	{"CONFIG_DRM_AMDGPU_USERPTR", "y", "userptr buffers (ROCm host memory, VK_EXT_external_memory_host)", Warn},
	{"CONFIG_HSA_AMD", "y", "KFD, the ROCm compute interface (Vulkan does not need it)", Warn},
	{"CONFIG_HSA_AMD_SVM", "y", "shared virtual memory for ROCm (HMM)", Warn},
	{"CONFIG_DRM_SCHED", "m", "the GPU scheduler (selected by amdgpu)", Warn},
	{"CONFIG_ZONE_DEVICE", "y", "device memory pages for HMM/SVM", Warn},
	{"CONFIG_DEVICE_PRIVATE", "y", "device-private memory for HMM/SVM migration", Warn},
	{"CONFIG_HMM_MIRROR", "y", "HMM mirroring for SVM", Warn},
	{"CONFIG_MIGRATION", "y", "page migration for SVM", Warn},
	{"CONFIG_TRANSPARENT_HUGEPAGE", "y", "transparent huge pages", Warn},
	{"CONFIG_TRANSPARENT_HUGEPAGE_ALWAYS", "y", "THP default mode always (the runtime mode in /sys is what counts)", Warn},
	{"CONFIG_PCI_P2PDMA", "y", "GPU-to-GPU PCIe peer DMA (multi-GPU only)", Warn},
	{"CONFIG_DMABUF_MOVE_NOTIFY", "y", "dma-buf move notification for P2P buffers (multi-GPU only)", Warn},
	{"CONFIG_SYNC_FILE", "y", "sync-file fences (Vulkan sync FD export)", Warn},
	{"CONFIG_DRM_ACCEL", "y", "the compute-accelerator subsystem; amdgpu does not use it (AMD's NPU driver amdxdna does)", OK},
	{"CONFIG_IOMMU_SUPPORT", "y", "IOMMU support", Warn},
	{"CONFIG_AMD_IOMMU", "y", "the AMD IOMMU driver (AMD hosts)", Warn},
	{"CONFIG_AMD_IOMMU_V2", "y", "AMD IOMMUv2 (KFD on APUs)", Warn},
}

func checkConfig(s *System, add addFunc) {
	if s.Config.Source == "" || len(s.Config.Options) == 0 {
		why := "not found (/proc/config.gz, /boot/config-" + orDash(s.Kernel.Release) + ")"
		if s.Config.Source != "" {
			why = s.Config.Source + " has no readable options"
		}
		add("kconfig", Warn, "kernel config "+why+": the guide's kconfig fragment cannot be checked",
			"modprobe configs (for /proc/config.gz) or install the config as /boot/config-$(uname -r)")
		return
	}
	major, minor, verOK := KernelVersion(s.Kernel.Release)
	from67 := verOK && (major > 6 || major == 6 && minor >= 7)
	multi := len(s.GPUs) > 1
	intel := strings.Contains(s.Host.CPUModel, "Intel")
	for _, o := range GuideKconfig {
		v := s.Config.Options[o.name]
		check := "kconfig." + o.name
		guide := o.name + "=" + o.want
		switch {
		case o.name == "CONFIG_AMD_IOMMU_V2" && from67 && v == ConfigAbsent:
			add(check, OK, "gone since Linux 6.7 (merged into CONFIG_AMD_IOMMU): the guide's "+guide+" line is obsolete on "+s.Kernel.Release, "")
		case o.want == "n":
			if v == ConfigNotSet || v == ConfigAbsent || v == "n" {
				add(check, OK, "not set, as the guide says: "+o.why, "")
			} else {
				add(check, Warn, "="+v+": "+o.why+" is built; irrelevant to GFX11/GFX12, the guide drops it",
					"set "+guide+" (the radeon driver keeps those old parts)")
			}
		case v == o.want:
			add(check, OK, v+", as the guide says: "+o.why, "")
		case v == "y" || v == "m":
			add(check, OK, v+" (the guide says "+o.want+"; either works): "+o.why, "")
		default:
			status, note := o.missing, ""
			switch {
			case (o.name == "CONFIG_PCI_P2PDMA" || o.name == "CONFIG_DMABUF_MOVE_NOTIFY") && !multi:
				status, note = OK, "; only matters with several GPUs"
			case o.name == "CONFIG_AMD_IOMMU" && intel:
				status, note = OK, "; this is an Intel host"
			case o.name == "CONFIG_AMD_IOMMU_V2" && !verOK:
				note = "; kernel release unknown (from 6.7 the option is gone)"
			case o.name == "CONFIG_DRM_AMDGPU" && len(s.GPUs) == 0:
				status = Warn
			}
			add(check, status, v+": "+o.why+note, fixFor(status, "set "+guide+" and rebuild the kernel"))
		}
	}
}

func fixFor(status, fix string) string {
	if status == OK {
		return ""
	}
	return fix
}

// paramValue returns a module parameter as loaded, else from the command
// line; set is false when neither has it.
func paramValue(s *System, name string) (v string, set bool, from string) {
	if raw, ok := s.Module.Params[name]; ok {
		return raw, true, "module parameter"
	}
	if raw, ok := s.Cmdline.AMDGPU[name]; ok {
		return raw, true, "command line"
	}
	return "", false, ""
}

func checkBootParams(s *System, add addFunc) {
	g := s.PrimaryGPU()
	rdna := g != nil && IsRDNA34(g.GFX)

	// vm_fragment_size: the trap is that the guide's 9 is the default.
	check := "boot.amdgpu.vm_fragment_size"
	eff := s.FragmentSize
	raw, set, _ := paramValue(s, "vm_fragment_size")
	pv, perr := ParseInt(raw)
	explicit := set && perr == nil && pv != -1
	switch {
	case explicit && (pv < 4 || pv > 9):
		add(check, Warn, fmt.Sprintf("amdgpu.vm_fragment_size=%d is outside 4..9: the kernel warns and uses auto", pv),
			"remove amdgpu.vm_fragment_size from the kernel command line")
	case eff.Source == "log" && explicit && eff.Value != strconv.FormatInt(pv, 10):
		add(check, Warn, fmt.Sprintf("the kernel log says fragment size %s-bit but the parameter is %d: the log is from another boot?", eff.Value, pv),
			"", Advice{Kind: AdviceCurrentLog})
	case rdna && eff.Value == "9":
		if explicit {
			add(check, OK, "9 (2 MiB) is already the default on GFX11/GFX12: the guide's amdgpu.vm_fragment_size=9 changes nothing", "")
		} else {
			how := "the kernel log confirms it"
			if eff.Source != "log" {
				how = "auto; no kernel log to confirm"
			}
			add(check, OK, "default 9 (2 MiB fragments) on GFX11/GFX12 ("+how+"); the guide's amdgpu.vm_fragment_size=9 would change nothing", "")
		}
	case eff.Value != "" && eff.Value != "9":
		add(check, Warn, fmt.Sprintf("effective fragment size %s (%s KiB, from the %s) is below the 2 MiB default: RADV's VA alignment and TLB reach shrink; fine for an A/B run (results carry amdgpu.vm_fragment_size), not for a baseline", eff.Value, fragKiB(eff.Value), eff.Source),
			"drop amdgpu.vm_fragment_size from the kernel command line for the default 9")
	case eff.Value == "9":
		add(check, OK, "9 (2 MiB), as the guide recommends ("+eff.Source+")", "")
	default:
		add(check, Warn, "effective fragment size unknown ("+eff.Detail+"); the guide recommends 9 (2 MiB)",
			"", Advice{Kind: AdviceLogOrFragment})
	}

	// noretry: SVM/HMM need retry (noretry=0).
	check = "boot.amdgpu.noretry"
	switch s.NoRetry.Value {
	case "0":
		add(check, OK, "0: recoverable GPU page faults, as SVM/HMM need", "")
	case "1":
		add(check, Warn, "effective noretry=1 ("+s.NoRetry.Detail+"): GPU page faults are not retried, so ROCm SVM/HMM cannot migrate on fault (Vulkan does not care)",
			"add amdgpu.noretry=0 to the kernel command line (read at init: reboot)")
	default:
		add(check, Warn, "effective noretry unknown ("+s.NoRetry.Detail+"); SVM/HMM need amdgpu.noretry=0",
			"add amdgpu.noretry=0 to the kernel command line")
	}

	// ppfeaturemask: the guide's 0xffffffff only unlocks tuning.
	check = "boot.amdgpu.ppfeaturemask"
	if s.Module.PPFeatureMask != nil {
		m := *s.Module.PPFeatureMask
		switch {
		case m == 0xffffffff:
			add(check, OK, "0xffffffff, as the guide recommends: OverDrive and manual power tuning unlocked", "")
		case m&0x8000 == 0:
			add(check, Warn, fmt.Sprintf("%#x clears bit 15 (GFXOFF): idle power and clock ramp differ from a stock boot", m),
				"use the default mask or the guide's amdgpu.ppfeaturemask=0xffffffff")
		default:
			add(check, OK, fmt.Sprintf("%#x: the guide's 0xffffffff only unlocks OverDrive/manual tuning, not needed to benchmark", m), "")
		}
	} else if raw, ok := s.Module.Params["ppfeaturemask"]; ok {
		add(check, Warn, "amdgpu.ppfeaturemask is malformed ("+raw+")", "check /sys/module/amdgpu/parameters/ppfeaturemask")
	} else if raw, ok := s.Cmdline.AMDGPU["ppfeaturemask"]; ok {
		add(check, OK, "set to "+raw+" on the command line (module parameter not readable)", "")
	} else {
		add(check, Warn, "amdgpu.ppfeaturemask unknown (module parameters not readable)", "run as root or check /sys/module/amdgpu/parameters")
	}

	// gpu_recovery: the guide sets 1.
	check = "boot.amdgpu.gpu_recovery"
	switch {
	case s.Log.RecoveryDisabled:
		add(check, Warn, "the kernel log says GPU recovery is disabled: a hang needs a reboot",
			"add amdgpu.gpu_recovery=1 to the kernel command line")
	case s.Module.GPURecovery == nil:
		if raw, ok := s.Module.Params["gpu_recovery"]; ok {
			add(check, Warn, "amdgpu.gpu_recovery is malformed ("+raw+")", "check /sys/module/amdgpu/parameters/gpu_recovery")
		} else if raw, ok := s.Cmdline.AMDGPU["gpu_recovery"]; ok {
			add(check, OK, "set to "+raw+" on the command line (module parameter not readable)", "")
		} else {
			add(check, Warn, "amdgpu.gpu_recovery unknown (module parameters not readable)", "run as root or check /sys/module/amdgpu/parameters")
		}
	case *s.Module.GPURecovery == 1:
		add(check, OK, "1, as the guide recommends: a hung GPU is reset without a reboot", "")
	case *s.Module.GPURecovery == 0:
		add(check, Warn, "0: GPU recovery off, a hang needs a reboot", "add amdgpu.gpu_recovery=1 to the kernel command line")
	default:
		add(check, OK, "-1 (auto, per-ASIC; the guide sets 1 explicitly)", "")
	}
}

func fragKiB(v string) string {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 20 {
		return "?"
	}
	return strconv.Itoa(4 << n)
}

func checkClocks(g *GPU, add addFunc) {
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

func checkLog(s *System, add addFunc) {
	lg := s.Log
	if lg.Status != StatusOK {
		add("kernel_log", Warn, "kernel log not read: "+orDash(lg.Note)+"; effective vm_fragment_size and GPU resets unknown",
			"", Advice{Kind: AdviceKernelLog})
		return
	}
	if lg.GPUResets > 0 || lg.RingTimeouts > 0 {
		add("kernel_log", Warn, fmt.Sprintf("%d GPU reset(s) and %d ring timeout(s) in the kernel log: a recovered GPU can run slower or fail", lg.GPUResets, lg.RingTimeouts),
			"reboot before measuring, and find the hang (the first event: "+clip(firstEvent(lg), 80)+")")
		return
	}
	reason := "no GPU resets or ring timeouts"
	if len(lg.FragmentBits) == 0 {
		reason += "; no \"fragment size is N-bit\" line (log rotated? amdgpu not initialised?)"
	}
	add("kernel_log", OK, reason, "")
}

func firstEvent(lg KernelLog) string {
	if len(lg.Events) == 0 {
		return "-"
	}
	return lg.Events[0]
}

func checkTHP(s *System, add addFunc) {
	switch s.THP.Enabled {
	case "":
		add("thp.enabled", Warn, "transparent hugepage mode unknown (/sys/kernel/mm/transparent_hugepage/enabled unreadable)", "check CONFIG_TRANSPARENT_HUGEPAGE and /sys")
	case "never":
		add("thp.enabled", Warn, "never: host buffers use 4 KiB pages only (the guide wants THP)",
			"echo madvise > /sys/kernel/mm/transparent_hugepage/enabled (or always, as the guide)")
	default:
		add("thp.enabled", OK, s.THP.Enabled, "")
	}
	if s.THP.Defrag == "always" {
		add("thp.defrag", Warn, "always: direct compaction can stall allocations in the middle of a run",
			"echo defer+madvise > /sys/kernel/mm/transparent_hugepage/defrag")
	} else if s.THP.Defrag != "" {
		add("thp.defrag", OK, s.THP.Defrag, "")
	}
}

func checkEnv(s *System, add addFunc) {
	keys := make([]string, 0, len(s.Env))
	for k := range s.Env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := s.Env[k]
		switch {
		case k == "RADV_DEBUG" || k == "ACO_DEBUG" || k == "AMD_DEBUG":
			add("env."+k, Warn, k+"="+v+" changes driver behaviour (debug options cost performance)",
				"unset "+k+" for baseline runs (it is recorded as env."+k+")")
		case strings.HasPrefix(k, "VK_"):
			add("env."+k, OK, k+"="+v+" selects Vulkan drivers or layers (recorded)", "")
		case k == "LD_LIBRARY_PATH" || k == "LD_PRELOAD":
			add("env."+k, OK, k+"="+v+" selects which libraries, the driver's among them, load (recorded)", "")
		default:
			add("env."+k, OK, k+"="+v+" (recorded as env."+k+"; read at driver load: compare settings in separate runs)", "")
		}
	}
}

func checkFiles(s *System, add addFunc) {
	var denied, malformed, other []string
	for _, f := range s.Files {
		switch f.Status {
		case StatusDenied:
			denied = append(denied, f.Path)
		case StatusMalformed:
			malformed = append(malformed, f.Path)
		case StatusError:
			other = append(other, f.Path+" ("+f.Detail+")")
		}
	}
	if len(denied) > 0 {
		add("files.denied", Warn, fmt.Sprintf("%d file(s) unreadable (permission denied): %s", len(denied), firstFew(denied)),
			"run as root for a complete record")
	}
	if len(malformed) > 0 {
		add("files.malformed", Warn, fmt.Sprintf("%d file(s) malformed: %s", len(malformed), firstFew(malformed)),
			"", Advice{Kind: AdviceMalformedFiles})
	}
	if len(other) > 0 {
		add("files.error", Warn, fmt.Sprintf("%d file(s) failed to read: %s", len(other), firstFew(other)),
			"a device asleep or busy can fail sysfs reads: retry with the GPU awake")
	}
}

func firstFew(s []string) string {
	if len(s) <= 3 {
		return strings.Join(s, ", ")
	}
	return strings.Join(s[:3], ", ") + fmt.Sprintf(" and %d more", len(s)-3)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
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
