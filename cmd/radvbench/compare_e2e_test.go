package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/reports/results"
)

// TestCompareLavapipe runs a real (quick, filtered) matmul suite twice on
// the Vulkan device found (lavapipe in CI) and gates with the real files:
// the two runs compare to a verdict (never an input error) with the CPU
// note exactly when the device is a CPU implementation, a file compared
// with itself exits 0, a copy whose samples are 10% slower exits 1 with
// every benchmark a regression, and export writes benchfmt. Without Vulkan
// it fails in CI and is skipped (saying so) elsewhere; -short skips it.
func TestCompareLavapipe(t *testing.T) {
	if testing.Short() {
		t.Skip("real runs skipped in -short")
	}
	requireVulkan(t)
	dir := t.TempDir()
	run := func(name string) string {
		out := filepath.Join(dir, name)
		code, _, stderr := mainRun(t, "run", "--suite", "matmul", "--quick", "--filter", "naive|direct/wg8x8-t4x4",
			"--sizes", "64,100x37x129", "--progress", "never", "--out", out, "--label", "run="+name)
		if code != 0 {
			t.Fatalf("run %s: exit %d: %s", name, code, stderr)
		}
		return out
	}
	a, b := run("a.json"), run("b.json")
	fa, err := results.Load(a)
	if err != nil {
		t.Fatal(err)
	}
	if len(fa.Results) != 4 {
		t.Fatalf("want 4 results (2 kernels x 2 sizes), got %d", len(fa.Results))
	}

	// Two real runs: a verdict (0 or 1), never an input error, a row for
	// every benchmark, and the CPU note exactly when lavapipe ran them.
	code, out, stderr := mainRun(t, "compare", a, b)
	if code != 0 && code != 1 {
		t.Fatalf("compare a b: exit %d: %s%s", code, stderr, out)
	}
	for _, r := range fa.Results {
		if row := r.ID(); !strings.Contains(out, row) {
			t.Errorf("compare a b: no row for %s:\n%s", row, out)
		}
	}
	const cpuNote = "figures come from a CPU implementation"
	if strings.Contains(out, cpuNote) != fa.Device.CPU {
		t.Errorf("device %q (cpu=%v): CPU note present = %v, want %v:\n%s", fa.Device.Name, fa.Device.CPU, !fa.Device.CPU, fa.Device.CPU, out)
	}

	// By label: the same two runs as groups, b the baseline.
	code, out, stderr = mainRun(t, "compare", "--by", "label.run", "--baseline", "b.json", a, b)
	if code != 0 && code != 1 {
		t.Errorf("compare --by label.run: exit %d: %s%s", code, stderr, out)
	}
	if !strings.Contains(out, "b.json") || !strings.Contains(out, "a.json") {
		t.Errorf("compare --by label.run does not name the groups:\n%s", out)
	}

	// A file against itself: identical samples, no regression.
	if code, out, stderr := mainRun(t, "compare", a, a); code != 0 {
		t.Errorf("compare a a: exit %d: %s%s", code, stderr, out)
	}

	// Every sample 10% slower: exit 1, every benchmark a regression.
	slow := slowedCopy(t, a)
	code, out, stderr = mainRun(t, "compare", "--format", "markdown", a, slow)
	if code != 1 || !strings.Contains(out, "### Regressions") {
		t.Errorf("compare a slow: exit %d, want 1: %s%s", code, stderr, out)
	}
	if _, regs, _ := strings.Cut(out, "### Regressions"); strings.Count(regs, "matmul/") < len(fa.Results) {
		t.Errorf("compare a slow: want all %d benchmarks under Regressions:\n%s", len(fa.Results), out)
	}

	// Export of a real file: benchfmt with unit metadata, one line a result.
	code, out, stderr = mainRun(t, "export", "--format", "benchfmt", a)
	if code != 0 || !strings.HasPrefix(out, "Unit GFLOP/s assume=nothing better=higher") {
		t.Errorf("export: exit %d: %s%.200s", code, stderr, out)
	}
	names := map[string]bool{}
	for _, line := range strings.Split(out, "\n") {
		if name, _, ok := strings.Cut(line, " "); ok && strings.HasPrefix(name, "Benchmark") {
			names[name] = true
		}
	}
	if len(names) != len(fa.Results) {
		t.Errorf("export: %d benchmarks, want %d:\n%s", len(names), len(fa.Results), out)
	}
}
