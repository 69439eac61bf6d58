// Package sysreport renders a system record (bench/sysinfo) as the
// readable summary 'radvbench sysinfo' prints: host, GPUs with their SKU,
// clocks, power and gpu_metrics table (throttle bits named), kernel, boot
// and module parameters, kernel config, the kernel log's verdicts, the
// environment, the Vulkan device runs use and what was read.
package sysreport

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/reports/resulttable"
)

// Words are the caller's words in the summary: what emulated devices are
// good for, why Vulkan was not opened (when it was not), and the closing
// line.
type Words struct {
	Emulated, NoVulkan, Footer string
}

// Write prints the readable summary of s.
func Write(w io.Writer, s *sysinfo.System, words Words) {
	writeHost(w, s)
	fmt.Fprintln(w)
	writeGPUs(w, s)
	fmt.Fprintln(w)
	writeAMDGPU(w, s)
	writeKernelState(w, s)
	writeVulkan(w, s, words)
	writeFiles(w, s)
	fmt.Fprintf(w, "\n%s\n", words.Footer)
}

// line prints one labelled line of the summary.
func line(w io.Writer, label, format string, a ...any) {
	fmt.Fprintf(w, "%-12s%s\n", label, fmt.Sprintf(format, a...))
}

// writeHost prints the root read, the host (CPU and memory), the kernel,
// its command line and its config.
func writeHost(w io.Writer, s *sysinfo.System) {
	host := OrNA(s.Host.Name)
	if s.Host.CPUModel != "" {
		host += ": " + s.Host.CPUModel
	}
	var hostDetail []string
	if s.Host.CPUs > 0 {
		hostDetail = append(hostDetail, fmt.Sprintf("%d CPUs", s.Host.CPUs))
	}
	if s.Host.MemTotalKiB > 0 {
		hostDetail = append(hostDetail, gib(float64(s.Host.MemTotalKiB)*1024)+" RAM")
	}
	if len(hostDetail) > 0 {
		host += " (" + strings.Join(hostDetail, ", ") + ")"
	}
	line(w, "Root", "%s", s.Root)
	line(w, "Host", "%s", host)
	line(w, "Kernel", "%s %s", OrNA(s.Kernel.Release), s.Kernel.Version)
	line(w, "Cmdline", "%s", OrNA(s.Cmdline.Raw))
	if s.Config.Source != "" {
		sum := s.Config.SHA256
		if len(sum) > 12 {
			sum = sum[:12]
		}
		line(w, "Config", "%s (%d options, sha256 %s)", s.Config.Source, s.Config.Count, sum)
	} else {
		line(w, "Config", "not found (/proc/config.gz, /boot/config-%s)", OrNA(s.Kernel.Release))
	}
}

// writeGPUs prints every AMD card (or that there is none, and which other
// cards are here) and every KFD GPU node.
func writeGPUs(w io.Writer, s *sysinfo.System) {
	if len(s.GPUs) == 0 {
		msg := "no AMD GPU present (no DRM card with vendor 0x1002 under /sys/class/drm)"
		if cards := s.DescribeOtherCards(); cards != "" {
			msg += "; other DRM cards: " + cards
		}
		line(w, "GPU", "%s", msg)
	}
	for i := range s.GPUs {
		writeGPU(w, s, i)
	}
	for _, n := range s.KFD {
		if n.CPU {
			continue
		}
		d := fmt.Sprintf("node %d: %s, %d CUs, wave%d, %d MHz", n.Node, OrNA(n.GFX), n.CUs, n.WaveSize, n.MaxEngineMHz)
		if n.CDNA {
			d += " (CDNA: KFD/ROCm only, no RADV)"
		}
		line(w, "KFD", "%s", d)
	}
}

// writeAMDGPU prints the amdgpu module: loaded or not, the effective
// fragment size and noretry, the parameters the guide sets and the
// amdgpu.* of the command line.
func writeAMDGPU(w io.Writer, s *sysinfo.System) {
	if !s.Module.Loaded {
		line(w, "amdgpu", "module not loaded (or /sys/module/amdgpu/parameters unreadable)")
	} else {
		line(w, "amdgpu", "module parameters (%d):", len(s.Module.Params))
	}
	eff := func(e sysinfo.Effective) string {
		return fmt.Sprintf("%s [%s] %s", OrNA(e.Value), e.Source, e.Detail)
	}
	fmt.Fprintf(w, "  %-24s%s\n", "vm_fragment_size", eff(s.FragmentSize))
	fmt.Fprintf(w, "  %-24s%s\n", "noretry", eff(s.NoRetry))
	for _, p := range []string{"ppfeaturemask", "gpu_recovery", "sched_policy", "vm_size", "vm_block_size", "svm_default_granularity"} {
		if v, ok := s.Module.Params[p]; ok {
			fmt.Fprintf(w, "  %-24s%s\n", p, OrNA(v))
		}
	}
	if len(s.Cmdline.AMDGPU) > 0 {
		var kv []string
		for _, k := range sortedKeys(s.Cmdline.AMDGPU) {
			kv = append(kv, "amdgpu."+k+"="+s.Cmdline.AMDGPU[k])
		}
		fmt.Fprintf(w, "  %-24s%s\n", "command line", strings.Join(kv, " "))
	}
}

