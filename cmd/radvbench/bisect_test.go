package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/bisect"
	"github.com/radvbench/radvbench/reports/verdict"
)

// bisectGate are the flags of a cheap real gate on lavapipe: one small
// naive GEMM, whose code llvmpipe's JIT makes about 4 times slower
// without LLVM's optimisation passes (GALLIVM_PERF=nopt, -75%), so a
// 50% threshold keeps the slowdown far beyond it while A/A pairs (a
// 64³ GEMM on a loaded 2-core machine scatters by tens of percent) can
// still be called ~ within a few rounds.
var bisectGate = []string{"--suite", "matmul", "--filter", "naive", "--quick", "--sizes", "64", "--max-time", "400ms", "--warmup", "5ms",
	"--threshold", "50", "--runs", "6", "--budget", "20s"}

// useBinary makes the in-process CLI start the built radvbench as its
// child processes (the test binary cannot be one).
func useBinary(t *testing.T) {
	exe := binary(t)
	base.Executable = func() (string, error) { return exe, nil }
	t.Cleanup(func() { base.Executable = base.SelfExecutable })
}

// TestBisectLavapipe: 5 candidates, those from position 2 on under
// GALLIVM_PERF=nopt: the bisection verifies the ends differ and lands on
// c2 in at most 2 steps, or, if the machine is too noisy for a step,
// says it is unsure with a range that holds c2; never another answer.
// Every step is in the bisection file.
func TestBisectLavapipe(t *testing.T) {
	requireVulkan(t)
	useBinary(t)
	out := filepath.Join(t.TempDir(), "b.json")
	args := append([]string{"bisect", "--good", "c0", "--candidate", "c1", "--candidate", "c2:GALLIVM_PERF=nopt",
		"--candidate", "c3:GALLIVM_PERF=nopt", "--bad", "c4:GALLIVM_PERF=nopt", "-o", out}, bisectGate...)
	code, stdout, stderr := cli(t, args...)
	r, err := bisect.Load(out)
	if err != nil {
		t.Fatalf("exit %d: %v\n%s\n%s", code, err, stdout, stderr)
	}
	switch {
	case code == 0 && r.Status == bisect.Found && r.Bad == 2:
		if !strings.Contains(stdout, "first bad: c2 (position 2); last good: c1") || !strings.Contains(stdout, "over the bisection at most") {
			t.Errorf("no answer or false-alarm bound:\n%s", stdout)
		}
	case code == 1 && r.Status == bisect.StoppedUnsure && r.Good < 2 && r.Bad >= 2,
		code == 2 && r.Status == bisect.NoDifference && strings.Contains(r.Why, "could not tell"):
		t.Logf("honestly unsure on a noisy machine: %s", r.Why)
	default:
		t.Fatalf("exit %d, %s (%s), range %d..%d; want c2 found\n%s\n%s", code, r.Status, r.Why, r.Good, r.Bad, stdout, stderr)
	}
	if n := len(r.Steps) - 1; n > bisect.Steps(5) || r.Steps[0].N != 0 || r.Steps[0].Mark != bisect.Bad && n > 0 {
		t.Errorf("%d steps after the verification %+v, want at most 2", n, r.Steps[0])
	}
	var steps []string
	for _, s := range r.Steps {
		if _, err := os.Stat(s.Results); err != nil || s.Rounds < 1 || s.Report == nil {
			t.Errorf("step %d: results %q (%v), %d rounds", s.N, s.Results, err, s.Rounds)
		}
		steps = append(steps, s.Results)
	}
	// The report charts the bisection beside its steps' runs.
	dir := filepath.Join(t.TempDir(), "report")
	if code, stdout, stderr := cli(t, append([]string{"report", "--by", "config", "--bisect", out, "-o", dir}, steps...)...); code != 0 {
		t.Fatalf("report --bisect: exit %d\n%s%s", code, stdout, stderr)
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil || !strings.Contains(string(page), "bisection of 5 candidates") {
		t.Errorf("report --bisect: index.html (%v) lacks the bisection chart", err)
	}
}

// TestBisectAA: good and bad that are the same exit 2 with the verdicts
// before any bisection step.
func TestBisectAA(t *testing.T) {
	requireVulkan(t)
	useBinary(t)
	out := filepath.Join(t.TempDir(), "aa.json")
	code, stdout, stderr := cli(t, append([]string{"bisect", "--good", "a", "--candidate", "b", "--bad", "c", "-o", out, "--alpha", "0.001"}, bisectGate...)...)
	if code != 2 || !strings.Contains(stderr, "good and bad do not differ") || strings.Count(stderr, "radvbench bisect:") != 1 || !strings.Contains(stdout, "baseline: a") {
		t.Fatalf("exit %d, want 2 with the verdicts\n%s\n%s", code, stdout, stderr)
	}
	if r, err := bisect.Load(out); err != nil || len(r.Steps) != 1 || r.Status != bisect.NoDifference {
		t.Errorf("file: %v %+v", err, r)
	}
	// The gate's notes (runcmd.InProcess) are on stderr, indented under the step.
	if !strings.Contains(stderr, "\n  run 1 config a ") || !strings.Contains(stderr, ": order seed ") {
		t.Errorf("no indented gate notes on stderr:\n%s", stderr)
	}
}

// TestBisectGitBisectRun: git bisect run over a throwaway repository
// whose commits switch cand.conf between the fast and the slow (nopt)
// environment lands on the commit that made it slow (or, on a machine
// too noisy to decide, skips, never naming another commit).
func TestBisectGitBisectRun(t *testing.T) {
	requireVulkan(t)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	exe := binary(t)
	dir := t.TempDir()
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		b, err := cmd.CombinedOutput()
		if err != nil && args[0] != "bisect" {
			t.Fatalf("git %v: %v\n%s", args, err, b)
		}
		return string(b)
	}
	git("init", "-q")
	var commits []string
	for i, spec := range []string{"cand", "cand:RADVBENCH_TEST_COMMIT=1", "cand:GALLIVM_PERF=nopt", "cand:GALLIVM_PERF=nopt,RADVBENCH_TEST_COMMIT=3"} {
		os.WriteFile(filepath.Join(dir, "cand.conf"), []byte(spec+"\n"), 0o644)
		git("add", "cand.conf")
		git("commit", "-q", "-m", "commit "+string(rune('0'+i)))
		commits = append(commits, strings.TrimSpace(git("rev-parse", "HEAD")))
	}
	git("bisect", "start", commits[3], commits[0])
	run := append([]string{"bisect", "run", exe, "bisect", "step", "--good", "base", "--candidates", "cand.conf", "-o", filepath.Join(t.TempDir(), "step.json")}, bisectGate...)
	log := git(run...)
	switch {
	case strings.Contains(log, commits[2]+" is the first bad commit"):
	case strings.Contains(log, "only 'skip'ped commits left") && strings.Contains(log, commits[2]):
		t.Logf("a noisy machine: git was told to skip\n%s", log)
	default:
		t.Fatalf("git bisect run did not land on %s:\n%s", commits[2], log)
	}
}

