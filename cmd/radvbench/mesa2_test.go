package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/vktest"
)

// trixieRoot is the Debian 13 root of ci/trixie-root.sh ('make toolchain'):
// Mesa 26.1 lavapipe, with VK_KHR_cooperative_matrix.
func trixieRoot(t *testing.T) string {
	t.Helper()
	// The script owns the root's place ($RADVBENCH_TRIXIE_ROOT or its default).
	out, err := exec.Command("../../ci/trixie-root.sh", "--path").Output()
	if err != nil {
		t.Fatalf("ci/trixie-root.sh --path: %v", err)
	}
	root := strings.TrimSpace(string(out))
	why := ""
	if _, err := os.Stat(filepath.Join(root, ".radvbench-ready")); err != nil {
		why = "no Debian 13 root at " + root + ": run 'make toolchain'"
	} else if os.Geteuid() != 0 {
		why = "running radvbench inside the Debian 13 root needs chroot (root)"
	}
	if why == "" {
		return root
	}
	// make test (as .ci/run runs it) builds the root and requires this test.
	if os.Getenv("RADVBENCH_REQUIRE_TRIXIE") == "1" {
		t.Fatalf("RADVBENCH_REQUIRE_TRIXIE=1 but %s", why)
	}
	t.Skip(why)
	return ""
}

// twoMesaArgs: the same quick, filtered run on both drivers — a float
// GEMM and the fp32 peak everywhere, the cooperative-matrix kernels where
// the driver has them.
var twoMesaArgs = []string{"run", "--suite", "matmul,peak", "--quick", "--progress", "never", "--quiet-wait", "0",
	"--filter", "matmul/(naive|coopmat-f16/sg2x2-t2x2-k2|coopmat-f16acc/sg2x1-t4x2-k1|coopmat-int8/sg4x2-t2x4-k2|coopmat-(bf16|fp8e4m3|fp8e5m2)/sg2x2-t2x2-k2)|peak/(fp32/vec4-acc1|coopmat-.*/acc2)",
	"--sizes", "matmul=64x72x40,100x37x129"}

