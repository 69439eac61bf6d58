//go:build testhooks

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/vktest"
)

// Fault tests need the test build (-tags testhooks): the hidden testfault
// suite, faults a child inflicts on itself, and RADVBENCH_TEST_PAUSE,
// which stops a run at a known point so a test kills it or fills its disk
// there instead of racing it.

// TestIsolateFaults: under --isolate, children that die of SIGSEGV and
// of SIGABRT while sampling are recorded with the signal, a hung
// dispatch (the hidden endless kernel) that the child gives up on is a
// lost device, every other benchmark finishes and verifies, and no
// process is left behind. No wall clock decides anything: the endless
// kernel never finishes, so any fence bound ends it as a lost device.
func TestIsolateFaults(t *testing.T) {
	segv, abort := "latency/throughput/barrier=no,name=nobarrier", "latency/throughput/barrier=yes,name=barrier"
	t.Setenv("RADVBENCH_TEST_FAULT", "segv:"+segv+";abort:"+abort)
	t.Setenv("RADVBENCH_TEST_FENCE_TIMEOUT", "1s")
	dir := t.TempDir()
	out := filepath.Join(dir, "iso.json")
	marker := fmt.Sprintf("isolate-test-%d-%s", os.Getpid(), filepath.Base(dir)) // unique across concurrent test processes
	code, stdout, stderr := runValidated(t, "run", "--suite", "latency,testfault", "--filter", "empty|throughput|multisubmit|endless",
		"--quick", "--max-time", "60ms", "--warmup", "1ms", "--isolate", "--label", "marker="+marker, "-o", out)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (benchmarks failed)\n%s\n%s", code, stdout, stderr)
	}
	if procs := processesWith(marker); len(procs) > 0 {
		t.Errorf("processes left behind: %v", procs)
	}
	checkFaultResults(t, out, map[string]string{
		"testfault/endless/invocations=1,name=spin": "did not finish within 1s",
		segv:                                   "crashed with SIGSEGV",
		abort:                                  "crashed with SIGABRT",
		"latency/empty/invocations=1,name=1x1": "",
		"latency/multisubmit/api=c-shim,command_buffers=64,name=cbs64": "",
	})
	if !strings.Contains(stdout, "crashed: 2, hung (killed by the watchdog): 0, device lost: 1") {
		t.Errorf("summary does not count the faults:\n%s", stdout)
	}
}

// TestIsolateHang (-long): a real hang (the endless kernel, no fence
// bound) is killed by the watchdog and costs only its own benchmark.
func TestIsolateHang(t *testing.T) {
	if !*long {
		t.Skip("races a real watchdog against a real hang: run with -long (the watchdog itself is tested without a clock in bench/supervise)")
	}
	out := filepath.Join(t.TempDir(), "hang.json")
	code, stdout, stderr := runValidated(t, "run", "--suite", "testfault,latency", "--filter", "endless|empty",
		"--quick", "--max-time", "60ms", "--warmup", "1ms", "--isolate", "--watchdog", "20s", "-o", out)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
	checkFaultResults(t, out, map[string]string{
		"testfault/endless/invocations=1,name=spin": "hung: no progress for 20s (the watchdog budget)",
		"latency/empty/invocations=1,name=1x1":      "",
	})
}

// checkFaultResults checks that a results file holds exactly the wanted
// benchmarks: failed naming the given reason, or ok and verified ("").
func checkFaultResults(t *testing.T, path string, want map[string]string) {
	t.Helper()
	f, err := resultsfile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range f.Results {
		w, ok := want[r.ID()]
		if !ok {
			t.Errorf("unexpected result %s", r.ID())
			continue
		}
		delete(want, r.ID())
		if w == "" {
			if r.Status != resultsfile.StatusOK || !r.Verified {
				t.Errorf("%s: %s %q, want ok and verified", r.ID(), r.Status, r.Reason)
			}
			continue
		}
		if r.Status != resultsfile.StatusFailed || !strings.Contains(r.Reason, w) {
			t.Errorf("%s: %s %q, want failed naming %q", r.ID(), r.Status, r.Reason, w)
		}
	}
	for id := range want {
		t.Errorf("no result for %s: a fault cost more than its own benchmark", id)
	}
}

