package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/internal/vktest"
)

// long enables the tests whose outcome depends on wall-clock timing or
// real performance (a watchdog racing a real hang, a driver change that
// must show as a step in real timings): go test -long. Each has a
// deterministic twin that always runs.
var long = flag.Bool("long", false, "also run the tests that depend on real timing")

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

// runValidated runs the radvbench binary under the Khronos validation
// layer (vktest.Run: any report fails the test) and returns its exit
// status and output.
func runValidated(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return vktest.Run(t, exec.Command(binary(t), args...))
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
