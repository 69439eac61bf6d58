package sysinfo

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/bench/devtable"
)

// Options say where Collect looks.
type Options struct {
	// Root is the system root every path is read under ("" or "/": this
	// machine; a fixture tree in tests).
	Root string
	// DmesgFile is a saved kernel log to read (a path on this machine, not
	// under Root); it takes precedence over RunDmesg.
	DmesgFile string
	// RunDmesg runs `dmesg` for the kernel log when DmesgFile is empty.
	// Only meaningful when Root is this machine's root.
	RunDmesg bool
	// Env is the environment whose RADV_*, ACO_*, MESA_* (and Vulkan
	// loader) variables are recorded; nil means os.Environ().
	Env []string
	// ReadFile reads a file by its path under Root; nil means os.ReadFile.
	// Tests inject permission errors through it (they run as root, where
	// chmod 000 does not stop a read).
	ReadFile func(path string) ([]byte, error)
	// Dmesg runs the kernel log command; nil runs `dmesg`.
	Dmesg func() ([]byte, error)
}

// System is everything radvbench records about the machine a figure came
// from. It is JSON-serialisable and embedded in results files; Fingerprint
// is its flat view.
type System struct {
	// Root is the sysroot the facts were read under.
	Root   string `json:"root"`
	Host   Host   `json:"host"`
	Kernel Kernel `json:"kernel"`
	// Cmdline is /proc/cmdline.
	Cmdline Cmdline `json:"cmdline"`
	// Module is /sys/module/amdgpu.
	Module Module       `json:"amdgpu_module"`
	Config KernelConfig `json:"kernel_config"`
	THP    THP          `json:"thp"`
	// GPUs are the DRM cards with vendor 0x1002, in card order.
	GPUs []GPU `json:"gpus"`
	// OtherCards are the DRM cards of other vendors.
	OtherCards []OtherCard `json:"other_cards,omitempty"`
	// Primary indexes GPUs: the device the fingerprint's gpu.* keys
	// describe (the Vulkan device once SetVulkan matched it); -1 when none.
	Primary int       `json:"primary"`
	KFD     []KFDNode `json:"kfd_nodes"`
	Log     KernelLog `json:"kernel_log"`
	// FragmentSize is the effective amdgpu.vm_fragment_size and where it
	// came from; NoRetry likewise for amdgpu.noretry.
	FragmentSize Effective `json:"vm_fragment_size"`
	NoRetry      Effective `json:"noretry"`
	// Env holds the RADV_*, ACO_*, MESA_* and Vulkan loader variables.
	Env    map[string]string `json:"env"`
	Vulkan *VulkanInfo       `json:"vulkan,omitempty"`
	// Files records every path read and how it went.
	Files []FileRecord `json:"files"`
}

// Host is the machine itself.
type Host struct {
	Name        string `json:"name,omitempty"`
	CPUModel    string `json:"cpu_model,omitempty"`
	CPUs        int    `json:"cpus,omitempty"`
	MemTotalKiB uint64 `json:"mem_total_kib,omitempty"`
}

// Kernel is the running kernel.
type Kernel struct {
	Release string `json:"release"`
	Version string `json:"version"`
}

// Cmdline is the kernel command line.
type Cmdline struct {
	Raw string `json:"raw"`
	// AMDGPU holds the amdgpu.* parameters (name without the prefix).
	AMDGPU map[string]string `json:"amdgpu,omitempty"`
}

// Module is the amdgpu module's parameters as loaded.
type Module struct {
	Loaded bool `json:"loaded"`
	// Params are every file of /sys/module/amdgpu/parameters, raw.
	Params map[string]string `json:"params,omitempty"`
	// Typed values of the parameters RADV-FACTS.md describes; nil when
	// absent or malformed.
	VMFragmentSize        *int64  `json:"vm_fragment_size,omitempty"`
	VMSize                *int64  `json:"vm_size,omitempty"`
	VMBlockSize           *int64  `json:"vm_block_size,omitempty"`
	NoRetry               *int64  `json:"noretry,omitempty"`
	PPFeatureMask         *uint64 `json:"ppfeaturemask,omitempty"`
	GPURecovery           *int64  `json:"gpu_recovery,omitempty"`
	SchedPolicy           *int64  `json:"sched_policy,omitempty"`
	SVMDefaultGranularity *int64  `json:"svm_default_granularity,omitempty"`
}

