package sysinfo

// The record's types: what Collect fills in and results files embed.

import (
	"fmt"
	"sort"
	"strings"

	"github.com/radvbench/radvbench/bench/devtable"
	"github.com/radvbench/radvbench/bench/gpumetrics"
	"github.com/radvbench/radvbench/core/resultsfile"
)

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
	// Env holds the driver's environment (resultsfile.FilterDriverEnv).
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
	// Typed values of the parameters docs/facts.md#amdgpu-module-parameters
	// describes; nil when absent or malformed.
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
	// GPUMetrics is the decoded gpu_metrics table (clocks, power, energy,
	// throttle status, temperatures), nil where the card has no such
	// file.
	GPUMetrics *gpumetrics.Metrics `json:"gpu_metrics,omitempty"`
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

// String is "card1 10DE:2335 nvidia": the card, its PCI IDs and driver.
func (c OtherCard) String() string {
	d := fmt.Sprintf("%s %04X:%04X", c.Card, c.VendorID, c.DeviceID)
	if c.Driver != "" {
		d += " " + c.Driver
	}
	return d
}

// DescribeOtherCards lists s.OtherCards as "card1 10DE:2335 nvidia, ...",
// or "" when there are none.
func (s *System) DescribeOtherCards() string {
	cs := make([]string, len(s.OtherCards))
	for i, c := range s.OtherCards {
		cs[i] = c.String()
	}
	return strings.Join(cs, ", ")
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
	// Note says why the log is missing, in words; Missing says it as a
	// kind, with Detail (the file's status or dmesg's error), for a
	// caller that words it itself (the CLI names its flags).
	Note    string     `json:"note,omitempty"`
	Missing LogMissing `json:"-"`
	Detail  string     `json:"-"`
	LogInfo
}

// LogMissing is why the kernel log was not read.
type LogMissing string

// The reasons a kernel log is missing.
const (
	// LogNoFile: no file was given and dmesg was not run (not the live
	// system).
	LogNoFile LogMissing = "no-file"
	// LogFileUnreadable: the file given (Path) could not be read.
	LogFileUnreadable LogMissing = "file-unreadable"
	// LogNoDmesg: dmesg is not installed.
	LogNoDmesg LogMissing = "no-dmesg"
	// LogDmesgDenied: the kernel refuses the log to this process.
	LogDmesgDenied LogMissing = "dmesg-denied"
	// LogDmesgFailed: dmesg failed otherwise.
	LogDmesgFailed LogMissing = "dmesg-failed"
)

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
	VendorID   uint32 `json:"vendor_id,omitempty"`
	DeviceID   uint32 `json:"device_id,omitempty"`
	DriverID   string `json:"driver_id"`
	DriverName string `json:"driver_name"`
	DriverInfo string `json:"driver_info"`
	// DriverVersion is the driver's version as its vendor writes it
	// (NVIDIA's 580.95.5.0, Mesa's 25.0.7).
	DriverVersion string `json:"driver_version,omitempty"`
	APIVersion    string `json:"api_version"`
	DeviceName    string `json:"device_name"`
	// DeviceType is discrete-gpu, integrated-gpu, virtual-gpu, cpu or
	// other; CPU is set for a CPU implementation (lavapipe), whose
	// figures describe the host processor.
	DeviceType string   `json:"device_type,omitempty"`
	CPU        bool     `json:"cpu,omitempty"`
	Extensions []string `json:"extensions,omitempty"`
	// Subgroup sizes: the default and, with subgroup size control, the range.
	SubgroupSize    uint32 `json:"subgroup_size,omitempty"`
	MinSubgroupSize uint32 `json:"min_subgroup_size,omitempty"`
	MaxSubgroupSize uint32 `json:"max_subgroup_size,omitempty"`
	// CooperativeMatrix is the VK_KHR_cooperative_matrix property table.
	CooperativeMatrix []resultsfile.CoopMatrix `json:"cooperative_matrix,omitempty"`
	// Emulated is set for an emulated RADV device (no-op DRM shim or
	// null winsys: nothing executes there).
	Emulated *resultsfile.Emulation `json:"emulated,omitempty"`
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
