package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/radvbench/radvbench/reports/results"
)

// quickLatency is a small, fast selection (3 benchmarks in 2 shared-input
// groups) with short budgets.
var quickLatency = []string{"run", "--suite", "latency", "--filter", "empty|throughput", "--quick", "--max-time", "60ms", "--warmup", "1ms"}

// TestRunsShuffledRounds: --runs 3 makes three runs in fresh processes,
// each with its own seed and recorded order, and every result keeps each
// sample's run and a per-run summary. Under the validation layer.
func TestRunsShuffledRounds(t *testing.T) {
	out := filepath.Join(t.TempDir(), "runs.json")
	code, stdout, stderr := runValidated(t, append(quickLatency, "--runs", "3", "-o", out)...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for i := 1; i <= 3; i++ {
		if !strings.Contains(stderr, fmt.Sprintf("run %d/3:", i)) {
			t.Errorf("no 'run %d/3' progress line on stderr:\n%s", i, stderr)
		}
	}
	f, err := results.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Rounds) != 3 {
		t.Fatalf("%d rounds, want 3", len(f.Rounds))
	}
	var ids []string
	for _, r := range f.Results {
		ids = append(ids, r.ID())
	}
	sort.Strings(ids)
	seeds := map[uint64]bool{}
	orders := map[string]bool{}
	for i, rd := range f.Rounds {
		if rd.Index != i+1 || rd.Seed == 0 || seeds[rd.Seed] {
			t.Errorf("round %d: index %d seed %d (zero or repeated)", i, rd.Index, rd.Seed)
		}
		seeds[rd.Seed] = true
		got := append([]string(nil), rd.Order...)
		sort.Strings(got)
		if strings.Join(got, " ") != strings.Join(ids, " ") {
			t.Errorf("round %d order %v is not a permutation of the results %v", rd.Index, rd.Order, ids)
		}
		orders[strings.Join(rd.Order, " ")] = true
	}
	if len(orders) < 2 {
		t.Errorf("all three runs ran in the same order %v", f.Rounds[0].Order)
	}
	if len(f.Results) != 3 {
		t.Fatalf("%d results, want 3", len(f.Results))
	}
	for _, r := range f.Results {
		if r.Status != results.StatusOK || !r.Verified {
			t.Errorf("%s: %s %s", r.ID(), r.Status, r.Reason)
			continue
		}
		if len(r.SampleRounds) != len(r.Metric.Samples) || len(r.Runs) != 3 {
			t.Errorf("%s: %d sample rounds for %d samples, %d run summaries", r.ID(), len(r.SampleRounds), len(r.Metric.Samples), len(r.Runs))
			continue
		}
		n := 0
		for i, run := range r.Runs {
			if run.Round != i+1 || run.N < 1 || run.Median <= 0 {
				t.Errorf("%s: run summary %+v", r.ID(), run)
			}
			n += run.N
		}
		if n != len(r.Metric.Samples) {
			t.Errorf("%s: run summaries count %d samples of %d", r.ID(), n, len(r.Metric.Samples))
		}
	}
	if _, err := os.Stat(out + journalSuffix); !os.IsNotExist(err) {
		t.Errorf("the journal is left after a complete run: %v", err)
	}
}

