package gpu

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/radvbench/radvbench/bench/gpu/internal/cgorules"
	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

// ErrNoVulkan means the loader or any driver is missing (errors.Is); the
// message says what failed, the caller what to install.
var ErrNoVulkan = errors.New("no usable Vulkan")

// Vendor IDs.
const (
	VendorAMD    = 0x1002
	VendorNVIDIA = 0x10de
	VendorIntel  = 0x8086
)

// Driver IDs (VkDriverId) radvbench names.
const (
	DriverRADV      = 3  // VK_DRIVER_ID_MESA_RADV
	DriverLLVMPipe  = 13 // VK_DRIVER_ID_MESA_LLVMPIPE
	DriverAMDProp   = 1
	DriverAMDOpen   = 2
	DriverNVIDIA    = 4
	DriverIntelMesa = 6
)

var loadOnce struct {
	sync.Once
	err error
}

// loadVulkan opens libvulkan.so.1 once per process.
func loadVulkan() error {
	loadOnce.Do(func() {
		p, err := vkshim.LoaderProcAddr()
		if err != nil {
			loadOnce.err = fmt.Errorf("%w: %v", ErrNoVulkan, err)
			return
		}
		vk.SetGetInstanceProcAddr(p)
		if err := vk.Init(); err != nil {
			loadOnce.err = fmt.Errorf("%w: initialise the Vulkan loader: %v", ErrNoVulkan, err)
		}
	})
	return loadOnce.err
}

// Instance is a VkInstance.
type Instance struct {
	h vk.Instance
	// fns is the shim's entry-point table for h.
	fns    *vkshim.InstanceFuncs
	closed bool
}

// apiVersion is what radvbench asks for: 1.3 (lavapipe and RADV offer more).
var apiVersion = vk.MakeVersion(1, 3, 0)

// NewInstance creates a Vulkan instance. Layers come from the environment
// (VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation enables validation).
func NewInstance() (*Instance, error) { return NewInstanceWithExtensions() }

// NewInstanceWithExtensions is NewInstance with instance extensions
// enabled (VK_KHR_surface and a platform surface extension for a window).
func NewInstanceWithExtensions(exts ...string) (*Instance, error) {
	if err := loadVulkan(); err != nil {
		return nil, err
	}
	app := &vk.ApplicationInfo{
		SType:            vk.StructureTypeApplicationInfo,
		PApplicationName: cgorules.CString("radvbench"),
		PEngineName:      cgorules.CString("radvbench"),
		ApiVersion:       apiVersion,
	}
	var inst vk.Instance
	exts = withSurface(exts)
	names := make([]string, len(exts))
	for i, e := range exts {
		names[i] = cgorules.CString(e)
	}
	r := vk.CreateInstance(&vk.InstanceCreateInfo{
		SType:                   vk.StructureTypeInstanceCreateInfo,
		PApplicationInfo:        app,
		EnabledExtensionCount:   uint32(len(names)),
		PpEnabledExtensionNames: names,
	}, nil, &inst)
	if r == vk.ErrorIncompatibleDriver || r == vk.ErrorInitializationFailed {
		return nil, fmt.Errorf("%w: create instance: %s", ErrNoVulkan, ResultName(r))
	}
	if err := check("create instance", r); err != nil {
		return nil, err
	}
	if err := vk.InitInstance(inst); err != nil {
		vk.DestroyInstance(inst, nil)
		return nil, fmt.Errorf("load instance functions: %w", err)
	}
	fns, err := vkshim.LoadInstance(inst)
	if err != nil {
		vk.DestroyInstance(inst, nil)
		return nil, err
	}
	return &Instance{h: inst, fns: fns}, nil
}

// withSurface adds VK_KHR_surface, when the loader offers it, to every
// instance: vulkan-go keeps one process-wide function table, loaded from
// the most recently created instance, so an instance without the
// extension would leave the surface functions NULL for a window's
// instance that lives beside it (the present suite, run --watch).
func withSurface(exts []string) []string {
	const surface = "VK_KHR_surface"
	for _, e := range exts {
		if e == surface {
			return exts
		}
	}
	var n uint32
	if vk.EnumerateInstanceExtensionProperties("", &n, nil) != vk.Success || n == 0 {
		return exts
	}
	props := make([]vk.ExtensionProperties, n)
	if vk.EnumerateInstanceExtensionProperties("", &n, props) != vk.Success {
		return exts
	}
	for _, p := range props[:n] {
		p.Deref()
		if vk.ToString(p.ExtensionName[:]) == surface {
			return append(append([]string(nil), exts...), surface)
		}
	}
	return exts
}

// Close destroys the instance; safe to call twice.
func (i *Instance) Close() {
	if i == nil || i.closed {
		return
	}
	i.closed = true
	vk.DestroyInstance(i.h, nil)
	i.fns.Free()
}

