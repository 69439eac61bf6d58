package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/tuning"
)

// tuneArgs are a tiny sweep on lavapipe: two tiled candidates at 48³.
var tuneArgs = []string{"tune", "--filter", `matmul/tiled/tile(8|16)$`, "--sizes", "48", "--max-time", "50ms", "--warmup", "1ms", "--warmup-max", "1ms", "--budget", "5m"}

// TestTuneSweep: tune writes the results file (every candidate a
// verified result) and the tuning file, whose best is the fastest
// verified candidate of the results file; 'run --tuning' runs it; and
// 'compare --best' reads tune's results file.
func TestTuneSweep(t *testing.T) {
	requireVulkan(t)
	dir := t.TempDir()
	out, tf := filepath.Join(dir, "sweep.json"), filepath.Join(dir, "sweep.tuning.json")
	code, stdout, stderr := cli(t, append(tuneArgs, "-o", out)...)
	if code != 0 {
		t.Fatalf("tune: exit %d: %s %s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "candidate 2 of 2: matmul/tiled/48x48x48") || !strings.Contains(stderr, "best so far") {
		t.Errorf("stderr has no progress line per candidate:\n%s", stderr)
	}
	f, err := resultsfile.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	var best *resultsfile.Result
	seen := map[string]bool{}
	for i := range f.Results {
		r := &f.Results[i]
		seen[r.Variant["name"]] = true
		if r.Status != resultsfile.StatusOK || !r.Verified {
			t.Errorf("candidate %s: status %s, verified %v", r.ID(), r.Status, r.Verified)
			continue
		}
		if best == nil || r.Metric.Value > best.Metric.Value {
			best = r
		}
	}
	if len(f.Results) != 2 || !seen["tile8"] || !seen["tile16"] || best == nil {
		t.Fatalf("results file holds %d results (%v), want tile8 and tile16", len(f.Results), seen)
	}
	tuned, err := tuning.Read(tf)
	if err != nil {
		t.Fatal(err)
	}
	if len(tuned.Entries) != 1 {
		t.Fatalf("tuning entries %+v, want one", tuned.Entries)
	}
	e := tuned.Entries[0]
	if e.Variant["name"] != best.Variant["name"] || e.Metric.Value != best.Metric.Value || e.Candidates != 2 || tuned.Device.Name != f.Device.Name || tuned.Results != out {
		t.Errorf("tuning entry %s %v of %d on %q, want the fastest candidate %s %v of 2 on %q", e.Variant["name"], e.Metric.Value, e.Candidates, tuned.Device.Name, best.Variant["name"], best.Metric.Value, f.Device.Name)
	}

	again := filepath.Join(dir, "tuned.json")
	code, stdout, stderr = cli(t, "run", "--tuning", tf, "--filter", "matmul/tiled", "--max-time", "50ms", "--warmup", "1ms", "-o", again)
	if code != 0 {
		t.Fatalf("run --tuning: exit %d: %s %s", code, stdout, stderr)
	}
	g, err := resultsfile.Load(again)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Results) != 1 || g.Results[0].Variant["name"] != e.Variant["name"] || resultsfile.SizeString(g.Results[0].Params) != "48x48x48" || !g.Results[0].Verified {
		t.Errorf("run --tuning ran %d results (first %s), want the tuned %s at 48x48x48", len(g.Results), g.Results[0].ID(), e.Variant["name"])
	}

	// Child processes (--runs 2: one process a run, the built radvbench
	// under the validation layer) read the file again.
	children := filepath.Join(dir, "children.json")
	code, stdout, stderr = runValidated(t, "run", "--tuning", tf, "--runs", "2", "--filter", "matmul/tiled", "--max-time", "50ms", "--warmup", "1ms", "-o", children)
	if code != 0 {
		t.Fatalf("run --tuning --runs 2: exit %d: %s %s", code, stdout, stderr)
	}
	h, err := resultsfile.Load(children)
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Results) != 1 || h.Results[0].Variant["name"] != e.Variant["name"] || len(h.Rounds) != 2 {
		t.Errorf("run --tuning --runs 2: %d results (first %s) over %d runs: want the tuned %s from both runs", len(h.Results), h.Results[0].ID(), len(h.Rounds), e.Variant["name"])
	}

	code, stdout, stderr = cli(t, "compare", "--best", out, again)
	if code == 2 || !strings.Contains(stdout, "matmul/tiled/best/") {
		t.Errorf("compare --best of tune's results: exit %d: %s %s", code, stdout, stderr)
	}
}

