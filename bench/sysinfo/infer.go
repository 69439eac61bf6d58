package sysinfo

// Inference: the effective value of settings the kernel does not report
// directly, from the log, the module parameters and the GPU generation.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

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
