package main

import (
	"path/filepath"
	"strings"
	"testing"

)

// TestCompareLavapipe runs a real (quick, filtered) matmul suite twice on
// the Vulkan device found (lavapipe in CI) and gates with the real files:
// the two runs compare without an input error, a file compared with itself
// exits 0, and a copy whose samples are 10% slower exits 1. It is skipped
// in -short and where 'radvbench run' cannot run (no Vulkan).
func TestCompareLavapipe(t *testing.T) {
	if testing.Short() {
		t.Skip("real runs skipped in -short")
	}
	dir := t.TempDir()
	run := func(name string) string {
		out := filepath.Join(dir, name)
		code, _, stderr := mainRun(t, "run", "--suite", "matmul", "--quick", "--filter", "naive|direct",
			"--progress", "never", "--out", out, "--label", "run="+name)
		if code == 2 {
			t.Skipf("radvbench run cannot run here: %s", strings.TrimSpace(stderr))
		}
		if code != 0 {
			t.Fatalf("run %s: exit %d: %s", name, code, stderr)
		}
		return out
	}
	a, b := run("a.json"), run("b.json")

	// Two real runs: a verdict (0 or 1), never an input error.
	code, out, stderr := mainRun(t, "compare", a, b)
	if code != 0 && code != 1 {
		t.Fatalf("compare a b: exit %d: %s%s", code, stderr, out)
	}
	if !strings.Contains(out, "figures come from a CPU implementation") && strings.Contains(out, "llvmpipe") {
		t.Errorf("no lavapipe note:\n%s", out)
	}
	t.Logf("two lavapipe runs:\n%s", out)

	// By label: the same two runs as groups.
	if code, out, stderr := mainRun(t, "compare", "--by", "label.run", "--baseline", "b.json", a, b); code == 2 {
		t.Errorf("compare --by label.run: exit 2: %s%s", stderr, out)
	}

	// A file against itself: identical samples, no regression.
	if code, out, stderr := mainRun(t, "compare", a, a); code != 0 {
		t.Errorf("compare a a: exit %d: %s%s", code, stderr, out)
	}

	// Every sample 10% slower: flagged.
	slow := slowedCopy(t, a)
	code, out, stderr = mainRun(t, "compare", "--format", "markdown", a, slow)
	if code != 1 || !strings.Contains(out, "### Regressions") {
		t.Errorf("compare a slow: exit %d, want 1: %s%s", code, stderr, out)
	}

	// Export of a real file: benchfmt with unit metadata.
	code, out, stderr = mainRun(t, "export", "--format", "benchfmt", a)
	if code != 0 || !strings.HasPrefix(out, "Unit GFLOP/s assume=nothing better=higher") {
		t.Errorf("export: exit %d: %s%.200s", code, stderr, out)
	}
}