// PhysicalDevice is one Vulkan device as enumerated, with what radvbench
// needs to know about it.
type PhysicalDevice struct {
	Index          int
	Name           string
	VendorID       uint32
	DeviceID       uint32
	Type           vk.PhysicalDeviceType
	APIVersion     uint32
	DriverVersion  uint32
	Limits         vk.PhysicalDeviceLimits
	Info           vkshim.DeviceInfo
	Extensions     map[string]bool
	ComputeFamily  int // -1 when there is none
	TimestampBits  uint32
	MemoryTypes    []vk.MemoryType
	MemoryHeaps    []vk.MemoryHeap
	MaxAllocation  uint64
	DeviceLocalMem uint64

	inst *Instance
	h    vk.PhysicalDevice
}

// Devices lists the physical devices.
func (i *Instance) Devices() ([]*PhysicalDevice, error) {
	var n uint32
	if err := check("enumerate physical devices", vk.EnumeratePhysicalDevices(i.h, &n, nil)); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, fmt.Errorf("%w: the Vulkan loader found no device", ErrNoVulkan)
	}
	hs := make([]vk.PhysicalDevice, n)
	if err := check("enumerate physical devices", vk.EnumeratePhysicalDevices(i.h, &n, hs)); err != nil {
		return nil, err
	}
	out := make([]*PhysicalDevice, 0, n)
	for idx, h := range hs[:n] {
		pd, err := i.describe(idx, h)
		if err != nil {
			return nil, err
		}
		out = append(out, pd)
	}
	return out, nil
}

func (i *Instance) describe(idx int, h vk.PhysicalDevice) (*PhysicalDevice, error) {
	var props vk.PhysicalDeviceProperties
	vk.GetPhysicalDeviceProperties(h, &props)
	props.Deref()
	props.Limits.Deref()
	pd := &PhysicalDevice{
		Index:         idx,
		Name:          vk.ToString(props.DeviceName[:]),
		VendorID:      props.VendorID,
		DeviceID:      props.DeviceID,
		Type:          props.DeviceType,
		APIVersion:    props.ApiVersion,
		DriverVersion: props.DriverVersion,
		Limits:        props.Limits,
		Extensions:    map[string]bool{},
		ComputeFamily: -1,
		inst:          i,
		h:             h,
	}
	var n uint32
	if err := check("enumerate device extensions", vk.EnumerateDeviceExtensionProperties(h, "", &n, nil)); err != nil {
		return nil, err
	}
	exts := make([]vk.ExtensionProperties, n)
	if err := check("enumerate device extensions", vk.EnumerateDeviceExtensionProperties(h, "", &n, exts)); err != nil {
		return nil, err
	}
	for _, e := range exts[:n] {
		e.Deref()
		pd.Extensions[vk.ToString(e.ExtensionName[:])] = true
	}
	var qn uint32
	vk.GetPhysicalDeviceQueueFamilyProperties(h, &qn, nil)
	qs := make([]vk.QueueFamilyProperties, qn)
	vk.GetPhysicalDeviceQueueFamilyProperties(h, &qn, qs)
	// Prefer a queue family with compute and graphics (graphics suites need
	// it, and RADV's general queue is where compute benchmarks usually run).
	for fi, q := range qs[:qn] {
		q.Deref()
		flags := vk.QueueFlagBits(q.QueueFlags)
		if flags&vk.QueueComputeBit == 0 || q.TimestampValidBits == 0 {
			continue
		}
		if pd.ComputeFamily < 0 || flags&vk.QueueGraphicsBit != 0 && pd.TimestampBits == 0 {
			pd.ComputeFamily = fi
			pd.TimestampBits = q.TimestampValidBits
		}
		if flags&vk.QueueGraphicsBit != 0 {
			pd.ComputeFamily = fi
			pd.TimestampBits = q.TimestampValidBits
			break
		}
	}
	var mp vk.PhysicalDeviceMemoryProperties
	vk.GetPhysicalDeviceMemoryProperties(h, &mp)
	mp.Deref()
	for t := uint32(0); t < mp.MemoryTypeCount; t++ {
		mp.MemoryTypes[t].Deref()
		pd.MemoryTypes = append(pd.MemoryTypes, mp.MemoryTypes[t])
	}
	for hi := uint32(0); hi < mp.MemoryHeapCount; hi++ {
		mp.MemoryHeaps[hi].Deref()
		pd.MemoryHeaps = append(pd.MemoryHeaps, mp.MemoryHeaps[hi])
		if vk.MemoryHeapFlagBits(mp.MemoryHeaps[hi].Flags)&vk.MemoryHeapDeviceLocalBit != 0 {
			pd.DeviceLocalMem += uint64(mp.MemoryHeaps[hi].Size)
		}
	}
	pd.Info = i.fns.QueryDevice(h, pd.Extensions)
	pd.MaxAllocation = pd.Info.MaxMemoryAllocationSize
	return pd, nil
}