// writeKernelState prints the kernel log's verdicts, the transparent
// hugepage modes and the driver's environment.
func writeKernelState(w io.Writer, s *sysinfo.System) {
	line(w, "Kernel log", "%s", logSummary(s.Log))
	thp := "unknown"
	if s.THP.Enabled != "" || s.THP.Defrag != "" {
		thp = fmt.Sprintf("enabled %s, defrag %s", OrNA(s.THP.Enabled), OrNA(s.THP.Defrag))
	}
	line(w, "THP", "%s", thp)
	if len(s.Env) == 0 {
		line(w, "Env", "no RADV_*, ACO_*, MESA_* or Vulkan loader variables set")
	} else {
		var kv []string
		for _, k := range sortedKeys(s.Env) {
			kv = append(kv, k+"="+s.Env[k])
		}
		line(w, "Env", "%s", strings.Join(kv, " "))
	}
}

// writeVulkan prints the Vulkan device runs use (emulated or not, its
// subgroup sizes and cooperative-matrix shapes), or why it was not opened.
func writeVulkan(w io.Writer, s *sysinfo.System, words Words) {
	v := s.Vulkan
	if v == nil {
		line(w, "Vulkan", "not opened (%s)", OrNA(words.NoVulkan))
		return
	}
	line(w, "Vulkan", "%s: runs use it (driver ID %s, API %s)", v.Describe(), v.DriverID, v.APIVersion)
	if e := v.Emulated; e != nil {
		line(w, "", "emulated (%s, target %s): RADV compiles for it, nothing executes %s", e.Mechanism, e.Target, words.Emulated)
	}
	if v.SubgroupSize > 0 {
		resulttable.WriteCoopMat(w, strings.Repeat(" ", 12), v.SubgroupSize, v.MinSubgroupSize, v.MaxSubgroupSize, v.CooperativeMatrix)
	}
}

// writeFiles prints how many files were read by status, and each file
// that was denied, malformed or failed, with why.
func writeFiles(w io.Writer, s *sysinfo.System) {
	counts := map[string]int{}
	for _, f := range s.Files {
		counts[f.Status]++
	}
	var parts []string
	for _, st := range []string{sysinfo.StatusOK, sysinfo.StatusMissing, sysinfo.StatusDenied, sysinfo.StatusMalformed, sysinfo.StatusError} {
		if counts[st] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[st], st))
		}
	}
	line(w, "Files", "%d read: %s", len(s.Files), strings.Join(parts, ", "))
	for _, f := range s.Files {
		if f.Status == sysinfo.StatusDenied || f.Status == sysinfo.StatusMalformed || f.Status == sysinfo.StatusError {
			d := ""
			if f.Detail != "" {
				d = ": " + f.Detail
			}
			fmt.Fprintf(w, "  %-18s%s%s\n", f.Status, f.Path, d)
		}
	}
}