// TestIsolateFaults: under --isolate, a hung dispatch (the hidden endless
// kernel) is killed by the watchdog, children that die of SIGSEGV and of
// SIGABRT while sampling are recorded with the signal, every other
// benchmark finishes and verifies, and no process is left behind.
func TestIsolateFaults(t *testing.T) {
	t.Setenv("RADVBENCH_TEST_SUITES", "1")
	segv, abort := "latency/throughput/barrier=no,name=nobarrier", "latency/throughput/barrier=yes,name=barrier"
	t.Setenv("RADVBENCH_TEST_FAULT", "segv:"+segv+";abort:"+abort)
	dir := t.TempDir()
	out := filepath.Join(dir, "iso.json")
	marker := fmt.Sprintf("isolate-test-%d-%s", os.Getpid(), filepath.Base(dir)) // unique across concurrent test processes
	code, stdout, stderr := runValidated(t, "run", "--suite", "latency,testfault", "--filter", "empty|throughput|multisubmit|endless",
		"--quick", "--max-time", "60ms", "--warmup", "1ms", "--isolate", "--watchdog", "3s", "--label", "marker="+marker, "-o", out)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (benchmarks failed)\n%s\n%s", code, stdout, stderr)
	}
	if procs := processesWith(marker); len(procs) > 0 {
		t.Errorf("processes left behind: %v", procs)
	}
	f, err := results.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"testfault/endless/invocations=1,name=spin": "hung: no progress for 3s",
		segv:                                   "crashed with SIGSEGV",
		abort:                                  "crashed with SIGABRT",
		"latency/empty/invocations=1,name=1x1": "",
		"latency/multisubmit/api=c-shim,command_buffers=64,name=cbs64": "",
	}
	for _, r := range f.Results {
		w, ok := want[r.ID()]
		if !ok {
			t.Errorf("unexpected result %s", r.ID())
			continue
		}
		delete(want, r.ID())
		if w == "" {
			if r.Status != results.StatusOK || !r.Verified {
				t.Errorf("%s: %s %q, want ok and verified", r.ID(), r.Status, r.Reason)
			}
			continue
		}
		if r.Status != results.StatusFailed || !strings.Contains(r.Reason, w) {
			t.Errorf("%s: %s %q, want failed naming %q", r.ID(), r.Status, r.Reason, w)
		}
	}
	for id := range want {
		t.Errorf("no result for %s: a fault cost more than its own benchmark", id)
	}
	if !strings.Contains(stdout, "crashed: 2, hung (killed by the watchdog): 1") {
		t.Errorf("summary does not count the faults:\n%s", stdout)
	}
}

// TestIsolateDeviceLost: a hung dispatch that the child itself gives up
// on (its fence wait times out, so the device is lost) is recorded as
// failed with the reason; the child exits at once and a fresh child
// finishes the run.
func TestIsolateDeviceLost(t *testing.T) {
	t.Setenv("RADVBENCH_TEST_SUITES", "1")
	t.Setenv("RADVBENCH_TEST_FENCE_TIMEOUT", "1s")
	out := filepath.Join(t.TempDir(), "lost.json")
	code, stdout, stderr := runValidated(t, "run", "--suite", "testfault,latency", "--filter", "endless|empty",
		"--quick", "--max-time", "60ms", "--warmup", "1ms", "--isolate=run", "--order-seed", "3", "-o", out)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
	f, err := results.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Results) != 2 || len(f.Rounds) != 1 || !strings.HasPrefix(f.Rounds[0].Order[0], "testfault/endless") {
		t.Fatalf("%d results, rounds %+v; want 2 results, the endless kernel first", len(f.Results), f.Rounds)
	}
	for _, r := range f.Results {
		switch r.Kernel {
		case "endless":
			if r.Status != results.StatusFailed || !strings.Contains(r.Reason, "did not finish within 1s") {
				t.Errorf("endless: %s %q, want failed as a lost device", r.Status, r.Reason)
			}
		default:
			if r.Status != results.StatusOK || !r.Verified {
				t.Errorf("%s: %s %q after the lost device, want ok", r.ID(), r.Status, r.Reason)
			}
		}
	}
	if !strings.Contains(stdout, "device lost: 1") {
		t.Errorf("summary does not count the lost device:\n%s", stdout)
	}
}

// processesWith lists the processes whose command line contains s.
func processesWith(s string) []string {
	var out []string
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		cmd, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && bytes.Contains(cmd, []byte(s)) {
			out = append(out, e.Name()+": "+strings.ReplaceAll(string(cmd), "\x00", " "))
		}
	}
	return out
}

// journalResults reads the result lines of a journal.
func journalResults(t *testing.T, path string) []results.Result {
	t.Helper()
	st, err := readJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []results.Result
	for _, e := range st.Entries {
		if e.Result != nil {
			out = append(out, *e.Result)
		}
	}
	return out
}

// countLines counts the complete lines of a file (0 when absent).
func countLines(path string) int {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<26)
	for sc.Scan() {
		n++
	}
	return n
}

