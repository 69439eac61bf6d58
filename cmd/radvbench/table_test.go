package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	runcmd "github.com/radvbench/radvbench/cmd/radvbench/internal/run"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/golden"
)

// TestRunSkipsGrouped: a run's skips of one cause are one line after the
// table (reasons that differ only in a buffer size are one cause), never
// a row each; the results file still holds every skip with its own
// reason; 'list --skipped FILE' lists each skipped benchmark and size
// under that line; the next-step commands run as printed.
func TestRunSkipsGrouped(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.json")
	code, stdout, stderr := cli(t, "run", "--filter", "naive|tiled", "--sizes", "1048576,1048575,32",
		"--max-time", "50ms", "--warmup", "1ms", "--progress", "never", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	f, err := resultsfile.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	var skips []resultsfile.Result
	for _, r := range f.Results {
		if r.Status == resultsfile.StatusSkipped {
			if !strings.Contains(r.Reason, "exceeds") {
				t.Errorf("%s: skipped for %q, want a size beyond the device's limits", r.ID(), r.Reason)
			}
			skips = append(skips, r)
		}
	}
	if len(skips) != 4 || len(f.Results) != 6 {
		t.Fatalf("results file holds %d results, %d skipped; want 6 and 4 (naive and tiled at two huge sizes)", len(f.Results), len(skips))
	}
	if skips[0].Reason == skips[1].Reason && skips[0].Reason == skips[2].Reason {
		t.Fatalf("the huge sizes gave one reason text %q; the test wants reasons that differ in a number", skips[0].Reason)
	}
	group := regexp.MustCompile(`(?m)^4 skipped \(matmul/naive, matmul/tiled, 2 kernels\): buffer of [0-9]+–[0-9]+ bytes exceeds`)
	if !group.MatchString(stdout) {
		t.Errorf("stdout lacks one line for the 4 skips:\n%s", stdout)
	}
	if n := len(regexp.MustCompile(`(?m)^.*skipped.*$`).FindAllString(stdout, -1)); n != 2 {
		t.Errorf("%d lines of stdout say \"skipped\", want 2 (one group line, the summary):\n%s", n, stdout)
	}
	if !strings.Contains(stdout, "summary: 2 ok") || !strings.Contains(stdout, "4 skipped (") {
		t.Errorf("summary line:\n%s", stdout)
	}
	// The observer marked every timed sample: the table counts them.
	var samples, disturbed int
	for _, r := range f.Results {
		samples += len(r.Disturbed)
		disturbed += r.DisturbedSamples()
	}
	if samples == 0 || !strings.Contains(stdout, fmt.Sprintf("disturbed: %d of %d timed samples (DIST)", disturbed, samples)) ||
		!regexp.MustCompile(`(?m)^BENCHMARK .* N +DIST  STATUS$`).MatchString(stdout) {
		t.Errorf("the table does not count the %d of %d samples marked disturbed:\n%s", disturbed, samples, stdout)
	}

	code, list, stderr := cli(t, "list", "--skipped", out)
	if code != 0 {
		t.Fatalf("list --skipped exit %d: %s", code, stderr)
	}
	for _, r := range skips {
		row := regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(r.Suite+"/"+r.Kernel+"/"+r.Variant["name"]) + ` +` + regexp.QuoteMeta(resultsfile.SizeString(r.Params)) + `$`)
		if !row.MatchString(list) {
			t.Errorf("list --skipped lacks %s at %s:\n%s", r.Kernel, resultsfile.SizeString(r.Params), list)
		}
	}
	if !group.MatchString(list) || !strings.Contains(list, "4 skipped, 1 reason") {
		t.Errorf("list --skipped does not group as run does:\n%s", list)
	}

	// The next steps name real commands on the real paths: run them (a
	// second run stands for NEW.json).
	second := filepath.Join(dir, "new.json")
	if code, so, se := cli(t, "run", "--filter", "naive|tiled", "--sizes", "32", "--max-time", "50ms", "--warmup", "1ms", "--progress", "never", "-o", second); code != 0 {
		t.Fatalf("second run: exit %d\n%s%s", code, so, se)
	}
	// The run printed them: "next:" and the line under it.
	var steps []string
	if i := strings.Index(stdout, "\nnext:"); i >= 0 {
		steps = strings.SplitN(strings.TrimSpace(stdout[i+1:]), "\n", 3)
	}
	if len(steps) != 2 || !strings.Contains(steps[1], "radvbench compare "+out+" NEW.json") {
		t.Fatalf("the run's last lines are not the two next steps: %q\nstdout:\n%s", steps, stdout)
	}
	for _, s := range steps {
		cmd := strings.Fields(strings.TrimPrefix(strings.TrimSpace(strings.TrimPrefix(s, "next:")), "radvbench"))
		cmd = cmd[:wordsBefore(cmd, "(")]
		for i, a := range cmd {
			if a == "NEW.json" {
				cmd[i] = second
			}
		}
		if code, so, se := cli(t, cmd...); code != 0 {
			t.Errorf("next step %q: exit %d\n%s%s", cmd, code, so, se)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "r-report", "index.html")); err != nil || !strings.Contains(steps[0], filepath.Join(dir, "r-report", "index.html")) {
		t.Errorf("the report step %q did not write the index.html it names: %v", steps[0], err)
	}
	if got := runcmd.NextSteps(out, "rep")[0]; !strings.Contains(got, filepath.Join("rep", "index.html")) {
		t.Errorf("with --report rep the first step is %q", got)
	}
}

// wordsBefore is the index of the first word that starts with prefix
// (where a step's explanation begins), or len(ws).
func wordsBefore(ws []string, prefix string) int {
	for i, w := range ws {
		if strings.HasPrefix(w, prefix) {
			return i
		}
	}
	return len(ws)
}

// TestListSkippedBadInput: list --skipped with bad arguments is one line
// and exit 2.
func TestListSkippedBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--skipped", "a.json", "b.json"}, "at most one results file"},
		{[]string{"--skipped", filepath.Join(dir, "none.json")}, "does not exist"},
		{[]string{"--skipped", dir}, dir + " is a directory: pass one results file"},
		{[]string{"--skipped", "--no-device"}, "asks the device"},
		{[]string{"x.json"}, "list --skipped RESULTS.json"},
	} {
		code, _, stderr := cli(t, append([]string{"list"}, tc.args...)...)
		if code != 2 || !strings.Contains(stderr, tc.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("list %q: exit %d, stderr %q; want exit 2 and one line with %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestListMatmulSizes: 'list --sizes' without a device shows the matmul
// kernels with both default sweeps: a GPU's (up to 4096³ and the LLM-like
// 4096x14336x4096) and a CPU implementation's (lavapipe: small sizes).
func TestListMatmulSizes(t *testing.T) {
	code, stdout, stderr := cli(t, "list", "--suite", "matmul", "--no-device", "--sizes")
	if code != 0 {
		t.Fatalf("list: exit %d: %s", code, stderr)
	}
	golden.Check(t, filepath.Join("testdata", "list", "matmul-sizes.txt"), []byte(stdout))
}
