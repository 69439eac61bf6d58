// Package doctor checks a system record (bench/sysinfo) against the
// kernel-config guide and benchmarking hygiene: one Finding per check, ok,
// warn or fail, with a one-line reason and its fix (Diagnose). The fixes
// that are radvbench's own commands or flags are Advice, for the CLI to
// word.
package doctor

import (
	"fmt"
	"strings"

	"github.com/radvbench/radvbench/bench/sysinfo"
)

// Finding statuses.
const (
	OK   = "ok"
	Warn = "warn"
	Fail = "fail"
)

// Finding is one doctor check: its status, a one-line reason and, unless
// ok, the fix: Fix in the system's own terms, or Advice where the fix is a
// radvbench command or flag, for the CLI to word (it sets Fix from it).
type Finding struct {
	Check  string `json:"check"`
	Status string `json:"status"`
	Reason string `json:"reason"`
	Fix    string `json:"fix,omitempty"`
	Advice Advice `json:"-"`
}

// Advice is a fix that is radvbench's own to give (a command or a flag).
type Advice struct {
	Kind AdviceKind
	// Sysfs is the power_dpm_force_performance_level file (AdvicePinClocks).
	Sysfs string
}

// AdviceKind says which fix.
type AdviceKind string

// The fixes the CLI words.
const (
	// AdvicePickDevice: pick the RDNA GPU for the run.
	AdvicePickDevice AdviceKind = "pick-device"
	// AdviceCurrentLog: the log is from another boot; pass the current one.
	AdviceCurrentLog AdviceKind = "current-log"
	// AdviceLogOrFragment: pass the kernel log, or set the parameter.
	AdviceLogOrFragment AdviceKind = "log-or-fragment"
	// AdvicePinClocks: pin the clocks for the run (or as root in Sysfs).
	AdvicePinClocks AdviceKind = "pin-clocks"
	// AdvicePinClocksUnknown: the level is unreadable; root, or pin them.
	AdvicePinClocksUnknown AdviceKind = "pin-clocks-unknown"
	// AdvicePinClocksManual: clocks set by hand; pin a profile instead.
	AdvicePinClocksManual AdviceKind = "pin-clocks-manual"
	// AdviceKernelLog: pass the kernel log, or run as root.
	AdviceKernelLog AdviceKind = "kernel-log"
	// AdviceMalformedFiles: where the malformed files are listed.
	AdviceMalformedFiles AdviceKind = "malformed-files"
	// AdviceGPUDriver: runs would use a CPU implementation although a GPU
	// is here: install its Vulkan driver, or pick it.
	AdviceGPUDriver AdviceKind = "gpu-driver"
)

// Failed reports whether any finding failed.
func Failed(fs []Finding) bool {
	for _, f := range fs {
		if f.Status == Fail {
			return true
		}
	}
	return false
}

// Severity policy: "fail" is kept for what stops radvbench from measuring
// an AMD GPU or makes the figures untrustworthy (no amdgpu driver, only
// CDNA parts, a GPU busy or hot before the run). The guide's options that
// only ROCm/KFD needs (HSA, SVM, HMM, P2P, noretry=0) are "warn" with the
// reason: a Vulkan benchmark machine may lack them on purpose.

// Diagnose checks the system against the kernel-config guide (its kconfig
// fragment and boot parameters, as docs/sysinfo.md lists them, with their
// public sources in docs/facts.md) and benchmarking hygiene.
func Diagnose(s *sysinfo.System) []Finding {
	var out []Finding
	add := func(check, status, reason, fix string, advice ...Advice) {
		f := Finding{Check: check, Status: status, Reason: reason, Fix: fix}
		if len(advice) > 0 {
			f.Advice = advice[0]
		}
		out = append(out, f)
	}
	amd := len(s.GPUs) > 0 || kfdGPUs(s) > 0
	checkVulkan(s, add)
	checkGPUs(s, add)
	if amd {
		checkModule(s, add)
	}
	checkConfig(s, add)
	if amd {
		checkBootParams(s, add)
		for i := range s.GPUs {
			checkClocks(&s.GPUs[i], add)
		}
		checkLog(s, add)
	}
	checkTHP(s, add)
	checkEnv(s, add)
	checkFiles(s, add)
	return out
}

func kfdGPUs(s *sysinfo.System) int {
	n := 0
	for _, k := range s.KFD {
		if !k.CPU {
			n++
		}
	}
	return n
}

// addFunc adds a finding; a fix that is radvbench's to word is given as
// an Advice, with fix "".
type addFunc func(check, status, reason, fix string, advice ...Advice)

func fixFor(status, fix string) string {
	if status == OK {
		return ""
	}
	return fix
}

func firstFew(s []string) string {
	if len(s) <= 3 {
		return strings.Join(s, ", ")
	}
	return strings.Join(s[:3], ", ") + fmt.Sprintf(" and %d more", len(s)-3)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
