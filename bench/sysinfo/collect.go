package sysinfo

// Collect: the entry point that runs every collector, and the environment
// variables it records.

import (
	"github.com/radvbench/radvbench/core/resultsfile"
)

// Options say where Collect looks.
type Options struct {
	// Root is the system root every path is read under ("" or "/": this
	// machine; a fixture tree in tests).
	Root string
	// DmesgFile is a saved kernel log to read (a path on this machine, not
	// under Root); it takes precedence over RunDmesg.
	DmesgFile string
	// RunDmesg runs `dmesg` for the kernel log when DmesgFile is empty.
	// Only meaningful when Root is this machine's root.
	RunDmesg bool
	// Env is the environment whose driver variables
	// (resultsfile.FilterDriverEnv: RADV_*, ACO_*, MESA_*, LP_*, GALLIVM_*,
	// the Vulkan and dynamic loaders' selection, ...) are recorded; nil
	// means os.Environ().
	Env []string
	// ReadFile reads a file by its path under Root; nil means os.ReadFile.
	// Tests inject permission errors through it (they run as root, where
	// chmod 000 does not stop a read).
	ReadFile func(path string) ([]byte, error)
	// Dmesg runs the kernel log command; nil runs `dmesg`.
	Dmesg func() ([]byte, error)
}

// Collect reads everything it can under opts.Root. It never fails: each
// problem is recorded in System.Files (and KernelLog for the log).
func Collect(opts Options) *System {
	root := opts.Root
	if root == "" {
		root = "/"
	}
	r := newReader(root, opts.ReadFile)
	s := &System{Root: root, Primary: -1}
	collectHost(r, s)
	collectKernel(r, s)
	collectModule(r, s)
	collectConfig(r, s)
	collectTHP(r, s)
	collectKFD(r, s)
	collectGPUs(r, s)
	collectLog(opts, s)
	s.Env = resultsfile.FilterDriverEnv(opts.Env)
	s.FragmentSize = effectiveFragment(s)
	s.NoRetry = effectiveNoRetry(s)
	s.Files = r.records()
	return s
}
