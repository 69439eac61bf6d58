package sysinfo

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseCmdline(t *testing.T) {
	tests := []struct {
		in      string
		want    []CmdArg
		wantErr bool
	}{
		{"ro quiet", []CmdArg{{Key: "ro"}, {Key: "quiet"}}, false},
		{"  amdgpu.vm_fragment_size=4\troot=UUID=ab=cd\n", []CmdArg{{Key: "amdgpu.vm_fragment_size", Value: "4", HasValue: true}, {Key: "root", Value: "UUID=ab=cd", HasValue: true}}, false},
		{`dyndbg="file a.c +p" x`, []CmdArg{{Key: "dyndbg", Value: "file a.c +p", HasValue: true}, {Key: "x"}}, false},
		{`a="unbalanced b`, []CmdArg{{Key: "a", Value: "unbalanced b", HasValue: true}}, true},
		{"", nil, false},
		{"empty=", []CmdArg{{Key: "empty", HasValue: true}}, false},
	}
	for _, tt := range tests {
		got, err := ParseCmdline(tt.in)
		if (err != nil) != tt.wantErr || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseCmdline(%q) = %+v, %v; want %+v, err %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestModuleArgs(t *testing.T) {
	args, _ := ParseCmdline("amdgpu.vm-fragment-size=4 amdgpu.noretry=0 amdgpu.noretry=1 amdgpu. radeon.si_support=0 amdgpuX.y=1")
	got := ModuleArgs(args, "amdgpu")
	want := map[string]string{"vm_fragment_size": "4", "noretry": "1"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ModuleArgs = %v, want %v", got, want)
	}
}

func TestParseDPM(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    []DPMLevel
		wantErr bool
	}{
		{"rdna3 sclk deep sleep", "0: 500Mhz\n1: 31Mhz *\n2: 2219Mhz\n", []DPMLevel{{Index: "0", MHz: 500}, {Index: "1", MHz: 31, Current: true}, {Index: "2", MHz: 2219}}, false},
		{"mclk trailing spaces", "0: 96Mhz \n1: 1249Mhz *\n", []DPMLevel{{Index: "0", MHz: 96}, {Index: "1", MHz: 1249, Current: true}}, false},
		{"pcie", "0: 2.5GT/s, x1 97Mhz \n2: 16.0GT/s, x16 623Mhz *\n", []DPMLevel{{Index: "0", Label: "2.5GT/s, x1", MHz: 97}, {Index: "2", Label: "16.0GT/s, x16", MHz: 623, Current: true}}, false},
		{"sleep level and MHz spelling", "S: 19MHz *\n0: 400Mhz\n", []DPMLevel{{Index: "S", MHz: 19, Current: true}, {Index: "0", MHz: 400}}, false},
		{"empty", "", nil, true},
		{"garbage kept partial", "0: 500Mhz\nbanana\n", []DPMLevel{{Index: "0", MHz: 500}}, true},
		{"no unit", "0: 500\n", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseDPM(tt.in)
			if (err != nil) != tt.wantErr || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseDPM(%q) = %+v, %v; want %+v, err %v", tt.in, got, err, tt.want, tt.wantErr)
			}
		})
	}
	cur, ok := CurrentLevel([]DPMLevel{{Index: "0", MHz: 1}, {Index: "1", MHz: 2, Current: true}})
	if !ok || cur.MHz != 2 {
		t.Errorf("CurrentLevel = %+v, %v", cur, ok)
	}
	if _, ok := CurrentLevel([]DPMLevel{{Current: true}, {Current: true}}); ok {
		t.Error("CurrentLevel accepted two current levels")
	}
}

func TestParseKFDProperties(t *testing.T) {
	got, err := ParseKFDProperties("simd_count 192\nsimd_per_cu 2\n\ngfx_target_version 110000\n")
	if err != nil || got["simd_count"] != 192 || got["gfx_target_version"] != 110000 || len(got) != 3 {
		t.Errorf("got %v, %v", got, err)
	}
	got, err = ParseKFDProperties("simd_count x\nok 1\na b c\n")
	if err == nil || len(got) != 1 || got["ok"] != 1 {
		t.Errorf("bad lines: got %v, %v", got, err)
	}
}

func TestGFXTarget(t *testing.T) {
	for v, want := range map[uint64]string{110000: "gfx1100", 110001: "gfx1101", 110003: "gfx1103", 110501: "gfx1151", 120000: "gfx1200", 120001: "gfx1201", 90402: "gfx942", 90010: "gfx90a", 0: ""} {
		if got := GFXTarget(v); got != want {
			t.Errorf("GFXTarget(%d) = %q, want %q", v, got, want)
		}
	}
}

func TestParseKernelConfig(t *testing.T) {
	in := "#\n# comment\nCONFIG_A=y\nCONFIG_B=m\n# CONFIG_C is not set\nCONFIG_S=\"x y\"\n\nCONFIG_HZ=1000\n"
	got, err := ParseKernelConfig(in)
	want := map[string]string{"CONFIG_A": "y", "CONFIG_B": "m", "CONFIG_C": ConfigNotSet, "CONFIG_S": `"x y"`, "CONFIG_HZ": "1000"}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, %v", got, err)
	}
	if _, err := ParseKernelConfig("not a config\n"); err == nil {
		t.Error("garbage accepted")
	}
	if _, err := ParseKernelConfig(""); err == nil {
		t.Error("empty config accepted")
	}
}