// KernelConfig is the running kernel's configuration, reduced to the
// options that matter here (the whole file is identified by its hash).
type KernelConfig struct {
	// Source is the path it was read from; "" when none was found.
	Source string `json:"source"`
	SHA256 string `json:"sha256,omitempty"`
	// Count is the number of options in the file.
	Count int `json:"count,omitempty"`
	// Options maps each option of ConfigOptions to y, m, a value,
	// ConfigNotSet or ConfigAbsent.
	Options map[string]string `json:"options,omitempty"`
}

// ConfigOptions are the kernel options recorded: the guide's kconfig
// fragment and a few neighbours.
var ConfigOptions = []string{
	"CONFIG_DRM_AMDGPU", "CONFIG_DRM_AMDGPU_CIK", "CONFIG_DRM_AMDGPU_SI", "CONFIG_DRM_AMDGPU_USERPTR",
	"CONFIG_HSA_AMD", "CONFIG_HSA_AMD_SVM", "CONFIG_HSA_AMD_P2P", "CONFIG_DRM_SCHED",
	"CONFIG_ZONE_DEVICE", "CONFIG_DEVICE_PRIVATE", "CONFIG_HMM_MIRROR", "CONFIG_MMU_NOTIFIER", "CONFIG_MIGRATION",
	"CONFIG_TRANSPARENT_HUGEPAGE", "CONFIG_TRANSPARENT_HUGEPAGE_ALWAYS", "CONFIG_TRANSPARENT_HUGEPAGE_MADVISE",
	"CONFIG_PCI_P2PDMA", "CONFIG_DMABUF_MOVE_NOTIFY", "CONFIG_SYNC_FILE",
	"CONFIG_DRM_ACCEL", "CONFIG_IOMMU_SUPPORT", "CONFIG_AMD_IOMMU", "CONFIG_AMD_IOMMU_V2",
}

// THP is transparent hugepage state.
type THP struct {
	Enabled string `json:"enabled,omitempty"`
	Defrag  string `json:"defrag,omitempty"`
}

// GPU is one AMD DRM card.
type GPU struct {
	Card     string `json:"card"`
	PCISlot  string `json:"pci_slot,omitempty"`
	Driver   string `json:"driver,omitempty"`
	VendorID uint32 `json:"vendor_id"`
	DeviceID uint32 `json:"device_id"`
	// Revision is the PCI revision; -1 when unknown.
	Revision          int    `json:"revision"`
	SubsystemVendorID uint32 `json:"subsystem_vendor_id,omitempty"`
	SubsystemDeviceID uint32 `json:"subsystem_device_id,omitempty"`
	// SKU is the device-table entry, nil for parts not in the table.
	SKU *devtable.SKU `json:"sku,omitempty"`
	// Name is the SKU name, or "AMD GPU 1002:74A1 rev 00" for others.
	Name string `json:"name"`
	// GFX is the gfx target from the table or the KFD node; "" unknown.
	GFX string `json:"gfx,omitempty"`
	// CDNA is set for compute-only parts (gfx908, gfx90a, gfx94x,
	// gfx95x): KFD/ROCm run there, RADV does not.
	CDNA bool `json:"cdna,omitempty"`
	// RenderMinor is the renderD minor number; -1 when unknown.
	RenderMinor    int        `json:"render_minor"`
	PerfLevel      string     `json:"perf_level,omitempty"`
	PowerProfile   string     `json:"power_profile,omitempty"`
	SCLK           []DPMLevel `json:"sclk,omitempty"`
	MCLK           []DPMLevel `json:"mclk,omitempty"`
	SOCCLK         []DPMLevel `json:"socclk,omitempty"`
	FCLK           []DPMLevel `json:"fclk,omitempty"`
	PCIe           []DPMLevel `json:"pcie,omitempty"`
	BusyPercent    *int64     `json:"busy_percent,omitempty"`
	MemBusyPercent *int64     `json:"mem_busy_percent,omitempty"`
	LinkSpeed      string     `json:"link_speed,omitempty"`
	LinkWidth      string     `json:"link_width,omitempty"`
	MaxLinkSpeed   string     `json:"max_link_speed,omitempty"`
	MaxLinkWidth   string     `json:"max_link_width,omitempty"`
	VRAMTotal      *int64     `json:"vram_total,omitempty"`
	VRAMUsed       *int64     `json:"vram_used,omitempty"`
	GTTTotal       *int64     `json:"gtt_total,omitempty"`
	GTTUsed        *int64     `json:"gtt_used,omitempty"`
	Hwmon          *Hwmon     `json:"hwmon,omitempty"`
}

