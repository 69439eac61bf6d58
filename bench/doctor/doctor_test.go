package doctor

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/sysinfo"
)

// testdata holds bench/sysinfo's fixture trees, which these tests diagnose.
var testdata = filepath.Join("..", "sysinfo", "testdata")

// fixture returns Options for a tree under bench/sysinfo's testdata/NAME:
// its root, its dmesg.log when there is one, a fixed environment, and for
// "unreadable" a ReadFile that denies the paths in deny.txt.
func fixture(t *testing.T, name string) sysinfo.Options {
	t.Helper()
	dir := filepath.Join(testdata, name)
	o := sysinfo.Options{Root: filepath.Join(dir, "root"), Env: []string{"RADV_PERFTEST=cswave32", "HOME=/root"}}
	if _, err := os.Stat(filepath.Join(dir, "dmesg.log")); err == nil {
		o.DmesgFile = filepath.Join(dir, "dmesg.log")
	}
	if rf, err := sysinfo.DenyListReader(o.Root, filepath.Join(dir, "deny.txt")); err == nil {
		o.ReadFile = rf
	} else if !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return o
}

// TestRealRoot diagnoses this machine: whatever is there, without an AMD
// GPU it says so plainly.
func TestRealRoot(t *testing.T) {
	s := sysinfo.Collect(sysinfo.Options{Root: "/", RunDmesg: true})
	fs := Diagnose(s)
	if len(s.GPUs) == 0 && kfdGPUs(s) == 0 {
		found := false
		for _, f := range fs {
			found = found || (f.Check == "gpu.present" && strings.Contains(f.Reason, "no AMD GPU present"))
		}
		if !found {
			t.Errorf("no finding says no AMD GPU is present: %+v", fs)
		}
	}
}

func TestDiagnose(t *testing.T) {
	tests := []struct {
		fixture string
		failed  bool
		want    map[string]string // check -> status
		reason  map[string]string // check -> substring of the reason
	}{
		{"rx7900xtx-frag4", false,
			map[string]string{"boot.amdgpu.vm_fragment_size": Warn, "perf_level.card1": OK, "kconfig.CONFIG_AMD_IOMMU_V2": OK, "boot.amdgpu.noretry": Warn, "kconfig.CONFIG_PCI_P2PDMA": OK, "busy.card1": OK},
			map[string]string{"kconfig.CONFIG_AMD_IOMMU_V2": "merged into CONFIG_AMD_IOMMU", "boot.amdgpu.vm_fragment_size": "64 KiB"}},
		{"rx9070xt-default", false,
			map[string]string{"boot.amdgpu.vm_fragment_size": OK, "perf_level.card0": Warn, "kernel_log": Warn, "thp.enabled": OK},
			map[string]string{"boot.amdgpu.vm_fragment_size": "would change nothing", "perf_level.card0": "auto: clocks ramp"}},
		{"mi300x", true,
			map[string]string{"gpu.radv": Fail, "boot.amdgpu.noretry": OK, "boot.amdgpu.vm_fragment_size": OK, "kernel_log": Warn, "kconfig.CONFIG_AMD_IOMMU_V2": OK},
			map[string]string{"gpu.radv": "no RADV"}},
		{"no-amd", false,
			map[string]string{"gpu.present": Warn, "kconfig": Warn},
			map[string]string{"gpu.present": "no AMD GPU present"}},
		{"unreadable", false,
			map[string]string{"files.denied": Warn, "files.error": Warn, "perf_level.card0": Warn, "busy.card0": Warn},
			nil},
		{"garbage", false,
			map[string]string{"files.malformed": Warn, "thp.enabled": Warn},
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			fs := Diagnose(sysinfo.Collect(fixture(t, tt.fixture)))
			got := map[string]Finding{}
			for _, f := range fs {
				if _, dup := got[f.Check]; dup {
					t.Errorf("duplicate check %s", f.Check)
				}
				got[f.Check] = f
				if f.Status != OK && (f.Fix == "") == (f.Advice.Kind == "") {
					t.Errorf("%s is %s with fix %q and advice %q: want one of them", f.Check, f.Status, f.Fix, f.Advice.Kind)
				}
				if strings.Contains(f.Reason, "\n") || strings.Contains(f.Fix, "\n") {
					t.Errorf("%s: multi-line reason or fix", f.Check)
				}
			}
			for c, want := range tt.want {
				if got[c].Status != want {
					t.Errorf("%s: %q (%s), want %q", c, got[c].Status, got[c].Reason, want)
				}
			}
			for c, sub := range tt.reason {
				if !strings.Contains(got[c].Reason+" "+got[c].Fix, sub) {
					t.Errorf("%s: %q lacks %q", c, got[c].Reason, sub)
				}
			}
			if a := got["perf_level.card0"].Advice; tt.fixture == "rx9070xt-default" && (a.Kind != AdvicePinClocks || !strings.HasSuffix(a.Sysfs, "/card0/device/power_dpm_force_performance_level")) {
				t.Errorf("perf_level.card0: advice %+v, want %s with its sysfs file", a, AdvicePinClocks)
			}
			if Failed(fs) != tt.failed {
				t.Errorf("Failed = %v, want %v", Failed(fs), tt.failed)
			}
		})
	}
}

func TestDiagnoseTraps(t *testing.T) {
	base := func() *sysinfo.System {
		return sysinfo.Collect(fixture(t, "rx9070xt-default"))
	}
	find := func(fs []Finding, c string) Finding {
		for _, f := range fs {
			if f.Check == c {
				return f
			}
		}
		return Finding{}
	}
	// The guide's vm_fragment_size=9 on GFX12 is the default.
	s := base()
	nine := int64(9)
	s.Module.VMFragmentSize = &nine
	s.Module.Params["vm_fragment_size"] = "9"
	if f := find(Diagnose(s), "boot.amdgpu.vm_fragment_size"); f.Status != OK || !strings.Contains(f.Reason, "already the default") {
		t.Errorf("explicit 9: %+v", f)
	}
	// AMD_IOMMU_V2 before 6.7 still exists and is wanted.
	s = base()
	s.Kernel.Release = "6.6.30"
	if f := find(Diagnose(s), "kconfig.CONFIG_AMD_IOMMU_V2"); f.Status != Warn {
		t.Errorf("6.6 without AMD_IOMMU_V2: %+v", f)
	}
	// Busy and hot GPUs fail.
	s = base()
	busy := int64(60)
	s.GPUs[0].BusyPercent = &busy
	s.GPUs[0].Hwmon.TempsC["junction"] = 101
	fs := Diagnose(s)
	if find(fs, "busy.card0").Status != Fail || find(fs, "temp.card0").Status != Fail || !Failed(fs) {
		t.Errorf("busy/hot: %+v %+v", find(fs, "busy.card0"), find(fs, "temp.card0"))
	}
	// RADV_DEBUG is a warning.
	s = base()
	s.Env["RADV_DEBUG"] = "nocache"
	if f := find(Diagnose(s), "env.RADV_DEBUG"); f.Status != Warn {
		t.Errorf("RADV_DEBUG: %+v", f)
	}
	// No amdgpu driver in the config with an AMD GPU present fails.
	s = base()
	s.Config.Options["CONFIG_DRM_AMDGPU"] = sysinfo.ConfigNotSet
	if f := find(Diagnose(s), "kconfig.CONFIG_DRM_AMDGPU"); f.Status != Fail {
		t.Errorf("no DRM_AMDGPU: %+v", f)
	}
}
