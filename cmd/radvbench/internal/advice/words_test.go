package advice

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/bench/doctor"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/note"
	"github.com/radvbench/radvbench/reports/pairing"
)

// TestAdviceCompareKinds: every advice kind of reports/compare is worded,
// with its figures, and errors get their advice appended to their text.
func TestAdviceCompareKinds(t *testing.T) {
	for _, tt := range []struct {
		a    note.Advice
		want string
	}{
		{note.Advice{Kind: note.AdviceRepeatRuns}, "radvbench run --runs 5"},
		{note.Advice{Kind: note.AdviceFewRuns}, "(repeat runs: radvbench run --runs 5)"},
		{note.Advice{Kind: note.AdviceRemeasureNoise}, "radvbench noise"},
		{note.Advice{Kind: note.AdvicePairedNoise}, "--noise noise.json"},
		{note.Advice{Kind: note.AdviceWideFloor}, "'radvbench noise --runs 5'"},
		{note.Advice{Kind: note.AdviceNoiseElsewhere}, "'radvbench noise'"},
		{note.Advice{Kind: note.AdviceBudget, Budget: 4 * time.Minute, Rounds: 4}, "; --budget 4m0s (4 rounds)"},
		{note.Advice{Kind: note.AdvicePlanRuns, Runs: 7}, "radvbench run --runs 7 "},
		{note.Advice{Kind: note.AdvicePlanDetect, Threshold: 0.05}, "--detect above the threshold (5%), or lower the threshold"},
		{note.Advice{Kind: note.AdvicePlanUnknown}, "'radvbench noise'"},
		{note.Advice{Kind: note.AdviceQuick}, "--quick"},
		{note.Advice{Kind: "no-such-kind"}, ""},
	} {
		got := CompareAdvice(tt.a)
		if !strings.Contains(got, tt.want) || (tt.want == "") != (got == "") {
			t.Errorf("CompareAdvice(%+v) = %q, want it to contain %q", tt.a, got, tt.want)
		}
	}
	for _, tt := range []struct {
		err  error
		want string
	}{
		{&pairing.TooFewGroupsError{What: "results files"}, "need at least two results files to compare (or --by KEY to compare groups within them)"},
		{fmt.Errorf("ctx: %w", &pairing.TooFewGroupsError{What: "results files", By: "driver", Group: "x"}), `ctx: all results have the same driver ("x"): nothing to compare; pick another --by key`},
		{&compare.NothingComparedError{Baseline: "a", Group: "b", OnlyBase: 1, OnlyGroup: 1}, "nothing was compared; check that both ran the same suites and --filter"},
		{&compare.NothingComparedError{Baseline: "a", Group: "b", Neither: 2}, "nothing was compared"},
		{&pairing.DeviceError{Base: "a", Other: "b", BaseDev: "X", OtherDev: "Y"}, "not a regression: compare devices with --by device, or pass --allow-device-change to judge across them"},
		{errors.New("plain"), "plain"},
	} {
		got := CompareError(tt.err)
		if !strings.HasSuffix(got.Error(), tt.want) || base.ExitCode(got) != 2 {
			t.Errorf("CompareError(%v) = %q (exit %d), want it to end %q, exit 2", tt.err, got, base.ExitCode(got), tt.want)
		}
	}
	if got := ReportExplain(&pairing.TooFewGroupsError{What: "isa files", ISA: true}); !strings.HasPrefix(got, "one isa file and no --by key") {
		t.Errorf("ReportExplain(one isa file) = %q", got)
	}
}

// TestAdviceDoctorKinds: every doctor advice and kernel-log reason is
// worded in the CLI's flags.
func TestAdviceDoctorKinds(t *testing.T) {
	for _, tt := range []struct {
		a    doctor.Advice
		want string
	}{
		{doctor.Advice{Kind: doctor.AdvicePickDevice}, "radvbench run --device"},
		{doctor.Advice{Kind: doctor.AdviceCurrentLog}, "radvbench doctor --dmesg FILE"},
		{doctor.Advice{Kind: doctor.AdviceLogOrFragment}, "(--dmesg FILE)"},
		{doctor.Advice{Kind: doctor.AdvicePinClocks, Sysfs: "/sys/x"}, "--pin-clocks profile_standard (or as root: echo profile_standard > /sys/x)"},
		{doctor.Advice{Kind: doctor.AdvicePinClocksUnknown}, "run as root, or pin it"},
		{doctor.Advice{Kind: doctor.AdvicePinClocksManual}, "for comparable figures"},
		{doctor.Advice{Kind: doctor.AdviceKernelLog}, "pass --dmesg FILE"},
		{doctor.Advice{Kind: doctor.AdviceMalformedFiles}, "radvbench sysinfo --json"},
		{doctor.Advice{Kind: doctor.AdviceGPUDriver}, "install its Vulkan driver"},
	} {
		if got := DoctorFix(tt.a); !strings.Contains(got, tt.want) {
			t.Errorf("DoctorFix(%+v) = %q, want it to contain %q", tt.a, got, tt.want)
		}
	}
	for _, tt := range []struct {
		lg   sysinfo.KernelLog
		want string
	}{
		{sysinfo.KernelLog{Missing: sysinfo.LogNoFile}, "no --dmesg FILE given (dmesg runs only for --sysroot /)"},
		{sysinfo.KernelLog{Missing: sysinfo.LogFileUnreadable, Path: "k.log", Detail: "missing"}, "cannot read --dmesg file k.log (missing)"},
		{sysinfo.KernelLog{Missing: sysinfo.LogNoDmesg}, "dmesg is not installed: pass --dmesg FILE"},
		{sysinfo.KernelLog{Missing: sysinfo.LogDmesgDenied}, "run as root or pass --dmesg FILE"},
		{sysinfo.KernelLog{Missing: sysinfo.LogDmesgFailed, Detail: "exit 1"}, "dmesg failed (exit 1): pass --dmesg FILE"},
		{sysinfo.KernelLog{Note: "library words"}, "library words"},
	} {
		if got := KernelLogNote(tt.lg); got != tt.want && !strings.Contains(got, tt.want) {
			t.Errorf("KernelLogNote(%+v) = %q, want %q", tt.lg, got, tt.want)
		}
	}
}
