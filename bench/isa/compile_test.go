package isa

import (
	"fmt"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/golden"
)

// The compile tests give RADV radvbench's matmul suite at one size
// (256³: the quick default) and check what it made of it against facts
// of the hardware and the drivers.
const (
	testSizes = "256x256x256"
	// coopmatOnly and noCoopmat split the suite: the validation layers of
	// Debian 12 (1.3.239) and 13 (1.4.309) predate some of the
	// cooperative-matrix extensions (see layerGaps) and report every such
	// shader as invalid, so those kernels compile without the layer.
	coopmatOnly = "^matmul/coop(mat|block)-"
	noCoopmat   = "^matmul/(naive|tiled|regblock|direct|lanes|block|f16storage|f16arith)/"
	// newTypes are the cooperative-matrix kernels of the extensions
	// Debian 13's layer predates.
	newTypes = "^matmul/coop(mat|block)-(bf16|fp8e4m3|fp8e5m2)/"
	oldTypes = "^matmul/coop(mat|block)-(f16|f16acc|int8)/"
)

// compileMatmul compiles the suite for plan (inside root when set):
// validated where the layer knows the extensions, and returns the results
// by ID and the device.
func compileMatmul(t *testing.T, root string, plan Plan, validated, unvalidated string) (map[string]resultsfile.Result, resultsfile.Device) {
	t.Helper()
	byID := map[string]resultsfile.Result{}
	var dev resultsfile.Device
	for _, part := range []struct {
		filter   string
		validate bool
	}{{validated, true}, {unvalidated, false}} {
		if part.filter == "" {
			continue
		}
		ans := runChild(t, root, plan, childJob{Do: "compile", Suites: "matmul", Filter: part.filter, Sizes: testSizes}, part.validate)
		dev = ans.Device
		for _, r := range ans.Results {
			if r.Config != plan.Target {
				t.Errorf("%s: config %q, want the target %s", r.ID(), r.Config, plan.Target)
			}
			byID[r.ID()] = r
		}
	}
	if len(byID) == 0 {
		t.Fatalf("%s: no results", plan.Target)
	}
	return byID, dev
}

// checkResults checks what holds for every target: a result is ok with
// pipelines whose statistics are RADV's, skipped with run's reason, never
// failed; ok results of kind (a kernel-name prefix) hold matrix
// instructions when wantMatrix.
func checkResults(t *testing.T, target string, byID map[string]resultsfile.Result) {
	t.Helper()
	for id, r := range byID {
		switch r.Status {
		case resultsfile.StatusFailed:
			t.Errorf("%s@%s failed: %s", id, target, r.Reason)
		case resultsfile.StatusSkipped:
			if r.Reason == "" {
				t.Errorf("%s@%s skipped without a reason", id, target)
			}
		case resultsfile.StatusOK:
			if len(r.Pipelines) != 1 || len(r.Pipelines[0].Executables) != 1 {
				t.Errorf("%s@%s: %d pipelines, want one compute pipeline with one executable", id, target, len(r.Pipelines))
				continue
			}
			e := r.Pipelines[0].Executables[0]
			for _, s := range []string{"VGPRs", "SGPRs", "Spilled VGPRs", "Spilled SGPRs", "Subgroups per SIMD", "LDS size", "Scratch size", "Code size", "Instructions"} {
				if _, ok := e.Stats[s]; !ok {
					t.Errorf("%s@%s: no %q statistic (have %v)", id, target, s, e.Stats)
				}
			}
			if _, ok := e.Stats["Driver pipeline hash"]; ok {
				t.Errorf("%s@%s: the pipeline hash is kept as a statistic", id, target)
			}
			// ACO's Hash (a CRC of the code) is kept exactly, apart from
			// the counts; RADV's pipeline hash is a 64-bit identifier.
			if e.Hashes["Hash"] == 0 || e.Hashes["Driver pipeline hash"] == 0 {
				t.Errorf("%s@%s: hashes %v, want ACO's Hash and the driver pipeline hash", id, target, e.Hashes)
			}
			if len(r.Pipelines[0].Key) != 16 || r.Pipelines[0].Untimed {
				t.Errorf("%s@%s: pipeline key %q, untimed %v: want 16 hex digits, timed", id, target, r.Pipelines[0].Key, r.Pipelines[0].Untimed)
			}
			if e.Stats["VGPRs"] == 0 || e.Stats["Subgroups per SIMD"] == 0 || e.Derived["instructions"] == 0 {
				t.Errorf("%s@%s: VGPRs %v, subgroups per SIMD %v, %v instructions", id, target, e.Stats["VGPRs"], e.Stats["Subgroups per SIMD"], e.Derived["instructions"])
			}
			if !reflect.DeepEqual(r.Metric, resultsfile.Metric{}) || r.Verified {
				t.Errorf("%s@%s: an isa result with a metric or verified", id, target)
			}
		}
	}
}