// TestBisectStepStopsOnceAnswered: a step's rounds stop once its
// one-sided question is answered, before every benchmark is decided (the
// command hands bisect.Answered to the rounds). The step gates two
// benchmarks: peak/fp32's ALU loop, which GALLIVM_PERF=nopt slows by
// about 80%, and a vkCmdCopyBuffer, which lavapipe does without shader
// code and which a 0.1% threshold keeps undecided (its interval would
// have to lie within ±0.1% to be ~). One regression makes the candidate
// bad whatever the copy would become, so the step stops at that look.
// On a machine too noisy to call even the 80% the step is unsure (125),
// logged, never good.
func TestBisectStepStopsOnceAnswered(t *testing.T) {
	requireVulkan(t)
	useBinary(t)
	const runs = 8
	args := []string{"bisect", "step", "--good", "base", "--candidate", "slow:GALLIVM_PERF=nopt", "-o", filepath.Join(t.TempDir(), "s.json"),
		"--suite", "peak,memory", "--filter", "^(peak/fp32/vec4-acc1|memory/copy/transfer)$", "--sizes", "memory=64KiB", "--quick",
		"--max-time", "200ms", "--warmup", "5ms", "--threshold", "0.1", "--runs", fmt.Sprint(runs), "--budget", "90s"}
	code, stdout, stderr := cli(t, args...)
	switch {
	case code == 1:
		if !strings.Contains(stdout, "slow: bad") || !strings.Contains(stdout, "stopped once answered") {
			t.Fatalf("bad, but the rounds did not stop once answered:\n%s\n%s", stdout, stderr)
		}
		var rounds int
		if i := strings.Index(stdout, " round(s) (stopped once answered"); i < 0 {
			t.Fatalf("no rounds on the step line:\n%s", stdout)
		} else if _, err := fmt.Sscanf(stdout[strings.LastIndex(stdout[:i], " ")+1:], "%d", &rounds); err != nil || rounds >= runs {
			t.Errorf("stopped after %d rounds (%v), want fewer than --runs %d:\n%s", rounds, err, runs, stdout)
		}
	case code == 125 && strings.Contains(stdout, "slow: unsure"):
		t.Logf("a noisy machine: the step was unsure\n%s", stdout)
	default:
		t.Fatalf("exit %d, want 1 (bad, stopped once answered)\n%s\n%s", code, stdout, stderr)
	}
}

