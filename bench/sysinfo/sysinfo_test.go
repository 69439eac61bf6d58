package sysinfo

import (
	"bufio"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// fixture returns Options for a tree under testdata/NAME: its root, its
// dmesg.log when there is one, a fixed environment, and for "unreadable"
// a ReadFile that denies the paths in deny.txt.
func fixture(t *testing.T, name string) Options {
	t.Helper()
	dir := filepath.Join("testdata", name)
	o := Options{Root: filepath.Join(dir, "root"), Env: []string{"RADV_PERFTEST=cswave32", "HOME=/root"}}
	if _, err := os.Stat(filepath.Join(dir, "dmesg.log")); err == nil {
		o.DmesgFile = filepath.Join(dir, "dmesg.log")
	}
	if rf, err := DenyListReader(o.Root, filepath.Join(dir, "deny.txt")); err == nil {
		o.ReadFile = rf
	} else if !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return o
}

func TestCollectFixtures(t *testing.T) {
	tests := []struct {
		name string
		want map[string]string // fingerprint keys; "" means absent
	}{
		{"rx7900xtx-frag4", map[string]string{
			"kernel.release": "6.11.0-radv", "kernel.cmdline.amdgpu.vm_fragment_size": "4",
			"amdgpu.vm_fragment_size": "4", "amdgpu.vm_fragment_size.source": "log", "amdgpu.param.vm_fragment_size": "4",
			"amdgpu.noretry": "1", "amdgpu.noretry.source": "default",
			"gpu.sku": "RX 7900 XTX", "gpu.gfx": "gfx1100", "gpu.pci_id": "744C:C8", "gpu.cus": "96", "gpu.card": "card1",
			"perf_level": "profile_standard", "thp.enabled": "madvise", "env.RADV_PERFTEST": "cswave32", "env.HOME": "",
			"kernel.config.source": "/proc/config.gz", "kernel.config.CONFIG_AMD_IOMMU_V2": ConfigAbsent,
			"kernel.config.CONFIG_PCI_P2PDMA": ConfigNotSet, "kfd.gfx": "gfx1100", "gpu.count": "1",
		}},
		{"rx9070xt-default", map[string]string{
			"gpu.sku": "RX 9070 XT", "gpu.gfx": "gfx1201", "perf_level": "auto", "amdgpu.vm_fragment_size": "9",
			"amdgpu.vm_fragment_size.source": "log", "kernel.config.source": "/boot/config-6.14.2-arch1-1",
			"thp.enabled": "always", "thp.defrag": "defer+madvise", "kernel.cmdline.amdgpu.vm_fragment_size": "",
			"power_profile": "3D_FULL_SCREEN",
		}},
		{"mi300x", map[string]string{
			"gpu.gfx": "gfx942", "gpu.cus": "304", "gpu.sku": "AMD GPU 1002:74A1 rev 00", "kfd.gfx": "gfx942",
			"amdgpu.vm_fragment_size": "9", "amdgpu.vm_fragment_size.source": "param", "amdgpu.noretry": "0",
		}},
		{"no-amd", map[string]string{
			"gpu.count": "0", "gpu.sku": "", "amdgpu.loaded": "no", "amdgpu.vm_fragment_size": "",
			"amdgpu.vm_fragment_size.source": "unknown", "kernel.release": "6.1.0-26-amd64", "kfd.gpus": "",
		}},
		{"unreadable", map[string]string{
			"gpu.sku": "RX 7900 XT", "kernel.cmdline": "", "perf_level": "", "amdgpu.param.vm_fragment_size": "",
			"kernel.config.source": "", "amdgpu.vm_fragment_size": "9", "amdgpu.vm_fragment_size.source": "default",
		}},
		{"garbage", map[string]string{
			"kernel.release": "not-a-kernel", "kernel.version": "", "gpu.count": "1", "thp.enabled": "",
			"amdgpu.vm_fragment_size": "", "kernel.config.source": "",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Collect(fixture(t, tt.name))
			fp := s.Fingerprint()
			for k, want := range tt.want {
				if got := fp[k]; got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
			if _, err := json.Marshal(s); err != nil {
				t.Errorf("System does not marshal: %v", err)
			}
			for k, v := range fp {
				if printable(v) != v {
					t.Errorf("fingerprint %s has unprintable value %q", k, v)
				}
			}
		})
	}
}

func statusOf(s *System, path string) string {
	for _, f := range s.Files {
		if f.Path == path {
			return f.Status
		}
	}
	return "(not read)"
}

func TestFileStatuses(t *testing.T) {
	tests := []struct {
		fixture string
		want    map[string]string
	}{
		{"unreadable", map[string]string{
			"/proc/cmdline":   StatusDenied,
			"/proc/config.gz": StatusDenied,
			"/sys/module/amdgpu/parameters/vm_fragment_size":      StatusDenied,
			"/sys/class/drm/card0/device/pp_dpm_sclk":             StatusDenied,
			"/sys/class/drm/card0/device/hwmon/hwmon1/power1_cap": StatusDenied,
			"/sys/class/kfd/kfd/topology/nodes/1/properties":      StatusDenied,
			"/sys/class/drm/card0/device/gpu_busy_percent":        StatusError, // a directory
			"/sys/class/drm/card0/device/pp_dpm_mclk":             StatusOK,
			"/boot/config-6.12.9-zen1-1-zen":                      StatusMissing,
		}},
		{"garbage", map[string]string{
			"/proc/cmdline":            StatusMalformed,
			"/proc/config.gz":          StatusMalformed,
			"/proc/sys/kernel/version": StatusMalformed,
			"/sys/module/amdgpu/parameters/vm_fragment_size": StatusMalformed,
			"/sys/module/amdgpu/parameters/ppfeaturemask":    StatusMalformed,
			"/sys/kernel/mm/transparent_hugepage/enabled":    StatusMalformed,
			"/sys/class/drm/card0/device/pp_dpm_sclk":        StatusMalformed,
			"/sys/class/drm/card0/device/device":             StatusMalformed,
			"/sys/class/kfd/kfd/topology/nodes/0/properties": StatusMalformed,
		}},
		{"no-amd", map[string]string{
			"/sys/module/amdgpu/parameters": StatusMissing,
			"/sys/class/kfd":                StatusMissing,
			"/proc/cmdline":                 StatusOK,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			s := Collect(fixture(t, tt.fixture))
			for p, want := range tt.want {
				if got := statusOf(s, p); got != want {
					t.Errorf("%s: status %q, want %q", p, got, want)
				}
			}
		})
	}
}

// TestRealPermissionDenied makes files unreadable with chmod 000. As root
// (these tests usually run as root) chmod does not stop a read, so the
// reader then checks the mode bits the way the kernel would for others.
func TestRealPermissionDenied(t *testing.T) {
	root := t.TempDir()
	for p, v := range map[string]string{"proc/cmdline": "ro amdgpu.noretry=0\n", "proc/sys/kernel/osrelease": "6.9.0\n"} {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(v), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(filepath.Join(root, "proc/cmdline"), 0); err != nil {
		t.Fatal(err)
	}
	opts := Options{Root: root, Env: []string{}}
	if os.Geteuid() == 0 {
		opts.ReadFile = func(p string) ([]byte, error) {
			if st, err := os.Stat(p); err == nil && st.Mode().Perm()&0o444 == 0 {
				return nil, &fs.PathError{Op: "open", Path: p, Err: syscall.EACCES}
			}
			return os.ReadFile(p)
		}
	}
	s := Collect(opts)
	if got := statusOf(s, "/proc/cmdline"); got != StatusDenied {
		t.Errorf("/proc/cmdline status %q", got)
	}
	if s.Kernel.Release != "6.9.0" {
		t.Errorf("collection stopped: release %q", s.Kernel.Release)
	}
}

func TestKernelLogSources(t *testing.T) {
	base := fixture(t, "rx9070xt-default")
	tests := []struct {
		name       string
		opts       func(o *Options)
		status     string
		noteSubstr string
		missing    LogMissing
	}{
		{"file", func(o *Options) {}, StatusOK, "", ""},
		{"missing file", func(o *Options) { o.DmesgFile = "testdata/nope.log" }, StatusMissing, "cannot read the kernel log file testdata/nope.log (missing", LogFileUnreadable},
		{"not asked", func(o *Options) { o.DmesgFile = "" }, LogNotRead, "no kernel log file given", LogNoFile},
		{"dmesg ok", func(o *Options) {
			o.DmesgFile, o.RunDmesg = "", true
			o.Dmesg = func() ([]byte, error) { return []byte("amdgpu 0000:0b:00.0: amdgpu: fragment size is 9-bit\n"), nil }
		}, StatusOK, "", ""},
		{"dmesg restricted", func(o *Options) {
			o.DmesgFile, o.RunDmesg = "", true
			o.Dmesg = func() ([]byte, error) {
				return nil, &DmesgError{Err: errors.New("exit status 1"), Stderr: "dmesg: read kernel buffer failed: Operation not permitted", Restricted: true}
			}
		}, StatusDenied, "dmesg_restrict", LogDmesgDenied},
		{"dmesg fails otherwise", func(o *Options) {
			o.DmesgFile, o.RunDmesg = "", true
			o.Dmesg = func() ([]byte, error) {
				return nil, &DmesgError{Err: errors.New("exit status 1"), Stderr: "dmesg: klogctl failed: Operation not permitted"}
			}
		}, StatusError, "dmesg failed (exit status 1: dmesg: klogctl failed: Operation not permitted)", LogDmesgFailed},
		{"dmesg missing", func(o *Options) {
			o.DmesgFile, o.RunDmesg = "", true
			o.Dmesg = func() ([]byte, error) { return nil, &DmesgError{Err: exec.ErrNotFound} }
		}, StatusMissing, "dmesg is not installed", LogNoDmesg},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := base
			tt.opts(&o)
			s := Collect(o)
			if s.Log.Status != tt.status || !strings.Contains(s.Log.Note, tt.noteSubstr) || s.Log.Missing != tt.missing {
				t.Errorf("log status %q note %q missing %q; want %q containing %q, %q", s.Log.Status, s.Log.Note, s.Log.Missing, tt.status, tt.noteSubstr, tt.missing)
			}
			if tt.status != StatusOK && s.FragmentSize.Source != "default" {
				t.Errorf("without a log the fragment size should be the GFX12 default, got %+v", s.FragmentSize)
			}
		})
	}
}

func TestEffectiveFragmentSize(t *testing.T) {
	i := func(v int64) *int64 { return &v }
	gfx11 := []GPU{{Card: "card0", GFX: "gfx1100", PCISlot: "0000:03:00.0"}}
	tests := []struct {
		name string
		s    System
		want Effective
	}{
		{"log wins", System{GPUs: gfx11, Log: KernelLog{LogInfo: LogInfo{FragmentBits: map[string]int{"0000:03:00.0": 5}}}, Module: Module{VMFragmentSize: i(4)}}, Effective{Value: "5", Source: "log"}},
		{"param", System{GPUs: gfx11, Module: Module{VMFragmentSize: i(6)}}, Effective{Value: "6", Source: "param"}},
		{"param out of range", System{GPUs: gfx11, Module: Module{VMFragmentSize: i(12)}}, Effective{Value: "9", Source: "default"}},
		{"auto on gfx11", System{GPUs: gfx11, Module: Module{VMFragmentSize: i(-1)}}, Effective{Value: "9", Source: "default"}},
		{"cmdline when params unreadable", System{GPUs: gfx11, Cmdline: Cmdline{AMDGPU: map[string]string{"vm_fragment_size": "7"}}}, Effective{Value: "7", Source: "param"}},
		{"auto elsewhere unknown", System{GPUs: []GPU{{GFX: "gfx942"}}}, Effective{Source: "unknown"}},
		{"no gpu", System{}, Effective{Source: "unknown"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.s
			s.Primary = -1
			if len(s.GPUs) > 0 {
				s.Primary = 0
			}
			got := effectiveFragment(&s)
			if got.Value != tt.want.Value || got.Source != tt.want.Source {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestSetVulkan(t *testing.T) {
	s := Collect(fixture(t, "rx7900xtx-frag4"))
	s.SetVulkan(VulkanInfo{VendorID: 0x1002, DeviceID: 0x744c, DriverID: "VK_DRIVER_ID_MESA_RADV", DriverName: "radv", DriverInfo: "Mesa 25.0.4", APIVersion: "1.4.305", DeviceName: "AMD Radeon RX 7900 XTX (RADV NAVI31)", Extensions: []string{"VK_KHR_b", "VK_KHR_a"}})
	fp := s.Fingerprint()
	for k, want := range map[string]string{"driver.id": "VK_DRIVER_ID_MESA_RADV", "driver.name": "radv", "driver.info": "Mesa 25.0.4", "vulkan.api": "1.4.305", "vulkan.device": "AMD Radeon RX 7900 XTX (RADV NAVI31)", "gpu.sku": "RX 7900 XTX"} {
		if fp[k] != want {
			t.Errorf("%s = %q, want %q", k, fp[k], want)
		}
	}
	if strings.Join(s.Vulkan.Extensions, ",") != "VK_KHR_a,VK_KHR_b" {
		t.Errorf("extensions %v", s.Vulkan.Extensions)
	}
}

// TestRealRoot collects this machine: it must work whatever is there
// (bench/doctor's TestRealRoot checks what it says without an AMD GPU).
func TestRealRoot(t *testing.T) {
	s := Collect(Options{Root: "/", RunDmesg: true})
	if s.Kernel.Release == "" {
		t.Error("no kernel release from /proc")
	}
}

func TestDenyListReader(t *testing.T) {
	rf, err := DenyListReader("testdata/unreadable/root", "testdata/unreadable/deny.txt")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rf("testdata/unreadable/root/proc/cmdline"); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("denied path: %v", err)
	}
	if _, err := rf("testdata/unreadable/root/proc/sys/kernel/osrelease"); err != nil {
		t.Errorf("allowed path: %v", err)
	}
	f, _ := os.Open("testdata/unreadable/deny.txt")
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		p := strings.TrimSpace(sc.Text())
		if p == "" || strings.HasPrefix(p, "#") {
			continue
		}
		if _, err := os.Stat(filepath.Join("testdata/unreadable/root", p)); err != nil {
			t.Errorf("deny.txt names %s, which the fixture lacks", p)
		}
	}
}

// TestReadThroughFile: a path that runs through a regular file (ENOTDIR,
// e.g. a sysfs file where a directory was expected) is recorded as
// missing, recognised by the errno rather than the message.
func TestReadThroughFile(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "proc"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "proc", "cmdline"), []byte("ro\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := newReader(root, nil)
	if _, ok := r.read("/proc/cmdline/x"); ok {
		t.Fatal("read through a file succeeded")
	}
	recs := r.records()
	if len(recs) != 1 || recs[0].Status != StatusMissing {
		t.Errorf("records %+v, want one %q", recs, StatusMissing)
	}
}
