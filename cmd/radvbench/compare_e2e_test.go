package main

import (
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/verdict"
)

// TestCompareLavapipe runs a real (quick, filtered) matmul suite three
// times on the Vulkan device found (lavapipe in CI), each a separate run
// (process), and gates with the real files: one run a side compares to
// "no regression" (one run a side cannot gate) with a row for every
// benchmark and the CPU note exactly when the device is a CPU
// implementation; the three runs pooled against themselves are an input
// error (exit 2: a run compared with itself); five
// runs pooled against copies whose samples are 10% slower:
// no benchmark improves and every benchmark steady enough for 5 runs a
// side to catch 10% (what --plan computes) is a regression; export writes
// benchfmt. Without Vulkan it
// fails in CI and is skipped (saying so) elsewhere; -short skips it.
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
	a, b, c := run("a.json"), run("b.json"), run("c.json")
	fa, err := resultsfile.Load(a)
	if err != nil {
		t.Fatal(err)
	}
	if len(fa.Results) != 4 {
		t.Fatalf("want 4 results (2 kernels x 2 sizes), got %d", len(fa.Results))
	}

	// Two real runs, one a side: no regression (never an input error), a
	// row for every benchmark, and the CPU note exactly when lavapipe ran
	// them.
	code, out, stderr := mainRun(t, "compare", a, b)
	if code != 0 || !strings.HasPrefix(out, "radvbench compare: no regression") {
		t.Fatalf("compare a b: exit %d, want 0 and no regression: %s%s", code, stderr, out)
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
	if code != 0 {
		t.Errorf("compare --by label.run: exit %d: %s%s", code, stderr, out)
	}
	if !strings.Contains(out, "b.json") || !strings.Contains(out, "a.json") {
		t.Errorf("compare --by label.run does not name the groups:\n%s", out)
	}

	// Three separate runs pooled against themselves compare each run with
	// itself: an input error, not "no regression".
	if code, out, stderr := mainRun(t, "compare", a, b, c, "--", a, b, c); code != 2 || !strings.Contains(stderr, "hold the same runs") {
		t.Errorf("compare a b c -- a b c: exit %d: %s%s", code, stderr, out)
	}

	// Five separate runs pooled against copies with every sample 10%
	// slower.
	d, e := run("d.json"), run("e.json")
	args := []string{"compare", "--format", "json", a, b, c, d, e, "--"}
	for _, f := range []string{a, b, c, d, e} {
		args = append(args, slowedCopy(t, f))
	}
	code, out, stderr = mainRun(t, args...)
	if code != 0 && code != 1 {
		t.Fatalf("compare a..e -- slow: exit %d: %s%s", code, stderr, out)
	}
	var rep struct {
		Comparisons []struct {
			Key     string `json:"key"`
			Verdict string `json:"verdict"`
			Base    *struct {
				RunCV         *float64 `json:"run_cv"`
				WithinCV      *float64 `json:"within_cv"`
				Runs          int      `json:"runs"`
				N             int      `json:"n"`
				DisturbedRuns int      `json:"disturbed_runs"`
			} `json:"base"`
		} `json:"comparisons"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("json: %v", err)
	}
	if len(rep.Comparisons) != len(fa.Results) {
		t.Errorf("%d comparisons, want %d", len(rep.Comparisons), len(fa.Results))
	}
	// On a loaded machine the runs of some benchmarks wander too much for
	// 5 runs a side: those are honestly unsure.
	pol := verdict.DefaultPolicy()
	lim, _ := pol.For("")
	catchable, caught := 0, 0
	for _, cmp := range rep.Comparisons {
		if cmp.Verdict == "improvement" {
			t.Errorf("%s: improvement, but every sample is 10%% slower", cmp.Key)
		}
		if cmp.Verdict == "regression" {
			caught++
		}
		// Runs the observer saw disturbed throughout decide nothing (on a
		// loaded machine, all of them): not catchable whatever they spread.
		if cmp.Base == nil || cmp.Base.RunCV == nil || cmp.Base.WithinCV == nil || cmp.Base.Runs == 0 || cmp.Base.DisturbedRuns > 0 {
			continue
		}
		within := compare.WithinSpread(*cmp.Base.WithinCV, cmp.Base.N/cmp.Base.Runs)
		if n := compare.RunsNeeded(0.10, *cmp.Base.RunCV, within, lim, compare.DefaultPower, func(int) float64 { return math.NaN() }); n > 0 && n <= cmp.Base.Runs {
			catchable++
			if cmp.Verdict != "regression" {
				t.Errorf("%s: %s, want regression (runs wander by %.1f%%: %d runs a side suffice)", cmp.Key, cmp.Verdict, *cmp.Base.RunCV*100, n)
			}
		}
	}
	t.Logf("10%% slower copies: %d of %d benchmarks caught; %d steady enough to require it", caught, len(rep.Comparisons), catchable)
	if (code == 1) != (caught > 0) {
		t.Errorf("exit %d with %d regressions", code, caught)
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