// TestBisectBadInput: mistakes are one line naming the fix, exit 2 (128
// for bisect step, which git bisect run takes as "stop"), before anything
// runs.
func TestBisectBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "b.json")
	twice := filepath.Join(t.TempDir(), "revs") // not in dir, which stays empty
	if err := os.WriteFile(twice, []byte("v1\nv1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--good", "a"}, 2, "needs a good and a bad candidate"},
		{[]string{"--good", "a", "--bad", "a"}, 2, "given twice"},
		{[]string{"--good", "a", "--bad", "b:X"}, 2, `"X" is not ENV=VALUE`},
		{[]string{"--good", "a", "--bad", "b", "--on-unsure", "guess"}, 2, "--on-unsure \"guess\": use stop or skip"},
		{[]string{"--good", "a", "--bad", "b", "--budget", "-1s"}, 2, "must not be negative"},
		{[]string{"--good", "a", "--bad", "b", "--filter", "nothing-matches"}, 2, "matches no benchmark"},
		{[]string{"--good", "a", "--bad", "b", "--suite", "nosuch"}, 2, "nosuch"},
		{[]string{"--revisions", "x"}, 2, "--revisions and --prepare go together"},
		{[]string{"--candidates", filepath.Join(dir, "none")}, 2, "no such file"},
		{[]string{"--candidates", filepath.Join(dir, "none"), "--candidate", "m"}, 2, "--candidates and --candidate both list candidates: give one"},
		{[]string{"--good", "a", "--bad", "b/c"}, 2, `candidate "b/c": the name must be letters, digits, '.', '_', '+' or '-', e.g. --config wave32:`},
		{[]string{"--revisions", twice, "--prepare", "true"}, 2, "--revisions " + twice + ": candidate v1 is given twice"},
		{[]string{"--good", "a", "--bad", "b", "--resume"}, 2, "--resume"},
		{[]string{"--good", "a", "--bad", "b", "extra"}, 2, "takes no arguments"},
		{[]string{"--nosuch"}, 2, "unknown flag"},
		{[]string{"--good", "a", "--bad", "b", "--from", filepath.Join(dir, "none.json")}, 2, "--from: open"},
		{[]string{"--good", "a", "--bad", "b", "--chart", "/dev/null"}, 2, "--chart"},
		{[]string{"step", "--good", "a"}, 128, "bisect step gates one candidate"},
		{[]string{"step", "--nosuch"}, 128, "unknown flag"},
	} {
		code, stdout, stderr := cli(t, append(append([]string{"bisect"}, tc.args...), "-o", out)...)
		if code != tc.code || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 || stdout != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want %d and one line with %q", tc.args, code, stderr, stdout, tc.code, tc.want)
		}
		if ents, _ := os.ReadDir(dir); len(ents) > 0 {
			t.Errorf("%v: left %s behind", tc.args, ents[0].Name())
		}
	}
	if code, stdout, _ := cli(t, "bisect", "--help"); code != 0 || !strings.Contains(stdout, "git bisect run") || !strings.Contains(stdout, "--total-budget") {
		t.Errorf("--help: exit %d\n%s", code, stdout)
	}
}

