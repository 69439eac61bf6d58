package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestParseArgs: the defaults are the check (3 bisections of 7
// candidates, slow from position 4, git bisect run); mistakes are usage
// errors naming the fix.
func TestParseArgs(t *testing.T) {
	exe, err := os.Executable() // an executable file to stand for radvbench
	if err != nil {
		t.Fatal(err)
	}
	c, err := parseArgs([]string{exe}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.bisections != 3 || c.candidates != 7 || c.slow != 4 || c.mode != "git" || c.budget != 90*time.Second || c.neighbour == nil {
		t.Errorf("defaults %+v", c)
	}
	if got := strings.Join(c.gateArgs(), " "); got != "--suite matmul --filter naive --sizes 64 --quick --threshold 25 --budget 1m30s" {
		t.Errorf("gate args %q", got)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "give the radvbench binary"},
		{[]string{filepath.Join(t.TempDir(), "radvbench")}, "is not an executable file"},
		{[]string{"-slow-from", "7", exe}, "-slow-from 7: a position from 1 to 6"},
		{[]string{"-slow-from", "0", exe}, "0 is the good end"},
		{[]string{"-candidates", "2", exe}, "at least 3"},
		{[]string{"-mode", "both", exe}, `-mode "both": use git or list`},
		{[]string{"-neighbour", "1000", exe}, "ON_MS,OFF_MS,THREADS"},
		{[]string{"-bisections", "0", exe}, "at least 1"},
	} {
		_, err := parseArgs(tc.args, io.Discard)
		if _, ok := err.(usageError); !ok || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want a usage error with %q", tc.args, err, tc.want)
		}
	}
}

// TestParseSteps reads the steps of a real git bisect run of radvbench
// bisect step (lavapipe, beside the neighbour), and a step stopped once
// answered.
func TestParseSteps(t *testing.T) {
	b, err := os.ReadFile("testdata/git-bisect-run.log")
	if err != nil {
		t.Fatal(err)
	}
	got := parseSteps(string(b))
	if want := []step{{Candidate: "c1", Mark: "good", Rounds: 3}}; !slices.Equal(got, want) {
		t.Errorf("steps %+v, want %+v", got, want)
	}
	if m := firstBadRE.FindStringSubmatch(string(b)); m == nil || m[1] != "63c5d23578aff649e319bc0c32507436451577c1" {
		t.Errorf("first bad %q", m)
	}
	line := "c4: bad — slower: matmul/naive/x; 3 round(s) (stopped once answered: the one-sided question was decided) (results: /tmp/s.json)\n"
	if got := parseSteps(line); !slices.Equal(got, []step{{Candidate: "c4", Mark: "bad", Rounds: 3, Answered: true}}) {
		t.Errorf("answered step %+v", got)
	}
}

// TestReport: a bisection's line and the summary say found or missed,
// the steps and the time.
func TestReport(t *testing.T) {
	hit := outcome{Found: "c4", Steps: []step{{"c3", "good", 4, true}, {"c5", "bad", 3, false}, {"c4", "bad", 3, true}}, Seconds: 120, Log: "b.log"}
	miss := outcome{Steps: []step{{"c3", "unsure", 12, false}}, Seconds: 95, Exit: 1, Log: "m.log"}
	if got, want := hit.line(1, "c4"), "bisection 1: found c4; 3 step(s): c3 good 4r (answered), c5 bad 3r, c4 bad 3r (answered); 120 s (exit 0; log b.log)"; got != want {
		t.Errorf("line\n%s\nwant\n%s", got, want)
	}
	if got := miss.line(2, "c4"); !strings.HasPrefix(got, "bisection 2: MISSED c4 (found nothing); 1 step(s): c3 unsure 12r; 95 s (exit 1") {
		t.Errorf("missed line %q", got)
	}
	var buf bytes.Buffer
	if n := summarize(&buf, []outcome{hit, miss, hit}, "c4"); n != 2 || buf.String() != "found c4 in 2 of 3 bisection(s); wall time min 95 s, median 120 s, max 120 s\n" {
		t.Errorf("summary %d %q", n, buf.String())
	}
	if w := wrapper("/opt/rb", 4, 4); !strings.Contains(w, "GALLIVM_PERF=nopt exec '/opt/rb' \"$@\"") {
		t.Errorf("slow wrapper %q", w)
	}
	if w := wrapper("/opt/rb", 3, 4); strings.Contains(w, "nopt") {
		t.Errorf("fast wrapper %q", w)
	}
}

// TestStepScript: the step script passes every argument to radvbench as
// given, a filter with shell syntax included (sh runs it with a stand-in
// radvbench that prints its arguments).
func TestStepScript(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "radvbench")
	if err := os.WriteFile(exe, []byte("#!/bin/sh\nfor a; do echo \"$a\"; done\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	c, err := parseArgs([]string{"-filter", "^matmul/(naive|tiled)/", "-o", filepath.Join(dir, "o ut"), exe}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "step.sh")
	if err := os.WriteFile(script, []byte(stepScript(c, "/b/c 0")), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(script)
	cmd.Env = append(os.Environ(), "BISECTCHECK_N=2", "GIT_DIR=/nonexistent")
	out, _ := cmd.Output() // git log fails outside a repository: the name is empty
	want := []string{"bisect", "step", "--suite", "matmul", "--filter", "^matmul/(naive|tiled)/", "--sizes", "64", "--quick",
		"--threshold", "25", "--budget", "1m30s", "--good", "good:RADVBENCH_EXE=/b/c 0", "--candidate"}
	got := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(got) != len(want)+3 || !slices.Equal(got[:len(want)], want) || got[len(want)+1] != "-o" || got[len(want)+2] != filepath.Join(dir, "o ut", "bisection-2-.json") {
		t.Errorf("radvbench got %q, want %q then the candidate and -o", got, want)
	}
}
