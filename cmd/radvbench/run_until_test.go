package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
)

// TestRunUntilDecidedAA: two identical configurations run in rounds of
// one fresh process a side until decided or 3 runs a side: side by side,
// taking turns sample by sample or benchmark by benchmark (their runs
// overlap in time), with --interleave run one after the other, each
// round's order drawn at random (they do not). The verdicts print after
// the table, no A/A benchmark is called a regression, and the file holds
// every run of both configurations. Under the validation layer.
func TestRunUntilDecidedAA(t *testing.T) {
	for _, interleave := range []string{"sample", "benchmark", "run"} {
		t.Run(interleave, func(t *testing.T) { testRunUntilDecidedAA(t, interleave) })
	}
}

func testRunUntilDecidedAA(t *testing.T, interleave string) {
	out := filepath.Join(t.TempDir(), "aa.json")
	code, stdout, stderr := runValidated(t, "run", "--suite", "latency", "--filter", "empty|throughput", "--quick", "--max-time", "60ms",
		"--warmup", "1ms", "--config", "a", "--config", "b", "--until-decided", "--runs", "3", "--interleave", interleave, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d, want 0 (an A/A comparison has no regression)\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "verdicts after ") || !strings.Contains(stdout, "baseline: a") || strings.Contains(stdout, "regression [") {
		t.Errorf("no verdict table, or a regression called:\n%s", stdout)
	}
	f, err := resultsfile.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Configs) != 2 || f.Configs[0].Name != "a" || f.Configs[1].Name != "b" {
		t.Fatalf("configs %+v, want a and b", f.Configs)
	}
	perConfig := map[string]int{}
	orders := map[string]bool{}
	for i := 0; i+1 < len(f.Rounds); i += 2 {
		a, b := f.Rounds[i], f.Rounds[i+1]
		if a.Index != b.Index || a.Config == b.Config {
			t.Errorf("rounds %d and %d are not one run of each side: %+v %+v", i, i+1, a, b)
		}
		orders[a.Config+b.Config] = true
		overlap := a.Started.Before(b.Finished) && b.Started.Before(a.Finished)
		if overlap != (interleave != "run") {
			t.Errorf("round %d: runs %v-%v and %v-%v overlap: %v, want %v with --interleave %s", a.Index,
				a.Started.Format("15:04:05.000"), a.Finished.Format("15:04:05.000"), b.Started.Format("15:04:05.000"), b.Finished.Format("15:04:05.000"),
				overlap, interleave != "run", interleave)
		}
	}
	for _, rd := range f.Rounds {
		perConfig[rd.Config]++
	}
	// --runs 3 bounds the evidence, 3 runs a side; runs set aside as
	// disturbed throughout (a loaded machine: seen beside two CPU
	// burners) are no evidence and count only against the rounds,
	// 2·runs (compare.UntilOptions.MaxRounds).
	if perConfig["a"] != perConfig["b"] || perConfig["a"] < 1 || perConfig["a"] > 6 {
		t.Errorf("runs per configuration %v, want equal, 1 to 6 (3 that count, as many set aside)", perConfig)
	}
	for _, r := range f.Results {
		if r.Status != resultsfile.StatusOK || (r.Config != "a" && r.Config != "b") {
			t.Errorf("%s@%s: %s %s", r.ID(), r.Config, r.Status, r.Reason)
		}
	}
	if len(f.Rounds) >= 6 && len(orders) < 2 {
		t.Logf("every round ran the sides in the same order %v (possible by chance: 1 in 4 for 3 rounds)", orders)
	}
	if interleave == "sample" && perConfig["a"] >= 2 {
		checkPairedNoise(t, out, f)
	}
}

// runsSetAside reports whether any run of f had most of its samples
// disturbed (stats.DisturbedRun): compare and noise set those aside.
func runsSetAside(f *resultsfile.File) bool {
	for i := range f.Results {
		r := &f.Results[i]
		_, groups := r.RunSamples()
		for j, marks := range r.RunDisturbed() {
			if stats.DisturbedRun(marks, len(groups[j])) {
				return true
			}
		}
	}
	return false
}

