package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
)

func init() {
	register(&command{name: "list", summary: "list suites, kernels and variants, and whether the device supports each", run: runList})
}

func runList(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	fs := newFlagSet("list", "list [--suite NAME] [--device SPEC] [--no-device] [--sizes]", `
Lists every suite, kernel and variant (the names --filter matches, as
suite/kernel/variant), the metric each reports and, for the selected device,
whether it can run it (with the reason when it cannot). --sizes also shows
the default problem sizes.`, stdout)
	suiteNames := fs.StringSlice("suite", []string{"all"}, "suites to list")
	device := fs.String("device", "", "device index or name substring (default: the one 'run' would pick)")
	noDevice := fs.Bool("no-device", false, "do not open Vulkan; list without support information")
	showSizes := fs.Bool("sizes", false, "also list the default problem sizes (and --quick sizes)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("list takes no arguments, got %q", fs.Args())
	}
	suites, err := kernel.Lookup(*suiteNames)
	if err != nil {
		return usagef("%v", err)
	}
	var pd *gpu.PhysicalDevice
	if !*noDevice {
		inst, p, err := selectDevice(*device, stderr)
		if err != nil {
			return err
		}
		defer inst.Close()
		pd = p
		fmt.Fprintf(stdout, "device: %s (%s %s)\n", pd.Name, pd.Info.DriverName, pd.Info.DriverInfo)
		if e := pd.Emulation(); e != nil {
			fmt.Fprintf(stdout, "note:   emulated (%s, target %s): supported means RADV compiles it ('radvbench isa'); nothing runs there\n", e.Mechanism, e.Target)
		}
		writeCoopMatDevice(stdout, "  ", pd.Describe())
		fmt.Fprintln(stdout)
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	for _, s := range suites {
		fmt.Fprintf(tw, "%s\t%s\n", strings.ToUpper(s.Name), s.Description)
		for _, k := range s.Kernels {
			fmt.Fprintf(tw, "  %s/%s\t%s [%s, %s is better]\n", s.Name, k.Name, k.Description, k.Metric.Unit, k.Metric.Better)
			for _, v := range k.Variants {
				support := ""
				if pd != nil {
					if ok, why := k.Supported(pd, v); ok {
						support = "supported"
					} else {
						support = "unsupported: " + why
					}
				}
				fmt.Fprintf(tw, "    %s\t%s\n", kernel.FullName(k, v), support)
			}
			if *showSizes && k.Sizes != nil {
				cpu := pd != nil && pd.IsCPU()
				fmt.Fprintf(tw, "    sizes\t%s\n", paramsList(k.Sizes(kernel.Options{CPU: cpu})))
				fmt.Fprintf(tw, "    --quick sizes\t%s\n", paramsList(k.Sizes(kernel.Options{Quick: true, CPU: cpu})))
			}
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}

func paramsList(ps []kernel.Params) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = sizeString(p)
	}
	return strings.Join(parts, " ")
}
