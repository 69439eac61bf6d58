package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/radvbench/radvbench/bench/launch"
	"github.com/radvbench/radvbench/bench/sysinfo"
)

func init() {
	register(&command{
		name:    "sysinfo",
		summary: "show the system behind the figures: GPU, kernel, boot parameters, clocks",
		run:     runSysinfo,
	})
}

// Test hooks: the environment recorded and the file reader (tests inject
// permission errors through it; they run as root).
var (
	sysinfoEnviron  = os.Environ
	sysinfoReadFile func(string) ([]byte, error)
)

// collectSystem validates --sysroot and --dmesg and collects the system.
// dmesg runs only for the real root and without --dmesg.
func collectSystem(sysroot, dmesg string) (*sysinfo.System, error) {
	if sysroot == "" {
		sysroot = "/"
	}
	st, err := os.Stat(sysroot)
	if err != nil || !st.IsDir() {
		return nil, usagef("--sysroot %s is not a directory: pass the root of a system tree (default /)", sysroot)
	}
	if dmesg != "" {
		if st, err := os.Stat(dmesg); err != nil || st.IsDir() {
			return nil, usagef("--dmesg %s is not a readable file: save the log first (journalctl -k -b > FILE)", dmesg)
		}
	}
	realRoot := filepath.Clean(sysroot) == "/"
	return sysinfo.Collect(sysinfo.Options{
		Root:      sysroot,
		DmesgFile: dmesg,
		RunDmesg:  realRoot && dmesg == "",
		Env:       sysinfoEnviron(),
		ReadFile:  sysinfoReadFile,
	}), nil
}