// kernelsOf returns the IDs of kernel's results (its name is the second
// element of the ID).
func kernelsOf(byID map[string]resultsfile.Result, kernel string) []resultsfile.Result {
	var out []resultsfile.Result
	for _, r := range byID {
		if r.Kernel == kernel {
			out = append(out, r)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID() < out[j].ID() })
	return out
}

// spills lists the executables that spill, as "ID@target".
func spills(byID map[string]resultsfile.Result, target string) []string {
	var out []string
	for id, r := range byID {
		for _, p := range r.Pipelines {
			for _, e := range p.Executables {
				if e.Stats["Spilled VGPRs"] > 0 || e.Stats["Spilled SGPRs"] > 0 {
					out = append(out, fmt.Sprintf("%s@%s %s %s", id, target, p.Name, e.Name))
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// coopTable renders a device's cooperative-matrix table, a row a line.
func coopTable(d resultsfile.Device) []byte {
	var b strings.Builder
	for _, c := range d.CooperativeMatrix {
		b.WriteString(c.String() + "\n")
	}
	return []byte(b.String())
}

// TestCompileMatmulMesa25 compiles the matmul suite with the host's Mesa
// 25.0 for navi31 (drm-shim) and gfx1201 (null winsys) and checks facts
// of the chips and the driver: navi31's cooperative-matrix kernels hold
// v_wmma; Mesa 25.0 has no cooperative matrix on GFX12, so gfx1201 skips
// them with the reason; nothing spills except what testdata/spills.txt
// expects; the cooperative-matrix table RADV reports for navi31 is the
// one bench/gpu's tests use; and a second build gives identical
// statistics.
func TestCompileMatmulMesa25(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles in child processes")
	}
	navi31 := hostPlan(t, "navi31")
	gfx1201 := hostPlan(t, "gfx1201")
	if navi31.Mechanism != resultsfile.EmulationDRMShim || gfx1201.Mechanism != resultsfile.EmulationNullWinsys {
		t.Fatalf("navi31 by %s, gfx1201 by %s: want the shim and the null winsys of Mesa 25.0", navi31.Mechanism, gfx1201.Mechanism)
	}
	n31, dev := compileMatmul(t, "", navi31, noCoopmat, coopmatOnly)
	golden.Check(t, "../gpu/coopmat/testdata/coopmat/navi31-mesa25.0.txt", coopTable(dev))
	if dev.Emulated == nil || dev.Emulated.GFX != "gfx1100" {
		t.Errorf("navi31 device %q emulated %+v", dev.Name, dev.Emulated)
	}
	checkResults(t, "navi31", n31)
	for _, k := range []string{"coopmat-f16", "coopmat-f16acc", "coopmat-int8", "coopblock-f16", "coopblock-f16acc", "coopblock-int8"} {
		rs := kernelsOf(n31, k)
		if len(rs) == 0 {
			t.Errorf("navi31: no %s results", k)
		}
		for _, r := range rs {
			if r.Status != resultsfile.StatusOK || r.Pipelines[0].Executables[0].Derived["wmma"] == 0 {
				t.Errorf("navi31 %s: %s (%s) without v_wmma", r.ID(), r.Status, r.Reason)
			}
		}
	}
	g, gdev := compileMatmul(t, "", gfx1201, ".", "")
	checkResults(t, "gfx1201", g)
	if gdev.Emulated == nil || gdev.Emulated.Mechanism != resultsfile.EmulationNullWinsys || len(gdev.CooperativeMatrix) != 0 {
		t.Errorf("gfx1201 device %q emulated %+v with %d cooperative-matrix rows", gdev.Name, gdev.Emulated, len(gdev.CooperativeMatrix))
	}
	coop := 0
	for id, r := range g {
		if strings.HasPrefix(r.Kernel, "coopmat-") || strings.HasPrefix(r.Kernel, "coopblock-") {
			coop++
			if r.Status != resultsfile.StatusSkipped || !strings.Contains(r.Reason, "VK_KHR_cooperative_matrix") {
				t.Errorf("gfx1201 (Mesa 25.0) %s: %s %q, want skipped for lack of VK_KHR_cooperative_matrix", id, r.Status, r.Reason)
			}
		} else if r.Status == resultsfile.StatusOK && r.Pipelines[0].Executables[0].Derived["undisassembled"] != 1 {
			t.Errorf("gfx1201 (Mesa 25.0, LLVM 15) %s: a disassembly, want ACO's program print", id)
		}
	}
	if coop == 0 {
		t.Error("gfx1201: no cooperative-matrix results")
	}
	want, err := os.ReadFile("testdata/spills.txt")
	if err != nil {
		t.Fatal(err)
	}
	var expected []string
	for _, l := range strings.Split(string(want), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			expected = append(expected, l)
		}
	}
	got := append(spills(n31, "navi31"), spills(g, "gfx1201")...)
	sort.Strings(got)
	sort.Strings(expected)
	if !reflect.DeepEqual(got, expected) {
		t.Errorf("spilling executables %q, testdata/spills.txt expects %q", got, expected)
	}
	// The same build again: identical statistics and counts.
	again, _ := compileMatmul(t, "", gfx1201, "", ".")
	for id, r := range g {
		if !reflect.DeepEqual(r.Pipelines, again[id].Pipelines) || r.Status != again[id].Status {
			t.Errorf("gfx1201 %s differs between two builds:\n%+v\n%+v", id, r.Pipelines, again[id].Pipelines)
		}
	}
}

// TestCompileMatmulMesa26 compiles the suite with the Debian 13 root's
// Mesa 26.1 through its DRM shim (no null winsys there) for navi31 and
// gfx1201: on GFX12, Mesa 26.1 has cooperative matrices, bf16 and fp8
// included, and every such kernel holds v_wmma; the tables RADV reports
// are the ones bench/gpu's tests use.
func TestCompileMatmulMesa26(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles in child processes")
	}
	root := trixieRoot(t)
	if root == "" {
		t.Skip("no Debian 13 root with mesa-drm-shim (ci/trixie-root.sh, as root)")
	}
	in, err := Detect(root)
	if err != nil {
		t.Fatal(err)
	}
	plans, _, err := in.Resolve([]string{"navi31", "gfx1201"})
	if err != nil {
		t.Fatal(err)
	}
	validated := "(" + noCoopmat + ")|(" + oldTypes + ")"
	for _, p := range plans {
		if p.Mechanism != resultsfile.EmulationDRMShim {
			t.Fatalf("%s by %s on Mesa 26.1", p.Target, p.Mechanism)
		}
		byID, dev := compileMatmul(t, root, p, validated, newTypes)
		golden.Check(t, "../gpu/coopmat/testdata/coopmat/"+p.Target+"-mesa26.1.txt", coopTable(dev))
		checkResults(t, p.Target, byID)
		if s := spills(byID, p.Target); len(s) > 0 {
			t.Errorf("%s (Mesa 26.1) spills: %q", p.Target, s)
		}
		types := []string{"coopmat-f16", "coopmat-f16acc", "coopmat-int8", "coopblock-f16", "coopblock-f16acc", "coopblock-int8"}
		if p.Target == "gfx1201" {
			types = append(types, "coopmat-bf16", "coopmat-fp8e4m3", "coopmat-fp8e5m2", "coopblock-bf16", "coopblock-fp8e4m3", "coopblock-fp8e5m2")
		}
		for _, k := range types {
			rs := kernelsOf(byID, k)
			if len(rs) == 0 {
				t.Errorf("%s: no %s results", p.Target, k)
			}
			for _, r := range rs {
				if r.Status != resultsfile.StatusOK || r.Pipelines[0].Executables[0].Derived["wmma"] == 0 || r.Pipelines[0].Executables[0].Derived["undisassembled"] != 0 {
					t.Errorf("%s (Mesa 26.1) %s: %s (%s) without a disassembly holding v_wmma", p.Target, r.ID(), r.Status, r.Reason)
				}
			}
		}
	}
}

// TestEmulatedDevices opens, in a child each, every chip the installed
// Mesa (and the Debian 13 root's, when present) can emulate — the check
// that Available offers nothing that aborts — and finds exactly one
// emulated RADV device for it, with the chip's gfx target and the plan's
// mechanism, beside an unmarked lavapipe.
func TestEmulatedDevices(t *testing.T) {
	if testing.Short() {
		t.Skip("child processes")
	}
	roots := []string{""}
	if r := trixieRoot(t); r != "" {
		roots = append(roots, r)
	}
	for _, root := range roots {
		in, err := Detect(root)
		if err != nil {
			t.Fatal(err)
		}
		avail := in.Available()
		if len(avail) < 6 {
			t.Fatalf("Mesa %s can emulate %d chips", in.Mesa, len(avail))
		}
		for _, p := range avail {
			ans := runChild(t, root, p, childJob{Do: "devices"}, true)
			var emulated []resultsfile.Device
			for _, d := range ans.Devices {
				if d.Emulated != nil {
					emulated = append(emulated, d)
				} else if d.DriverID == "MESA_RADV" {
					t.Errorf("Mesa %s, %s: RADV device %q not marked emulated", in.Mesa, p.Target, d.Name)
				}
			}
			if len(emulated) != 1 {
				t.Errorf("Mesa %s, %s: %d emulated devices, want 1", in.Mesa, p.Target, len(emulated))
				continue
			}
			e := emulated[0].Emulated
			if e.Mechanism != p.Mechanism || e.GFX != p.Chip.GFX || !strings.Contains(emulated[0].DriverInfo, strings.SplitN(in.Mesa, "-", 2)[0]) {
				t.Errorf("Mesa %s, %s: device %q emulated %+v driver %q; want %s with %s", in.Mesa, p.Target, emulated[0].Name, e, emulated[0].DriverInfo, p.Mechanism, p.Chip.GFX)
			}
		}
	}
}

// TestCompileAllSuites compiles every suite (quick sizes) for navi31
// through the shim and gfx1201 through the null winsys, under the
// validation layer except the cooperative-matrix kernels (layer gaps):
// every Setup runs on a compile-only device — buffers, uploads,
// acceleration-structure builds and compaction, render targets, mesh and
// ray-query pipelines — and nothing fails.
func TestCompileAllSuites(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles in child processes")
	}
	const suites = "latency,matmul,memory,mesh,peak,rayquery"
	for _, target := range []string{"navi31", "gfx1201"} {
		p := hostPlan(t, target)
		n, pipelines := 0, 0
		for _, part := range []struct {
			filter   string
			validate bool
		}{{"^(latency|memory|mesh|rayquery)/|^peak/(fp32|fp16|int32|int8)/|" + noCoopmat, true}, {"^(matmul|peak)/coopmat-|^matmul/coopblock-", false}} {
			ans := runChild(t, "", p, childJob{Do: "compile", Suites: suites, Filter: part.filter, Quick: true}, part.validate)
			for _, r := range ans.Results {
				n++
				if r.Status == resultsfile.StatusFailed {
					t.Errorf("%s %s@%s failed: %s", p.Mechanism, r.ID(), target, r.Reason)
				}
				pipelines += len(r.Pipelines)
				checkTimed(t, target, r)
			}
		}
		t.Logf("%s (%s): %d benchmarks, %d pipelines", target, p.Mechanism, n, pipelines)
		if n < 150 || pipelines < 100 {
			t.Errorf("%s: %d benchmarks, %d pipelines", target, n, pipelines)
		}
	}
}

// checkTimed checks the timed flag of a mesh benchmark's pipelines: the
// classic pipeline is built by every mesh benchmark and timed only by
// the "vertex" variant; every other benchmark times all it builds.
func checkTimed(t *testing.T, target string, r resultsfile.Result) {
	t.Helper()
	for _, p := range r.Pipelines {
		want := r.Suite == "mesh" && p.Name == "classic" && r.Variant["pipeline"] != "vertex"
		if p.Untimed != want {
			t.Errorf("%s@%s: pipeline %s untimed %v, want %v", r.ID(), target, p.Name, p.Untimed, want)
		}
	}
}
