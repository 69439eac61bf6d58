package gpu

import (
	"errors"
	"strings"
	"testing"

	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

func fakeDev(i int, name string, vendor uint32, typ vk.PhysicalDeviceType, driver uint32) *PhysicalDevice {
	return &PhysicalDevice{Index: i, Name: name, VendorID: vendor, Type: typ, ComputeFamily: 0, Info: vkshim.DeviceInfo{DriverID: driver}}
}

func TestSelect(t *testing.T) {
	lvp := fakeDev(0, "llvmpipe (LLVM 15.0.6, 256 bits)", 0x10005, vk.PhysicalDeviceTypeCpu, DriverLLVMPipe)
	nv := fakeDev(1, "NVIDIA H200", VendorNVIDIA, vk.PhysicalDeviceTypeDiscreteGpu, DriverNVIDIA)
	igpu := fakeDev(2, "Intel(R) Graphics", VendorIntel, vk.PhysicalDeviceTypeIntegratedGpu, DriverIntelMesa)
	amd := fakeDev(3, "AMD Radeon RX 7900 XTX (RADV NAVI31)", VendorAMD, vk.PhysicalDeviceTypeDiscreteGpu, DriverRADV)
	amdvlk := fakeDev(4, "AMD Radeon RX 7900 XTX", VendorAMD, vk.PhysicalDeviceTypeDiscreteGpu, DriverAMDOpen)
	noCompute := fakeDev(5, "display only", VendorAMD, vk.PhysicalDeviceTypeDiscreteGpu, DriverRADV)
	noCompute.ComputeFamily = -1
	tests := []struct {
		name    string
		devs    []*PhysicalDevice
		spec    string
		want    *PhysicalDevice
		wantErr string
	}{
		{"lavapipe alone", []*PhysicalDevice{lvp}, "", lvp, ""},
		{"RADV beats everything", []*PhysicalDevice{lvp, nv, igpu, amdvlk, amd}, "", amd, ""},
		{"discrete GPU beats integrated and CPU", []*PhysicalDevice{lvp, igpu, nv}, "", nv, ""},
		{"integrated beats CPU", []*PhysicalDevice{lvp, igpu}, "", igpu, ""},
		{"no compute queue is never chosen", []*PhysicalDevice{noCompute, lvp}, "", lvp, ""},
		{"by index", []*PhysicalDevice{lvp, nv}, "0", lvp, ""},
		{"by name substring, any case", []*PhysicalDevice{lvp, nv}, "h200", nv, ""},
		{"index out of range", []*PhysicalDevice{lvp}, "3", nil, "out of range"},
		{"no match", []*PhysicalDevice{lvp}, "radeon", nil, "matches no device"},
		{"ambiguous", []*PhysicalDevice{amd, amdvlk}, "rx 7900", nil, "matches 2 devices"},
		{"no devices", nil, "", nil, "no Vulkan device"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Select(tc.devs, tc.spec)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				// Typed: no devices is ErrNoVulkan, a spec that picks
				// none a *SelectError carrying the spec and the devices.
				var se *SelectError
				if len(tc.devs) == 0 {
					if !errors.Is(err, ErrNoVulkan) {
						t.Errorf("err = %v, want ErrNoVulkan", err)
					}
				} else if !errors.As(err, &se) || se.Spec != tc.spec || len(se.Devices) != len(tc.devs) {
					t.Errorf("err = %#v, want a *SelectError for %q with %d devices", err, tc.spec, len(tc.devs))
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("Select = %v, %v; want %s", got, err, tc.want.Name)
			}
		})
	}
}

func TestDeltaTicks(t *testing.T) {
	tests := []struct {
		start, end uint64
		bits       uint32
		want       uint64
	}{
		{100, 250, 64, 150},
		{100, 250, 36, 150},
		// A 36-bit counter wraps from 2^36-10 to 5: 15 ticks passed.
		{1<<36 - 10, 5, 36, 15},
		// 64 valid bits wrap naturally in uint64 arithmetic.
		{^uint64(0) - 1, 3, 64, 5},
		// Garbage above the valid bits is ignored.
		{0xff00000000000010, 0x20, 32, 0x10},
	}
	for _, tc := range tests {
		if got := DeltaTicks(tc.start, tc.end, tc.bits); got != tc.want {
			t.Errorf("DeltaTicks(%#x, %#x, %d) = %d, want %d", tc.start, tc.end, tc.bits, got, tc.want)
		}
	}
}

func TestResultError(t *testing.T) {
	err := check("wait for fence", vk.ErrorDeviceLost)
	if !errors.Is(err, ErrDeviceLost) || err.Error() != "wait for fence: VK_ERROR_DEVICE_LOST" {
		t.Errorf("got %v", err)
	}
	if check("x", vk.Success) != nil {
		t.Error("VK_SUCCESS is not an error")
	}
	if !isFatal(err) || isFatal(check("x", vk.ErrorOutOfHostMemory)) {
		t.Error("only device loss and timeouts are fatal")
	}
	if got := ResultName(vk.Result(-424242)); got != "VkResult(-424242)" {
		t.Errorf("unknown result named %q", got)
	}
}

// TestDeviceLifecycle opens the real default device (lavapipe here), runs
// a copy, and closes everything twice.
func TestDeviceLifecycle(t *testing.T) {
	inst, d, err := OpenSelected("")
	if err != nil {
		t.Fatalf("Vulkan is required for this test (run 'make deps'): %v", err)
	}
	defer inst.Close()
	src, err := d.NewBuffer(1024, DeviceLocal)
	if err != nil {
		t.Fatal(err)
	}
	dst, err := d.NewBuffer(1024, HostVisible)
	if err != nil {
		t.Fatal(err)
	}
	in := make([]byte, 1024)
	for i := range in {
		in[i] = byte(i * 7)
	}
	if err := src.Upload(in); err != nil {
		t.Fatal(err)
	}
	if err := d.Run(func(cb *CommandBuffer) error { cb.Copy(src, dst, 1024); return nil }); err != nil {
		t.Fatal(err)
	}
	got, err := Read[byte](dst, len(in))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(in) {
		t.Error("copy through the device changed the data")
	}
	if err := d.CheckStorageSize(1 << 62); err == nil {
		t.Error("a 4 EiB buffer should exceed the limits")
	}
	ts, err := d.NewTimestampPool(2)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		ts.Close()
		src.Close()
		dst.Close()
	}
	d.Close()
	d.Close()
	inst.Close()
}
