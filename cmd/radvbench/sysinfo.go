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
	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/devsel"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/sysreport"
	"github.com/spf13/pflag"
)

func init() {
	register(&base.Command{
		Name:    "sysinfo",
		Summary: "show the system behind the figures: GPU, kernel, boot parameters, clocks",
		Run:     runSysinfo,
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
		return nil, base.Usagef("--sysroot %s is not a directory: pass the root of a system tree (default /)", sysroot)
	}
	if dmesg != "" {
		if st, err := os.Stat(dmesg); err != nil || st.IsDir() {
			return nil, base.Usagef("--dmesg %s is not a readable file: save the log first (journalctl -k -b > FILE)", dmesg)
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
	s.Log.Note = advice.KernelLogNote(s.Log)
	return s, nil
}

func runSysinfo(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	fs := base.NewFlagSet("sysinfo", "sysinfo [--json] [--sysroot DIR] [--dmesg FILE] [--device N|NAME] [--no-vulkan]", stdout)
	asJSON := fs.Bool("json", false, "print the full record as JSON")
	var sf systemFlags
	sf.registerSource(fs)
	sf.vulkan.register(fs, "show")
	s, notOpened, err := sf.read(fs, args)
	if err != nil {
		return err
	}
	if sf.noLiveVulkan(s) {
		fmt.Fprintf(stderr, "radvbench sysinfo: Vulkan not available: %s\n", notOpened)
	}
	if *asJSON {
		return writeJSON(stdout, s)
	}
	sysreport.Write(stdout, s, sysreport.Words{
		Emulated: "('" + base.ProgName + " isa')",
		NoVulkan: notOpened,
		Footer:   fmt.Sprintf("Full record: %s sysinfo --json; checks: %s doctor", base.ProgName, base.ProgName),
	})
	return nil
}

// systemFlags are sysinfo's and doctor's: where the record is read from
// (registerSource: --sysroot, --dmesg) and the Vulkan device (vulkan),
// registered apart because each command lists its flags in its own order.
type systemFlags struct {
	sysroot, dmesg string
	vulkan         vulkanFlags
}

func (f *systemFlags) registerSource(fs *pflag.FlagSet) {
	fs.StringVar(&f.sysroot, "sysroot", "/", "read /proc, /sys and /boot under `DIR` (a saved or fixture tree)")
	fs.StringVar(&f.dmesg, "dmesg", "", "read the kernel log from `FILE` (default: run dmesg, for --sysroot / only)")
}

// read parses args (the command takes no arguments), collects the record
// and opens the Vulkan device a run would use (openVulkan: notOpened says
// why not).
func (f *systemFlags) read(fs *pflag.FlagSet, args []string) (s *sysinfo.System, notOpened string, err error) {
	if err := base.ParseFlags(fs, args); err != nil {
		return nil, "", err
	}
	if fs.NArg() > 0 {
		return nil, "", base.Usagef("%s takes no arguments, got %q", fs.Name(), fs.Arg(0))
	}
	if s, err = collectSystem(f.sysroot, f.dmesg); err != nil {
		return nil, "", err
	}
	if notOpened, err = openVulkan(s, f.sysroot, f.vulkan); err != nil {
		return nil, "", err
	}
	return s, notOpened, nil
}

// noLiveVulkan reports whether this machine (--sysroot /) was to be asked
// for its Vulkan device and has none a run could use.
func (f *systemFlags) noLiveVulkan(s *sysinfo.System) bool {
	return s.Vulkan == nil && filepath.Clean(f.sysroot) == "/" && !f.vulkan.noVulkan
}

// vulkanFlags are sysinfo's and doctor's choice of the Vulkan device.
type vulkanFlags struct {
	device   string
	noVulkan bool
}

func (f *vulkanFlags) register(fs *pflag.FlagSet, verb string) {
	fs.StringVar(&f.device, "device", "", "Vulkan device to "+verb+": index or name substring (default: the one 'run' picks; see 'radvbench devices'; only with --sysroot /)")
	fs.BoolVar(&f.noVulkan, "no-vulkan", false, "do not open Vulkan: sysfs and /proc only (the device a run uses, its driver and Mesa version are then not shown)")
}

// openVulkan records in s the Vulkan device a run would use, chosen as
// run chooses it (selectDevice), on this machine only: a saved tree
// (--sysroot DIR) is another machine's. It returns why Vulkan was not
// opened ("" when it was); a --device that run would refuse is refused
// the same way (exit 2).
func openVulkan(s *sysinfo.System, sysroot string, f vulkanFlags) (notOpened string, err error) {
	live := filepath.Clean(sysroot) == "/"
	switch {
	case f.noVulkan && f.device != "":
		return "", base.Usagef("--device and --no-vulkan contradict each other: drop one")
	case f.noVulkan:
		return "--no-vulkan", nil
	case !live && f.device != "":
		return "", base.Usagef("--device picks this machine's Vulkan device; --sysroot %s is a saved tree: drop one", sysroot)
	case !live:
		return "--sysroot " + sysroot + " is a saved tree, not this machine", nil
	}
	inst, pd, err := devsel.Select(f.device, io.Discard)
	if err != nil {
		if f.device != "" {
			return "", err
		}
		return base.OneLine(err.Error()), nil
	}
	launch.SetVulkan(s, pd.Describe())
	inst.Close()
	return "", nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
