//go:build window

package main

import (
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/window"
	"github.com/radvbench/radvbench/bench/window/xvfb"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	runcmd "github.com/radvbench/radvbench/cmd/radvbench/internal/run"
	"github.com/radvbench/radvbench/core/resultsfile"
)

func init() { testTags = append(testTags, "window") }

// The window tests run under a private Xvfb (started here, stopped after).
func TestMain(m *testing.M) { xvfb.Main(m) }

// TestWindowPresentValidated: under Xvfb on lavapipe the present suite
// runs every present mode the surface offers (the others are skipped with
// the offered list), presents at least 100 frames each, the image read
// back from the swapchain equals the offscreen mesh render bit for bit,
// every figure names its clock, and the validation layer stays silent.
// The compute overlap runs with one mode (fifo, which every surface
// offers; each -gemm variant adds a GEMM check and seconds of presenting).
func TestWindowPresentValidated(t *testing.T) {
	out := filepath.Join(t.TempDir(), "present.json")
	code, stdout, stderr := runValidated(t, "run", "--suite", "present", "--quick", "--sizes", "64x64",
		"--filter", `/(vertex|mesh)-(fifo|fifo-relaxed|mailbox|immediate)$|/mesh-fifo-gemm$`,
		"--max-time", "2s", "--warmup", "5ms", "--progress", "never", "-o", out)
	if code != 0 {
		t.Fatalf("run exited %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	f, err := resultsfile.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	ok := map[string]int{}
	for _, r := range f.Results {
		name := r.Variant["name"]
		if r.Suite != "present" {
			t.Errorf("%s: suite %q", name, r.Suite)
		}
		if r.Status == resultsfile.StatusSkipped {
			if !strings.Contains(r.Reason, "offers") {
				t.Errorf("%s: skipped for another reason than the surface's modes: %s", name, r.Reason)
			}
			continue
		}
		if r.Status != resultsfile.StatusOK {
			t.Errorf("%s: %s: %s", name, r.Status, r.Reason)
			continue
		}
		if r.Variant["overlap"] == "gemm" {
			checkGEMMOverlap(t, r)
			ok["gemm"]++
		} else {
			ok[r.Variant["pipeline"]]++
		}
		if r.Clock != "cpu-monotonic" || r.Metric.Unit != "ms" {
			t.Errorf("%s: clock %q unit %q", name, r.Clock, r.Metric.Unit)
		}
		if r.Extra["frames"] < 100 {
			t.Errorf("%s: %v frames presented, want >= 100", name, r.Extra["frames"])
		}
		if r.Verify["window_mismatched_pixels"] != 0 || r.Verify["window_pixels"] != 64*64 {
			t.Errorf("%s: window check %v", name, r.Verify)
		}
		checkLatency(t, r)
		for _, k := range []string{"frame_cpu_p50_ns", "frame_cpu_p99_ns", "jitter_cpu_ns", "pass_gpu_p50_ns"} {
			if r.Extra[k] <= 0 {
				t.Errorf("%s: extra %s = %v", name, k, r.Extra[k])
			}
		}
	}
	if ok["vertex"] == 0 || ok["vertex"] != ok["mesh"] || ok["gemm"] != 1 {
		t.Errorf("present modes that ran: vertex %d, mesh %d, mesh with the GEMM %d; want the same non-zero count and the GEMM in fifo", ok["vertex"], ok["mesh"], ok["gemm"])
	}
}

// checkLatency: frame latency is measured (CPU monotonic clock) where
// the device has VK_KHR_present_wait; elsewhere (lavapipe) the result
// says it was not measured and what the device lacks.
func checkLatency(t *testing.T, r resultsfile.Result) {
	t.Helper()
	name := r.Variant["name"]
	if r.Extra["present_wait_supported"] == 1 {
		if r.Extra["latency_cpu_p50_ns"] <= 0 || r.Extra["latency_cpu_p99_ns"] < r.Extra["latency_cpu_p50_ns"] {
			t.Errorf("%s: latency figures %v", name, r.Extra)
		}
		return
	}
	if !strings.Contains(r.Note, "frame latency not measured") || !strings.Contains(r.Note, "VK_KHR_present_wait") {
		t.Errorf("%s: no figure for frame latency, and the note %q does not say why", name, r.Note)
	}
}

// checkGEMMOverlap: a result of a variant with the compute GEMM verified
// the GEMM, ran it during presentation and names the queue arrangement
// in its note (lavapipe: one queue family, so a second device on it).
func checkGEMMOverlap(t *testing.T, r resultsfile.Result) {
	t.Helper()
	name := r.Variant["name"]
	if r.Verify["gemm_checked_elements"] <= 0 {
		t.Errorf("%s: the GEMM was not verified: %v", name, r.Verify)
	}
	if r.Extra["gemm_gflops_during"] <= 0 || r.Extra["gemms_during"] < 1 || r.Extra["gemm_gflops_alone"] <= 0 {
		t.Errorf("%s: GEMM figures %v", name, r.Extra)
	}
	want := fmt.Sprintf("overlap_queue: second device, family %d", int(r.Extra["overlap_queue_family"]))
	if r.Extra["overlap_queue_compute_only"] == 1 {
		want = fmt.Sprintf("overlap_queue: async-compute family %d", int(r.Extra["overlap_queue_family"]))
	}
	if !strings.Contains(r.Note, want) {
		t.Errorf("%s: note %q does not name the queue arrangement %q", name, r.Note, want)
	}
}

// followSamples polls w's model until stop is called, and returns, for
// each benchmark it saw in progress, the most samples the model held for
// it. The model drops a benchmark's samples when its result arrives, so
// each count was seen before that benchmark finished.
func followSamples(w *window.Watch) (stop func() map[string]int) {
	seen := map[string]int{}
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for {
			if id, n := w.Following(); n > seen[id] {
				seen[id] = n
			}
			select {
			case <-quit:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	return func() map[string]int { close(quit); <-done; return seen }
}

// checkSamplesSeen: the model held samples of running benchmarks (at
// least two at once for one of them), and never more than the benchmark's
// result has.
func checkSamplesSeen(t *testing.T, seen map[string]int, f *resultsfile.File) {
	t.Helper()
	most := 0
	for id, n := range seen {
		if id == "" {
			continue
		}
		most = max(most, n)
		total := 0
		for _, r := range f.Results {
			if r.ID() == id {
				total += len(r.Metric.Samples)
			}
		}
		if n > total {
			t.Errorf("%s: the window held %d samples while it ran, its results %d", id, n, total)
		}
	}
	if most < 2 {
		t.Errorf("the window saw at most %d samples of a running benchmark (%v); want its samples as they arrive", most, seen)
	}
}

// TestWindowWatch: run --watch opens a window that updates while the run
// goes on and follows each benchmark's samples as they arrive; closing it
// (as the user would) does not stop the run, whose results file is
// complete afterwards.
func TestWindowWatch(t *testing.T) {
	var updatesAtClose atomic.Int64
	closedEarly := make(chan bool, 1)
	var stopFollow func() map[string]int
	runcmd.WatchStarted = func(w *window.Watch) {
		stopFollow = followSamples(w)
		go func() {
			deadline := time.Now().Add(30 * time.Second)
			for w.Updates() < 2 && time.Now().Before(deadline) && !w.Closed() {
				time.Sleep(10 * time.Millisecond)
			}
			updatesAtClose.Store(int64(w.Updates()))
			w.RequestClose()
			for !w.Closed() && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			closedEarly <- w.Closed() && w.Err() == nil
		}()
	}
	defer func() { runcmd.WatchStarted = nil }()
	out := filepath.Join(t.TempDir(), "watch.json")
	code, stdout, stderr := cli(t, "run", "--suite", "mesh", "--quick", "--watch", "--max-time", "300ms",
		"--warmup", "5ms", "--progress", "never", "-o", out)
	if stopFollow == nil {
		t.Fatalf("run --watch exited %d without opening the window\nstderr:\n%s", code, stderr)
	}
	seen := stopFollow()
	if code != 0 {
		t.Fatalf("run --watch exited %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	select {
	case ok := <-closedEarly:
		if !ok {
			t.Errorf("the watch window did not close cleanly on request")
		}
	default:
		t.Errorf("the watch window was not closed on request before the run ended")
	}
	if n := updatesAtClose.Load(); n < 2 {
		t.Errorf("the watch window presented %d frames before closing, want >= 2", n)
	}
	f, err := resultsfile.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	suites, err := kernel.Lookup([]string{"mesh"})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range suites[0].Kernels {
		want += len(k.Variants)
	}
	if len(f.Results) != want {
		t.Errorf("results file has %d results, want %d (the run must not stop with the window)", len(f.Results), want)
	}
	checkSamplesSeen(t, seen, f)
	for _, r := range f.Results {
		if r.Status != resultsfile.StatusOK {
			t.Errorf("%s/%s: %s %s", r.Kernel, r.Variant["name"], r.Status, r.Reason)
		}
	}
}

// TestWindowWatchIsolated: with child processes (--isolate=run) the
// parent (in-process here, its children a built radvbench) shows the
// watch window, fed by the samples and results the children report; the
// children get no --watch, and the results file is complete.
func TestWindowWatchIsolated(t *testing.T) {
	exe := binary(t)
	base.Executable = func() (string, error) { return exe, nil }
	defer func() { base.Executable = base.SelfExecutable }()
	var stopFollow func() map[string]int
	runcmd.WatchStarted = func(w *window.Watch) { stopFollow = followSamples(w) }
	defer func() { runcmd.WatchStarted = nil }()
	out := filepath.Join(t.TempDir(), "iso.json")
	code, stdout, stderr := cli(t, "run", "--suite", "latency", "--quick", "--max-time", "50ms", "--warmup", "1ms",
		"--isolate=run", "--watch", "--progress", "never", "-o", out)
	if stopFollow == nil {
		t.Fatalf("run --isolate=run --watch exited %d without opening the window\nstderr:\n%s", code, stderr)
	}
	seen := stopFollow()
	if code != 0 {
		t.Fatalf("run --isolate=run --watch exited %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	f, err := resultsfile.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	suites, err := kernel.Lookup([]string{"latency"})
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, k := range suites[0].Kernels {
		want += len(k.Variants)
	}
	if len(f.Results) != want {
		t.Errorf("results file has %d results, want %d", len(f.Results), want)
	}
	checkSamplesSeen(t, seen, f)
}

// TestWindowWatchValidated: the watch window's frames (gonum/plot image
// uploaded into the swapchain) keep the validation layer silent.
func TestWindowWatchValidated(t *testing.T) {
	out := filepath.Join(t.TempDir(), "watch.json")
	code, stdout, stderr := runValidated(t, "run", "--suite", "latency", "--quick", "--max-time", "100ms", "--warmup", "1ms",
		"--watch", "--progress", "never", "-o", out)
	if code != 0 {
		t.Fatalf("run --watch exited %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if _, err := resultsfile.Load(out); err != nil {
		t.Fatal(err)
	}
}

// TestWindowUnreachableDisplay: DISPLAY names no X server: --watch fails
// with one line naming the display and the fix, exit 2, before anything
// is written.
func TestWindowUnreachableDisplay(t *testing.T) {
	display := ""
	for n := 300; n < 400 && display == ""; n++ {
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n)); err != nil {
			display = fmt.Sprintf(":%d", n)
		}
	}
	out := filepath.Join(t.TempDir(), "w.json")
	cmd := exec.Command(binary(t), "run", "--suite", "latency", "--quick", "--watch", "--progress", "never", "-o", out)
	cmd.Env = append(os.Environ(), "DISPLAY="+display, "WAYLAND_DISPLAY=")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	}
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	last := lines[len(lines)-1]
	if code != 2 || !strings.Contains(last, display) || !strings.Contains(last, "xvfb-run") {
		t.Errorf("DISPLAY=%s: exit %d, stderr:\n%s\nwant exit 2 and a last line naming the display and xvfb-run", display, code, stderr.String())
	}
	for _, l := range lines[:len(lines)-1] {
		if !strings.HasPrefix(l, "WARNING:") {
			t.Errorf("unexpected stderr line %q", l)
		}
	}
	if m, _ := filepath.Glob(out + "*"); len(m) > 0 {
		t.Errorf("a failed --watch left %v", m)
	}
}

// TestWindowWatchHold: with --watch-hold the watch window outlives the
// run: after the results file is written and the summary printed it is
// still open, drawn over its whole framebuffer (read back from the X
// server's screen) and titled as done, until the user closes it; then
// the command returns. Without the flag (stderr no terminal) it closes
// with the run.
func TestWindowWatchHold(t *testing.T) {
	out := filepath.Join(t.TempDir(), "hold.json")
	type seen struct {
		open     bool
		drawn    [2]int
		coverage float64
	}
	got := make(chan seen, 1)
	runcmd.WatchStarted = func(w *window.Watch) {
		go func() {
			deadline := time.Now().Add(2 * time.Minute)
			for time.Now().Before(deadline) {
				if _, err := os.Stat(out); err == nil && w.Finished() {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			var s seen
			s.open = !w.Closed()
			s.drawn[0], s.drawn[1] = w.Drawn()
			if img, err := xvfb.Screenshot(); err == nil {
				x, y := w.Window().Pos()
				s.coverage = xvfb.DrawnShare(img, image.Rect(x, y, x+s.drawn[0], y+s.drawn[1]))
			}
			got <- s
			for !w.Closed() {
				w.RequestClose()
				time.Sleep(50 * time.Millisecond)
			}
		}()
	}
	defer func() { runcmd.WatchStarted = nil }()
	code, stdout, stderr := cli(t, "run", "--suite", "latency", "--quick", "--max-time", "50ms", "--warmup", "1ms",
		"--watch", "--watch-hold", "until-closed", "--progress", "never", "-o", out)
	if code != 0 {
		t.Fatalf("run --watch --watch-hold exited %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	var s seen
	select {
	case s = <-got:
	default:
		t.Fatal("the watch window was never seen after the run")
	}
	if !s.open {
		t.Errorf("the watch window closed with the run; want it open on the final state until closed")
	}
	if s.drawn != [2]int{window.WatchSize[0], window.WatchSize[1]} || s.coverage < 0.95 {
		t.Errorf("the held window presented %v and covers %.0f%% of it; want %v, all drawn", s.drawn, 100*s.coverage, window.WatchSize)
	}
	if !strings.Contains(stderr, "close it (or press Ctrl-C) to exit") || !strings.Contains(stdout, "summary:") {
		t.Errorf("stderr does not say the window waits to be closed, or no summary before:\nstdout:\n%s\nstderr:\n%s", stdout, stderr)
	}

	// No --watch-hold and stderr no terminal: the window closes with the run.
	var second *window.Watch
	runcmd.WatchStarted = func(w *window.Watch) { second = w }
	out2 := filepath.Join(t.TempDir(), "nohold.json")
	if code, stdout, stderr := cli(t, "run", "--suite", "latency", "--quick", "--max-time", "50ms", "--warmup", "1ms",
		"--watch", "--progress", "never", "-o", out2); code != 0 || strings.Contains(stderr, "watch:") {
		t.Fatalf("run --watch without a hold exited %d (stderr must not mention a hold)\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if second == nil || !second.Closed() {
		t.Error("without --watch-hold (stderr no terminal) the window is still open after the run")
	}
}