func runSysinfo(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	fs := newFlagSet("sysinfo", "sysinfo [--json] [--sysroot DIR] [--dmesg FILE]", `
Show what radvbench records about this machine with every result: the AMD
GPU (SKU, gfx target, peak figures), clock and power state, kernel release,
command line, amdgpu module parameters (with the effective vm_fragment_size
and where it came from), kernel config, THP, the kernel log's verdicts and
the RADV/ACO/MESA environment. Files that are missing, unreadable or
malformed are reported, never fatal. --json prints the full record.`, stdout)
	asJSON := fs.Bool("json", false, "print the full record as JSON")
	sysroot := fs.String("sysroot", "/", "read /proc, /sys and /boot under `DIR` (a saved or fixture tree)")
	dmesg := fs.String("dmesg", "", "read the kernel log from `FILE` (default: run dmesg, for --sysroot / only)")
	device := fs.String("device", "", "Vulkan device whose driver to show (as for run; only with --sysroot /)")
	noVulkan := fs.Bool("no-vulkan", false, "do not open Vulkan (driver and Mesa version are then not shown)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("sysinfo takes no arguments, got %q", fs.Arg(0))
	}
	s, err := collectSystem(*sysroot, *dmesg)
	if err != nil {
		return err
	}
	// The Vulkan device belongs to this machine, not to a saved tree.
	if !*noVulkan && filepath.Clean(*sysroot) == "/" {
		if inst, pd, err := selectDevice(*device, io.Discard); err == nil {
			launch.SetVulkan(s, pd.Describe())
			inst.Close()
		} else {
			fmt.Fprintf(stderr, "radvbench sysinfo: Vulkan not available: %s\n", oneLine(err.Error()))
		}
	}
	if *asJSON {
		return writeJSON(stdout, s)
	}
	writeSummary(stdout, s)
	return nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// writeSummary prints the readable summary of s.
func writeSummary(w io.Writer, s *sysinfo.System) {
	line := func(label, format string, a ...any) {
		fmt.Fprintf(w, "%-12s%s\n", label, fmt.Sprintf(format, a...))
	}
	host := orNA(s.Host.Name)
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
	line("Root", "%s", s.Root)
	line("Host", "%s", host)
	line("Kernel", "%s %s", orNA(s.Kernel.Release), s.Kernel.Version)
	line("Cmdline", "%s", orNA(s.Cmdline.Raw))
	if s.Config.Source != "" {
		sum := s.Config.SHA256
		if len(sum) > 12 {
			sum = sum[:12]
		}
		line("Config", "%s (%d options, sha256 %s)", s.Config.Source, s.Config.Count, sum)
	} else {
		line("Config", "not found (/proc/config.gz, /boot/config-%s)", orNA(s.Kernel.Release))
	}
	fmt.Fprintln(w)

	if len(s.GPUs) == 0 {
		msg := "no AMD GPU present (no DRM card with vendor 0x1002 under /sys/class/drm)"
		if cards := s.DescribeOtherCards(); cards != "" {
			msg += "; other DRM cards: " + cards
		}
		line("GPU", "%s", msg)
	}
	for i := range s.GPUs {
		writeGPU(w, s, i)
	}
	for _, n := range s.KFD {
		if n.CPU {
			continue
		}
		d := fmt.Sprintf("node %d: %s, %d CUs, wave%d, %d MHz", n.Node, orNA(n.GFX), n.CUs, n.WaveSize, n.MaxEngineMHz)
		if n.CDNA {
			d += " (CDNA: KFD/ROCm only, no RADV)"
		}
		line("KFD", "%s", d)
	}
	fmt.Fprintln(w)

	if !s.Module.Loaded {
		line("amdgpu", "module not loaded (or /sys/module/amdgpu/parameters unreadable)")
	} else {
		line("amdgpu", "module parameters (%d):", len(s.Module.Params))
	}
	eff := func(e sysinfo.Effective) string {
		return fmt.Sprintf("%s [%s] %s", orNA(e.Value), e.Source, e.Detail)
	}
	fmt.Fprintf(w, "  %-24s%s\n", "vm_fragment_size", eff(s.FragmentSize))
	fmt.Fprintf(w, "  %-24s%s\n", "noretry", eff(s.NoRetry))
	for _, p := range []string{"ppfeaturemask", "gpu_recovery", "sched_policy", "vm_size", "vm_block_size", "svm_default_granularity"} {
		if v, ok := s.Module.Params[p]; ok {
			fmt.Fprintf(w, "  %-24s%s\n", p, orNA(v))
		}
	}
	if len(s.Cmdline.AMDGPU) > 0 {
		var kv []string
		for _, k := range sortedKeys(s.Cmdline.AMDGPU) {
			kv = append(kv, "amdgpu."+k+"="+s.Cmdline.AMDGPU[k])
		}
		fmt.Fprintf(w, "  %-24s%s\n", "command line", strings.Join(kv, " "))
	}
	line("Kernel log", "%s", logSummary(s.Log))
	thp := "unknown"
	if s.THP.Enabled != "" || s.THP.Defrag != "" {
		thp = fmt.Sprintf("enabled %s, defrag %s", orNA(s.THP.Enabled), orNA(s.THP.Defrag))
	}
	line("THP", "%s", thp)
	if len(s.Env) == 0 {
		line("Env", "no RADV_*, ACO_*, MESA_* or Vulkan loader variables set")
	} else {
		var kv []string
		for _, k := range sortedKeys(s.Env) {
			kv = append(kv, k+"="+s.Env[k])
		}
		line("Env", "%s", strings.Join(kv, " "))
	}
	if v := s.Vulkan; v != nil {
		line("Vulkan", "%s: %s %s (%s), API %s", v.DeviceName, v.DriverName, v.DriverInfo, v.DriverID, v.APIVersion)
		if e := v.Emulated; e != nil {
			line("", "emulated (%s, target %s): RADV compiles for it, nothing executes ('radvbench isa')", e.Mechanism, e.Target)
		}
		if v.SubgroupSize > 0 {
			writeCoopMat(w, strings.Repeat(" ", 12), v.SubgroupSize, v.MinSubgroupSize, v.MaxSubgroupSize, v.CooperativeMatrix)
		}
	} else {
		line("Vulkan", "not opened (saved tree, --no-vulkan or no driver)")
	}
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
	line("Files", "%d read: %s", len(s.Files), strings.Join(parts, ", "))
	for _, f := range s.Files {
		if f.Status == sysinfo.StatusDenied || f.Status == sysinfo.StatusMalformed || f.Status == sysinfo.StatusError {
			d := ""
			if f.Detail != "" {
				d = ": " + f.Detail
			}
			fmt.Fprintf(w, "  %-18s%s%s\n", f.Status, f.Path, d)
		}
	}
	fmt.Fprintln(w, "\nFull record: radvbench sysinfo --json; checks: radvbench doctor")
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
	pci := fmt.Sprintf("%s  %04X:%04X", orNA(g.PCISlot), g.VendorID, g.DeviceID)
	if g.Revision >= 0 {
		pci += fmt.Sprintf(" rev %02X", g.Revision)
	}
	if g.SubsystemVendorID != 0 {
		pci += fmt.Sprintf(" (subsystem %04X:%04X)", g.SubsystemVendorID, g.SubsystemDeviceID)
	}
	item("PCI", "%s, driver %s", pci, orNA(g.Driver))
	if sk := g.SKU; sk != nil {
		item("gfx", "%s, %d CUs, boost %d MHz, L2 %g MiB, Infinity Cache %g MiB", sk.GFX, sk.CUs, sk.BoostMHz, sk.L2MiB, sk.InfinityCacheMiB)
		bw := "shared memory"
		if sk.BandwidthGBs > 0 {
			bw = fmt.Sprintf("%g GB/s", sk.BandwidthGBs)
		}
		item("peak", "%g FP32 TFLOPS, %g FP16 TFLOPS, %g INT8 TOPS, %s", sk.FP32TFLOPS, sk.FP16TFLOPS, sk.INT8TOPS, bw)
	} else {
		gfx := orNA(g.GFX)
		if g.CDNA {
			gfx += " (CDNA: KFD/ROCm only, no RADV: Vulkan suites cannot run)"
		}
		item("gfx", "%s; not in the device table: no peak figures", gfx)
	}
	prof := ""
	if g.PowerProfile != "" {
		prof = " (power profile " + g.PowerProfile + ")"
	}
	item("perf level", "%s%s", orNA(g.PerfLevel), prof)
	for _, c := range []struct {
		name   string
		levels []sysinfo.DPMLevel
	}{{"sclk", g.SCLK}, {"mclk", g.MCLK}, {"fclk", g.FCLK}, {"socclk", g.SOCCLK}} {
		if len(c.levels) == 0 {
			continue
		}
		cur := "?"
		if l, ok := sysinfo.CurrentLevel(c.levels); ok {
			cur = fmt.Sprintf("%d MHz", l.MHz)
		}
		var ls []string
		for _, l := range c.levels {
			m := fmt.Sprint(l.MHz)
			if l.Current {
				m += "*"
			}
			ls = append(ls, m)
		}
		item(c.name, "%s (levels %s)", cur, strings.Join(ls, " "))
	}
	if g.LinkSpeed != "" || g.LinkWidth != "" {
		item("PCIe", "%s x%s (max %s x%s)", orNA(g.LinkSpeed), orNA(g.LinkWidth), orNA(g.MaxLinkSpeed), orNA(g.MaxLinkWidth))
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

func orNA(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