// IsCPU reports a CPU implementation (lavapipe, SwiftShader).
func (p *PhysicalDevice) IsCPU() bool { return p.Type == vk.PhysicalDeviceTypeCpu }

// IsRADV reports Mesa's RADV driver.
func (p *PhysicalDevice) IsRADV() bool { return p.Info.DriverID == DriverRADV }

// rank orders devices for the default choice: an AMD GPU on RADV first,
// then any discrete GPU, any other GPU, and a CPU implementation last.
func rank(p *PhysicalDevice) int {
	switch {
	case p.ComputeFamily < 0:
		return 0
	case p.VendorID == VendorAMD && p.IsRADV() && !p.IsCPU():
		return 5
	case p.Type == vk.PhysicalDeviceTypeDiscreteGpu:
		return 4
	case p.Type == vk.PhysicalDeviceTypeIntegratedGpu:
		return 3
	case p.Type == vk.PhysicalDeviceTypeVirtualGpu:
		return 2
	default:
		return 1
	}
}

// SelectError is Select's answer when the spec picks no single device
// (errors.As); Spec is "" when no device suits the automatic choice.
type SelectError struct {
	Spec    string
	Problem string   // e.g. "matches no device"
	Devices []string // every device, as 0="name"
}

func (e *SelectError) Error() string {
	if e.Spec == "" {
		return fmt.Sprintf("%s (devices: %s)", e.Problem, strings.Join(e.Devices, ", "))
	}
	return fmt.Sprintf("device %q %s: devices are %s", e.Spec, e.Problem, strings.Join(e.Devices, ", "))
}

// Select picks a device: spec "" chooses the best (AMD on RADV, else any
// GPU, else a CPU implementation); a number is an index from Devices; any
// other text is a case-insensitive substring of the device name. A spec
// that picks no single device is a *SelectError; no device at all is
// ErrNoVulkan.
func Select(devs []*PhysicalDevice, spec string) (*PhysicalDevice, error) {
	if len(devs) == 0 {
		return nil, fmt.Errorf("%w: no Vulkan device", ErrNoVulkan)
	}
	var list []string
	for _, d := range devs {
		list = append(list, fmt.Sprintf("%d=%q", d.Index, d.Name))
	}
	fail := func(problem string) error { return &SelectError{Spec: spec, Problem: problem, Devices: list} }
	spec = strings.TrimSpace(spec)
	if spec == "" {
		best := append([]*PhysicalDevice(nil), devs...)
		sort.SliceStable(best, func(a, b int) bool { return rank(best[a]) > rank(best[b]) })
		if rank(best[0]) == 0 {
			return nil, fail("no Vulkan device has a compute queue with timestamps")
		}
		return best[0], nil
	}
	if n, err := strconv.Atoi(spec); err == nil {
		if n < 0 || n >= len(devs) {
			return nil, fail("is out of range")
		}
		return devs[n], nil
	}
	var match []*PhysicalDevice
	for _, d := range devs {
		if strings.Contains(strings.ToLower(d.Name), strings.ToLower(spec)) {
			match = append(match, d)
		}
	}
	switch len(match) {
	case 0:
		return nil, fail("matches no device")
	case 1:
		return match[0], nil
	default:
		return nil, fail(fmt.Sprintf("matches %d devices; use an index", len(match)))
	}
}

// OpenDevices creates an instance and lists its physical devices; no
// loader or driver is ErrNoVulkan. Close the instance when done with the
// devices.
func OpenDevices() (*Instance, []*PhysicalDevice, error) {
	inst, err := NewInstance()
	if err != nil {
		return nil, nil, err
	}
	devs, err := inst.Devices()
	if err != nil {
		inst.Close()
		return nil, nil, err
	}
	return inst, devs, nil
}

// SelectPhysical creates an instance and selects a device by spec (see
// Select). Close the instance when done with the device.
func SelectPhysical(spec string) (*Instance, *PhysicalDevice, error) {
	inst, devs, err := OpenDevices()
	if err != nil {
		return nil, nil, err
	}
	pd, err := Select(devs, spec)
	if err != nil {
		inst.Close()
		return nil, nil, err
	}
	return inst, pd, nil
}

// OpenSelected creates an instance, selects a device by spec (see Select)
// and opens it. Close the device, then the instance.
func OpenSelected(spec string) (*Instance, *Device, error) {
	inst, pd, err := SelectPhysical(spec)
	if err != nil {
		return nil, nil, err
	}
	d, err := pd.Open()
	if err != nil {
		inst.Close()
		return nil, nil, fmt.Errorf("open device %s: %w", pd.Name, err)
	}
	return inst, d, nil
}
