package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/radvbench/radvbench/bench/gpu"
)

// cli runs the CLI in-process and returns its exit status and output.
func cli(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

// testTags are the build tags this test binary was built with (each
// tagged test file adds its own), so binary() builds radvbench alike.
var testTags []string

var built struct {
	sync.Once
	path string
	err  error
}

// binary builds radvbench once per test process (for tests that need a
// separate process, such as those run under the validation layer).
func binary(t *testing.T) string {
	t.Helper()
	built.Do(func() {
		dir, err := os.MkdirTemp("", "radvbench-bin")
		if err != nil {
			built.err = err
			return
		}
		built.path = filepath.Join(dir, "radvbench")
		out, err := exec.Command("go", "build", "-tags", strings.Join(testTags, ","), "-o", built.path, ".").CombinedOutput()
		if err != nil {
			built.err = &buildError{string(out)}
		}
	})
	if built.err != nil {
		t.Fatalf("build radvbench: %v", built.err)
	}
	return built.path
}

type buildError struct{ out string }

func (e *buildError) Error() string { return e.out }

// validationLayerPresent reports whether the Khronos validation layer is
// installed (package vulkan-validationlayers).
func validationLayerPresent() bool {
	for _, dir := range []string{"/usr/share/vulkan/explicit_layer.d", "/etc/vulkan/explicit_layer.d", "/usr/local/share/vulkan/explicit_layer.d"} {
		if _, err := os.Stat(filepath.Join(dir, "VkLayer_khronos_validation.json")); err == nil {
			return true
		}
	}
	return false
}

// validationEnv is the environment with the Khronos validation layer on,
// reporting through stdout.
func validationEnv() []string {
	return append(os.Environ(),
		"VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation",
		// Report warnings and performance warnings too, through stdout.
		"VK_LAYER_SETTINGS_PATH=", "VK_KHRONOS_VALIDATION_REPORT_FLAGS=error,warn,perf",
		"VK_KHRONOS_VALIDATION_DEBUG_ACTION=VK_DBG_LAYER_ACTION_LOG_MSG",
	)
}

// runValidated runs the radvbench binary with the Khronos validation layer
// enabled and fails the test if the layer reports anything (errors,
// warnings or leaked objects). It returns the exit status and output.
func runValidated(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	if !validationLayerPresent() {
		t.Fatalf("the Khronos validation layer is not installed: run 'make deps' (package vulkan-validationlayers)")
	}
	cmd := exec.Command(binary(t), args...)
	cmd.Env = validationEnv()
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code = 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run %v: %v", args, err)
	}
	if problem := validationProblem(out.String() + errb.String()); problem != "" {
		t.Errorf("validation layer reported problems for %v:\n%s", args, problem)
	}
	return code, out.String(), errb.String()
}

// validationProblem is an excerpt around the first validation-layer
// report in a run's output, or "" when there is none.
func validationProblem(all string) string {
	for _, marker := range []string{"Validation Error", "Validation Warning", "Validation Performance Warning", "VUID-", "UNASSIGNED-"} {
		if strings.Contains(all, marker) {
			return excerpt(all, marker)
		}
	}
	return ""
}

func excerpt(s, marker string) string {
	i := strings.Index(s, marker)
	start := max(0, i-200)
	end := min(len(s), i+1500)
	return s[start:end]
}

// requireVulkan skips the test with the reason when this machine has no
// usable Vulkan device, unless it runs in CI (CI set, as GitHub Actions
// and GitLab set it, and .ci/run does), where lavapipe is installed and a
// missing Vulkan is a failure.
func requireVulkan(t *testing.T) {
	t.Helper()
	inst, err := gpu.NewInstance()
	if err == nil {
		defer inst.Close()
		_, err = inst.Devices()
	}
	switch {
	case err == nil:
	case !errors.Is(err, gpu.ErrNoVulkan):
		t.Fatalf("Vulkan: %v", err)
	case os.Getenv("CI") != "":
		t.Fatalf("CI=%s but no Vulkan device: %v", os.Getenv("CI"), err)
	default:
		t.Skipf("no Vulkan device on this machine (in CI this fails): %v", err)
	}
}
