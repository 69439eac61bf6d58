package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReleaseBuild: radvbench built as 'make build' builds it (no test
// tags) has no test suite, no fault injection and no test shader: list
// does not show the suite, run refuses it, and the binary holds neither
// the test shaders' SPIR-V nor the hooks' environment variables.
func TestReleaseBuild(t *testing.T) {
	exe := filepath.Join(t.TempDir(), "radvbench")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	list, err := exec.Command(exe, "list", "--no-device").Output()
	if err != nil || !strings.Contains(string(list), "matmul/") {
		t.Fatalf("list: %v\n%s", err, list)
	}
	if strings.Contains(string(list), "testfault") || strings.Contains(string(list), "endless") {
		t.Errorf("a release build lists the test suite:\n%s", list)
	}
	cmd := exec.Command(exe, "run", "--suite", "testfault", "--quick", "--filter", "^$") // never a dispatch, whatever the build
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(stderr.String(), `unknown suite "testfault"`) {
		t.Errorf("run --suite testfault: %v, %q; want exit 2, unknown suite", err, stderr.String())
	}
	bin, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	needles := map[string][]byte{
		"RADVBENCH_TEST_FAULT":  []byte("RADVBENCH_TEST_FAULT"),
		"RADVBENCH_TEST_PAUSE":  []byte("RADVBENCH_TEST_PAUSE"),
		"the testfault package": []byte("bench/suites/testfault"),
	}
	for _, name := range []string{"endless.comp.spv", "stray.comp.spv"} {
		shader, err := os.ReadFile("../../bench/suites/testfault/" + name)
		if err != nil {
			t.Fatal(err)
		}
		needles["the test shader "+name] = shader
	}
	for what, needle := range needles {
		if bytes.Contains(bin, needle) {
			t.Errorf("the release binary holds %s", what)
		}
	}
}