// TestTwoMesaVersions runs the same quick suites, validation-layer clean,
// on the host's lavapipe (Mesa 25.0 on Debian 12) and, through chroot, on
// the Debian 13 root's (Mesa 26.1), where the cooperative-matrix kernels
// really execute and must verify; the host must skip them with the reason.
// Then 'compare --by driver' gates one driver against the other, as a RADV
// user gates a Mesa upgrade, and must name both drivers.
func TestTwoMesaVersions(t *testing.T) {
	if testing.Short() {
		t.Skip("real runs skipped in -short")
	}
	root := trixieRoot(t)
	requireVulkan(t)
	t.Parallel() // subprocesses only; see TestMatmulAccessesInBounds
	dir := t.TempDir()

	hostOut := filepath.Join(dir, "host.json")
	code, _, stderr := runValidated(t, append(twoMesaArgs, "--out", hostOut)...)
	if code != 0 {
		t.Fatalf("host run: exit %d: %s", code, stderr)
	}

	newOut := runInRoot(t, root, dir, append(twoMesaArgs, "--out")...)

	host, err := resultsfile.Load(hostOut)
	if err != nil {
		t.Fatal(err)
	}
	trixie, err := resultsfile.Load(newOut)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(trixie.Device.DriverInfo, "Mesa 26.") || len(trixie.Device.CooperativeMatrix) == 0 {
		t.Fatalf("Debian 13 root: driver %q with %d cooperative-matrix shapes, want Mesa 26 lavapipe with VK_KHR_cooperative_matrix",
			trixie.Device.DriverInfo, len(trixie.Device.CooperativeMatrix))
	}
	if host.Device.DriverInfo == trixie.Device.DriverInfo {
		t.Fatalf("both runs used driver %q: the root's Mesa was not the one loaded", host.Device.DriverInfo)
	}
	// Every fp16/int8 coopmat benchmark ran and verified on Mesa 26.1;
	// the bf16 and fp8 ones are skipped naming the extension Mesa 26.1
	// lavapipe lacks; on a host without VK_KHR_cooperative_matrix each is
	// skipped with that reason.
	coop, lowp := 0, 0
	for _, r := range trixie.Results {
		if !strings.Contains(r.Kernel, "coopmat") {
			continue
		}
		if ext := lowPrecisionExtension(r.Kernel); ext != "" {
			lowp++
			if r.Status != resultsfile.StatusSkipped || !strings.Contains(r.Reason, "no "+ext) {
				t.Errorf("Mesa 26.1: %s: status %q (%s), want skipped for lack of %s", r.ID(), r.Status, r.Reason, ext)
			}
			continue
		}
		coop++
		if r.Status != resultsfile.StatusOK {
			t.Errorf("Mesa 26.1: %s: status %q (%s), want ok", r.ID(), r.Status, r.Reason)
		}
	}
	if coop != 9 { // 3 GEMM variants x 2 sizes + 3 peak types (twoMesaArgs)
		t.Errorf("Mesa 26.1 ran %d fp16/int8 coopmat benchmarks, want 9", coop)
	}
	const lowpWant = 9 // bf16, fp8e4m3, fp8e5m2: one GEMM variant x 2 sizes + one peak variant each
	if lowp != lowpWant {
		t.Errorf("Mesa 26.1 reported %d bf16/fp8 coopmat benchmarks, want %d", lowp, lowpWant)
	}
	if len(host.Device.CooperativeMatrix) == 0 {
		for _, r := range host.Results {
			if strings.Contains(r.Kernel, "coopmat") && (r.Status != resultsfile.StatusSkipped || !strings.Contains(r.Reason, "VK_KHR_cooperative_matrix")) {
				t.Errorf("host without VK_KHR_cooperative_matrix: %s: status %q (%s), want skipped naming the extension", r.ID(), r.Status, r.Reason)
			}
		}
	}

	// The Mesa upgrade gated: a verdict, never an input error, naming both drivers.
	code, cmpOut, cmpErr := mainRun(t, "compare", "--by", "driver", hostOut, newOut)
	if code != 0 && code != 1 {
		t.Fatalf("compare --by driver: exit %d: %s%s", code, cmpErr, cmpOut)
	}
	for _, d := range []string{host.Device.DriverInfo, trixie.Device.DriverInfo} {
		if !strings.Contains(cmpOut, d) {
			t.Errorf("compare --by driver does not name driver %q:\n%s", d, cmpOut)
		}
	}
	if !strings.Contains(cmpOut, "matmul/naive") {
		t.Errorf("compare --by driver: no row for the GEMM both drivers ran:\n%s", cmpOut)
	}

	// The why: the same kernels compiled by each Mesa's RADV for navi31
	// (lavapipe captures nothing), given beside the runs.
	isaArgs := []string{"isa", "--target", "navi31", "--no-asm", "--progress", "never", "--suite", "matmul,peak",
		"--filter", twoMesaArgs[slices.Index(twoMesaArgs, "--filter")+1], "--sizes", twoMesaArgs[slices.Index(twoMesaArgs, "--sizes")+1]}
	hostISA := filepath.Join(dir, "host-isa.json")
	if code, stdout, stderr := runBinary(t, nil, append(isaArgs, "-o", hostISA)...); code != 0 {
		t.Fatalf("isa on the host: exit %d\n%s\n%s", code, stdout, stderr)
	}
	newISA := runInRootEnv(t, root, dir, os.Environ(), append(isaArgs, "--out")...)
	code, cmpOut, cmpErr = mainRun(t, "compare", "--by", "driver", hostOut, newOut, "--isa", hostISA+","+newISA)
	t.Logf("compare --by driver --isa, exit %d:\n%s", code, cmpOut)
	if code != 0 && code != 1 {
		t.Fatalf("compare --by driver --isa: exit %d: %s%s", code, cmpErr, cmpOut)
	}
	coopRow := ""
	for _, l := range strings.Split(cmpOut, "\n") {
		if strings.Contains(l, "coopmat-f16/") && strings.Contains(l, "sg2x2-t2x2-k2") && strings.Contains(l, "M=64") {
			coopRow = l
		}
	}
	if !strings.Contains(coopRow, "Subgroups per SIMD 10→8") {
		t.Errorf("compare --isa: the coopmat GEMM's row does not name its occupancy drop (Subgroups per SIMD 10→8 on navi31):\n%s", cmpOut)
	}
	// The HTML report shows the same beside its verdicts.
	reportDir := filepath.Join(dir, "report")
	if code, out, errOut := mainRun(t, "report", "--by", "driver", hostOut, newOut, "--isa", hostISA+","+newISA, "-o", reportDir); code != 0 {
		t.Fatalf("report --isa: exit %d: %s%s", code, errOut, out)
	}
	if page, err := os.ReadFile(filepath.Join(reportDir, "index.html")); err != nil || !strings.Contains(string(page), "Subgroups per SIMD 10→8") {
		t.Errorf("report --isa: index.html (%v) does not name the coopmat GEMM's occupancy drop", err)
	}
	// A change that is not the compiler's (the same RADV build on both
	// sides, as when only the kernel or a boot parameter changed): every
	// benchmark says so.
	code, cmpOut, cmpErr = mainRun(t, "compare", "--by", "driver", hostOut, newOut, "--isa", hostISA+","+hostISA, "--format", "json")
	if code != 0 && code != 1 {
		t.Fatalf("compare --isa (same build): exit %d: %s%s", code, cmpErr, cmpOut)
	}
	var rep struct {
		Comparisons []struct {
			Key  string `json:"key"`
			Code *struct {
				Unchanged bool `json:"unchanged"`
			} `json:"code"`
		} `json:"comparisons"`
	}
	if err := json.Unmarshal([]byte(cmpOut), &rep); err != nil {
		t.Fatal(err)
	}
	unchanged := 0
	for _, c := range rep.Comparisons {
		if c.Code != nil && c.Code.Unchanged {
			unchanged++
		} else if c.Code != nil {
			t.Errorf("%s: the same isa file on both sides, but not \"code unchanged\"", c.Key)
		}
	}
	if unchanged == 0 {
		t.Errorf("compare --isa (same build): no benchmark says code unchanged:\n%s", cmpOut)
	}
}

