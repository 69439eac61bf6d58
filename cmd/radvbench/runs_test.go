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
	"testing"

	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/core/resultsfile"
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
	f, err := resultsfile.Load(out)
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
		if r.Status != resultsfile.StatusOK || !r.Verified {
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
	if _, err := os.Stat(out + supervise.JournalSuffix); !os.IsNotExist(err) {
		t.Errorf("the journal is left after a complete run: %v", err)
	}
}

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
func journalResults(t *testing.T, path string) []resultsfile.Result {
	t.Helper()
	st, err := supervise.ReadJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []resultsfile.Result
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
func outcome(f *resultsfile.File) []string {
	var out []string
	for _, r := range f.Results {
		out = append(out, fmt.Sprintf("%s@%s %s verified=%v", r.ID(), r.Config, r.Status, r.Verified))
	}
	sort.Strings(out)
	return out
}

func changeJournalSystem(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	first, rest, _ := bytes.Cut(data, []byte("\n"))
	var h supervise.Header
	if err := json.Unmarshal(first, &h); err != nil {
		t.Fatal(err)
	}
	h.File.Fingerprint["kernel.release"] = "0.0.0-other"
	h.File.Device.DriverInfo = "Mesa 0.0"
	h.Out = strings.TrimSuffix(to, supervise.JournalSuffix)
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
			if _, err := os.Stat(out + supervise.JournalSuffix); err == nil {
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
	os.WriteFile(stale+supervise.JournalSuffix, []byte("{}\n"), 0o644)
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
		{[]string{"--quiet-wait", "-1s"}, "must not be negative"},
		{[]string{"--resume", filepath.Join(dir, "none.json")}, "does not exist"},
		{[]string{"--resume", notJournal}, "is not a radvbench journal"},
		{[]string{"-o", stale}, "is the journal of an interrupted run"},
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
