package resultsfile

import (
	"fmt"
	"os"
	"sort"
	"strings"
)

// The driver's environment: the variables that change what a Vulkan
// driver compiles or how it runs, read when the driver loads. A results
// file records them for the whole run (the fingerprint's env.NAME keys,
// from the system record) and, in an A/B or isa file, for each
// configuration (Config.DriverEnv: what its own processes ran with), so
// a comparison can name a difference as a cause.
//
// The list: every variable with a prefix of DriverEnvPrefixes — RADV's
// and ACO's options (RADV_PERFTEST, RADV_DEBUG, ACO_DEBUG), Mesa's
// (MESA_*), NIR's (NIR_DEBUG), the Gallium and llvmpipe/lavapipe ones
// (GALLIUM_*, LP_*, GALLIVM_PERF, GALLIVM_DEBUG), AMD's (AMD_DEBUG) and
// the emulation of another chip (AMDGPU_GPU_ID) — and DriverEnvNames:
// the Vulkan loader's driver and layer selection (VK_DRIVER_FILES,
// VK_ICD_FILENAMES, VK_ADD_DRIVER_FILES, VK_LOADER_DRIVERS_SELECT,
// VK_LOADER_DRIVERS_DISABLE, VK_INSTANCE_LAYERS) and the dynamic
// loader's (LD_LIBRARY_PATH, LD_PRELOAD), which pick which Mesa build
// loads at all.
var (
	DriverEnvPrefixes = []string{"RADV_", "ACO_", "MESA_", "NIR_", "GALLIUM_", "GALLIVM_", "LP_", "AMD_", "AMDGPU_"}
	DriverEnvNames    = []string{"VK_ICD_FILENAMES", "VK_DRIVER_FILES", "VK_ADD_DRIVER_FILES", "VK_LOADER_DRIVERS_SELECT",
		"VK_LOADER_DRIVERS_DISABLE", "VK_INSTANCE_LAYERS", "LD_LIBRARY_PATH", "LD_PRELOAD"}
)

// IsDriverEnv reports whether the variable name is one of the driver's
// environment (see DriverEnvPrefixes).
func IsDriverEnv(name string) bool {
	for _, p := range DriverEnvPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	for _, n := range DriverEnvNames {
		if name == n {
			return true
		}
	}
	return false
}

// FilterDriverEnv is the driver's environment in environ (NAME=VALUE
// entries, os.Environ's form; nil: os.Environ()); later entries win.
func FilterDriverEnv(environ []string) map[string]string {
	if environ == nil {
		environ = os.Environ()
	}
	out := map[string]string{}
	for _, kv := range environ {
		k, v, ok := strings.Cut(kv, "=")
		if ok && IsDriverEnv(k) {
			out[k] = v
		}
	}
	return out
}

// DriverEnv is the driver's environment the runs of configuration config
// ("" for the file's own, or a file without configurations) ran with: the
// configuration's recorded DriverEnv; else the file's (its fingerprint's
// env.NAME keys) with the configuration's own variables over it, which is
// what its processes got (files written before configurations recorded
// their own).
func (f *File) DriverEnv(config string) map[string]string {
	for _, c := range f.Configs {
		if c.Name == config && config != "" && c.DriverEnv != nil {
			return c.DriverEnv
		}
	}
	out := map[string]string{}
	for k, v := range f.Fingerprint {
		if name, ok := strings.CutPrefix(k, "env."); ok {
			out[name] = v
		}
	}
	for _, c := range f.Configs {
		if c.Name == config && config != "" {
			for k, v := range c.Env {
				if IsDriverEnv(k) {
					out[k] = v
				}
			}
		}
	}
	return out
}

// EnvDiff lists how env differs from base, one "NAME=VALUE" (or "NAME
// unset") item per variable, with base's value: "RADV_PERFTEST=cswave32
// (baseline: unset)". Sorted by name; nil when they agree.
func EnvDiff(base, env map[string]string) []string {
	names := map[string]bool{}
	for k := range base {
		names[k] = true
	}
	for k := range env {
		names[k] = true
	}
	show := func(m map[string]string, k string) string {
		if v, ok := m[k]; ok {
			return k + "=" + v
		}
		return k + " unset"
	}
	var out []string
	for k := range names {
		b, bok := base[k]
		v, ok := env[k]
		if bok == ok && b == v {
			continue
		}
		bv := "unset"
		if bok {
			bv = b
		}
		out = append(out, fmt.Sprintf("%s (baseline: %s)", show(env, k), bv))
	}
	sort.Strings(out)
	return out
}