// lowPrecisionExtension is the extension a bf16 or fp8 cooperative-matrix
// kernel needs beyond VK_KHR_cooperative_matrix ("" for the others).
func lowPrecisionExtension(kernel string) string {
	switch {
	case strings.Contains(kernel, "coopmat-bf16"):
		return "VK_KHR_shader_bfloat16"
	case strings.Contains(kernel, "coopmat-fp8"):
		return "VK_EXT_shader_float8"
	}
	return ""
}

// TestOtherSuitesOnMesa26 runs every remaining suite's --quick run
// (memory, latency, rayquery, mesh) inside the Debian 13 root on Mesa 26.1
// lavapipe under the validation layer: each benchmark verifies or is
// skipped with its reason, and the layer reports nothing. With
// TestTwoMesaVersions (matmul, peak) every quick suite runs on both Mesa
// versions; the host's quick runs are the suite tests beside this one.
func TestOtherSuitesOnMesa26(t *testing.T) {
	if testing.Short() {
		t.Skip("real runs skipped in -short")
	}
	root := trixieRoot(t)
	requireVulkan(t)
	t.Parallel() // subprocesses only; see TestMatmulAccessesInBounds
	f, err := resultsfile.Load(runInRoot(t, root, t.TempDir(), "run", "--suite", "memory,latency,rayquery,mesh",
		"--quick", "--max-time", "100ms", "--warmup", "2ms", "--quiet-wait", "0", "--progress", "never", "--out"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(f.Device.DriverInfo, "Mesa 26.") {
		t.Fatalf("driver %q, want the root's Mesa 26 lavapipe", f.Device.DriverInfo)
	}
	seen := map[string]int{}
	for _, r := range f.Results {
		switch r.Status {
		case resultsfile.StatusOK:
			if !r.Verified {
				t.Errorf("Mesa 26.1: %s: ok but not verified", r.ID())
			}
			seen[r.Suite]++
		case resultsfile.StatusSkipped:
			if r.Reason == "" {
				t.Errorf("Mesa 26.1: %s: skipped without a reason", r.ID())
			}
		default:
			t.Errorf("Mesa 26.1: %s: status %q (%s)", r.ID(), r.Status, r.Reason)
		}
	}
	for _, s := range []string{"memory", "latency", "rayquery", "mesh"} {
		if seen[s] == 0 {
			t.Errorf("Mesa 26.1: no %s benchmark ran and verified", s)
		}
	}
}

// runInRoot runs the radvbench test binary (built on the host) inside the
// Debian 13 root through chroot, with the root's loader, driver and
// validation layer; args end with "--out", to which it appends the results
// path inside the root. It fails the test on a non-zero exit or any
// validation message and returns the results file, moved to dir.
func runInRoot(t *testing.T, root, dir string, args ...string) string {
	t.Helper()
	return runInRootEnv(t, root, dir, vktest.Env(), args...)
}

// runInRootEnv is runInRoot with the environment env (without the
// validation layer where the root's layer predates what the driver
// enables: 'radvbench isa' on RADV).
func runInRootEnv(t *testing.T, root, dir string, env []string, args ...string) string {
	t.Helper()
	out, printed := runInRootOutput(t, root, dir, env, args...)
	if p := vktest.Problem(printed); p != "" {
		t.Errorf("validation layer (Debian 13 root) reported problems:\n%s", p)
	}
	return out
}

// runInRootOutput is runInRootEnv without judging what the validation
// layer reported: it returns the results file's path and what the run
// printed (stdout, then stderr), for a test that expects a report.
func runInRootOutput(t *testing.T, root, dir string, env []string, args ...string) (out, printed string) {
	t.Helper()
	rdir, err := os.MkdirTemp(filepath.Join(root, "tmp"), "radvbench-e2e")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(rdir)
	bin, err := os.ReadFile(binary(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(rdir, "radvbench"), bin, 0o755); err != nil {
		t.Fatal(err)
	}
	in := "/" + strings.TrimPrefix(strings.TrimPrefix(rdir, root), "/")
	cmd := exec.Command("chroot", append([]string{root, filepath.Join(in, "radvbench")}, append(args, filepath.Join(in, "out.json"))...)...)
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("run in %s: %v\n%s%s", root, err, stdout.String(), stderr.String())
	}
	out = filepath.Join(dir, "trixie-"+filepath.Base(rdir)+".json")
	if err := os.Rename(filepath.Join(rdir, "out.json"), out); err != nil {
		t.Fatal(err)
	}
	return out, stdout.String() + stderr.String()
}