// checkPairedNoise: 'noise' measures the paired spread of an A/A file of
// runs in rounds (under the bare benchmark IDs, as 'compare --by config'
// looks them up), and a comparison by config takes its floors from it.
func checkPairedNoise(t *testing.T, aa string, f *resultsfile.File) {
	t.Helper()
	nf := filepath.Join(t.TempDir(), "noise.json")
	code, out, errs := mainRun(t, "noise", "-o", nf, aa)
	if code != 0 || errs != "" {
		t.Fatalf("noise of the A/A file: exit %d stderr %q\n%s", code, errs, out)
	}
	if !strings.Contains(out, "with runs paired by round") {
		if runsSetAside(f) {
			t.Logf("no paired spread: runs were set aside as disturbed throughout (a loaded machine)\n%s", out)
			return
		}
		t.Fatalf("noise of the A/A file: no paired spread\n%s", out)
	}
	code, out, errs = mainRun(t, "compare", "--by", "config", "--noise", nf, aa)
	if code != 0 || errs != "" || !strings.Contains(out, "runs paired by round, noise floors from "+nf) {
		t.Errorf("compare --by config --noise: exit %d stderr %q\n%s", code, errs, out)
	}
	// A benchmark whose runs were set aside as disturbed (a loaded
	// machine: the package's other tests beside it) may have too few
	// pairs left for a paired spread, so the noise file lacks it.
	if strings.Contains(out, "not in the noise file") {
		if runsSetAside(f) {
			t.Logf("a benchmark is not in the noise file: runs were set aside as disturbed (a loaded machine)\n%s", out)
			return
		}
		t.Errorf("compare --by config --noise: a benchmark is not in the noise file, and no run was set aside\n%s", out)
	}
}

// TestRunUntilDecidedSlowdown (-long): a real slowdown (llvmpipe's JIT
// without LLVM's optimisation passes, several times slower) is called a
// regression and fails the gate.
func TestRunUntilDecidedSlowdown(t *testing.T) {
	if !*long {
		t.Skip("depends on real timings: run with -long")
	}
	out := filepath.Join(t.TempDir(), "ab.json")
	code, stdout, stderr := runValidated(t, "run", "--suite", "matmul", "--filter", "naive", "--quick", "--max-time", "300ms",
		"--config", "base", "--config", "nopt:GALLIVM_PERF=nopt", "--until-decided", "--runs", "6", "-o", out)
	if code != 1 || !strings.Contains(stdout, "regression") {
		t.Fatalf("exit %d, want 1 with a regression\n%s\n%s", code, stdout, stderr)
	}
}

// TestRunUntilDecidedBadInput: misuse is one line, exit 2, before any
// benchmark runs.
func TestRunUntilDecidedBadInput(t *testing.T) {
	dir := t.TempDir()
	base := []string{"run", "--suite", "latency", "--filter", "empty", "--quick", "-o", filepath.Join(dir, "r.json")}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--until-decided"}, "compares two configurations"},
		{[]string{"--until-decided", "--config", "a", "--config", "b", "--config", "c"}, "(3 given)"},
		{[]string{"--until-decided", "--config", "a", "--config", "b", "--runs", "2"}, "at least 3 runs a side"},
		{[]string{"--until-decided", "--config", "a", "--config", "b", "--budget", "-1s"}, "must not be negative"},
		{[]string{"--budget", "1m"}, "--budget bounds --until-decided"},
		{[]string{"--interleave", "run"}, "--interleave shapes --until-decided"},
		{[]string{"--until-decided", "--config", "a", "--config", "b", "--interleave", "samples"}, `--interleave "samples": use sample`},
		{[]string{"--until-decided", "--config", "a", "--config", "b", "--unsure", "maybe"}, "--unsure"},
		{[]string{"--until-decided", "--config", "a", "--config", "b", "--alpha-per", "gate"}, "--alpha-per: alpha_per \"gate\": use comparison"},
	} {
		code, stdout, stderr := cli(t, append(base, tc.args...)...)
		if code != 2 || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 || strings.Contains(stdout, "BENCHMARK") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line with %q", tc.args, code, stderr, tc.want)
		}
		if ents, _ := os.ReadDir(dir); len(ents) > 0 {
			t.Errorf("%v: left %s behind", tc.args, ents[0].Name())
			os.RemoveAll(filepath.Join(dir, ents[0].Name()))
		}
	}
}
