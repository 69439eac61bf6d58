// Package doctor is 'radvbench doctor': the machine checked against the
// kernel-config guide and benchmarking hygiene, one finding each, exit 1
// when one fails.
package doctor

import (
	"context"
	"io"
	"strings"

	"github.com/radvbench/radvbench/bench/doctor"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/sysrecord"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/sysreport"
)

// Cmd is the 'doctor' command.
var Cmd = &base.Command{
	Name:    "doctor",
	Summary: "check the machine against the kernel-config guide and benchmarking hygiene",
	Run:     runDoctor,
}

func runDoctor(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	fs := base.NewFlagSet("doctor", "doctor [--sysroot DIR] [--dmesg FILE] [--device N|NAME] [--no-vulkan] [--json]", stdout)
	var sf sysrecord.Flags
	sf.RegisterSource(fs)
	asJSON := fs.Bool("json", false, "print the findings as JSON")
	sf.Vulkan.Register(fs, "check")
	s, notOpened, err := sf.Read(fs, args)
	if err != nil {
		return err
	}
	findings := doctor.Diagnose(s)
	if sf.NoLiveVulkan(s) {
		// The live machine has no Vulkan device a run could use.
		findings = append([]doctor.Finding{{Check: "vulkan.device", Status: doctor.Fail,
			Reason: "no Vulkan device a run could use: " + strings.TrimSuffix(notOpened, "; "+advice.InstallHint), Fix: advice.InstallHint}}, findings...)
	}
	advice.AdviseFindings(findings)
	d := sysreport.NewDoctor(findings)
	if *asJSON {
		if err := base.WriteJSON(stdout, d); err != nil {
			return err
		}
	} else {
		sysreport.WriteDoctor(stdout, "radvbench doctor", s, d)
	}
	if d.Fail > 0 {
		return &base.ExitError{Code: 1}
	}
	return nil
}
