package main

import (
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/internal/vktest"
)

// gpuAVArgs: quick benchmarks, each verified and sampled briefly, in one
// process (no capture: lavapipe has none), never waiting for a quiet
// machine (--quiet-wait 0): these runs judge no figure, and beside the
// package's other parallel runs nearly every sample is disturbed, so each
// benchmark would wait its 4 s (docs/verdicts.md).
var gpuAVArgs = []string{"run", "--quick", "--max-time", "20ms", "--warmup", "1ms",
	"--isolate=off", "--no-capture", "--progress", "never", "--quiet-wait", "0"}

// gpuAVRun is gpuAVArgs for suite, followed by more.
func gpuAVRun(suite string, more ...string) []string {
	return append(append(slices.Clone(gpuAVArgs), "--suite", suite), more...)
}

// TestMatmulAccessesInBounds runs the matmul kernels' quick benchmarks
// under the validation layer's GPU-assisted validation
// (vktest.GPUAssistedVars): a shader that reads or writes a storage
// buffer outside the range its descriptor binds fails it. Verification
// cannot see such an access when its value is never stored, yet on a GPU
// it reads another allocation or faults the VM. The other suites are
// checked so by their own tests (suitetest.RunQuick).
//
// On the host's lavapipe (Mesa 25.0), and for the cooperative-matrix
// kernels (coopmat-*, coopblock-*), which the host skips, on the Debian
// 13 root's (Mesa 26.1).
// Not matmul/lanes: it reads A and B through buffer device addresses,
// which GPU-AV only checks against all live buffers (it clamps its own
// indices), and instrumenting its unrolled loops costs lavapipe about six
// minutes of LLVM compiling on a cold shader cache.
//
// The runs are parallel subtests, each a process of its own: lavapipe
// compiles every instrumented pipeline with LLVM, which on a cold shader
// cache (a fresh machine) takes about seven minutes of CPU in all
// (2026-12-07: coopblock-f16acc 152 s, host 100 s, coopblock-f16 78 s,
// coopblock-int8 71 s), and a few seconds once the cache holds them. The
// layer gives each shader module it instruments a serial number of its
// own, so every pipeline a process creates is new SPIR-V to Mesa's cache:
// a process compiles each pipeline once, however many sizes use it
// (bench/gpu's pipeline cache; one a size before it, coopblock-f16acc
// 283 s), and a later process finds in the cache only the pipelines it
// creates in the same order. Each cooperative-matrix type's runs at chosen
// sizes follow its quick run in one subtest. The package's other tests
// that only run subprocesses on lavapipe without judging figures (TestISA,
// TestISATwoMesas, TestRunMatmulQuickValidated, TestOtherSuitesOnMesa26,
// TestTwoMesaVersions) are parallel too, two at a time (-parallel is
// GOMAXPROCS); the tests that decide on measured figures (run
// --until-decided, bisect, gpu-check) stay sequential, alone on the
// machine.
func TestMatmulAccessesInBounds(t *testing.T) {
	if testing.Short() {
		t.Skip("real runs skipped in -short")
	}
	requireVulkan(t)
	t.Parallel()
	suites, err := kernel.Lookup([]string{"matmul"})
	if err != nil {
		t.Fatal(err)
	}
	var checked []string
	for _, k := range suites[0].Kernels {
		if k.Name != "lanes" && !strings.HasPrefix(k.Name, "coop") {
			checked = append(checked, k.Name)
		}
	}
	t.Run("host", func(t *testing.T) {
		t.Parallel()
		filter := "^matmul/(" + strings.Join(checked, "|") + ")/"
		args := gpuAVRun("matmul", "--filter", filter, "--out", filepath.Join(t.TempDir(), "host.json"))
		code, _, stderr := vktest.Run(t, exec.Command(binary(t), args...), vktest.GPUAssistedVars...)
		if code != 0 {
			t.Fatalf("host run under GPU-assisted validation: exit %d: %s", code, stderr)
		}
	})
	root := trixieRoot(t)
	env := vktest.Env(vktest.GPUAssistedVars...)
	for _, rt := range []struct {
		name string
		runs [][]string // each: --filter and any other flags
	}{
		{"coopmat", [][]string{{"--filter", "^matmul/coopmat-(f16|int8)/"}}},
		// coopblock's two K loops on lavapipe's tiles: blocks inside C
		// take the interior path (four steps an iteration, then the last
		// one to four one by one: 200x136x96 has 3 steps, only the
		// latter; 256^3 of the quick run 8, both) beside edge blocks;
		// 130x260x40 has no whole step, so only edge blocks.
		{"coopblock-f16", [][]string{{"--filter", "^matmul/coopblock-f16/"},
			{"--filter", "^matmul/coopblock-f16/sg4x2-t2x4$", "--sizes", "200x136x96,130x260x40"}}},
		{"coopblock-int8", [][]string{{"--filter", "^matmul/coopblock-int8/"},
			{"--filter", "^matmul/coopblock-int8/sg4x2-t2x4$", "--sizes", "200x136x96,130x260x40"}}},
		// f16acc's blocks of eight subgroups run eight steps an interior
		// iteration (matmul_coopblock_f16acc_i8.comp), on lavapipe's
		// 64x64 blocks with 32-deep steps: 128x64x512 has 16 steps (two
		// iterations), 64x64x800 has 25 (three, then the last step alone).
		{"coopblock-f16acc", [][]string{{"--filter", "^matmul/coopblock-f16acc/"},
			{"--filter", "^matmul/coopblock-f16acc/(sg4x2-t2x4|sg2x4-t4x2)$", "--sizes", "128x64x512,64x64x800"}}},
	} {
		t.Run("mesa26/"+rt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for _, run := range rt.runs {
				runInRootEnv(t, root, dir, env, append(gpuAVRun("matmul", run...), "--out")...)
			}
		})
	}
}

