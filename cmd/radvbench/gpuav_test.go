package main

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/radvbench/radvbench/internal/vktest"
)

// gpuAVArgs: every suite's quick benchmarks, each verified and sampled
// briefly, in one process (no capture: lavapipe has none).
var gpuAVArgs = []string{"run", "--suite", "all", "--quick", "--max-time", "20ms", "--warmup", "1ms",
	"--isolate=off", "--no-capture", "--progress", "never"}

// TestShaderAccessesInBounds runs every suite's quick benchmarks under the
// validation layer's GPU-assisted validation (vktest.GPUAssistedVars): a
// shader that reads or writes a storage buffer outside the range its
// descriptor binds fails it. Verification cannot see such an access when
// its value is never stored, yet on a GPU it reads another allocation or
// faults the VM. On the host's lavapipe (Mesa 25.0) and, for the
// cooperative-matrix kernels the host skips, on the Debian 13 root's
// (Mesa 26.1).
func TestShaderAccessesInBounds(t *testing.T) {
	if testing.Short() {
		t.Skip("real runs skipped in -short")
	}
	requireVulkan(t)
	dir := t.TempDir()
	args := append(gpuAVArgs, "--out", filepath.Join(dir, "host.json"))
	code, _, stderr := vktest.Run(t, exec.Command(binary(t), args...), vktest.GPUAssistedVars...)
	if code != 0 {
		t.Fatalf("host run under GPU-assisted validation: exit %d: %s", code, stderr)
	}
	root := trixieRoot(t)
	env := vktest.Env(vktest.GPUAssistedVars...)
	runInRootEnv(t, root, dir, env, append(gpuAVArgs, "--filter", "coopmat", "--out")...)
}