// TestTuneBadInput: a missing, wrong or mismatched tuning file, and a
// sweep with nothing that fits, are one-line errors with exit 2.
func TestTuneBadInput(t *testing.T) {
	requireVulkan(t)
	dir := t.TempDir()
	write := func(name string, f any) string {
		p := filepath.Join(dir, name)
		b, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	entry := tuning.Entry{Suite: "matmul", Kernel: "tiled", Params: map[string]int64{"M": 48, "N": 48, "K": 48},
		Variant: map[string]string{"name": "tile8", "tile": "8"}, Point: map[string]int{"tile": 8}}
	other := write("other.tuning.json", tuning.File{Schema: tuning.Schema, Device: tuning.Device{Name: "AMD Radeon RX 7900 XTX (RADV NAVI31)", VendorID: 0x1002, DeviceID: 0x744c}, Entries: []tuning.Entry{entry}})
	stale := entry
	stale.Point = map[string]int{"tile": 16} // not the variant the file names
	staleFile := write("stale.tuning.json", tuning.File{Schema: tuning.Schema, Entries: []tuning.Entry{stale}})
	resultsFile := write("r.json", resultsfile.File{Schema: "radvbench-results/1"})
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"missing file", []string{"run", "--tuning", filepath.Join(dir, "none.json")}, "no such file"},
		{"results file", []string{"run", "--tuning", resultsFile}, "not a radvbench tuning file"},
		{"another device", []string{"run", "--tuning", other, "--filter", "matmul/tiled"}, "tuned on AMD Radeon RX 7900 XTX"},
		{"stale point", []string{"run", "--tuning", staleFile}, "none of its 1 entries is usable"},
		{"with --sizes", []string{"run", "--tuning", other, "--sizes", "64"}, "drop --sizes"},
		{"nothing fits", []string{"tune", "--filter", "regblock/wg32x16-t8x8-k32$", "--sizes", "48"}, "nothing to tune"},
		{"negative budget", []string{"tune", "--budget", "-1s"}, "must not be negative"},
		{"results path a directory", append(append([]string{}, tuneArgs...), "-o", dir), "name a new path or a regular file"},
		{"tuning path a directory", append(append([]string{}, tuneArgs...), "-o", filepath.Join(dir, "s.json"), "--tuning-out", dir), "name a new path or a regular file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := cli(t, tc.args...)
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			last := lines[len(lines)-1]
			if code != 2 || !strings.Contains(last, tc.want) {
				t.Errorf("exit %d, stderr %q: want exit 2 and one line naming %q", code, stderr, tc.want)
			}
			if tc.args[0] == "run" && len(lines) != 1 {
				t.Errorf("stderr is %d lines: %q", len(lines), stderr)
			}
		})
	}
}

// TestTuneBudget: a spent budget stops the sweep after the candidate under
// way; the files hold what finished, and say the budget ended it.
func TestTuneBudget(t *testing.T) {
	requireVulkan(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "sweep.json")
	args := append(append([]string{}, tuneArgs...), "--budget", "1ns", "-o", out)
	code, stdout, stderr := cli(t, args...)
	if code != 0 || !strings.Contains(stdout, "the budget (1ns) ended the search") {
		t.Fatalf("tune: exit %d: %s %s", code, stdout, stderr)
	}
	f, err := resultsfile.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	tuned, err := tuning.Read(filepath.Join(dir, "sweep.tuning.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Results) != 1 || f.Partial || !tuned.Exhausted || len(tuned.Entries) != 1 || tuned.Entries[0].Candidates != 1 {
		t.Errorf("%d results (partial %v), tuning exhausted %v with %+v: want one candidate, not partial", len(f.Results), f.Partial, tuned.Exhausted, tuned.Entries)
	}
}

// cancelOn cancels when a line containing what is written (tune's
// progress line of a finished candidate).
type cancelOn struct {
	bytes.Buffer
	what   string
	cancel context.CancelFunc
}

func (w *cancelOn) Write(p []byte) (int, error) {
	n, err := w.Buffer.Write(p)
	if strings.Contains(w.String(), w.what) {
		w.cancel()
	}
	return n, err
}

// TestTuneInterrupted: a sweep interrupted after its first candidate
// keeps it: both files written, marked partial, exit 130.
func TestTuneInterrupted(t *testing.T) {
	requireVulkan(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "sweep.json")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := &cancelOn{what: "candidate 1 of 2", cancel: cancel}
	var stdout bytes.Buffer
	code := Main(ctx, append(append([]string{}, tuneArgs...), "-o", out), &stdout, stderr)
	if code != 130 {
		t.Fatalf("exit %d, want 130: %s %s", code, stdout.String(), stderr.String())
	}
	f, err := resultsfile.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	tuned, err := tuning.Read(filepath.Join(dir, "sweep.tuning.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Results) != 1 || !f.Partial || !tuned.Partial || len(tuned.Entries) != 1 {
		t.Errorf("%d results (partial %v), tuning partial %v with %d entries: want the one finished candidate, partial", len(f.Results), f.Partial, tuned.Partial, len(tuned.Entries))
	}
}

// TestTuneRounds: above --exhaustive the sweep starts with the registered
// variant and the coarse grid, then tries the untried neighbours of the
// best; the results file holds every round's candidates once. It runs the
// built radvbench under the validation layer.
func TestTuneRounds(t *testing.T) {
	requireVulkan(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "sweep.json")
	args := append(append([]string{}, tuneArgs...), "--filter", "matmul/tiled/", "--exhaustive", "0", "-o", out)
	code, stdout, stderr := runValidated(t, args...) // the validation layer stays silent
	if code != 0 {
		t.Fatalf("tune: exit %d: %s %s", code, stdout, stderr)
	}
	// tile16 (registered), then tile4 and tile32 (the grid's ends); 16
	// is on the grid too.
	if !strings.Contains(stderr, "tune: round 1: 3 candidates") {
		t.Fatalf("first round is not the registered variant and the coarse grid:\n%s", stderr)
	}
	f, err := resultsfile.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range f.Results {
		if seen[r.Variant["name"]] {
			t.Errorf("%s ran twice", r.Variant["name"])
		}
		seen[r.Variant["name"]] = true
	}
	want := 3
	if strings.Contains(stderr, "tune: round 2: 1 candidates") {
		want = 4 // tile8, the neighbour of tile4 or tile16
	}
	if len(f.Results) != want || !seen["tile16"] || !seen["tile4"] || !seen["tile32"] {
		t.Errorf("results %v, want %d candidates: tile16, tile4, tile32 and the best's untried neighbour", seen, want)
	}
}
