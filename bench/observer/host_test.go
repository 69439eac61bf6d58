package observer

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/bench/measure"
)

// fixture is a system root under a temporary directory: /proc/stat, this
// process's threads' schedstat, other processes' DRM files and an AMD
// card's pp_dpm_sclk, each rewritten by the test between readings.
type fixture struct {
	t    *testing.T
	root string
	now  time.Time
	self time.Duration
}

func newFixture(t *testing.T) *fixture {
	f := &fixture{t: t, root: t.TempDir(), now: time.Unix(1000, 0)}
	f.stat(0, 0)
	f.threads(0, 0)
	return f
}

func (f *fixture) write(p, content string) {
	f.t.Helper()
	full := filepath.Join(f.root, p)
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		f.t.Fatal(err)
	}
	if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
		f.t.Fatal(err)
	}
}

// stat writes /proc/stat with busy ticks (as user time) and steal ticks.
func (f *fixture) stat(busy, steal int) {
	f.write("proc/stat", fmt.Sprintf("cpu  %d 0 0 5000 7 0 0 %d 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\nintr 1 2\n", busy, steal))
}

// threads writes two threads' schedstat with their run-queue waits (ns).
func (f *fixture) threads(w1, w2 int) {
	f.write("proc/self/task/100/schedstat", fmt.Sprintf("123 %d 4\n", w1))
	f.write("proc/self/task/101/schedstat", fmt.Sprintf("456 %d 7\n", w2))
}

// drm gives process pid a DRM file fd whose client id has engine gfx and
// compute times (ns).
func (f *fixture) drm(pid, fd, client int, gfx, compute uint64) {
	f.t.Helper()
	link := filepath.Join(f.root, "proc", fmt.Sprint(pid), "fd", fmt.Sprint(fd))
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		f.t.Fatal(err)
	}
	os.Remove(link)
	if err := os.Symlink("/dev/dri/renderD128", link); err != nil {
		f.t.Fatal(err)
	}
	f.write(filepath.Join("proc", fmt.Sprint(pid), "fdinfo", fmt.Sprint(fd)), fmt.Sprintf(
		"pos:\t0\nflags:\t02100002\ndrm-driver:\tamdgpu\ndrm-pdev:\t0000:03:00.0\ndrm-client-id:\t%d\ndrm-engine-gfx:\t%d ns\ndrm-engine-compute:\t%d ns\ndrm-engine-dma:\t999999 ns\n", client, gfx, compute))
}

func (f *fixture) card(sclkLevel int) {
	f.write("sys/class/drm/card0/device/vendor", "0x1002\n")
	lines := []string{"0: 500Mhz", "1: 1800Mhz", "2: 2500Mhz"}
	lines[sclkLevel] += " *"
	f.write("sys/class/drm/card0/device/pp_dpm_sclk", strings.Join(lines, "\n")+"\n")
}

