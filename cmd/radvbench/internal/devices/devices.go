// Package devices is 'radvbench devices': the Vulkan devices and the one
// 'run' would pick.
package devices

import (
	"context"
	"io"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/describe"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/devsel"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/resulttable"
)

// Cmd is the 'devices' command.
var Cmd = &base.Command{Name: "devices", Summary: "list Vulkan devices and which one 'run' would pick", Run: runDevices}

func runDevices(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	fs := base.NewFlagSet("devices", "devices [--json]", stdout)
	asJSON := fs.Bool("json", false, "print the devices as JSON (the results file's device records)")
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return base.Usagef("devices takes no arguments, got %q", fs.Args())
	}
	inst, devs, err := devsel.List()
	if err != nil {
		return err
	}
	defer inst.Close()
	descs := make([]resultsfile.Device, len(devs))
	for i, d := range devs {
		descs[i] = describe.Device(d)
	}
	if *asJSON {
		return base.WriteJSON(stdout, descs)
	}
	best := -1
	if pd, err := gpu.Select(devs, ""); err == nil {
		best = pd.Index
	}
	return resulttable.WriteDevices(stdout, descs, best)
}