// Hwmon is the card's hwmon readings, converted to W, °C and MHz.
type Hwmon struct {
	Dir          string             `json:"dir"`
	PowerW       *float64           `json:"power_w,omitempty"`
	PowerCapW    *float64           `json:"power_cap_w,omitempty"`
	PowerCapMaxW *float64           `json:"power_cap_max_w,omitempty"`
	TempsC       map[string]float64 `json:"temps_c,omitempty"`
	SCLKMHz      *float64           `json:"sclk_mhz,omitempty"`
	MCLKMHz      *float64           `json:"mclk_mhz,omitempty"`
}

// OtherCard is a DRM card that is not AMD's.
type OtherCard struct {
	Card     string `json:"card"`
	VendorID uint32 `json:"vendor_id"`
	DeviceID uint32 `json:"device_id"`
	Driver   string `json:"driver,omitempty"`
}

// KFDNode is one KFD topology node.
type KFDNode struct {
	Node       int               `json:"node"`
	Name       string            `json:"name,omitempty"`
	GPUID      string            `json:"gpu_id,omitempty"`
	Properties map[string]uint64 `json:"properties,omitempty"`
	// CPU is set for CPU nodes (simd_count 0).
	CPU          bool   `json:"cpu"`
	GFX          string `json:"gfx,omitempty"`
	CUs          int    `json:"cus,omitempty"`
	WaveSize     int    `json:"wave_size,omitempty"`
	MaxEngineMHz int    `json:"max_engine_mhz,omitempty"`
	VendorID     uint32 `json:"vendor_id,omitempty"`
	DeviceID     uint32 `json:"device_id,omitempty"`
	RenderMinor  int    `json:"render_minor,omitempty"`
	CDNA         bool   `json:"cdna,omitempty"`
}

// Kernel log sources and statuses beyond the file statuses.
const (
	LogNotRead = "not read"
)

// KernelLog is what the kernel log says, and where it came from.
type KernelLog struct {
	// Source is "file", "dmesg" or "" when no log was read.
	Source string `json:"source,omitempty"`
	// Path is the file for Source "file".
	Path string `json:"path,omitempty"`
	// Status is ok, missing, permission denied, error or "not read".
	Status string `json:"status"`
	// Note says why the log is missing, in words.
	Note string `json:"note,omitempty"`
	LogInfo
}

// Effective is a setting's effective value and where it came from.
type Effective struct {
	// Value is "" when unknown.
	Value string `json:"value"`
	// Source is "log", "param", "default" or "unknown".
	Source string `json:"source"`
	Detail string `json:"detail,omitempty"`
}

// VulkanInfo is what the opened Vulkan device says; the runner sets it.
type VulkanInfo struct {
	// VendorID and DeviceID (optional) pick the matching GPU as primary.
	VendorID   uint32   `json:"vendor_id,omitempty"`
	DeviceID   uint32   `json:"device_id,omitempty"`
	DriverID   string   `json:"driver_id"`
	DriverName string   `json:"driver_name"`
	DriverInfo string   `json:"driver_info"`
	APIVersion string   `json:"api_version"`
	DeviceName string   `json:"device_name"`
	Extensions []string `json:"extensions,omitempty"`
}

// SetVulkan records the Vulkan device; when its IDs match an AMD GPU,
// that GPU becomes the primary one.
func (s *System) SetVulkan(v VulkanInfo) {
	vv := v
	vv.Extensions = append([]string(nil), v.Extensions...)
	sort.Strings(vv.Extensions)
	s.Vulkan = &vv
	if v.VendorID == devtable.VendorAMD {
		for i, g := range s.GPUs {
			if g.DeviceID == v.DeviceID {
				s.Primary = i
				break
			}
		}
	}
}

// PrimaryGPU returns the primary AMD GPU, or nil when there is none.
func (s *System) PrimaryGPU() *GPU {
	if s.Primary < 0 || s.Primary >= len(s.GPUs) {
		return nil
	}
	return &s.GPUs[s.Primary]
}

// IsCDNA reports whether a gfx target is a CDNA (compute-only) part.
func IsCDNA(gfx string) bool {
	return gfx == "gfx908" || gfx == "gfx90a" || strings.HasPrefix(gfx, "gfx94") || strings.HasPrefix(gfx, "gfx95")
}

// IsRDNA34 reports whether a gfx target is GFX11 or GFX12.
func IsRDNA34(gfx string) bool {
	return strings.HasPrefix(gfx, "gfx11") || strings.HasPrefix(gfx, "gfx12")
}

