package sysinfo

import (
	"strings"
	"testing"
)

// The seed corpora below run in every `go test`; `go test -fuzz FuzzX`
// explores further. Each fuzz target checks the parser never panics and
// that what it returns is consistent.

func FuzzParseDPM(f *testing.F) {
	for _, s := range []string{"0: 500Mhz\n1: 31Mhz *\n2: 2219Mhz\n", "0: 96Mhz \n1: 1249Mhz *\n", "2: 16.0GT/s, x16 623Mhz *", "S: 19Mhz *", "S: 19Mhz *\n1: 500Mhz \n2: 2500Mhz \n", "", "garbage\n0 500\n", "\xff\xfe", "0: 99999999999999999999Mhz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		levels, err := ParseDPM(s)
		if err == nil && len(levels) == 0 {
			t.Fatal("no error and no levels")
		}
		for _, l := range levels {
			if l.MHz < 0 || l.Index == "" {
				t.Fatalf("bad level %+v", l)
			}
		}
		CurrentLevel(levels)
		for _, clock := range []string{"sclk", "mclk"} {
			c := InterpretDPM(clock, levels)
			if len(c.Levels) > len(levels) || (c.AtLevel && !c.HasCurrent) || (!c.HasCurrent && (c.CurrentMHz != 0 || c.Sleep)) {
				t.Fatalf("InterpretDPM(%q) = %+v from %+v", clock, c, levels)
			}
		}
	})
}

func FuzzParseKFDProperties(f *testing.F) {
	for _, s := range []string{"simd_count 192\nsimd_per_cu 2\ngfx_target_version 110000\n", "simd_count x\nfoo\n", "", "a 18446744073709551615", "a -1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		props, _ := ParseKFDProperties(s)
		for k := range props {
			if k == "" || strings.ContainsAny(k, " \t\n") {
				t.Fatalf("bad key %q", k)
			}
		}
		GFXTarget(props["gfx_target_version"])
	})
}

func FuzzParseCmdline(f *testing.F) {
	for _, s := range []string{"BOOT_IMAGE=/vmlinuz ro quiet amdgpu.vm_fragment_size=4", `a="b c" d`, `a="unbalanced`, "", "amdgpu.=1 =x ==", "\"\"\"\""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args, _ := ParseCmdline(s)
		for _, a := range args {
			if !a.HasValue && a.Value != "" {
				t.Fatalf("value without '=': %+v", a)
			}
		}
		for k := range ModuleArgs(args, "amdgpu") {
			if k == "" || strings.Contains(k, "-") {
				t.Fatalf("bad module arg name %q", k)
			}
		}
	})
}

func FuzzParseKernelConfig(f *testing.F) {
	for _, s := range []string{"CONFIG_A=y\n# CONFIG_B is not set\nCONFIG_S=\"x\"\n", "#\n", "not a config", "", "CONFIG_=y", "=y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		opts, _ := ParseKernelConfig(s)
		for k := range opts {
			if !strings.HasPrefix(k, "CONFIG_") {
				t.Fatalf("bad option %q", k)
			}
		}
	})
}

func FuzzParseDmesg(f *testing.F) {
	for _, s := range []string{
		"[    3.3] amdgpu 0000:03:00.0: amdgpu: vm size is 262144 GB, 4 levels, block size is 9-bit, fragment size is 4-bit\n",
		"kfd kfd: amdgpu: added device 1002:744c\namdgpu: SVM initialized\n",
		"ring gfx_0.0.0 timeout\nGPU reset begin!\nGPU reset(1) succeeded!\n",
		"fragment size is 99999999999999999999-bit", "", "\x00\xff",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		li := ParseDmesg(s)
		for _, b := range li.FragmentBits {
			if b < 0 || b > 31 {
				t.Fatalf("fragment bits %d", b)
			}
		}
		if li.GPUResets < 0 || li.RingTimeouts < 0 || len(li.Events) > maxEvents {
			t.Fatalf("bad counts %+v", li)
		}
	})
}

func FuzzParseSelected(f *testing.F) {
	for _, s := range []string{"always [madvise] never", "[always] [never]", "", "[]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sel, _, err := ParseSelected(s)
		if err == nil && sel == "" {
			t.Fatal("no error and nothing selected")
		}
	})
}