// TestIsolateDeviceLost: in one child per run (--isolate=run), a hung
// dispatch that the child gives up on (its fence wait times out, so the
// device is lost) is recorded as failed with the reason; the child exits
// at once and a fresh child finishes the run.
func TestIsolateDeviceLost(t *testing.T) {
	t.Setenv("RADVBENCH_TEST_FENCE_TIMEOUT", "1s")
	out := filepath.Join(t.TempDir(), "lost.json")
	code, stdout, stderr := runValidated(t, "run", "--suite", "testfault,latency", "--filter", "endless|empty",
		"--quick", "--max-time", "60ms", "--warmup", "1ms", "--isolate=run", "--order-seed", "3", "-o", out)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
	f, err := resultsfile.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Results) != 2 || len(f.Rounds) != 1 || !strings.HasPrefix(f.Rounds[0].Order[0], "testfault/endless") {
		t.Fatalf("%d results, runs %+v; want 2 results, the endless kernel first", len(f.Results), f.Rounds)
	}
	checkFaultResults(t, out, map[string]string{
		"testfault/endless/invocations=1,name=spin": "did not finish within 1s",
		"latency/empty/invocations=1,name=1x1":      "",
	})
	if !strings.Contains(stdout, "child processes: 2; crashed: 0, hung (killed by the watchdog): 0, device lost: 1") {
		t.Errorf("summary does not count the lost device and the fresh child:\n%s", stdout)
	}
}

// pausedRun is radvbench stopped after its n-th journaled result
// (RADVBENCH_TEST_PAUSE), so a test acts at a known point.
type pausedRun struct {
	cmd    *exec.Cmd
	marker string
	exited chan error
	stderr bytes.Buffer
}

// TestInProcessHangExits: a dispatch that never finishes in an
// in-process run (lavapipe's default) fails its benchmark when the fence
// wait times out, and the process then reports and exits instead of
// waiting forever for the hung queue (it used to: a hung run spun on the
// CPU for hours). A hang here shows as the test binary's timeout.
func TestInProcessHangExits(t *testing.T) {
	t.Setenv("RADVBENCH_TEST_FENCE_TIMEOUT", "1s")
	out := filepath.Join(t.TempDir(), "hang.json")
	code, stdout, stderr := runValidated(t, "run", "--suite", "testfault,latency", "--filter", "endless|empty", "--quick",
		"--max-time", "60ms", "--warmup", "1ms", "--isolate=off", "-o", out)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
	checkFaultResults(t, out, map[string]string{
		"testfault/endless/invocations=1,name=spin": "did not finish within 1s",
		// The device is unusable after the hang: later benchmarks of the
		// same process fail too (a child per kernel avoids that).
		"latency/empty/invocations=1,name=1x1": "",
	})
}

// startPaused starts radvbench with args under the validation layer and
// returns once it has paused after its n-th journaled result.
func startPaused(t *testing.T, journal string, n int, args ...string) *pausedRun {
	t.Helper()
	p := &pausedRun{cmd: exec.Command(binary(t), args...), marker: journal + ".paused", exited: make(chan error, 1)}
	p.cmd.Env = vktest.Env(fmt.Sprintf("RADVBENCH_TEST_PAUSE=%d", n))
	p.cmd.Stderr = &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.exited <- p.cmd.Wait() }()
	t.Cleanup(func() { p.cmd.Process.Kill() })
	for {
		if _, err := os.Stat(p.marker); err == nil {
			return p
		}
		select {
		case err := <-p.exited:
			t.Fatalf("the run ended (%v) before its result %d paused it: %s", err, n, p.stderr.String())
		case <-time.After(20 * time.Millisecond): // a poll for an event, not a deadline
		}
	}
}