func writeGPU(w io.Writer, s *sysinfo.System, i int) {
	g := &s.GPUs[i]
	item := func(label, format string, a ...any) {
		fmt.Fprintf(w, "  %-12s%s\n", label, fmt.Sprintf(format, a...))
	}
	title := g.Name
	if i == s.Primary {
		title += "  [primary]"
	}
	fmt.Fprintf(w, "%-12s%s\n", "GPU "+g.Card, title)
	pci := fmt.Sprintf("%s  %04X:%04X", OrNA(g.PCISlot), g.VendorID, g.DeviceID)
	if g.Revision >= 0 {
		pci += fmt.Sprintf(" rev %02X", g.Revision)
	}
	if g.SubsystemVendorID != 0 {
		pci += fmt.Sprintf(" (subsystem %04X:%04X)", g.SubsystemVendorID, g.SubsystemDeviceID)
	}
	item("PCI", "%s, driver %s", pci, OrNA(g.Driver))
	if sk := g.SKU; sk != nil {
		item("gfx", "%s, %d CUs, boost %d MHz, L2 %g MiB, Infinity Cache %g MiB", sk.GFX, sk.CUs, sk.BoostMHz, sk.L2MiB, sk.InfinityCacheMiB)
		bw := "shared memory"
		if sk.BandwidthGBs > 0 {
			bw = fmt.Sprintf("%g GB/s", sk.BandwidthGBs)
		}
		item("peak", "%g FP32 TFLOPS, %g FP16 TFLOPS, %g INT8 TOPS, %s", sk.FP32TFLOPS, sk.FP16TFLOPS, sk.INT8TOPS, bw)
	} else {
		gfx := OrNA(g.GFX)
		if g.CDNA {
			gfx += " (CDNA: KFD/ROCm only, no RADV: Vulkan suites cannot run)"
		}
		item("gfx", "%s; not in the device table: no peak figures", gfx)
	}
	prof := ""
	if g.PowerProfile != "" {
		prof = " (power profile " + g.PowerProfile + ")"
	}
	item("perf level", "%s%s", OrNA(g.PerfLevel), prof)
	for _, c := range []struct {
		name  string
		lines []sysinfo.DPMLevel
	}{{"sclk", g.SCLK}, {"mclk", g.MCLK}, {"fclk", g.FCLK}, {"socclk", g.SOCCLK}} {
		if len(c.lines) > 0 {
			item(c.name, "%s", dpmSummary(sysinfo.InterpretDPM(c.name, c.lines)))
		}
	}
	writeMetrics(w, g)
	if g.LinkSpeed != "" || g.LinkWidth != "" {
		item("PCIe", "%s x%s (max %s x%s)", OrNA(g.LinkSpeed), OrNA(g.LinkWidth), OrNA(g.MaxLinkSpeed), OrNA(g.MaxLinkWidth))
	}
	if g.VRAMTotal != nil {
		used := "?"
		if g.VRAMUsed != nil {
			used = gib(float64(*g.VRAMUsed))
		}
		item("VRAM", "%s used of %s", used, gib(float64(*g.VRAMTotal)))
	}
	if h := g.Hwmon; h != nil {
		if h.PowerW != nil {
			p := fmt.Sprintf("%.1f W", *h.PowerW)
			if h.PowerCapW != nil {
				p += fmt.Sprintf(" (cap %.1f W)", *h.PowerCapW)
			}
			item("power", "%s", p)
		}
		if len(h.TempsC) > 0 {
			var ts []string
			for _, k := range sortedKeys(h.TempsC) {
				ts = append(ts, fmt.Sprintf("%s %.0f °C", k, h.TempsC[k]))
			}
			item("temps", "%s", strings.Join(ts, ", "))
		}
	}
	if g.BusyPercent != nil {
		item("busy", "%d%%", *g.BusyPercent)
	}
}

// dpmSummary is a clock's current value and its levels: "1249 MHz
// (levels 96 456 772 1249*)", or for a clock between its levels "1969
// MHz (levels 500 2500; the clock runs between them)", or "31 MHz, deep
// sleep (levels 500 2500)".
func dpmSummary(c sysinfo.DPMClock) string {
	cur := "?"
	if c.HasCurrent {
		cur = fmt.Sprintf("%d MHz", c.CurrentMHz)
	}
	ls := make([]string, len(c.Levels))
	for i, l := range c.Levels {
		ls[i] = fmt.Sprint(l.MHz)
		if l.Current && c.AtLevel {
			ls[i] += "*"
		}
	}
	levels := "levels " + strings.Join(ls, " ")
	switch {
	case c.Sleep:
		return cur + ", deep sleep (" + levels + ")"
	case c.HasCurrent && !c.AtLevel:
		return cur + " (" + levels + "; the clock runs between them)"
	}
	return cur + " (" + levels + ")"
}

func logSummary(lg sysinfo.KernelLog) string {
	src := lg.Source
	if lg.Source == "file" {
		src = "file " + lg.Path
	}
	if lg.Status != sysinfo.StatusOK {
		return "not available: " + lg.Note
	}
	var parts []string
	if len(lg.FragmentBits) == 0 {
		parts = append(parts, "no fragment size line")
	}
	for _, dev := range sortedKeys(lg.FragmentBits) {
		d := ""
		if dev != "" {
			d = " (" + dev + ")"
		}
		parts = append(parts, fmt.Sprintf("fragment size %d-bit%s", lg.FragmentBits[dev], d))
	}
	if lg.SVMInitialized {
		parts = append(parts, "SVM initialized")
	}
	if len(lg.AddedDevices) > 0 {
		parts = append(parts, "KFD added "+strings.Join(lg.AddedDevices, ", "))
	}
	parts = append(parts, fmt.Sprintf("%d GPU resets, %d ring timeouts", lg.GPUResets, lg.RingTimeouts))
	return src + ": " + strings.Join(parts, "; ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func gib(b float64) string { return fmt.Sprintf("%.1f GiB", b/(1<<30)) }

// OrNA is s, or "-" when it is empty.
func OrNA(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
