package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/radvbench/radvbench/bench/suitetest"
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

// requireVulkan skips the test when this machine has no Vulkan device,
// except in CI (suitetest.RequireVulkan).
func requireVulkan(t *testing.T) { suitetest.RequireVulkan(t) }
