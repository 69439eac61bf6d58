package sysinfo

// Collect: the entry point that runs every collector, and the environment
// variables it records.

import (
	"os"
	"strings"
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
	// Env is the environment whose RADV_*, ACO_*, MESA_* (and Vulkan
	// loader) variables are recorded; nil means os.Environ().
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
	s.Env = filterEnv(opts.Env)
	s.FragmentSize = effectiveFragment(s)
	s.NoRetry = effectiveNoRetry(s)
	s.Files = r.records()
	return s
}

// envPrefixes and envNames select the environment variables recorded.
var (
	envPrefixes = []string{"RADV_", "ACO_", "MESA_"}
	envNames    = map[string]bool{
		"VK_ICD_FILENAMES": true, "VK_DRIVER_FILES": true, "VK_ADD_DRIVER_FILES": true,
		"VK_LOADER_DRIVERS_SELECT": true, "VK_LOADER_DRIVERS_DISABLE": true, "VK_INSTANCE_LAYERS": true,
		"AMD_DEBUG": true,
	}
)

func filterEnv(env []string) map[string]string {
	if env == nil {
		env = os.Environ()
	}
	out := map[string]string{}
	for _, kv := range env {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		keep := envNames[k]
		for _, p := range envPrefixes {
			keep = keep || strings.HasPrefix(k, p)
		}
		if keep {
			out[k] = v
		}
	}
	return out
}