func TestParseSelected(t *testing.T) {
	sel, choices, err := ParseSelected("always [madvise] never")
	if err != nil || sel != "madvise" || strings.Join(choices, ",") != "always,madvise,never" {
		t.Errorf("got %q %v %v", sel, choices, err)
	}
	for _, bad := range []string{"always madvise never", "[a] [b]", "", "[]"} {
		if _, _, err := ParseSelected(bad); err == nil {
			t.Errorf("ParseSelected(%q) accepted", bad)
		}
	}
}

func TestParsePowerProfile(t *testing.T) {
	rdna := "PROFILE_INDEX(NAME) CLOCK_TYPE(NAME) FPS\n 0 BOOTUP_DEFAULT :\n    0( GFXCLK) 0\n 1 3D_FULL_SCREEN*:\n    0( GFXCLK) 1\n 5 COMPUTE :\n"
	if i, n, err := ParsePowerProfile(rdna); err != nil || i != 1 || n != "3D_FULL_SCREEN" {
		t.Errorf("got %d %q %v", i, n, err)
	}
	old := "NUM        MODE_NAME     SCLK_UP_HYST\n  0 BOOTUP_DEFAULT:        -\n  5        COMPUTE *:        0\n"
	if i, n, err := ParsePowerProfile(old); err != nil || i != 5 || n != "COMPUTE" {
		t.Errorf("old format: got %d %q %v", i, n, err)
	}
	if _, _, err := ParsePowerProfile("nothing"); err == nil {
		t.Error("no active profile accepted")
	}
}

func TestParseDmesg(t *testing.T) {
	log := `[    3.3] amdgpu 0000:03:00.0: amdgpu: vm size is 262144 GB, 4 levels, block size is 9-bit, fragment size is 4-bit
[    3.4] amdgpu 0000:0b:00.0: amdgpu: vm size is 262144 GB, 4 levels, block size is 9-bit, fragment size is 9-bit
[    4.1] kfd kfd: amdgpu: added device 1002:744C
[    4.2] amdgpu: SVM initialized
[   50.0] amdgpu 0000:03:00.0: [drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring comp_1.0.0 timeout, signaled seq=1, emitted seq=2
[   50.1] amdgpu 0000:03:00.0: amdgpu: GPU reset begin!
[   51.0] amdgpu 0000:03:00.0: amdgpu: GPU reset(2) succeeded!
[   60.0] amdgpu 0000:03:00.0: amdgpu: GPU recovery disabled.
[   70.0] amdgpu: fragment size is 77-bit
`
	li := ParseDmesg(log)
	if li.FragmentBits["0000:03:00.0"] != 4 || li.FragmentBits["0000:0b:00.0"] != 9 {
		t.Errorf("FragmentBits = %v", li.FragmentBits)
	}
	if !li.SVMInitialized || len(li.AddedDevices) != 1 || li.AddedDevices[0] != "1002:744c" {
		t.Errorf("SVM %v added %v", li.SVMInitialized, li.AddedDevices)
	}
	if li.GPUResets != 1 || li.RingTimeouts != 1 || !li.RecoveryDisabled || len(li.Events) != 3 || len(li.Bad) != 1 {
		t.Errorf("resets %d timeouts %d disabled %v events %q bad %q", li.GPUResets, li.RingTimeouts, li.RecoveryDisabled, li.Events, li.Bad)
	}
	// Completions alone (the begin line rotated out) still count.
	if li := ParseDmesg("amdgpu: GPU reset(3) succeeded!\namdgpu: GPU reset(4) succeeded!\n"); li.GPUResets != 2 {
		t.Errorf("resets from completions = %d", li.GPUResets)
	}
	if li := ParseDmesg(""); li.FragmentBits != nil || li.GPUResets != 0 {
		t.Errorf("empty log gave %+v", li)
	}
}

func TestParseIDs(t *testing.T) {
	if v, err := ParseHex("0x744c\n"); err != nil || v != 0x744c {
		t.Errorf("ParseHex = %x, %v", v, err)
	}
	if v, err := ParseHex("c8"); err != nil || v != 0xc8 {
		t.Errorf("ParseHex without 0x = %x, %v", v, err)
	}
	if _, err := ParseHex("0x"); err == nil {
		t.Error("ParseHex(0x) accepted")
	}
	if v, err := ParseInt("-1"); err != nil || v != -1 {
		t.Errorf("ParseInt(-1) = %d, %v", v, err)
	}
	if v, err := ParseInt("0xfff7bfff"); err != nil || v != 0xfff7bfff {
		t.Errorf("ParseInt(hex) = %x, %v", v, err)
	}
	if ue := ParseUevent("DRIVER=amdgpu\nPCI_SLOT_NAME=0000:03:00.0\njunk\n"); ue["DRIVER"] != "amdgpu" || ue["PCI_SLOT_NAME"] != "0000:03:00.0" || len(ue) != 2 {
		t.Errorf("ParseUevent = %v", ue)
	}
	for rel, want := range map[string][2]int{"6.8.0-45-generic": {6, 8}, "6.11.0-radv": {6, 11}, "5.15.0": {5, 15}} {
		if ma, mi, ok := KernelVersion(rel); !ok || ma != want[0] || mi != want[1] {
			t.Errorf("KernelVersion(%q) = %d.%d %v", rel, ma, mi, ok)
		}
	}
	if _, _, ok := KernelVersion("not-a-kernel"); ok {
		t.Error("KernelVersion accepted garbage")
	}
}
