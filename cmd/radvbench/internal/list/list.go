// Package list is 'radvbench list': suites, kernels and variants, and
// whether the device supports each; --skipped lists a run's skipped
// benchmarks by reason.
package list

import (
	"context"
	"fmt"
	"io"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/describe"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/devsel"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/resulttable"
)

// Cmd is the 'list' command.
var Cmd = &base.Command{Name: "list", Summary: "list suites, kernels and variants, and whether the device supports each", Run: runList}

func runList(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	fs := base.NewFlagSet("list", "list [--suite NAME] [--device SPEC] [--no-device] [--sizes] | list --skipped [RESULTS.json]", stdout)
	suiteNames := fs.StringSlice("suite", []string{"all"}, "suites to list")
	device := fs.String("device", "", "device index or name substring (default: the one 'run' would pick)")
	noDevice := fs.Bool("no-device", false, "do not open Vulkan; list without support information")
	showSizes := fs.Bool("sizes", false, "also list the default problem sizes (and --quick sizes)")
	skipped := fs.Bool("skipped", false, "list only the skipped benchmarks of a results file (or the variants the device cannot run), grouped by reason")
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case *skipped && fs.NArg() > 1:
		return base.Usagef("list --skipped takes at most one results file, got %q", fs.Args())
	case !*skipped && fs.NArg() > 0:
		return base.Usagef("list takes no arguments, got %q (list --skipped RESULTS.json lists a run's skips)", fs.Args())
	}
	suites, err := kernel.Lookup(*suiteNames)
	if err != nil {
		return base.Usagef("%v", err)
	}
	if *skipped && fs.NArg() == 1 {
		for _, name := range []string{"device", "no-device", "sizes"} {
			if fs.Changed(name) {
				return base.Usagef("list --skipped RESULTS.json reads the file: --%s does not apply", name)
			}
		}
		return listSkippedFile(stdout, fs.Arg(0), suites)
	}
	var pd *gpu.PhysicalDevice
	if !*noDevice {
		inst, p, err := devsel.Select(*device, stderr)
		if err != nil {
			return err
		}
		defer inst.Close()
		pd = p
		resulttable.WriteDeviceSummary(stdout, describe.Device(pd), "supported means RADV compiles it ('radvbench isa'); nothing runs there")
	}
	if *skipped {
		if pd == nil {
			return base.Usagef("list --skipped without a results file asks the device: drop --no-device, or pass a results file")
		}
		return resulttable.WriteSkipped(stdout, kernel.Unsupported(suites, pd), "variants this device cannot run")
	}
	return kernel.WriteList(stdout, suites, kernel.ListOptions{Device: pd, Sizes: *showSizes, QuickLabel: "--quick sizes"})
}

// listSkippedFile lists the skipped results of the results file path (of
// the given suites), grouped by reason.
func listSkippedFile(stdout io.Writer, path string, suites []*kernel.Suite) error {
	f, err := resultsfile.Load(path)
	if err != nil {
		return advice.ResultsError(err)
	}
	return resulttable.WriteSkipped(stdout, kernel.OfSuites(f.Results, suites), fmt.Sprintf("skipped benchmarks of %s (%d results)", path, len(f.Results)))
}