// Collect reads everything it can under opts.Root. It never fails: each
// problem is recorded in System.Files (and KernelLog for the log).
func Collect(opts Options) *System {
	root := opts.Root
	if root == "" {
		root = "/"
	}
	r := newReader(root, opts.ReadFile)
	s := &System{Root: root, Primary: -1}
	collectHost(r, s)
	collectKernel(r, s)
	collectModule(r, s)
	collectConfig(r, s)
	collectTHP(r, s)
	collectKFD(r, s)
	collectGPUs(r, s)
	collectLog(opts, s)
	s.Env = filterEnv(opts.Env)
	s.FragmentSize = effectiveFragment(s)
	s.NoRetry = effectiveNoRetry(s)
	s.Files = r.records()
	return s
}

func collectHost(r *reader, s *System) {
	s.Host.Name, _ = r.str("/proc/sys/kernel/hostname")
	if data, ok := r.read("/proc/cpuinfo"); ok {
		for _, line := range strings.Split(string(data), "\n") {
			k, v, ok := strings.Cut(line, ":")
			if !ok {
				continue
			}
			switch strings.TrimSpace(k) {
			case "processor":
				s.Host.CPUs++
			case "model name":
				if s.Host.CPUModel == "" {
					s.Host.CPUModel = strings.TrimSpace(v)
				}
			}
		}
	}
	if data, ok := r.read("/proc/meminfo"); ok {
		for _, line := range strings.Split(string(data), "\n") {
			if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
				f := strings.Fields(rest)
				if len(f) > 0 {
					if v, err := strconv.ParseUint(f[0], 10, 64); err == nil {
						s.Host.MemTotalKiB = v
						continue
					}
				}
				r.malformed("/proc/meminfo", "MemTotal: "+strings.TrimSpace(rest))
			}
		}
	}
}

func collectKernel(r *reader, s *System) {
	s.Kernel.Release, _ = r.str("/proc/sys/kernel/osrelease")
	s.Kernel.Version, _ = r.str("/proc/sys/kernel/version")
	if s.Kernel.Release != "" && !kernelRelease.MatchString(s.Kernel.Release) {
		r.malformed("/proc/sys/kernel/osrelease", "not a kernel release: "+s.Kernel.Release)
	}
	raw, ok := r.str("/proc/cmdline")
	if !ok {
		return
	}
	s.Cmdline.Raw = raw
	args, err := ParseCmdline(raw)
	if err != nil {
		r.malformed("/proc/cmdline", err.Error())
	}
	if m := ModuleArgs(args, "amdgpu"); len(m) > 0 {
		s.Cmdline.AMDGPU = m
	}
}

var kernelRelease = regexp.MustCompile(`^\d+\.\d+`)

// KernelVersion returns the major and minor version of a release string
// such as "6.8.0-45-generic"; ok is false when it does not start so.
func KernelVersion(release string) (major, minor int, ok bool) {
	m := regexp.MustCompile(`^(\d+)\.(\d+)`).FindStringSubmatch(release)
	if m == nil {
		return 0, 0, false
	}
	major, _ = strconv.Atoi(m[1])
	minor, _ = strconv.Atoi(m[2])
	return major, minor, true
}

const paramDir = "/sys/module/amdgpu/parameters"

func collectModule(r *reader, s *System) {
	names := r.list(paramDir)
	if names == nil {
		return
	}
	s.Module.Loaded = true
	s.Module.Params = map[string]string{}
	for _, n := range names {
		if v, ok := r.str(join(paramDir, n)); ok {
			s.Module.Params[n] = v
		}
	}
	typed := func(name string) *int64 {
		raw, ok := s.Module.Params[name]
		if !ok {
			return nil
		}
		v, err := ParseInt(raw)
		if err != nil {
			r.malformed(join(paramDir, name), "not an integer: "+raw)
			return nil
		}
		return &v
	}
	m := &s.Module
	m.VMFragmentSize = typed("vm_fragment_size")
	m.VMSize = typed("vm_size")
	m.VMBlockSize = typed("vm_block_size")
	m.NoRetry = typed("noretry")
	m.GPURecovery = typed("gpu_recovery")
	m.SchedPolicy = typed("sched_policy")
	m.SVMDefaultGranularity = typed("svm_default_granularity")
	if raw, ok := m.Params["ppfeaturemask"]; ok {
		if v, err := ParseHex(raw); err == nil {
			m.PPFeatureMask = &v
		} else {
			r.malformed(join(paramDir, "ppfeaturemask"), "not a hex mask: "+raw)
		}
	}
}