func (f *fixture) host(cpu bool) *Host {
	return New(Options{Root: f.root, CPUDevice: cpu, PID: 4242,
		Now:     func() time.Time { return f.now },
		Sleep:   func(d time.Duration) { f.now = f.now.Add(d) },
		SelfCPU: func() (time.Duration, bool) { return f.self, true }})
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestHostCPU: lavapipe's rule on the fixture's counters. A 300 ms
// sample (longer than Window, so the window is the sample) during which
// the machine was busy 90 ticks (0.9 s of CPU), this process used 0.6 s
// of it on 2 cores and its threads waited 30 ms: other processes used
// (0.9-0.6)/0.3 = 1 core, the wait was 10% of the sample.
func TestHostCPU(t *testing.T) {
	f := newFixture(t)
	h := f.host(true)
	h.Begin()
	f.now = f.now.Add(300 * time.Millisecond)
	f.self += 600 * time.Millisecond
	f.stat(90, 0)
	f.threads(10e6, 20e6)
	in := h.End()
	if !near(in.OtherCPU, 1) || !near(in.SelfCPU, 2) || !near(in.Wait, 0.1) || in.Steal != 0 {
		t.Errorf("figures: %v", in)
	}
	if !in.Disturbed || in.Why != "cpu" {
		t.Errorf("busy neighbour: disturbed %v (%q), want cpu", in.Disturbed, in.Why)
	}
	if !math.IsNaN(in.GPUOther) || in.SCLKMHz != 0 {
		t.Errorf("a CPU device read the GPU: %v", in)
	}

	// A quiet sample: this process's own work only; busy ticks match its
	// CPU time (60 ticks = 0.6 s), no wait.
	h.Begin()
	f.now = f.now.Add(300 * time.Millisecond)
	f.self += 600 * time.Millisecond
	f.stat(150, 0)
	in = h.End()
	if in.Disturbed || !near(in.OtherCPU, 0) || in.Wait != 0 {
		t.Errorf("quiet sample: %v", in)
	}

	// lavapipe's threads waiting for each other: a third of the sample
	// runnable but not running, no other process busy. Recorded, and not
	// interference.
	h.Begin()
	f.now = f.now.Add(300 * time.Millisecond)
	f.self += 600 * time.Millisecond
	f.stat(210, 0)
	f.threads(60e6, 70e6)
	in = h.End()
	if in.Disturbed || !near(in.Wait, 1.0/3) || !near(in.OtherCPU, 0) {
		t.Errorf("own threads waiting on each other: %v, want recorded and not disturbed", in)
	}

	// Steal: one tick over the window is enough.
	h.Begin()
	f.now = f.now.Add(300 * time.Millisecond)
	f.stat(210, 1)
	if in = h.End(); !in.Disturbed || in.Why != "steal" {
		t.Errorf("steal: %v", in)
	}

	// The first sample of a run, 10 ms long, has no Window of history:
	// one tick in it would read as a whole core, so the CPU figures are
	// not read and judge nothing.
	{
		g := newFixture(t)
		gh := g.host(true)
		gh.Begin()
		g.now = g.now.Add(10 * time.Millisecond)
		g.stat(1, 0)
		if in := gh.End(); !math.IsNaN(in.OtherCPU) || !math.IsNaN(in.Steal) || in.Disturbed {
			t.Errorf("first short sample: %v, want no CPU figures", in)
		}
	}

	// A short sample is judged over the last Window: a 10 ms sample after
	// a 300 ms one whose neighbour has gone still sees the neighbour's
	// ticks in the part of the window before it.
	h.Begin()
	f.now = f.now.Add(300 * time.Millisecond)
	f.stat(240, 1) // 30 ticks: 0.3 s of other work
	in = h.End()
	h.Begin()
	f.now = f.now.Add(10 * time.Millisecond)
	in = h.End()
	if !(in.OtherCPU > 0.9) || !in.Disturbed {
		t.Errorf("short sample after a busy spell: %v", in)
	}

	// Unreadable /proc/stat: no CPU figures, no mark from them.
	os.Remove(filepath.Join(f.root, "proc/stat"))
	h.Begin()
	f.now = f.now.Add(300 * time.Millisecond)
	if in = h.End(); !math.IsNaN(in.OtherCPU) || in.Disturbed {
		t.Errorf("no /proc/stat: %v", in)
	}
}

// TestHostGPU: a GPU's rule: another process's DRM client busy during
// the sample, this process's own client ignored, a clock change.
func TestHostGPU(t *testing.T) {
	f := newFixture(t)
	f.card(2)
	f.drm(777, 5, 11, 1000, 0)
	f.drm(777, 6, 11, 1000, 0) // a dup of the same client
	f.drm(4242, 3, 12, 0, 0)   // this process (PID 4242): ignored
	h := f.host(false)
	h.Begin()
	f.now = f.now.Add(100 * time.Millisecond)
	f.drm(777, 5, 11, 1000+4e6, 1e6) // 5 ms of engine time in 100 ms
	f.drm(777, 6, 11, 1000+4e6, 1e6)
	f.drm(4242, 3, 12, 90e6, 0)
	f.stat(1000, 5) // busy CPUs and steal do not concern a GPU
	in := h.End()
	if !near(in.GPUOther, 0.05) || in.SCLKMHz != 2500 || in.SCLKChanged {
		t.Errorf("figures: %v", in)
	}
	if !in.Disturbed || in.Why != "gpu" {
		t.Errorf("other GPU client: disturbed %v (%q), want gpu", in.Disturbed, in.Why)
	}
	h.Begin()
	f.now = f.now.Add(100 * time.Millisecond)
	f.card(1)
	in = h.End()
	if !in.Disturbed || in.Why != "clock" || !in.SCLKChanged || in.SCLKMHz != 1800 {
		t.Errorf("clock change: %v", in)
	}
	h.Begin()
	f.now = f.now.Add(100 * time.Millisecond)
	if in = h.End(); in.Disturbed || in.GPUOther != 0 {
		t.Errorf("quiet GPU: %v", in)
	}
}

// TestHostQuiet: Quiet polls until the neighbour stops (here after its
// third poll interval) or gives up at max.
func TestHostQuiet(t *testing.T) {
	f := newFixture(t)
	h := f.host(true)
	busy := 0
	polls := 0
	h.sleep = func(d time.Duration) {
		f.now = f.now.Add(d)
		polls++
		if polls <= 2 {
			busy += 5 // one core for 50 ms
		}
		f.stat(busy, 0)
	}
	t0 := f.now
	if !h.Quiet(context.Background(), time.Second) || polls != 3 || f.now.Sub(t0) != 3*Poll {
		t.Errorf("quiet after %d polls, %v", polls, f.now.Sub(t0))
	}
	polls = -100 // busy throughout
	t0 = f.now
	if h.Quiet(context.Background(), 120*time.Millisecond) || f.now.Sub(t0) != 120*time.Millisecond {
		t.Errorf("a busy machine was called quiet, or the wait overran: %v", f.now.Sub(t0))
	}
	// A GPU device with nothing machine-wide to wait for returns at once.
	g := f.host(false)
	g.rule = measure.Rule{OtherCPU: math.Inf(1), Wait: math.Inf(1), Steal: math.Inf(1), GPUOther: math.Inf(1), Clock: true}
	t0 = f.now
	if !g.Quiet(context.Background(), time.Second) || f.now != t0 {
		t.Errorf("nothing to wait for, but waited %v", f.now.Sub(t0))
	}
}

// TestHostRealProc reads the running system's /proc: the figures are
// numbers (the rule may go either way on a shared machine).
func TestHostRealProc(t *testing.T) {
	if _, err := os.Stat("/proc/stat"); err != nil {
		t.Skip("no /proc")
	}
	h := New(Options{CPUDevice: true})
	h.Begin()
	// Work for longer than Window: the CPU figures need a window's history.
	x := 0.0
	for start := time.Now(); time.Since(start) <= Window; {
		for i := range 100000 {
			x += math.Sqrt(float64(i))
		}
	}
	in := h.End()
	if math.IsNaN(in.OtherCPU) || math.IsNaN(in.SelfCPU) || math.IsNaN(in.Wait) || !(in.SelfCPU > 0) || x == 0 {
		t.Errorf("figures of the running system: %v", in)
	}
}

func TestParseFdinfo(t *testing.T) {
	for _, tt := range []struct {
		in, id string
		ns     uint64
		ok     bool
	}{
		{"drm-pdev:\t0000:03:00.0\ndrm-client-id:\t7\ndrm-engine-gfx:\t10 ns\ndrm-engine-compute:\t5 ns\n", "0000:03:00.0/7", 15, true},
		{"drm-client-id: 7\ndrm-engine-gfx: 10 ns\ndrm-engine-gfx-foo: 99 ns\n", "/7", 10, true},
		{"pos: 0\nflags: 02\n", "", 0, false}, // not a DRM file
		{"drm-client-id: 3\ndrm-engine-gfx: many ns\n", "/3", 0, true},
	} {
		id, ns, ok := parseFdinfo([]byte(tt.in))
		if id != tt.id || ns != tt.ns || ok != tt.ok {
			t.Errorf("parseFdinfo(%q) = %q %d %v, want %q %d %v", tt.in, id, ns, ok, tt.id, tt.ns, tt.ok)
		}
	}
}

// TestHostReady: the look-back window is full Window after New and
// after Restart.
func TestHostReady(t *testing.T) {
	f := newFixture(t)
	h := f.host(true)
	if got := h.Ready(); got != Window {
		t.Errorf("new host ready in %v, want %v", got, Window)
	}
	f.now = f.now.Add(100 * time.Millisecond)
	if got := h.Ready(); got != Window-100*time.Millisecond {
		t.Errorf("after 100ms: ready in %v", got)
	}
	f.now = f.now.Add(Window)
	if got := h.Ready(); got != 0 {
		t.Errorf("after the window: ready in %v, want 0", got)
	}
	h.Begin()
	f.now = f.now.Add(time.Millisecond)
	h.End()
	h.Restart()
	if got := h.Ready(); got != Window {
		t.Errorf("after Restart: ready in %v, want %v", got, Window)
	}
	var _ measure.Readier = h

	// A GPU's rule reads no CPU figure: nothing to wait for.
	if got := f.host(false).Ready(); got != 0 {
		t.Errorf("GPU host ready in %v, want 0", got)
	}
}
