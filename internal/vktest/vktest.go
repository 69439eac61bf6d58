// Package vktest is the one harness for tests that run Vulkan under the
// Khronos validation layer. The layer must be on before the Vulkan loader
// starts, so a test re-runs a process — radvbench itself (Command) or the
// test binary's own test (Rerun) — with the layer's environment, and
// fails when the layer reports anything: errors, warnings, performance
// warnings or leaked objects. Nothing here touches Vulkan itself, so any
// package's tests may import it (bench/gpu's included).
package vktest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// LayerInstalled reports whether the Khronos validation layer is
// installed (Debian package vulkan-validationlayers).
func LayerInstalled() bool {
	for _, dir := range []string{"/usr/share/vulkan/explicit_layer.d", "/etc/vulkan/explicit_layer.d", "/usr/local/share/vulkan/explicit_layer.d"} {
		if _, err := os.Stat(filepath.Join(dir, "VkLayer_khronos_validation.json")); err == nil {
			return true
		}
	}
	return false
}

// LayerVars turn the validation layer on, reporting errors, warnings and
// performance warnings through stdout.
var LayerVars = []string{
	"VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation",
	"VK_LAYER_SETTINGS_PATH=", "VK_KHRONOS_VALIDATION_REPORT_FLAGS=error,warn,perf",
	"VK_KHRONOS_VALIDATION_DEBUG_ACTION=VK_DBG_LAYER_ACTION_LOG_MSG",
}

// GPUAssistedVars, added to LayerVars, turn on the layer's GPU-assisted
// validation: every shader is instrumented, and an access to a storage
// buffer outside the range bound to its descriptor is reported
// (VUID-vkCmdDispatch-storageBuffers-06936). Accesses through a buffer
// device address are only checked against all live buffers. The layer's
// notes that it forces the device features it needs for that, and that
// core checks run beside it, are not problems: they are filtered out.
var GPUAssistedVars = []string{
	"VK_LAYER_ENABLES=VK_VALIDATION_FEATURE_ENABLE_GPU_ASSISTED_EXT",
	"VK_LAYER_MESSAGE_ID_FILTER=WARNING-GPU-Assisted-Validation,VALIDATION-SETTINGS",
}

// Env is this process's environment with LayerVars, plus extra.
func Env(extra ...string) []string {
	return append(append(os.Environ(), LayerVars...), extra...)
}

// markers are what the layer's reports contain.
var markers = []string{"Validation Error", "Validation Warning", "Validation Performance Warning", "VUID-", "UNASSIGNED-"}

// Problem is an excerpt around the first validation-layer report in a
// process's output, or "" when there is none.
func Problem(output string) string {
	for _, m := range markers {
		if i := strings.Index(output, m); i >= 0 {
			return output[max(0, i-200):min(len(output), i+1500)]
		}
	}
	return ""
}

// requireLayer fails the test when the layer is missing.
func requireLayer(t testing.TB) {
	t.Helper()
	if !LayerInstalled() {
		t.Fatal("the Khronos validation layer is not installed: run 'make deps' (package vulkan-validationlayers)")
	}
}

// Run runs cmd (its Env is replaced by Env(extra...)) under the layer and
// fails the test if the layer reports anything. It returns the exit
// status and output; a process that does not start is fatal.
func Run(t testing.TB, cmd *exec.Cmd, extra ...string) (code int, stdout, stderr string) {
	t.Helper()
	requireLayer(t)
	cmd.Env = Env(extra...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run %v: %v", cmd.Args, err)
	}
	if p := Problem(out.String() + errb.String()); p != "" {
		t.Errorf("the validation layer reported problems for %v:\n%s", cmd.Args, p)
	}
	return code, out.String(), errb.String()
}

// Rerun runs the test binary's tests matching the regular expression run
// in a child process under the layer, with extra environment (which the
// child's test uses to know it is the child), and returns what the child
// printed. A failing child or a layer report fails the test, unless
// allowReports (for a test that expects a report: the layer's own
// negative control).
func Rerun(t testing.TB, run string, allowReports bool, extra ...string) string {
	t.Helper()
	requireLayer(t)
	cmd := exec.Command(os.Args[0], "-test.run="+run, "-test.count=1", "-test.v")
	cmd.Env = Env(extra...)
	out, err := cmd.CombinedOutput()
	if p := Problem(string(out)); p != "" && !allowReports {
		t.Errorf("the validation layer reported problems in %s:\n%s", run, p)
	}
	if err != nil && (!allowReports || Problem(string(out)) == "") {
		t.Fatalf("child test %s: %v\n%s", run, err, out)
	}
	return string(out)
}