func collectConfig(r *reader, s *System) {
	var text []byte
	if data, ok := r.read("/proc/config.gz"); ok {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err == nil {
			text, err = io.ReadAll(io.LimitReader(zr, 64<<20))
		}
		if err != nil {
			r.malformed("/proc/config.gz", "not gzip: "+err.Error())
			text = nil
		} else {
			s.Config.Source = "/proc/config.gz"
		}
	}
	if s.Config.Source == "" && s.Kernel.Release != "" && !strings.ContainsAny(s.Kernel.Release, "/") {
		p := "/boot/config-" + s.Kernel.Release
		if data, ok := r.read(p); ok {
			text = data
			s.Config.Source = p
		}
	}
	if s.Config.Source == "" {
		return
	}
	sum := sha256.Sum256(text)
	s.Config.SHA256 = hex.EncodeToString(sum[:])
	opts, err := ParseKernelConfig(string(text))
	if err != nil {
		r.malformed(s.Config.Source, err.Error())
	}
	s.Config.Count = len(opts)
	if len(opts) == 0 {
		return
	}
	s.Config.Options = map[string]string{}
	for _, k := range ConfigOptions {
		v, ok := opts[k]
		if !ok {
			v = ConfigAbsent
		}
		s.Config.Options[k] = v
	}
}

func collectTHP(r *reader, s *System) {
	const dir = "/sys/kernel/mm/transparent_hugepage"
	for _, f := range []struct {
		name string
		dst  *string
	}{{"enabled", &s.THP.Enabled}, {"defrag", &s.THP.Defrag}} {
		p := join(dir, f.name)
		raw, ok := r.str(p)
		if !ok {
			continue
		}
		sel, _, err := ParseSelected(raw)
		if err != nil {
			r.malformed(p, err.Error())
			continue
		}
		*f.dst = sel
	}
}

const kfdNodes = "/sys/class/kfd/kfd/topology/nodes"

func collectKFD(r *reader, s *System) {
	if !r.exists("/sys/class/kfd") {
		r.record("/sys/class/kfd", StatusMissing, "")
		return
	}
	names := r.list(kfdNodes)
	var nodes []int
	for _, n := range names {
		if i, err := strconv.Atoi(n); err == nil {
			nodes = append(nodes, i)
		}
	}
	sort.Ints(nodes)
	for _, i := range nodes {
		dir := join(kfdNodes, strconv.Itoa(i))
		n := KFDNode{Node: i}
		n.Name, _ = r.str(join(dir, "name"))
		n.GPUID, _ = r.str(join(dir, "gpu_id"))
		if raw, ok := r.read(join(dir, "properties")); ok {
			props, err := ParseKFDProperties(string(raw))
			if err != nil {
				r.malformed(join(dir, "properties"), err.Error())
			}
			n.Properties = props
		}
		p := n.Properties
		n.CPU = p["simd_count"] == 0
		if !n.CPU {
			n.GFX = GFXTarget(p["gfx_target_version"])
			if p["simd_per_cu"] > 0 {
				n.CUs = int(p["simd_count"] / p["simd_per_cu"])
			}
			n.WaveSize = int(p["wave_front_size"])
			n.MaxEngineMHz = int(p["max_engine_clk_fcompute"])
			n.VendorID = uint32(p["vendor_id"])
			n.DeviceID = uint32(p["device_id"])
			n.RenderMinor = int(p["drm_render_minor"])
			n.CDNA = IsCDNA(n.GFX)
		}
		s.KFD = append(s.KFD, n)
	}
}

var cardName = regexp.MustCompile(`^card(\d+)$`)