// TestBisectSweep (-long): 9 candidates, those from position k on under
// GALLIVM_PERF=nopt, for k across the list: each bisection finds c<k> in
// at most ⌈log2 8⌉ = 3 steps after the verification, or honestly stops
// with a range holding it; never another answer. Logs the machine time
// per gate (min / median / max). Then a tiny budget: unsure, never an
// answer.
func TestBisectSweep(t *testing.T) {
	if !*long {
		t.Skip("several minutes of real bisections: run with -long")
	}
	requireVulkan(t)
	useBinary(t)
	var secs []float64
	for _, k := range []int{1, 3, 5, 8} {
		args := []string{"bisect", "-o", filepath.Join(t.TempDir(), "b.json")}
		for i := 0; i < 9; i++ {
			spec := fmt.Sprintf("c%d", i)
			if i >= k {
				spec += ":GALLIVM_PERF=nopt"
			}
			args = append(args, "--candidate", spec)
		}
		// A longer budget than the quick tests': a loaded machine sets
		// many runs aside (disturbed), and A/A steps need clean rounds.
		code, stdout, stderr := cli(t, append(append(args, bisectGate...), "--budget", "45s")...)
		r, err := bisect.Load(args[2])
		if err != nil {
			t.Fatalf("k=%d: exit %d %v\n%s\n%s", k, code, err, stdout, stderr)
		}
		found := code == 0 && r.Status == bisect.Found && r.Bad == k && len(r.Steps)-1 <= 3
		honest := code != 0 && r.Status != bisect.Found && r.Good < k && r.Bad >= k
		if !found && !honest {
			t.Errorf("k=%d: exit %d, %s (%s), range %d..%d, %d steps\n%s", k, code, r.Status, r.Why, r.Good, r.Bad, len(r.Steps), stdout)
		}
		for i := range r.Steps {
			secs = append(secs, r.Steps[i].Seconds)
			t.Log(bisect.StepLine(r, &r.Steps[i]))
		}
		t.Logf("k=%d: %s, range c%d..c%d, %d gates, %.0f s", k, r.Status, r.Good, r.Bad, len(r.Steps), r.Seconds)
	}
	sort.Float64s(secs)
	t.Logf("machine time per gate over %d gates: min %.1f s, median %.1f s, max %.1f s", len(secs), secs[0], secs[len(secs)/2], secs[len(secs)-1])
	out := filepath.Join(t.TempDir(), "tiny.json")
	tiny := append([]string{"bisect", "-o", out, "--good", "c0", "--candidate", "c1:GALLIVM_PERF=nopt", "--bad", "c2:GALLIVM_PERF=nopt"}, bisectGate...)
	code, stdout, _ := cli(t, append(tiny, "--budget", "1s")...)
	if r, err := bisect.Load(out); err != nil || code == 0 || r.Status == bisect.Found {
		t.Errorf("a 1s budget: exit %d, %v %+v, want no answer\n%s", code, err, r, stdout)
	} else {
		t.Logf("a 1s budget: exit %d, %s: %s", code, r.Status, r.Why)
	}
}

