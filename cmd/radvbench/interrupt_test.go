//go:build testhooks

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// TestInterruptAndResume: in every isolation mode, a SIGTERM or SIGINT
// that cuts a benchmark short (in its setup, verification, warm-up or
// sampling; RADVBENCH_TEST_FAULT sends it from the run itself, at that
// point) ends the run with exit status 130 and the resume command on
// stderr; the journal holds the benchmark that finished before it and
// nothing of the one it cut short (no failed row, no truncated ok one;
// nothing at all when the first benchmark is cut); the results file says
// it is partial; no process is left behind. Then
// 'run --resume' runs the cut benchmark, exits 0 with no failed row and
// removes the journal. The signal goes to the run's own process (a
// user's Ctrl-C or kill: a child's parent), and in child modes also to
// the child alone and to both (a service manager stopping the tree).
func TestInterruptAndResume(t *testing.T) {
	requireVulkan(t)
	// Plan order runs naive first in-process; the default seed's shuffle
	// runs it first in the children too. The signal cuts tiled short, or
	// naive, before anything finished.
	const (
		naive = "matmul/naive/name=wg16x16,wg=16x16/K=64,M=64,N=64"
		tiled = "matmul/tiled/name=tile16,tile=16/K=64,M=64,N=64"
	)
	type tcase struct{ isolate, fault, cut string }
	var cases []tcase
	// Every mode at every phase, the two signals alternating over the
	// phases and the modes (each mode and each phase sees both), to keep
	// the test's time (18 cut runs and their resumes) within reason.
	for i, isolate := range []string{"off", "kernel", "run"} {
		for j, phase := range []string{"setup", "verify", "warmup", "sample"} {
			sig := []string{"term", "int"}[(i+j)%2]
			cases = append(cases, tcase{isolate, sig + "@" + phase, tiled})
		}
	}
	cases = append(cases, tcase{"kernel", "term/child@sample", tiled}, tcase{"run", "int/child@setup", tiled},
		tcase{"kernel", "int/all@warmup", tiled}, tcase{"run", "term/all@verify", tiled},
		tcase{"off", "int@sample", naive}, tcase{"kernel", "term@setup", naive})
	exe := binary(t)
	for i, tc := range cases {
		t.Run(tc.isolate+"/"+strings.ReplaceAll(tc.fault, "/", "-")+"/"+strings.Split(tc.cut, "/")[1], func(t *testing.T) {
			// The cases side by side (-parallel, GOMAXPROCS by default):
			// each is mostly one thread (process start, device, shader
			// compile) at a 64³ size, and each signal goes to a process
			// id of its own run (testfault.Fault), never a group.
			t.Parallel()
			dir := t.TempDir()
			out := filepath.Join(dir, "cut.json")
			// One marker a case (the cases run side by side), to find the
			// processes it leaves behind.
			marker := fmt.Sprintf("interrupt-test-%d-case%02d", os.Getpid(), i)
			code, stdout, stderr := runInterruptible(t, exe, tc.fault+":"+tc.cut, "run", "--suite", "matmul", "--filter", "matmul/(naive|tiled)/",
				"--quick", "--sizes", "64", "--max-time", "50ms", "--warmup", "1ms", "--warmup-max", "5ms", "--progress", "never",
				"--isolate="+tc.isolate, "--label", "marker="+marker, "-o", out)
			resume := fmt.Sprintf("run --resume %s", out)
			if code != base.ExitInterrupted || !strings.Contains(stderr, resume) || !strings.Contains(stderr, "partial") {
				t.Fatalf("interrupted run: exit %d, want %d and stderr naming '%s' and the partial file\n%s\n%s", code, base.ExitInterrupted, resume, stdout, stderr)
			}
			if procs := processesWith(marker); len(procs) > 0 {
				t.Errorf("processes left behind: %v", procs)
			}
			var got []string
			for _, r := range journalResults(t, out+supervise.JournalSuffix) {
				got = append(got, r.ID()+" "+string(r.Status))
			}
			var want []string // what finished before the signal
			if tc.cut == tiled {
				want = []string{naive + " " + string(resultsfile.StatusOK)}
			}
			if strings.Join(got, "; ") != strings.Join(want, "; ") {
				t.Errorf("the journal holds %q, want %q: the cut benchmark must not be journaled", got, want)
			}
			if f, err := resultsfile.Load(out); err != nil {
				t.Error(err)
			} else if !f.Partial || len(f.Results) != len(want) {
				t.Errorf("the interrupted run's results file: partial %v with %d result(s); want partial with %d", f.Partial, len(f.Results), len(want))
			}

			code, stdout, stderr = runInterruptible(t, exe, "", "run", "--resume", out)
			if code != 0 || strings.Contains(stdout, "FAILED") {
				t.Fatalf("resume: exit %d, want 0 and no failed row\n%s\n%s", code, stdout, stderr)
			}
			f, err := resultsfile.Load(out)
			if err != nil {
				t.Fatal(err)
			}
			got = nil
			for _, r := range f.Results {
				if r.Status != resultsfile.StatusOK || !r.Verified {
					t.Errorf("resumed %s: %s %q, want ok and verified", r.ID(), r.Status, r.Reason)
				}
				got = append(got, r.ID())
			}
			if f.Partial || strings.Join(got, "; ") != naive+"; "+tiled {
				t.Errorf("resumed file: partial %v, results %q; want whole with %s and %s", f.Partial, got, naive, tiled)
			}
			if _, err := os.Stat(out + supervise.JournalSuffix); !os.IsNotExist(err) {
				t.Errorf("the journal is left after the resumed run completed (%v)", err)
			}
		})
	}
}