func collectGPUs(r *reader, s *System) {
	const drm = "/sys/class/drm"
	names := r.list(drm)
	var cards []string
	for _, n := range names {
		if cardName.MatchString(n) {
			cards = append(cards, n)
		}
	}
	// card2 before card10
	sort.Slice(cards, func(i, j int) bool {
		a, _ := strconv.Atoi(cards[i][4:])
		b, _ := strconv.Atoi(cards[j][4:])
		return a < b
	})
	for _, c := range cards {
		dev := join(drm, c, "device")
		hexID := func(name string) (uint32, bool) {
			raw, ok := r.str(join(dev, name))
			if !ok {
				return 0, false
			}
			v, err := ParseHex(raw)
			if err != nil || v > 0xffffffff {
				r.malformed(join(dev, name), "not a hex ID: "+raw)
				return 0, false
			}
			return uint32(v), true
		}
		vendor, _ := hexID("vendor")
		device, _ := hexID("device")
		var driver, slot string
		if raw, ok := r.read(join(dev, "uevent")); ok {
			ue := ParseUevent(string(raw))
			driver, slot = ue["DRIVER"], ue["PCI_SLOT_NAME"]
		}
		if vendor != devtable.VendorAMD {
			s.OtherCards = append(s.OtherCards, OtherCard{Card: c, VendorID: vendor, DeviceID: device, Driver: driver})
			continue
		}
		g := GPU{Card: c, PCISlot: slot, Driver: driver, VendorID: vendor, DeviceID: device, Revision: -1, RenderMinor: -1}
		if rev, ok := hexID("revision"); ok {
			g.Revision = int(rev)
		}
		g.SubsystemVendorID, _ = hexID("subsystem_vendor")
		g.SubsystemDeviceID, _ = hexID("subsystem_device")
		for _, n := range r.list(join(dev, "drm")) {
			if m, ok := strings.CutPrefix(n, "renderD"); ok {
				if v, err := strconv.Atoi(m); err == nil {
					g.RenderMinor = v
				}
			}
		}
		identify(&g, s.KFD)
		collectClocks(r, dev, &g)
		s.GPUs = append(s.GPUs, g)
	}
	for i, g := range s.GPUs {
		if !g.CDNA && s.Primary < 0 {
			s.Primary = i
		}
	}
	if s.Primary < 0 && len(s.GPUs) > 0 {
		s.Primary = 0
	}
}

// identify fills the SKU, name and gfx target of g from the device table
// and the KFD node of the same device.
func identify(g *GPU, kfd []KFDNode) {
	if sku, ok := devtable.Lookup(g.VendorID, g.DeviceID, g.Revision); ok {
		g.SKU = &sku
		g.Name = sku.Name
		g.GFX = sku.GFX
	} else if g.Revision >= 0 {
		g.Name = fmt.Sprintf("AMD GPU %04X:%04X rev %02X", g.VendorID, g.DeviceID, g.Revision)
	} else {
		g.Name = fmt.Sprintf("AMD GPU %04X:%04X", g.VendorID, g.DeviceID)
	}
	if g.GFX == "" {
		var match *KFDNode
		for i := range kfd {
			n := &kfd[i]
			if n.CPU || n.GFX == "" {
				continue
			}
			if g.RenderMinor >= 0 && n.RenderMinor == g.RenderMinor {
				match = n
				break
			}
			if n.DeviceID == g.DeviceID && match == nil {
				match = n
			}
		}
		if match != nil {
			g.GFX = match.GFX
		} else if c := devtable.Candidates(g.DeviceID); len(c) > 0 {
			same := true
			for _, x := range c {
				same = same && x.GFX == c[0].GFX
			}
			if same {
				g.GFX = c[0].GFX
			}
		}
	}
	g.CDNA = IsCDNA(g.GFX)
}

func collectClocks(r *reader, dev string, g *GPU) {
	g.PerfLevel, _ = r.str(join(dev, "power_dpm_force_performance_level"))
	for _, f := range []struct {
		name string
		dst  *[]DPMLevel
	}{{"pp_dpm_sclk", &g.SCLK}, {"pp_dpm_mclk", &g.MCLK}, {"pp_dpm_socclk", &g.SOCCLK}, {"pp_dpm_fclk", &g.FCLK}, {"pp_dpm_pcie", &g.PCIe}} {
		p := join(dev, f.name)
		raw, ok := r.read(p)
		if !ok {
			continue
		}
		levels, err := ParseDPM(string(raw))
		if err != nil {
			r.malformed(p, err.Error())
		}
		*f.dst = levels
	}
	if raw, ok := r.read(join(dev, "pp_power_profile_mode")); ok {
		if _, name, err := ParsePowerProfile(string(raw)); err == nil {
			g.PowerProfile = name
		} else {
			r.malformed(join(dev, "pp_power_profile_mode"), err.Error())
		}
	}
	num := func(name string) *int64 {
		p := join(dev, name)
		raw, ok := r.str(p)
		if !ok {
			return nil
		}
		v, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || v < 0 {
			r.malformed(p, "not a non-negative integer: "+raw)
			return nil
		}
		return &v
	}
	g.BusyPercent = num("gpu_busy_percent")
	g.MemBusyPercent = num("mem_busy_percent")
	g.VRAMTotal = num("mem_info_vram_total")
	g.VRAMUsed = num("mem_info_vram_used")
	g.GTTTotal = num("mem_info_gtt_total")
	g.GTTUsed = num("mem_info_gtt_used")
	g.LinkSpeed, _ = r.str(join(dev, "current_link_speed"))
	g.LinkWidth, _ = r.str(join(dev, "current_link_width"))
	g.MaxLinkSpeed, _ = r.str(join(dev, "max_link_speed"))
	g.MaxLinkWidth, _ = r.str(join(dev, "max_link_width"))
	g.Hwmon = readHwmon(r, dev)
}