// strayArgs run the hidden suite's stray kernel (bench/suites/testfault),
// which reads one element past the end of its storage buffer, as
// TestMatmulAccessesInBounds runs the matmul kernels.
var strayArgs = gpuAVRun("testfault", "--filter", "^testfault/stray/")

// The validation layer's reports of the stray read, bytes 16 to 19 of a
// 16-byte binding: as the host's layer (Debian 12's, 1.3.239) and the
// Debian 13 root's (1.4.309) word them.
var (
	strayReportHost = []string{"VUID-vkCmdDispatch-None-02706", "Descriptor size is 16 and highest byte accessed was 19"}
	strayReportRoot = []string{"VUID-vkCmdDispatch-storageBuffers-06936", "16 bytes were bound, and the highest out of bounds access was at [19] bytes"}
)

// TestGPUAssistedValidationCatchesStray is TestMatmulAccessesInBounds's
// negative control: the same arguments and environment, on the host's
// layer and in the Debian 13 root, must report the stray kernel's read
// past the end of its buffer, which its verification cannot see. Without
// it, a layer that instrumented nothing (a setting renamed, GPU-assisted
// validation not enabled) would pass every GPU-assisted run.
func TestGPUAssistedValidationCatchesStray(t *testing.T) {
	if testing.Short() {
		t.Skip("real runs skipped in -short")
	}
	requireVulkan(t)
	if !vktest.LayerInstalled() {
		t.Fatal("the Khronos validation layer is not installed: run 'make deps' (package vulkan-validationlayers)")
	}
	t.Parallel()
	check := func(t *testing.T, where, printed string, report []string) {
		t.Helper()
		if vktest.Problem(printed) == "" {
			t.Fatalf("%s: the validation layer reported nothing for a read past the end of a storage buffer: GPU-assisted validation checks nothing:\n%s", where, printed)
		}
		for _, want := range report {
			if !strings.Contains(printed, want) {
				t.Errorf("%s: the layer's report does not name %s:\n%s", where, want, vktest.Problem(printed))
			}
		}
	}
	t.Run("host", func(t *testing.T) {
		t.Parallel()
		cmd := exec.Command(binary(t), append(slices.Clone(strayArgs), "--out", filepath.Join(t.TempDir(), "stray.json"))...)
		cmd.Env = vktest.Env(vktest.GPUAssistedVars...)
		printed, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("stray run under GPU-assisted validation: %v\n%s", err, printed)
		}
		check(t, "host", string(printed), strayReportHost)
	})
	t.Run("mesa26", func(t *testing.T) {
		t.Parallel()
		root := trixieRoot(t)
		_, printed := runInRootOutput(t, root, t.TempDir(), vktest.Env(vktest.GPUAssistedVars...), append(slices.Clone(strayArgs), "--out")...)
		check(t, "Debian 13 root", printed, strayReportRoot)
	})
}