// runInterruptible runs the radvbench binary exe with RADVBENCH_TEST_FAULT
// set to fault ("" for none) and returns its exit status and output. A
// signal's death shows as exit status -1 (the test then fails on it).
func runInterruptible(t *testing.T, exe, fault string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "RADVBENCH_TEST_FAULT="+fault)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	var ee *exec.ExitError
	if err := cmd.Run(); errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run %v: %v", args, err)
	}
	return code, out.String(), errb.String()
}

// TestInterruptUntilDecided: a run until decided that a signal cuts
// (benchmark by benchmark, the children side by side) ends with exit
// status 130, a partial file without a failed row, and says it cannot be
// resumed (its stopping rule looked at the runs as they came) rather
// than offering a --resume that would refuse.
func TestInterruptUntilDecided(t *testing.T) {
	requireVulkan(t)
	const tiled = "matmul/tiled/name=tile16,tile=16/K=64,M=64,N=64"
	out := filepath.Join(t.TempDir(), "until.json")
	code, stdout, stderr := runInterruptible(t, binary(t), "int@warmup:"+tiled, "run", "--suite", "matmul", "--filter", "matmul/(naive|tiled)/",
		"--quick", "--sizes", "64", "--max-time", "50ms", "--warmup", "1ms", "--warmup-max", "5ms", "--progress", "never",
		"--config", "A", "--config", "B", "--until-decided", "--runs", "3", "--interleave", "benchmark", "-o", out)
	if code != base.ExitInterrupted || !strings.Contains(stderr, "cannot be resumed") || strings.Contains(stderr, "--resume") {
		t.Fatalf("exit %d, want %d and stderr saying the run cannot be resumed, offering no --resume\n%s\n%s", code, base.ExitInterrupted, stdout, stderr)
	}
	f, err := resultsfile.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if !f.Partial {
		t.Error("the interrupted run's file is not marked partial")
	}
	for _, r := range f.Results {
		if r.Status != resultsfile.StatusOK {
			t.Errorf("%s@%s: %s %q, want only finished benchmarks, ok", r.ID(), r.Config, r.Status, r.Reason)
		}
	}
}