// outcome is a results file reduced to what an interrupted and resumed
// run must share with an uninterrupted one: the benchmarks and their
// verification status, per configuration.
func outcome(f *results.File) []string {
	var out []string
	for _, r := range f.Results {
		out = append(out, fmt.Sprintf("%s@%s %s verified=%v", r.ID(), r.Config, r.Status, r.Verified))
	}
	sort.Strings(out)
	return out
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
		// lines is how many journal lines (header included) to wait for.
		lines int
	}{
		{"in-process", []string{"--isolate=off"}, 3},
		{"supervised", []string{"--isolate=run", "--runs", "2"}, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			args := []string{"run", "--suite", "latency", "--quick", "--max-time", "150ms", "--warmup", "1ms", "--progress", "never"}
			args = append(args, tc.extra...)
			full := filepath.Join(dir, "full.json")
			code, stdout, stderr := runValidated(t, append(args, "-o", full)...)
			if code != 0 {
				t.Fatalf("uninterrupted run: exit %d\n%s\n%s", code, stdout, stderr)
			}
			want, err := results.Load(full)
			if err != nil {
				t.Fatal(err)
			}

			out := filepath.Join(dir, "cut.json")
			jpath := out + journalSuffix
			cmd := exec.Command(binary(t), append(args, "-o", out)...)
			cmd.Env = validationEnv()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(2 * time.Minute)
			for countLines(jpath) < tc.lines && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			cmd.Process.Signal(syscall.SIGKILL)
			cmd.Wait()
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Fatalf("a results file exists after the kill (%v): the run was not cut halfway", err)
			}
			finished := journalResults(t, jpath)
			if len(finished) < tc.lines-1 || len(finished) >= len(want.Results)*max(1, len(want.Rounds)) {
				t.Fatalf("the journal holds %d results after the kill", len(finished))
			}
			for _, r := range finished {
				if r.Status != results.StatusOK || !r.Verified {
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
			changeJournalSystem(t, jpath, other+journalSuffix)
			code, stdout, stderr = runValidated(t, "run", "--resume", other)
			if code != 2 || !strings.Contains(stderr, "fingerprint.kernel.release") || !strings.Contains(stderr, "device.driver_info") {
				t.Errorf("resume on another system: exit %d, stderr %q; want 2 naming kernel.release and driver_info", code, stderr)
			}
			if _, err := os.Stat(other); !os.IsNotExist(err) {
				t.Errorf("a refused resume wrote %s", other)
			}

			code, stdout, stderr = runValidated(t, "run", "--resume", out)
			if code != 0 {
				t.Fatalf("resume: exit %d\n%s\n%s", code, stdout, stderr)
			}
			if !strings.Contains(stderr, "partial line") {
				t.Errorf("resume did not note the torn last line: %s", stderr)
			}
			got, err := results.Load(out)
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
func changeJournalSystem(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	first, rest, _ := bytes.Cut(data, []byte("\n"))
	var h journalHeader
	if err := json.Unmarshal(first, &h); err != nil {
		t.Fatal(err)
	}
	h.File.Fingerprint["kernel.release"] = "0.0.0-other"
	h.File.Device.DriverInfo = "Mesa 0.0"
	h.Out = strings.TrimSuffix(to, journalSuffix)
	first, _ = json.Marshal(h)
	if err := os.WriteFile(to, append(append(first, '\n'), rest...), 0o644); err != nil {
		t.Fatal(err)
	}
}

// mountTmpfs mounts a tmpfs of size at dir (options added), or skips the
// test when mounting is not permitted (not root, no CAP_SYS_ADMIN).
func mountTmpfs(t *testing.T, dir, opts string) {
	t.Helper()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", opts, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs for the file-system fault (needs root): %v: %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", "-l", dir).Run() })
}