func readHwmon(r *reader, dev string) *Hwmon {
	dirs := r.list(join(dev, "hwmon"))
	if len(dirs) == 0 {
		return nil
	}
	dir := join(dev, "hwmon", dirs[0])
	for _, d := range dirs {
		if name, ok := r.str(join(dev, "hwmon", d, "name")); ok && name == "amdgpu" {
			dir = join(dev, "hwmon", d)
			break
		}
	}
	h := &Hwmon{Dir: dir}
	// scaled reads a hwmon value and divides it by div; absent files are
	// not recorded (hwmon files differ between parts).
	scaled := func(name string, div float64) *float64 {
		p := join(dir, name)
		if !r.exists(p) {
			return nil
		}
		raw, ok := r.str(p)
		if !ok {
			return nil
		}
		v, err := strconv.ParseFloat(raw, 64)
		if err != nil {
			r.malformed(p, "not a number: "+raw)
			return nil
		}
		v /= div
		return &v
	}
	h.PowerW = scaled("power1_average", 1e6)
	if h.PowerW == nil {
		h.PowerW = scaled("power1_input", 1e6)
	}
	h.PowerCapW = scaled("power1_cap", 1e6)
	h.PowerCapMaxW = scaled("power1_cap_max", 1e6)
	h.SCLKMHz = scaled("freq1_input", 1e6)
	h.MCLKMHz = scaled("freq2_input", 1e6)
	for i := 1; i <= 9; i++ {
		v := scaled(fmt.Sprintf("temp%d_input", i), 1000)
		if v == nil {
			continue
		}
		label := fmt.Sprintf("temp%d", i)
		if l, ok := r.str(join(dir, fmt.Sprintf("temp%d_label", i))); ok && l != "" {
			label = l
		}
		if h.TempsC == nil {
			h.TempsC = map[string]float64{}
		}
		h.TempsC[label] = *v
	}
	return h
}

func collectLog(opts Options, s *System) {
	lg := &s.Log
	var data []byte
	switch {
	case opts.DmesgFile != "":
		lg.Source, lg.Path = "file", opts.DmesgFile
		d, err := os.ReadFile(opts.DmesgFile)
		if err != nil {
			st, detail := classify(err)
			lg.Status = st
			lg.Note = fmt.Sprintf("cannot read --dmesg file %s (%s)", opts.DmesgFile, strings.TrimSpace(st+" "+detail))
			return
		}
		data = d
	case opts.RunDmesg:
		lg.Source = "dmesg"
		run := opts.Dmesg
		if run == nil {
			run = runDmesg
		}
		d, err := run()
		if err != nil {
			lg.Status, lg.Note = dmesgFailure(err)
			return
		}
		data = d
	default:
		lg.Status = LogNotRead
		lg.Note = "no --dmesg FILE given (dmesg runs only for --sysroot /)"
		return
	}
	lg.Status = StatusOK
	lg.LogInfo = ParseDmesg(string(data))
}

func runDmesg() ([]byte, error) {
	cmd := exec.Command("dmesg")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return nil, fmt.Errorf("%w: %s", err, msg)
		}
		return nil, err
	}
	return out, nil
}

func dmesgFailure(err error) (status, note string) {
	msg := err.Error()
	switch {
	case errors.Is(err, exec.ErrNotFound):
		return StatusMissing, "dmesg is not installed: pass --dmesg FILE"
	case errors.Is(err, os.ErrPermission) || strings.Contains(msg, "not permitted") || strings.Contains(msg, "ermission denied"):
		return StatusDenied, "dmesg is not permitted (kernel.dmesg_restrict=1): run as root or pass --dmesg FILE (e.g. from journalctl -k)"
	default:
		return StatusError, "dmesg failed (" + oneLine(msg) + "): pass --dmesg FILE"
	}
}

func oneLine(s string) string { return clip(strings.Join(strings.Fields(s), " "), 160) }

