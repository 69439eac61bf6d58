package doctor

// The kernel checks: the guide's kconfig fragment and amdgpu boot
// parameters, the kernel log, transparent hugepages, the driver's
// environment and the files that could not be read.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/bench/sysinfo"
)

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

func checkConfig(s *sysinfo.System, add addFunc) {
	if s.Config.Source == "" || len(s.Config.Options) == 0 {
		why := "not found (/proc/config.gz, /boot/config-" + orDash(s.Kernel.Release) + ")"
		if s.Config.Source != "" {
			why = s.Config.Source + " has no readable options"
		}
		add("kconfig", Warn, "kernel config "+why+": the guide's kconfig fragment cannot be checked",
			"modprobe configs (for /proc/config.gz) or install the config as /boot/config-$(uname -r)")
		return
	}
	major, minor, verOK := sysinfo.KernelVersion(s.Kernel.Release)
	from67 := verOK && (major > 6 || major == 6 && minor >= 7)
	multi := len(s.GPUs) > 1
	intel := strings.Contains(s.Host.CPUModel, "Intel")
	for _, o := range GuideKconfig {
		v := s.Config.Options[o.name]
		check := "kconfig." + o.name
		guide := o.name + "=" + o.want
		switch {
		case o.name == "CONFIG_AMD_IOMMU_V2" && from67 && v == sysinfo.ConfigAbsent:
			add(check, OK, "gone since Linux 6.7 (merged into CONFIG_AMD_IOMMU): the guide's "+guide+" line is obsolete on "+s.Kernel.Release, "")
		case o.want == "n":
			if v == sysinfo.ConfigNotSet || v == sysinfo.ConfigAbsent || v == "n" {
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

// paramValue returns a module parameter as loaded, else from the command
// line; set is false when neither has it.
func paramValue(s *sysinfo.System, name string) (v string, set bool, from string) {
	if raw, ok := s.Module.Params[name]; ok {
		return raw, true, "module parameter"
	}
	if raw, ok := s.Cmdline.AMDGPU[name]; ok {
		return raw, true, "command line"
	}
	return "", false, ""
}

func checkBootParams(s *sysinfo.System, add addFunc) {
	g := s.PrimaryGPU()
	rdna := g != nil && sysinfo.IsRDNA34(g.GFX)

	// vm_fragment_size: the trap is that the guide's 9 is the default.
	check := "boot.amdgpu.vm_fragment_size"
	eff := s.FragmentSize
	raw, set, _ := paramValue(s, "vm_fragment_size")
	pv, perr := sysinfo.ParseInt(raw)
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

func checkLog(s *sysinfo.System, add addFunc) {
	lg := s.Log
	if lg.Status != sysinfo.StatusOK {
		add("kernel_log", Warn, "kernel log not read: "+orDash(lg.Note)+"; effective vm_fragment_size and GPU resets unknown",
			"", Advice{Kind: AdviceKernelLog})
		return
	}
	if lg.GPUResets > 0 || lg.RingTimeouts > 0 {
		add("kernel_log", Warn, fmt.Sprintf("%d GPU reset(s) and %d ring timeout(s) in the kernel log: a recovered GPU can run slower or fail", lg.GPUResets, lg.RingTimeouts),
			"reboot before measuring, and find the hang (the first event: "+sysinfo.Clip(firstEvent(lg), 80)+")")
		return
	}
	reason := "no GPU resets or ring timeouts"
	if len(lg.FragmentBits) == 0 {
		reason += "; no \"fragment size is N-bit\" line (log rotated? amdgpu not initialised?)"
	}
	add("kernel_log", OK, reason, "")
}

func firstEvent(lg sysinfo.KernelLog) string {
	if len(lg.Events) == 0 {
		return "-"
	}
	return lg.Events[0]
}

func checkTHP(s *sysinfo.System, add addFunc) {
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

func checkEnv(s *sysinfo.System, add addFunc) {
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

func checkFiles(s *sysinfo.System, add addFunc) {
	var denied, malformed, other []string
	for _, f := range s.Files {
		switch f.Status {
		case sysinfo.StatusDenied:
			denied = append(denied, f.Path)
		case sysinfo.StatusMalformed:
			malformed = append(malformed, f.Path)
		case sysinfo.StatusError:
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
