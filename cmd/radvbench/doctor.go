package main

import (
	"context"
	"io"
	"path/filepath"
	"strings"

	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/sysreport"
)

func init() {
	register(&command{
		name:    "doctor",
		summary: "check the machine against the kernel-config guide and benchmarking hygiene",
		run:     runDoctor,
	})
}

func runDoctor(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	fs := newFlagSet("doctor", "doctor [--sysroot DIR] [--dmesg FILE] [--device N|NAME] [--no-vulkan] [--json]", stdout)
	sysroot := fs.String("sysroot", "/", "read /proc, /sys and /boot under `DIR` (a saved or fixture tree)")
	dmesg := fs.String("dmesg", "", "read the kernel log from `FILE` (default: run dmesg, for --sysroot / only)")
	asJSON := fs.Bool("json", false, "print the findings as JSON")
	var vf vulkanFlags
	vf.register(fs, "check")
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
	notOpened, err := openVulkan(s, *sysroot, vf)
	if err != nil {
		return err
	}
	findings := sysinfo.Diagnose(s)
	if s.Vulkan == nil && filepath.Clean(*sysroot) == "/" && !vf.noVulkan {
		// The live machine has no Vulkan device a run could use.
		findings = append([]sysinfo.Finding{{Check: "vulkan.device", Status: sysinfo.Fail,
			Reason: "no Vulkan device a run could use: " + strings.TrimSuffix(notOpened, "; "+installHint), Fix: installHint}}, findings...)
	}
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