// resume lets the run go on and waits for it to end.
func (p *pausedRun) resume() error {
	os.Remove(p.marker)
	return <-p.exited
}

// kill ends the run with SIGKILL where it paused.
func (p *pausedRun) kill() {
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.exited
	os.Remove(p.marker)
}

// TestKillAndResume: the parent 'radvbench run' is killed with SIGKILL
// halfway (in-process, and supervised with two runs); the journal holds
// every finished benchmark, a torn last line is tolerated, a different
// fingerprint is refused with the difference named, and --resume writes a
// file equal (benchmarks, verification) to an uninterrupted run's.
func TestKillAndResume(t *testing.T) {
	for _, tc := range []struct {
		name  string
		extra []string
		// results is how many journaled results to kill the run after.
		results int
	}{
		{"in-process", []string{"--isolate=off"}, 2},
		{"supervised", []string{"--isolate=run", "--runs", "2"}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			// Three benchmarks are enough to cut a run between two of
			// them (in-process: after 2 of 3; supervised: after 3 of 6,
			// in the second run); which benchmarks they are does not
			// matter to the journal.
			args := []string{"run", "--suite", "latency", "--filter", "empty|throughput", "--quick", "--max-time", "60ms", "--warmup", "1ms", "--progress", "never"}
			args = append(args, tc.extra...)
			full := filepath.Join(dir, "full.json")
			code, stdout, stderr := runValidated(t, append(args, "-o", full)...)
			if code != 0 {
				t.Fatalf("uninterrupted run: exit %d\n%s\n%s", code, stdout, stderr)
			}
			want, err := resultsfile.Load(full)
			if err != nil {
				t.Fatal(err)
			}

			out := filepath.Join(dir, "cut.json")
			jpath := out + supervise.JournalSuffix
			startPaused(t, jpath, tc.results, append(args, "-o", out)...).kill()
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Fatalf("a results file exists after the kill (%v): the run was not cut halfway", err)
			}
			finished := journalResults(t, jpath)
			if len(finished) != tc.results {
				t.Fatalf("the journal holds %d results after the kill", len(finished))
			}
			for _, r := range finished {
				if r.Status != resultsfile.StatusOK || !r.Verified {
					t.Errorf("journal: %s %s %q", r.ID(), r.Status, r.Reason)
				}
			}
			// A power cut may leave half a line.
			jf, err := os.OpenFile(jpath, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			jf.WriteString(`{"round":1,"result":{"suite":"latency","ker`)
			jf.Close()

			// A different system is refused, naming what differs.
			other := filepath.Join(dir, "other.json")
			changeJournalSystem(t, jpath, other+supervise.JournalSuffix)
			code, stdout, stderr = runValidated(t, "run", "--resume", other)
			if code != 2 || !strings.Contains(stderr, "fingerprint.kernel.release") || !strings.Contains(stderr, "device.driver_info") ||
				!strings.HasSuffix(strings.TrimSpace(stderr), "(resume on the same system, or pass --force to mix them)") {
				t.Errorf("resume on another system: exit %d, stderr %q; want 2 naming kernel.release and driver_info, and --force", code, stderr)
			}
			if _, err := os.Stat(other); !os.IsNotExist(err) {
				t.Errorf("a refused resume wrote %s", other)
			}
			if tc.name == "in-process" {
				// --force mixes them, and the note says it was forced.
				code, stdout, stderr = runValidated(t, "run", "--resume", other, "--force")
				if code != 0 || !strings.Contains(stderr, "resuming "+other+supervise.JournalSuffix+" on a different system, as forced: ") {
					t.Errorf("forced resume on another system: exit %d, stderr %q; want 0 and the note naming --force\n%s", code, stderr, stdout)
				}
			}

			code, stdout, stderr = runValidated(t, "run", "--resume", out)
			if code != 0 {
				t.Fatalf("resume: exit %d\n%s\n%s", code, stdout, stderr)
			}
			if !strings.Contains(stderr, "partial line") {
				t.Errorf("resume did not note the torn last line: %s", stderr)
			}
			got, err := resultsfile.Load(out)
			if err != nil {
				t.Fatal(err)
			}
			if g, w := outcome(got), outcome(want); strings.Join(g, "\n") != strings.Join(w, "\n") {
				t.Errorf("resumed file differs from an uninterrupted run:\n got %v\nwant %v", g, w)
			}
			if len(got.Rounds) != len(want.Rounds) {
				t.Errorf("resumed file has %d rounds, want %d", len(got.Rounds), len(want.Rounds))
			}
			for _, r := range finished {
				found := false
				for _, g := range got.Results {
					found = found || g.ID() == r.ID()
				}
				if !found {
					t.Errorf("journaled result %s lost on resume", r.ID())
				}
			}
			if _, err := os.Stat(jpath); !os.IsNotExist(err) {
				t.Errorf("the journal is left after the resumed run completed")
			}
		})
	}
}

