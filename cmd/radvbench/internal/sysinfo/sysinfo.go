// Package sysinfo is 'radvbench sysinfo': the system behind the figures
// (GPU, kernel, boot parameters, clocks), as text or the full record as
// JSON.
package sysinfo

import (
	"context"
	"fmt"
	"io"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/sysrecord"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/sysreport"
)

// Cmd is the 'sysinfo' command.
var Cmd = &base.Command{
	Name:    "sysinfo",
	Summary: "show the system behind the figures: GPU, kernel, boot parameters, clocks",
	Run:     runSysinfo,
}

func runSysinfo(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	fs := base.NewFlagSet("sysinfo", "sysinfo [--json] [--sysroot DIR] [--dmesg FILE] [--device N|NAME] [--no-vulkan]", stdout)
	asJSON := fs.Bool("json", false, "print the full record as JSON")
	var sf sysrecord.Flags
	sf.RegisterSource(fs)
	sf.Vulkan.Register(fs, "show")
	s, notOpened, err := sf.Read(fs, args)
	if err != nil {
		return err
	}
	if sf.NoLiveVulkan(s) {
		fmt.Fprintf(stderr, "radvbench sysinfo: Vulkan not available: %s\n", notOpened)
	}
	if *asJSON {
		return base.WriteJSON(stdout, s)
	}
	sysreport.Write(stdout, s, sysreport.Words{
		Emulated: "('" + base.ProgName + " isa')",
		NoVulkan: notOpened,
		Footer:   fmt.Sprintf("Full record: %s sysinfo --json; checks: %s doctor", base.ProgName, base.ProgName),
	})
	return nil
}
