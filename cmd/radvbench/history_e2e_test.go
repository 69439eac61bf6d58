package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/reports/history/historytest"
)

// TestHistoryLavapipeStep: real quick runs on lavapipe, each a separate
// process importing itself with 'run --db': six with the driver's
// default code generation, then six with GALLIVM_PERF=nopt (llvmpipe's
// JIT without LLVM optimisation passes, a real driver change several
// times slower), labelled codegen=default and codegen=nopt. 'history
// detect' must find the one step and name label.codegen as what changed.
// The same files imported into PostgreSQL give the same answer.
//
// With 6 runs a side the permutation test cannot go below p = 0.01 (and
// the mirrored order ties the observed split), so the test uses
// --alpha 0.05.
//
// LP_NUM_THREADS=1 is the more obvious change, but at a quick size the
// naive GEMM does not scale past one thread on lavapipe, so there is no
// step to find.
//
// Its outcome depends on real timings of a loaded machine (it failed once
// under load), so it runs only with -long; TestHistoryImportRunsTrendDetect
// is its deterministic twin.
func TestHistoryLavapipeStep(t *testing.T) {
	if !*long {
		t.Skip("depends on real timings: run with -long (TestHistoryImportRunsTrendDetect checks the same path on fixed data)")
	}
	bin := binary(t)
	dir := t.TempDir()
	if d := os.Getenv("HISTORY_TEST_KEEP"); d != "" {
		dir = d
	}
	db := filepath.Join(dir, "history.db")
	var files []string
	for i := 0; i < 12; i++ {
		codegen, env := "default", []string{}
		if i >= 6 {
			codegen, env = "nopt", []string{"GALLIVM_PERF=nopt"}
		}
		out := filepath.Join(dir, fmt.Sprintf("run%02d.json", i))
		cmd := exec.Command(bin, "run", "--filter", "^matmul/naive/", "--sizes", "64", "--max-time", "150ms", "--warmup", "10ms",
			"--label", "codegen="+codegen, "--db", db, "-o", out)
		cmd.Env = append(append(os.Environ(), "LP_NUM_THREADS="), env...)
		b, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(b), "history: 1 run(s) imported into "+db) {
			t.Fatalf("run %d: %v\n%s", i, err, b)
		}
		files = append(files, out)
	}
	check := func(t *testing.T, dsn string) {
		code, stdout, stderr := cli(t, "history", "detect", "--db", dsn, "--min-runs", "3", "--alpha", "0.05")
		// The step is between runs 6 and 7; a run slowed by other load on a
		// shared machine may move the detected point by one, or add a
		// change point of its own (tolerated, not required).
		var block string
		for _, b := range strings.Split(stdout, "\n\n") {
			if strings.Contains(b, "label.codegen: default -> nopt") {
				block = b
			}
		}
		near := strings.Contains(block, "at run 6 of 12") || strings.Contains(block, "at run 7 of 12") || strings.Contains(block, "at run 8 of 12")
		if code != 0 || !strings.Contains(stdout, "1 series, 12 run medians") || !near || !strings.Contains(block, "GFLOP/s: -") {
			t.Fatalf("detect: exit %d, want a drop at run 7 (±1) naming label.codegen\n%s\n%s", code, stdout, stderr)
		}
		t.Logf("%s", stdout)
	}
	t.Run("sqlite", func(t *testing.T) { check(t, db) })
	t.Run("postgres", func(t *testing.T) {
		dsn := historytest.PostgresDSN(t)
		if code, stdout, stderr := cli(t, append([]string{"history", "import", "--db", dsn}, files...)...); code != 0 {
			t.Fatalf("import: %d %s %s", code, stdout, stderr)
		}
		check(t, dsn)
	})
}