// changeJournalSystem copies a journal with another kernel release and
// driver in its header, as if the machine had been updated.
// TestOutputFaultsMidRun: the disk filling up during a run (after its
// first journaled result) stops it with
// the journal's path in a one-line error and no results file (an earlier
// file stays intact); the output directory vanishing during a run does not
// lose it (the directory is made again and the file written whole).
func TestOutputFaultsMidRun(t *testing.T) {
	args := []string{"run", "--suite", "latency", "--filter", "empty|throughput", "--quick", "--max-time", "300ms", "--warmup", "1ms", "--progress", "never", "--isolate=off"}
	t.Run("disk fills", func(t *testing.T) {
		dir := t.TempDir()
		mountTmpfs(t, dir, "size=320k") // passes the check at the start (224 KiB for 3 results)
		out := filepath.Join(dir, "r.json")
		earlier := []byte(`{"earlier":true}` + "\n")
		os.WriteFile(out, earlier, 0o644)
		run := startPaused(t, out+supervise.JournalSuffix, 1, append(args, "-o", out)...)
		fill, _ := os.Create(filepath.Join(dir, "filler"))
		for {
			if _, err := fill.Write(make([]byte, 4096)); err != nil {
				break
			}
		}
		fill.Close()
		err := run.resume()
		ee, ok := err.(*exec.ExitError)
		msg := run.stderr.String()
		if !ok || ee.ExitCode() != 1 || !strings.Contains(msg, out+supervise.JournalSuffix) || !strings.Contains(msg, "no space left") || !strings.Contains(msg, "--resume") {
			t.Errorf("exit %v, stderr %q; want 1 naming the journal, the cause and --resume", err, msg)
		}
		t.Logf("stderr: %s", msg)
		if got, _ := os.ReadFile(out); !bytes.Equal(got, earlier) {
			t.Errorf("the earlier results file changed: %q", got)
		}
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), ".") {
				t.Errorf("temporary file left: %s", e.Name())
			}
		}
		if _, err := supervise.ReadJournal(out + supervise.JournalSuffix); err != nil {
			t.Errorf("the journal is not readable after the disk filled: %v", err)
		}
	})
	t.Run("directory vanishes", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "out")
		out := filepath.Join(dir, "r.json")
		run := startPaused(t, out+supervise.JournalSuffix, 1, append(args, "-o", out)...)
		if err := os.RemoveAll(dir); err != nil { // the pause marker goes too: the run goes on
			t.Fatal(err)
		}
		if err := <-run.exited; err != nil {
			t.Fatalf("run: %v", err)
		}
		f, err := resultsfile.Load(out)
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Results) != 3 {
			t.Errorf("%d results, want 3", len(f.Results))
		}
	})
}
