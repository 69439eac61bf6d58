package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/gpucheck"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// TestGPUCheckLavapipe: the one-command check completes on lavapipe
// (verifying one suite: each suite's own tests verify it at quick sizes),
// under the validation layer: it says it ran on a CPU implementation,
// every suite verified and the figures were timed, its JSON summary
// parses, and its one results file holds the three steps as
// configurations (verify, time, A, B). The A/A's verdict on this busy
// machine is logged, not asserted (a false alarm fails the check with
// exit 1, which is what the check is for). The A/A's budget is short
// (its rounds stop starting after 5 s): on lavapipe it seldom decides
// within 20 s either, and one round already gives the A and B results
// checked here.
func TestGPUCheckLavapipe(t *testing.T) {
	requireVulkan(t)
	out := filepath.Join(t.TempDir(), "check.json")
	code, stdout, stderr := runValidated(t, "gpu-check", "--suite", "latency", "--json", "--aa-budget", "5s", "--progress", "never", "-o", out)
	if code != 0 && code != 1 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "a CPU implementation (lavapipe)") {
		t.Errorf("no word that the device is a CPU implementation:\n%s", stderr)
	}
	var s gpucheck.Summary
	if err := json.Unmarshal([]byte(stdout), &s); err != nil {
		t.Fatalf("the summary does not parse: %v\n%s", err, stdout)
	}
	if !s.CPU || len(s.Peaks) == 0 || len(s.GEMM) == 0 || len(s.Memory) == 0 {
		t.Errorf("summary: cpu %v, %d peaks, %d GEMM, %d memory figures", s.CPU, len(s.Peaks), len(s.GEMM), len(s.Memory))
	}
	for _, c := range s.Checks {
		t.Logf("%s: %s: %s", c.Name, c.Status, c.Detail)
		if (c.Name == "verification" || c.Name == "timing") && c.Status != gpucheck.Pass {
			t.Errorf("check %s: %s (%s)", c.Name, c.Status, c.Detail)
		}
	}
	if (code == 0) != s.Passed() {
		t.Errorf("exit %d, but the summary says passed %v", code, s.Passed())
	}
	f, err := resultsfile.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	configs := map[string]int{}
	for _, r := range f.Results {
		configs[r.Config]++
	}
	for _, c := range []string{"verify", "time", "A", "B"} {
		if configs[c] == 0 {
			t.Errorf("the results file has no results of %s: %v", c, configs)
		}
	}
}

// TestGPUCheckUsage: bad flags are usage errors (exit 2) named in one
// line, before any device is opened.
func TestGPUCheckUsage(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--suite", "nope"}, `--suite nope: unknown suite "nope"`},
		{[]string{"--aa-budget", "0s"}, "--aa-budget 0s must be positive"},
		{[]string{"extra"}, "gpu-check takes no arguments"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, _, stderr := cli(t, append([]string{"gpu-check"}, tt.args...)...)
			if code != 2 || !strings.Contains(stderr, tt.want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
				t.Errorf("exit %d, stderr %q; want 2 and one line with %q", code, stderr, tt.want)
			}
		})
	}
}