// TestOutputFaults: a full disk, a read-only directory and a results path
// that is a directory are each one line naming the path, exit 2 before any
// benchmark runs, no partial file, and an earlier file left intact.
func TestOutputFaults(t *testing.T) {
	earlier := []byte(`{"schema":"radvbench/results/v1","earlier":true}` + "\n")
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, dir string) (out string)
		want  string
	}{
		{"full disk", func(t *testing.T, dir string) string {
			mountTmpfs(t, dir, "size=64k")
			os.WriteFile(filepath.Join(dir, "r.json"), earlier, 0o644)
			// Fill what is left.
			f, _ := os.Create(filepath.Join(dir, "filler"))
			f.Write(make([]byte, 1<<20))
			f.Close()
			return filepath.Join(dir, "r.json")
		}, "not enough free space in"},
		{"read-only directory", func(t *testing.T, dir string) string {
			mountTmpfs(t, dir, "size=1m")
			os.WriteFile(filepath.Join(dir, "r.json"), earlier, 0o644)
			if out, err := exec.Command("mount", "-o", "remount,ro", dir).CombinedOutput(); err != nil {
				t.Skipf("cannot remount read-only: %v: %s", err, out)
			}
			return filepath.Join(dir, "r.json")
		}, "cannot write results into"},
		{"path is a directory", func(t *testing.T, dir string) string {
			os.Mkdir(filepath.Join(dir, "r.json"), 0o755)
			return filepath.Join(dir, "r.json")
		}, "is a directory"},
		{"directory under a file", func(t *testing.T, dir string) string {
			os.WriteFile(filepath.Join(dir, "file"), earlier, 0o644)
			return filepath.Join(dir, "file", "sub", "r.json")
		}, "cannot create the results directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			out := tc.setup(t, dir)
			before, _ := os.ReadFile(out)
			code, stdout, stderr := cli(t, append(quickLatency, "-o", out)...)
			if code != 2 || !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, filepath.Dir(out)) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want 2 and one line with %q naming %s", code, stderr, tc.want, filepath.Dir(out))
			}
			if strings.Contains(stdout, "BENCHMARK") {
				t.Errorf("benchmarks ran before the error:\n%s", stdout)
			}
			after, _ := os.ReadFile(out)
			if !bytes.Equal(before, after) {
				t.Errorf("%s changed: %q -> %q", out, before, after)
			}
			if _, err := os.Stat(out + journalSuffix); err == nil {
				t.Errorf("a journal was left")
			}
			ents, _ := os.ReadDir(filepath.Dir(out))
			for _, e := range ents {
				if strings.HasPrefix(e.Name(), ".") {
					t.Errorf("temporary file left: %s", e.Name())
				}
			}
		})
	}
}

// TestRunsBadInput: bad --runs/--isolate/--resume use is exit 2 with one
// line naming the problem, before any benchmark runs.
func TestRunsBadInput(t *testing.T) {
	dir := t.TempDir()
	stale := filepath.Join(dir, "stale.json")
	os.WriteFile(stale+journalSuffix, []byte("{}\n"), 0o644)
	notJournal := filepath.Join(dir, "x.journal")
	os.WriteFile(notJournal, []byte("hello\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--runs", "0"}, "--runs 0 must be at least 1"},
		{[]string{"--runs", "2", "--rounds", "2"}, "give only --runs"},
		{[]string{"--isolate=sometimes"}, `--isolate "sometimes"`},
		{[]string{"--watchdog", "-1s"}, "must not be negative"},
		{[]string{"--resume", filepath.Join(dir, "none.json")}, "does not exist"},
		{[]string{"--resume", notJournal}, "is not a radvbench journal"},
		{[]string{"-o", stale}, "is the journal of an interrupted run"},
		{[]string{"--suite", "testfault"}, `unknown suite "testfault"`},
	} {
		args := append([]string{"run", "--quick", "--filter", "empty", "--suite", "latency"}, tc.args...)
		if tc.args[0] == "--resume" {
			args = append([]string{"run"}, tc.args...)
		}
		code, _, stderr := cli(t, args...)
		if code != 2 || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
	code, _, stderr := cli(t, "run", "--resume", stale, "--runs", "3")
	if code != 2 || !strings.Contains(stderr, "drop --runs") {
		t.Errorf("--resume with other flags: exit %d %q", code, stderr)
	}
}

// TestOutputFaultsMidRun: the disk filling up during a run stops it with
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
		cmd := exec.Command(binary(t), append(args, "-o", out)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(time.Minute)
		for countLines(out+journalSuffix) < 1 && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		fill, _ := os.Create(filepath.Join(dir, "filler"))
		for {
			if _, err := fill.Write(make([]byte, 4096)); err != nil {
				break
			}
		}
		fill.Close()
		err := cmd.Wait()
		ee, ok := err.(*exec.ExitError)
		msg := stderr.String()
		if !ok || ee.ExitCode() != 1 || !strings.Contains(msg, out+journalSuffix) || !strings.Contains(msg, "no space left") || !strings.Contains(msg, "--resume") {
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
		if _, err := readJournal(out + journalSuffix); err != nil {
			t.Errorf("the journal is not readable after the disk filled: %v", err)
		}
	})
	t.Run("directory vanishes", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "out")
		out := filepath.Join(dir, "r.json")
		cmd := exec.Command(binary(t), append(args, "-o", out)...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(time.Minute)
		for countLines(out+journalSuffix) < 2 && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		if err := cmd.Wait(); err != nil {
			t.Fatalf("run: %v", err)
		}
		f, err := results.Load(out)
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Results) != 3 {
			t.Errorf("%d results, want 3", len(f.Results))
		}
	})
}
