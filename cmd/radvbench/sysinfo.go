package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/radvbench/radvbench/bench/launch"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/reports/sysreport"
)

func init() {
	register(&command{
		name:    "sysinfo",
		summary: "show the system behind the figures: GPU, kernel, boot parameters, clocks",
		run:     runSysinfo,
	})
}

// Test hooks: the environment recorded and the file reader (tests inject
// permission errors through it; they run as root).
var (
	sysinfoEnviron  = os.Environ
	sysinfoReadFile func(string) ([]byte, error)
)

// collectSystem validates --sysroot and --dmesg and collects the system.
// dmesg runs only for the real root and without --dmesg.
func collectSystem(sysroot, dmesg string) (*sysinfo.System, error) {
	if sysroot == "" {
		sysroot = "/"
	}
	st, err := os.Stat(sysroot)
	if err != nil || !st.IsDir() {
		return nil, usagef("--sysroot %s is not a directory: pass the root of a system tree (default /)", sysroot)
	}
	if dmesg != "" {
		if st, err := os.Stat(dmesg); err != nil || st.IsDir() {
			return nil, usagef("--dmesg %s is not a readable file: save the log first (journalctl -k -b > FILE)", dmesg)
		}
	}
	realRoot := filepath.Clean(sysroot) == "/"
	s := sysinfo.Collect(sysinfo.Options{
		Root:      sysroot,
		DmesgFile: dmesg,
		RunDmesg:  realRoot && dmesg == "",
		Env:       sysinfoEnviron(),
		ReadFile:  sysinfoReadFile,
	})
	// The record's note (sysinfo --json, the results file's) names the
	// flags that would have given the log.
	s.Log.Note = kernelLogNote(s.Log)
	return s, nil
}

func runSysinfo(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	fs := newFlagSet("sysinfo", "sysinfo [--json] [--sysroot DIR] [--dmesg FILE]", stdout)
	asJSON := fs.Bool("json", false, "print the full record as JSON")
	sysroot := fs.String("sysroot", "/", "read /proc, /sys and /boot under `DIR` (a saved or fixture tree)")
	dmesg := fs.String("dmesg", "", "read the kernel log from `FILE` (default: run dmesg, for --sysroot / only)")
	device := fs.String("device", "", "Vulkan device whose driver to show (as for run; only with --sysroot /)")
	noVulkan := fs.Bool("no-vulkan", false, "do not open Vulkan (driver and Mesa version are then not shown)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("sysinfo takes no arguments, got %q", fs.Arg(0))
	}
	s, err := collectSystem(*sysroot, *dmesg)
	if err != nil {
		return err
	}
	// The Vulkan device belongs to this machine, not to a saved tree.
	if !*noVulkan && filepath.Clean(*sysroot) == "/" {
		if inst, pd, err := selectDevice(*device, io.Discard); err == nil {
			launch.SetVulkan(s, pd.Describe())
			inst.Close()
		} else {
			fmt.Fprintf(stderr, "radvbench sysinfo: Vulkan not available: %s\n", oneLine(err.Error()))
		}
	}
	if *asJSON {
		return writeJSON(stdout, s)
	}
	sysreport.Write(stdout, s, sysreport.Words{
		Emulated: "('" + progName + " isa')",
		NoVulkan: "saved tree, --no-vulkan or no driver",
		Footer:   fmt.Sprintf("Full record: %s sysinfo --json; checks: %s doctor", progName, progName),
	})
	return nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
