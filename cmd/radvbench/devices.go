package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/reports/results"
	"github.com/radvbench/radvbench/reports/resulttable"
)

func init() {
	register(&command{name: "devices", summary: "list Vulkan devices and which one 'run' would pick", run: runDevices})
}

func runDevices(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	fs := newFlagSet("devices", "devices [--json]", `
Lists the Vulkan devices the loader reports, with driver, API version and
the features the suites need, then each device's subgroup sizes and its
cooperative-matrix (VK_KHR_cooperative_matrix) shapes. The device marked '*' is what 'run' uses
without --device: an AMD GPU on RADV, else any GPU, else lavapipe.`, stdout)
	asJSON := fs.Bool("json", false, "print the devices as JSON (the results file's device records)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("devices takes no arguments, got %q", fs.Args())
	}
	inst, devs, err := listDevices()
	if err != nil {
		return err
	}
	defer inst.Close()
	best, _ := gpu.Select(devs, "")
	if *asJSON {
		out := make([]results.Device, len(devs))
		for i, d := range devs {
			out[i] = d.Describe()
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "\tINDEX\tNAME\tTYPE\tDRIVER\tAPI\tSUBGROUP\tFP16\tRAYQUERY\tMESH\tSKU")
	for _, d := range devs {
		mark := ""
		if d == best {
			mark = "*"
		}
		sku := "-"
		if s, ok := d.SKU(); ok {
			sku = s.Name
		}
		typ := d.TypeName()
		if e := d.Emulation(); e != nil {
			typ += " (emulated: " + e.Mechanism + ")"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s %s\t%s\t%d\t%s\t%s\t%s\t%s\n", mark, d.Index, d.Name, typ,
			d.Info.DriverName, d.Info.DriverInfo, gpu.VersionString(d.APIVersion), d.Info.SubgroupSize,
			yesNo(d.Info.ShaderFloat16 && d.Info.StorageBuffer16Bit), yesNo(d.Info.RayQuery), yesNo(d.Info.MeshShader), sku)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, d := range devs {
		fmt.Fprintf(stdout, "\ndevice %d (%s):\n", d.Index, d.Name)
		resulttable.WriteDeviceCoopMat(stdout, "  ", d.Describe())
	}
	return nil
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