// envPrefixes and envNames select the environment variables recorded.
var (
	envPrefixes = []string{"RADV_", "ACO_", "MESA_"}
	envNames    = map[string]bool{
		"VK_ICD_FILENAMES": true, "VK_DRIVER_FILES": true, "VK_ADD_DRIVER_FILES": true,
		"VK_LOADER_DRIVERS_SELECT": true, "VK_LOADER_DRIVERS_DISABLE": true, "VK_INSTANCE_LAYERS": true,
		"AMD_DEBUG": true,
	}
)

func filterEnv(env []string) map[string]string {
	if env == nil {
		env = os.Environ()
	}
	out := map[string]string{}
	for _, kv := range env {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		keep := envNames[k]
		for _, p := range envPrefixes {
			keep = keep || strings.HasPrefix(k, p)
		}
		if keep {
			out[k] = v
		}
	}
	return out
}

// effectiveFragment works out the vm_fragment_size in force: the kernel
// log when it says, else the module parameter (or command line) when set
// to 4..9, else 9 on GFX11/GFX12.
func effectiveFragment(s *System) Effective {
	if len(s.Log.FragmentBits) > 0 {
		bits, dev := -1, ""
		if g := s.PrimaryGPU(); g != nil {
			if b, ok := s.Log.FragmentBits[g.PCISlot]; ok {
				bits, dev = b, g.PCISlot
			}
		}
		if bits < 0 {
			keys := make([]string, 0, len(s.Log.FragmentBits))
			for k := range s.Log.FragmentBits {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			dev, bits = keys[0], s.Log.FragmentBits[keys[0]]
		}
		detail := "fragment size is " + strconv.Itoa(bits) + "-bit"
		if dev != "" {
			detail += " (" + dev + ")"
		}
		return Effective{Value: strconv.Itoa(bits), Source: "log", Detail: detail}
	}
	param, from := int64(-1), ""
	if s.Module.VMFragmentSize != nil {
		param, from = *s.Module.VMFragmentSize, "module parameter"
	} else if raw, ok := s.Cmdline.AMDGPU["vm_fragment_size"]; ok {
		if v, err := ParseInt(raw); err == nil {
			param, from = v, "kernel command line (module parameters not readable)"
		}
	}
	if param >= 4 && param <= 9 {
		return Effective{Value: strconv.FormatInt(param, 10), Source: "param", Detail: from}
	}
	note := ""
	if param != -1 {
		note = fmt.Sprintf("; %s value %d is outside 4..9, so the kernel uses auto", from, param)
	}
	if g := s.PrimaryGPU(); g != nil && IsRDNA34(g.GFX) {
		return Effective{Value: "9", Source: "default", Detail: "auto is 9 (2 MiB) on GFX11/GFX12" + note}
	}
	if s.PrimaryGPU() == nil {
		return Effective{Source: "unknown", Detail: "no AMD GPU"}
	}
	return Effective{Source: "unknown", Detail: "auto, per-ASIC default not known for " + orUnknown(s.PrimaryGPU().GFX) + note}
}

// effectiveNoRetry: the parameter when 0 or 1, else auto = 1 on GC >= 10.3.
func effectiveNoRetry(s *System) Effective {
	param, from := int64(-1), ""
	if s.Module.NoRetry != nil {
		param, from = *s.Module.NoRetry, "module parameter"
	} else if raw, ok := s.Cmdline.AMDGPU["noretry"]; ok {
		if v, err := ParseInt(raw); err == nil {
			param, from = v, "kernel command line"
		}
	}
	if param == 0 || param == 1 {
		return Effective{Value: strconv.FormatInt(param, 10), Source: "param", Detail: from}
	}
	g := s.PrimaryGPU()
	if g == nil {
		return Effective{Source: "unknown", Detail: "no AMD GPU"}
	}
	if gcAtLeast103(g.GFX) {
		return Effective{Value: "1", Source: "default", Detail: "auto is 1 (retry off) on GC 10.3 and newer"}
	}
	return Effective{Source: "unknown", Detail: "auto, per-ASIC for " + orUnknown(g.GFX)}
}

// gcAtLeast103 reports whether a gfx target is gfx1030 or newer.
func gcAtLeast103(gfx string) bool {
	n := strings.TrimPrefix(gfx, "gfx")
	if len(n) != 4 || n == gfx {
		return false
	}
	major, err1 := strconv.Atoi(n[:2])
	minor, err2 := strconv.ParseInt(n[2:3], 16, 64)
	if err1 != nil || err2 != nil {
		return false
	}
	return major > 10 || major == 10 && minor >= 3
}

func orUnknown(s string) string {
	if s == "" {
		return "an unknown gfx target"
	}
	return s
}
