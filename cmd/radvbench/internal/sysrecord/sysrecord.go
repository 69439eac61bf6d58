// Package sysrecord collects the system record (bench/sysinfo) as the
// commands take it from their flags: --sysroot and --dmesg (Collect, and
// run's results file), and for sysinfo and doctor the Vulkan device a run
// would use (--device, --no-vulkan).
package sysrecord

import (
	"io"
	"os"
	"path/filepath"

	"github.com/radvbench/radvbench/bench/gpu/describe"
	"github.com/radvbench/radvbench/bench/launch"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/devsel"
	"github.com/spf13/pflag"
)

// Test hooks: the environment recorded and the file reader (tests inject
// permission errors through it; they run as root).
var (
	Environ  = os.Environ
	ReadFile func(string) ([]byte, error)
)

// Collect validates --sysroot and --dmesg and collects the system.
// dmesg runs only for the real root and without --dmesg.
func Collect(sysroot, dmesg string) (*sysinfo.System, error) {
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
		Env:       Environ(),
		ReadFile:  ReadFile,
	})
	// The record's note (sysinfo --json, the results file's) names the
	// flags that would have given the log.
	s.Log.Note = advice.KernelLogNote(s.Log)
	return s, nil
}

// Flags are sysinfo's and doctor's: where the record is read from
// (RegisterSource: --sysroot, --dmesg) and the Vulkan device (Vulkan),
// registered apart because each command lists its flags in its own order.
type Flags struct {
	sysroot, dmesg string
	Vulkan         VulkanFlags
}

func (f *Flags) RegisterSource(fs *pflag.FlagSet) {
	fs.StringVar(&f.sysroot, "sysroot", "/", "read /proc, /sys and /boot under `DIR` (a saved or fixture tree)")
	fs.StringVar(&f.dmesg, "dmesg", "", "read the kernel log from `FILE` (default: run dmesg, for --sysroot / only)")
}

// Read parses args (the command takes no arguments), collects the record
// and opens the Vulkan device a run would use (openVulkan: notOpened says
// why not).
func (f *Flags) Read(fs *pflag.FlagSet, args []string) (s *sysinfo.System, notOpened string, err error) {
	if err := base.ParseFlags(fs, args); err != nil {
		return nil, "", err
	}
	if fs.NArg() > 0 {
		return nil, "", base.Usagef("%s takes no arguments, got %q", fs.Name(), fs.Arg(0))
	}
	if s, err = Collect(f.sysroot, f.dmesg); err != nil {
		return nil, "", err
	}
	if notOpened, err = openVulkan(s, f.sysroot, f.Vulkan); err != nil {
		return nil, "", err
	}
	return s, notOpened, nil
}

// NoLiveVulkan reports whether this machine (--sysroot /) was to be asked
// for its Vulkan device and has none a run could use.
func (f *Flags) NoLiveVulkan(s *sysinfo.System) bool {
	return s.Vulkan == nil && filepath.Clean(f.sysroot) == "/" && !f.Vulkan.noVulkan
}

// VulkanFlags are sysinfo's and doctor's choice of the Vulkan device.
type VulkanFlags struct {
	device   string
	noVulkan bool
}

func (f *VulkanFlags) Register(fs *pflag.FlagSet, verb string) {
	fs.StringVar(&f.device, "device", "", "Vulkan device to "+verb+": index or name substring (default: the one 'run' picks; see 'radvbench devices'; only with --sysroot /)")
	fs.BoolVar(&f.noVulkan, "no-vulkan", false, "do not open Vulkan: sysfs and /proc only (the device a run uses, its driver and Mesa version are then not shown)")
}

// openVulkan records in s the Vulkan device a run would use, chosen as
// run chooses it (devsel.Select), on this machine only: a saved tree
// (--sysroot DIR) is another machine's. It returns why Vulkan was not
// opened ("" when it was); a --device that run would refuse is refused
// the same way (exit 2).
func openVulkan(s *sysinfo.System, sysroot string, f VulkanFlags) (notOpened string, err error) {
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
	launch.SetVulkan(s, describe.Device(pd))
	inst.Close()
	return "", nil
}
