package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// isaMatmul compiles (through the built binary: 'isa' starts itself as a
// child per target, which the test binary cannot stand for) the matmul suite for navi31 and gfx1201, the GFX11
// and GFX12 targets every Mesa here emulates. The Khronos validation
// layer of Debian 12 predates VK_KHR_cooperative_matrix (Debian 13's
// predates bf16 and fp8), so the CLI runs without it; bench/isa's tests
// compile every suite under the layer, tolerating exactly those gaps.
var isaMatmul = []string{"isa", "--suite", "matmul", "--target", "navi31,gfx1201", "--progress", "never"}

// TestISA: 'radvbench isa' compiles every matmul variant for navi31 (DRM
// shim) and gfx1201 (Mesa 25.0: null winsys) in a child process per
// target; the cooperative-matrix kernels (coopmat-*, coopblock-*) hold
// matrix instructions on navi31 and are skipped on Mesa 25.0's GFX12 with
// the missing extension;
// the assembly is saved per pipeline; the same build compiled twice
// compares exactly equal (an exact A/A), and 'isa diff' finds nothing.
func TestISA(t *testing.T) {
	requireVulkan(t)
	t.Parallel() // subprocesses only; see TestMatmulAccessesInBounds
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	for _, out := range []string{a, b} {
		code, stdout, stderr := runBinary(t, nil, append(isaMatmul, "-o", out)...)
		if code != 0 {
			t.Fatalf("isa: exit %d\n%s\n%s", code, stdout, stderr)
		}
		if !strings.Contains(stdout, "summary: ") || !strings.Contains(stdout, "child processes: 2;") {
			t.Errorf("no summary or not one child per target:\n%s", stdout)
		}
	}
	f, err := resultsfile.Load(a)
	if err != nil {
		t.Fatal(err)
	}
	if f.Kind() != resultsfile.KindISA || len(f.Configs) != 2 || f.Configs[0].Device == nil || f.Configs[0].Device.Emulated == nil {
		t.Fatalf("kind %s, targets %+v: want an isa file with two emulated targets", f.Kind(), f.Configs)
	}
	if f.Started.IsZero() || f.Finished.Before(f.Started) {
		t.Errorf("the isa file says it started %v and finished %v", f.Started, f.Finished)
	}
	gfx1201Has := f.Configs[1].Device.Extensions
	coopOn1201 := false
	for _, e := range gfx1201Has {
		coopOn1201 = coopOn1201 || e == "VK_KHR_cooperative_matrix"
	}
	var wmma, skipped int
	asm := ""
	for _, r := range f.Results {
		// coopmat-<type> and coopblock-<type>: the cooperative-matrix kernels.
		typ, coop := strings.CutPrefix(r.Kernel, "coopmat-")
		if !coop {
			typ, coop = strings.CutPrefix(r.Kernel, "coopblock-")
		}
		if !coop {
			if r.Status == resultsfile.StatusSkipped && strings.HasPrefix(r.Reason, "no split-K chosen") {
				continue // block's -splitk at a size whose K the chooser does not split (TestSplitKChosen)
			}
			if r.Status != resultsfile.StatusOK || len(r.Pipelines) == 0 {
				t.Errorf("%s@%s: %s %q, want compiled", r.ID(), r.Config, r.Status, r.Reason)
			}
			continue
		}
		switch {
		case r.Config == "navi31" && (typ == "f16" || typ == "f16acc" || typ == "int8"),
			r.Config == "gfx1201" && coopOn1201 && r.Status == resultsfile.StatusOK:
			if r.Status != resultsfile.StatusOK {
				t.Errorf("%s@%s: %s %q", r.ID(), r.Config, r.Status, r.Reason)
				continue
			}
			for _, p := range r.Pipelines {
				for _, e := range p.Executables {
					if e.Derived["matrix"] <= 0 {
						t.Errorf("%s@%s: %s has no matrix instruction", r.ID(), r.Config, p.Name)
					}
					wmma++
					asm = filepath.Join(filepath.Dir(a), "a.asm", e.Asm)
				}
			}
		case r.Config == "gfx1201" && !coopOn1201:
			if r.Status != resultsfile.StatusSkipped || !strings.Contains(r.Reason, "VK_KHR_cooperative_matrix") {
				t.Errorf("%s@gfx1201 on Mesa 25.0: %s %q, want skipped for VK_KHR_cooperative_matrix", r.ID(), r.Status, r.Reason)
			}
			skipped++
		}
	}
	if wmma == 0 {
		t.Fatal("no cooperative-matrix executable compiled")
	}
	if data, err := os.ReadFile(asm); err != nil || !strings.Contains(string(data), "v_wmma_") {
		t.Errorf("saved assembly %s: %v; want v_wmma_ in it", asm, err)
	}
	code, stdout, stderr := cli(t, "compare", a, b)
	if code != 0 || !strings.Contains(stdout, "isa, exact") || !strings.Contains(stdout, "statistics unchanged") || strings.Contains(stdout, "→") {
		t.Errorf("A/A compare: exit %d, want 0 and every statistic unchanged\n%s%s", code, stdout, stderr)
	}
	key := f.Results[0].ID() + "@" + f.Results[0].Config
	code, stdout, stderr = cli(t, "isa", "diff", a, b, key, f.Results[0].Pipelines[0].Name)
	if code != 0 || !strings.Contains(stdout, "is the same") {
		t.Errorf("isa diff of the same build: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestISATwoMesas compiles the matmul suite on the host's Mesa 25.0 and,
// through chroot, the Debian 13 root's Mesa 26.1 (whose DRM shim knows
// gfx1201 and whose RADV has cooperative matrices on GFX12), compares
// the two by driver and shows the per-kernel differences, and diffs one
// cooperative-matrix pipeline's assembly between them.
func TestISATwoMesas(t *testing.T) {
	root := trixieRoot(t)
	requireVulkan(t)
	t.Parallel() // subprocesses only; see TestMatmulAccessesInBounds
	dir := t.TempDir()
	host := filepath.Join(dir, "mesa25.json")
	if code, stdout, stderr := runBinary(t, nil, append(isaMatmul, "-o", host)...); code != 0 {
		t.Fatalf("isa on the host: exit %d\n%s\n%s", code, stdout, stderr)
	}
	newer := runInRootEnv(t, root, dir, os.Environ(), append(isaMatmul, "--no-asm", "--out")...)
	nf, err := resultsfile.Load(newer)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(nf.Device.DriverInfo, "26.") {
		t.Fatalf("the root's isa file names driver %q, want Mesa 26", nf.Device.DriverInfo)
	}
	for _, r := range nf.Results {
		if r.Config == "gfx1201" && r.Kernel == "coopmat-f16" && r.Status != resultsfile.StatusOK {
			t.Errorf("%s@gfx1201 on Mesa 26.1: %s %q, want compiled (RADV has cooperative matrices on GFX12 there)", r.ID(), r.Status, r.Reason)
		}
	}
	code, stdout, stderr := cli(t, "compare", "--by", "driver", host, newer)
	t.Logf("compare --by driver (Mesa 25.0 vs 26.1), exit %d:\n%s", code, stdout)
	if code > 1 || !strings.Contains(stdout, "isa, exact") || !strings.Contains(stdout, "25.0") || !strings.Contains(stdout, "26.1") {
		t.Errorf("compare --by driver: exit %d, want a verdict naming both Mesa versions\n%s%s", code, stdout, stderr)
	}
}

// TestISARefusals: each mistake is one line, exit 2, and nothing is run
// or written: an unknown target lists what the installed Mesa emulates,
// 'run' refuses an emulated device and names 'isa', an unknown null
// winsys family is refused before the driver can abort.
func TestISARefusals(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.json")
	shim := "LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libamdgpu_noop_drm_shim.so"
	for _, tc := range []struct {
		name string
		env  []string
		args []string
		want string
	}{
		{"unknown target", nil, []string{"isa", "--target", "navi48", "-o", out}, `unknown target "navi48": the installed Mesa can emulate navi10`},
		{"no such filter", nil, []string{"isa", "--filter", "nothing-matches", "-o", out}, "nothing to compile"},
		{"argument", nil, []string{"isa", "navi31"}, "isa takes no arguments"},
		{"run on the shim", []string{shim, "AMDGPU_GPU_ID=navi31"}, []string{"run", "--suite", "latency", "--quick", "-o", out}, "is emulated (drm-shim, navi31): nothing executes there"},
		{"run --runs on the null winsys", []string{"RADV_FORCE_FAMILY=gfx1201"}, []string{"run", "--suite", "latency", "--quick", "--runs", "2", "-o", out}, "'radvbench isa --target gfx1201' compiles for it"},
		{"unknown null-winsys family", []string{"RADV_FORCE_FAMILY=navi48"}, []string{"devices"}, "RADV_FORCE_FAMILY=navi48 is not a family"},
		{"diff of a run file", nil, []string{"isa", "diff", "testdata/compare/base.json", "testdata/compare/new.json", "x@navi31", "p"}, "is a run results file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runBinary(t, tc.env, tc.args...)
			line := strings.TrimSpace(stderr)
			if i := strings.LastIndex(line, "\n"); i >= 0 {
				line = line[i+1:] // the driver's own warnings come first
			}
			if code != 2 || !strings.Contains(line, tc.want) || strings.Contains(stdout, "BENCHMARK") {
				t.Errorf("exit %d, last stderr line %q; want 2 and %q", code, line, tc.want)
			}
			if ents, _ := os.ReadDir(dir); len(ents) > 0 {
				t.Errorf("left %s behind", ents[0].Name())
			}
		})
	}
}

// runBinary runs the radvbench binary with env added to this process's
// environment and returns its exit status and output.
func runBinary(t *testing.T, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Env = append(os.Environ(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run %v: %v", args, err)
	}
	return code, out.String(), errb.String()
}

// TestISADriverEnv: an isa file records, per target, the driver's
// environment its compile ran with (the chip's emulation and the
// command's options, ACO_DEBUG=nosched here), and compare of two isa
// files names an option on one side as a candidate cause, the emulation
// aside.
func TestISADriverEnv(t *testing.T) {
	requireVulkan(t)
	dir := t.TempDir()
	plain, nosched := filepath.Join(dir, "plain.json"), filepath.Join(dir, "nosched.json")
	args := []string{"isa", "--suite", "latency", "--filter", "empty", "--target", "navi31", "--no-asm", "--progress", "never", "-o"}
	for _, run := range []struct {
		out string
		env []string
	}{{plain, nil}, {nosched, []string{"ACO_DEBUG=nosched"}}} {
		if code, stdout, stderr := runBinary(t, run.env, append(args, run.out)...); code != 0 {
			t.Fatalf("isa %v: exit %d\n%s\n%s", run.env, code, stdout, stderr)
		}
	}
	f, err := resultsfile.Load(nosched)
	if err != nil {
		t.Fatal(err)
	}
	if env := f.Configs[0].DriverEnv; env["ACO_DEBUG"] != "nosched" || env["AMDGPU_GPU_ID"]+env["RADV_FORCE_FAMILY"] == "" {
		t.Errorf("navi31's driver environment %v: want ACO_DEBUG and the emulation", env)
	}
	code, stdout, stderr := cli(t, "compare", plain, nosched)
	if code != 0 || !strings.Contains(stdout, "note: driver environment differs (target navi31): nosched.json has ACO_DEBUG=nosched (baseline: unset) against baseline plain.json") {
		t.Errorf("compare: exit %d\n%s%s", code, stdout, stderr)
	}
}
