package advice

import (
	"fmt"

	"github.com/radvbench/radvbench/bench/doctor"
	"github.com/radvbench/radvbench/bench/sysinfo"
)

// DoctorFix words a doctor finding's fix that is one of radvbench's
// commands or flags (doctor.Advice).
func DoctorFix(a doctor.Advice) string {
	switch a.Kind {
	case doctor.AdvicePickDevice:
		return "pick the RDNA GPU with radvbench run --device"
	case doctor.AdviceCurrentLog:
		return "pass the current boot's log: journalctl -k -b > FILE; radvbench doctor --dmesg FILE"
	case doctor.AdviceLogOrFragment:
		return "pass the kernel log (--dmesg FILE) or set amdgpu.vm_fragment_size=9"
	case doctor.AdvicePinClocks:
		return "radvbench run --pin-clocks profile_standard (or as root: echo profile_standard > " + a.Sysfs + ")"
	case doctor.AdvicePinClocksUnknown:
		return "run as root, or pin it: radvbench run --pin-clocks profile_standard"
	case doctor.AdvicePinClocksManual:
		return "radvbench run --pin-clocks profile_standard for comparable figures"
	case doctor.AdviceKernelLog:
		return "pass --dmesg FILE (journalctl -k -b > FILE) or run as root"
	case doctor.AdviceGPUDriver:
		return "if radvbench devices lists no GPU, install its Vulkan driver (Mesa's RADV for an AMD GPU: mesa-vulkan-drivers); else pick it with radvbench run --device"
	case doctor.AdviceMalformedFiles:
		return "see radvbench sysinfo --json (files) for details; a kernel or fixture problem"
	}
	return ""
}

// AdviseFindings sets the Fix of every finding that has an Advice.
func AdviseFindings(fs []doctor.Finding) {
	for i := range fs {
		if fs[i].Advice.Kind != "" {
			fs[i].Fix = DoctorFix(fs[i].Advice)
		}
	}
}

// KernelLogNote words why the kernel log was not read in the terms of
// --dmesg and --sysroot (sysinfo.KernelLog.Missing); the library's own
// Note where the reason has no kind.
func KernelLogNote(lg sysinfo.KernelLog) string {
	switch lg.Missing {
	case sysinfo.LogNoFile:
		return "no --dmesg FILE given (dmesg runs only for --sysroot /)"
	case sysinfo.LogFileUnreadable:
		return fmt.Sprintf("cannot read --dmesg file %s (%s)", lg.Path, lg.Detail)
	case sysinfo.LogNoDmesg:
		return "dmesg is not installed: pass --dmesg FILE"
	case sysinfo.LogDmesgDenied:
		return "dmesg is not permitted (kernel.dmesg_restrict=1): run as root or pass --dmesg FILE (e.g. from journalctl -k)"
	case sysinfo.LogDmesgFailed:
		return "dmesg failed (" + lg.Detail + "): pass --dmesg FILE"
	}
	return lg.Note
}
