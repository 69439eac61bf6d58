package main

import (
	"context"
	"io"

	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/reports/sysreport"
)

func init() {
	register(&command{
		name:    "doctor",
		summary: "check the machine against the kernel-config guide and benchmarking hygiene",
		run:     runDoctor,
	})
}

func runDoctor(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	fs := newFlagSet("doctor", "doctor [--sysroot DIR] [--dmesg FILE] [--json]", `
Check the machine before benchmarking: every option of the kernel-config
guide's kconfig fragment, its recommended boot parameters (knowing that on
GFX11/GFX12 vm_fragment_size=9 is already the default and that
CONFIG_AMD_IOMMU_V2 is gone from Linux 6.7), amdgpu.noretry=0 for SVM/HMM,
the performance level, a busy or hot GPU, THP, the kernel log, CDNA parts
(KFD but no RADV) and RADV debug variables. Each finding is ok, warn or
fail with a one-line reason and the fix. Exit status 0 when nothing fails,
1 otherwise.`, stdout)
	sysroot := fs.String("sysroot", "/", "read /proc, /sys and /boot under `DIR` (a saved or fixture tree)")
	dmesg := fs.String("dmesg", "", "read the kernel log from `FILE` (default: run dmesg, for --sysroot / only)")
	asJSON := fs.Bool("json", false, "print the findings as JSON")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("doctor takes no arguments, got %q", fs.Arg(0))
	}
	s, err := collectSystem(*sysroot, *dmesg)
	if err != nil {
		return err
	}
	findings := sysinfo.Diagnose(s)
	adviseFindings(findings)
	d := sysreport.NewDoctor(findings)
	if *asJSON {
		if err := writeJSON(stdout, d); err != nil {
			return err
		}
	} else {
		sysreport.WriteDoctor(stdout, "radvbench doctor", s, d)
	}
	if d.Fail > 0 {
		return &exitError{code: 1}
	}
	return nil
}