// TestBisectResumeReuses: --resume takes the good and bad steps of the
// earlier bisection in -o and runs none of them again; other candidates
// are refused.
func TestBisectResumeReuses(t *testing.T) {
	out := filepath.Join(t.TempDir(), "b.json")
	cands := []string{"--good", "c0", "--candidate", "c1", "--candidate", "c2:X=1", "--bad", "c3:X=1"}
	step := func(n, i int, name string, m bisect.Mark) bisect.Step {
		v := map[bisect.Mark]verdict.Verdict{bisect.Good: verdict.Same, bisect.Bad: verdict.Regression}[m]
		return bisect.Step{N: n, Index: i, Candidate: name, Base: "c0", Mark: m, Benchmarks: []bisect.Bench{{Key: "k", Verdict: v, Change: -0.5, Low: -0.6, High: -0.4}}}
	}
	earlier := &bisect.Result{Schema: bisect.Schema, Keys: []string{"k"}, Candidates: []bisect.Candidate{
		{Name: "c0", Env: map[string]string{}, Prepared: true}, {Name: "c1", Env: map[string]string{}, Prepared: true},
		{Name: "c2", Env: map[string]string{"X": "1"}, Prepared: true}, {Name: "c3", Env: map[string]string{"X": "1"}, Prepared: true}},
		Steps: []bisect.Step{step(0, 3, "c3", bisect.Bad), step(1, 1, "c1", bisect.Good), step(2, 2, "c2", bisect.Bad)}}
	if err := bisect.Write(out, earlier); err != nil {
		t.Fatal(err)
	}
	svg := filepath.Join(t.TempDir(), "b.svg")
	code, stdout, stderr := cli(t, append(append([]string{"bisect", "--resume", "-o", out, "--chart", svg}, cands...), "--suite", "latency", "--quick")...)
	if code != 0 || strings.Count(stdout, "from the earlier bisection") != 3 || !strings.Contains(stdout, "first bad: c2 (position 2); last good: c1") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.Contains(string(b), "first bad: c2") {
		t.Errorf("--chart: %v", err)
	}
	cands[len(cands)-1] = "c3:X=2"
	code, _, stderr = cli(t, append(append([]string{"bisect", "--resume", "-o", out}, cands...), "--suite", "latency", "--quick")...)
	if code != 2 || !strings.Contains(stderr, "bisected other candidates (its candidate c3 has another environment)") {
		t.Errorf("other candidates: exit %d %q", code, stderr)
	}
}

// TestBisectPrepareFails: with --revisions and --prepare the ends are
// prepared first; a good end that does not build stops the bisection
// (exit 1) before any gate, saying why.
func TestBisectPrepareFails(t *testing.T) {
	dir := t.TempDir()
	revs := filepath.Join(dir, "revs")
	os.WriteFile(revs, []byte("# oldest first\nv1\nv2\nv3\n"), 0o644)
	out := filepath.Join(dir, "b.json")
	code, stdout, stderr := cli(t, "bisect", "--revisions", revs, "--prepare", `echo "building $1" >&2; [ "$1" != v1 ] && echo X=1`, "--suite", "latency", "--quick", "-o", out)
	if code != 1 || !strings.Contains(stderr, "building v1") || !strings.Contains(stderr, "v1 could not be prepared") || strings.Contains(stdout, "verification:") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if r, err := bisect.Load(out); err != nil || r.Status != bisect.EndFailed || len(r.Candidates) != 3 || r.Candidates[2].Rev != "v3" {
		t.Errorf("file: %v %+v", err, r)
	}
}

// TestBisectStepGoodEndFails: under git bisect run, a good end that
// cannot run (its radvbench build missing, or one that fails before its
// first benchmark) exits 128, which stops git, with a message naming it;
// a candidate that cannot run exits 125 (git skips that commit).
func TestBisectStepGoodEndFails(t *testing.T) {
	requireVulkan(t)
	useBinary(t)
	missing := filepath.Join(t.TempDir(), "no-radvbench")
	falseExe, err := exec.LookPath("false")
	if err != nil {
		t.Skip("no false")
	}
	for _, tc := range []struct {
		name, good, cand string
		code             int
		want             string
	}{
		{"good end missing", "base:RADVBENCH_EXE=" + missing, "c", 128, "the good end base did not run: RADVBENCH_EXE=" + missing + " is not an executable file"},
		{"good end fails", "base:RADVBENCH_EXE=" + falseExe, "c", 128, "the good end base did not run"},
		{"candidate missing", "base", "c:RADVBENCH_EXE=" + missing, 125, "c did not run (skip)"},
	} {
		args := append([]string{"bisect", "step", "--good", tc.good, "--candidate", tc.cand, "-o", filepath.Join(t.TempDir(), "s.json")}, bisectGate...)
		code, _, stderr := cli(t, args...)
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		last := lines[len(lines)-1]
		if code != tc.code || !strings.Contains(last, tc.want) {
			t.Errorf("%s: exit %d, last line %q; want %d with %q", tc.name, code, last, tc.code, tc.want)
		}
		if tc.code == 128 && !strings.Contains(last, "git bisect run stops here (128)") {
			t.Errorf("%s: %q does not say git stops", tc.name, last)
		}
	}
}
