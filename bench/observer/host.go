package observer

import (
	"bufio"
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/radvbench/radvbench/bench/measure"
	"github.com/radvbench/radvbench/bench/sysinfo"
)

// Host reads interference from a Linux host's /proc and sysfs, every path
// under a root (a fixture tree in tests):
//
//   - /proc/stat's "cpu" line: the machine's busy time (user, nice,
//     system, irq, softirq) and steal, in ticks of 10 ms (USER_HZ);
//   - this process's CPU time (getrusage; precise), subtracted from the
//     busy time to give the other processes';
//   - /proc/self/task/*/schedstat: the run-queue wait of each thread of
//     this process (nanoseconds);
//   - on GPUs, /proc/PID/fdinfo/FD of other processes' DRM files
//     (/proc/PID/fd/FD linking to /dev/dri/...): drm-engine-gfx and
//     drm-engine-compute per drm-client-id (and drm-pdev), this process's
//     own skipped; the list of such files is rescanned every DRMRescan,
//     each sample reads only theirs;
//   - on GPUs, each AMD card's pp_dpm_sclk (bench/sysinfo);
//   - with Options.Siblings, /proc/PID/stat of the other children of
//     this process's parent (lockstep.go).
//
// A file that cannot be read leaves its figures NaN: that part of the rule
// then never marks a sample. Host is a measure.Observer, a
// measure.Readier and a measure.Restarter.
type Host struct {
	root   string
	rule   measure.Rule
	gpu    bool // read DRM clients and clocks
	now    func() time.Time
	sleep  func(time.Duration)
	self   func() (time.Duration, bool)
	pid    string
	window time.Duration
	poll   time.Duration

	cards    []string // sysfs device directories of AMD cards
	drmFiles []string // fdinfo paths of other processes' DRM files
	scanned  time.Time

	ppid        string   // this process's parent, with Options.Siblings; "" without
	siblingPIDs []string // found by the last scan
	sibScanned  time.Time

	history []snapshot
	begin   snapshot
}

// Host is what Measure and the lockstep child use it as.
var (
	_ measure.Readier   = (*Host)(nil)
	_ measure.Restarter = (*Host)(nil)
)

// Host's defaults.
const (
	// Window is the least span /proc/stat's figures are read over: the
	// CPU figures of an Interference (OtherCPU, Steal) cover the Window
	// ending with the sample.
	Window = 250 * time.Millisecond
	// Poll is how often Quiet reads /proc/stat while waiting (a backoff
	// between samples, not a timing assumption).
	Poll = 50 * time.Millisecond
	// DRMRescan is how often the list of other processes' DRM files (and
	// of this process's siblings) is rebuilt (a full walk of /proc).
	DRMRescan = 2 * time.Second
	// ticksPerSecond is USER_HZ, the unit of /proc/stat (100 on every
	// Linux architecture Go supports).
	ticksPerSecond = 100
)

// Options configure New.
type Options struct {
	// Root is the system root the paths are read under ("" is "/").
	Root string
	// CPUDevice says the benchmarks run on a CPU implementation (lavapipe):
	// the default rule then watches the CPUs, else the GPU.
	CPUDevice bool
	// Rule replaces measure.DefaultRule(CPUDevice) when set.
	Rule *measure.Rule
	// Now, Sleep, SelfCPU and PID replace the clock, the pause between
	// polls, getrusage and os.Getpid (tests).
	Now     func() time.Time
	Sleep   func(time.Duration)
	SelfCPU func() (time.Duration, bool)
	PID     int
	// Siblings subtracts the CPU time of the other children of this
	// process's parent from the machine's busy time, as this process's
	// own is: for a run taking turns sample by sample with another
	// (lockstep.go). PPID replaces os.Getppid (tests).
	Siblings bool
	PPID     int
}

// New returns an observer of the host under o.Root.
func New(o Options) *Host {
	h := &Host{root: o.Root, gpu: !o.CPUDevice, now: o.Now, sleep: o.Sleep, self: o.SelfCPU,
		window: Window, poll: Poll}
	if h.root == "" {
		h.root = "/"
	}
	h.rule = measure.DefaultRule(o.CPUDevice)
	if o.Rule != nil {
		h.rule = *o.Rule
	}
	if h.now == nil {
		h.now = time.Now
	}
	if h.sleep == nil {
		h.sleep = time.Sleep
	}
	if h.self == nil {
		h.self = rusageSelf
	}
	pid := o.PID
	if pid == 0 {
		pid = os.Getpid()
	}
	h.pid = strconv.Itoa(pid)
	if o.Siblings {
		ppid := o.PPID
		if ppid == 0 {
			ppid = os.Getppid()
		}
		h.ppid = strconv.Itoa(ppid)
	}
	if h.gpu {
		for _, dev := range sysinfo.AMDCards(h.root) {
			h.cards = append(h.cards, dev)
		}
		sort.Strings(h.cards)
	}
	// The first window starts now; Measure warms up until it is full
	// (Ready).
	h.remember(h.read(false))
	return h
}

// Ready is how long until the CPU figures' look-back window is full
// (measure.Readier): Window after New or Restart, 0 once that has
// passed, and always 0 when the rule judges no CPU figure (a GPU's:
// other DRM clients and the clock are read around each sample, no
// look-back).
func (h *Host) Ready() time.Duration {
	if !h.rule.ReadsCPU() {
		return 0
	}
	if len(h.history) == 0 {
		return h.window
	}
	return max(0, h.window-h.now().Sub(h.history[0].at))
}

// snapshot is one reading of the host's counters.
type snapshot struct {
	at          time.Time
	busy, steal uint64 // /proc/stat ticks
	statOK      bool
	self        time.Duration
	selfOK      bool
	siblings    map[string]uint64 // CPU ticks by sibling PID (Options.Siblings)
	wait        time.Duration     // run-queue wait summed over this process's threads
	waitOK      bool
	gpu         map[string]uint64 // engine ns by other DRM client
	sclk        []int             // MHz per card, 0 unknown
}

func (h *Host) read(withThreads bool) snapshot {
	s := snapshot{at: h.now()}
	s.busy, s.steal, s.statOK = h.procStat()
	s.self, s.selfOK = h.self()
	if h.ppid != "" {
		s.siblings = h.siblingTicks(s.at)
	}
	if withThreads {
		s.wait, s.waitOK = h.threadWait()
	}
	if h.gpu {
		s.gpu = h.drmClients(s.at)
		for _, dev := range h.cards {
			mhz, _ := sysinfo.CurrentMHz(filepath.Join(dev, "pp_dpm_sclk"))
			s.sclk = append(s.sclk, mhz)
		}
	}
	return s
}

// remember keeps s for the windows of later samples: what is needed to
// reach back Window from now, and no more.
func (h *Host) remember(s snapshot) {
	h.history = append(h.history, s)
	cut := 0
	for i := range h.history {
		if s.at.Sub(h.history[i].at) >= h.window {
			cut = i // the newest old enough: keep it as the window's start
		}
	}
	h.history = h.history[cut:]
}

// windowStart is the newest snapshot at least Window before at (the
// oldest one when none is old enough).
func (h *Host) windowStart(at time.Time) snapshot {
	start := h.history[0]
	for _, s := range h.history {
		if at.Sub(s.at) >= h.window {
			start = s
		}
	}
	return start
}

// Begin reads the counters before a sample.
func (h *Host) Begin() {
	h.begin = h.read(true)
	h.remember(h.begin)
}

// End reads them after the sample and judges what changed.
func (h *Host) End() measure.Interference {
	end := h.read(true)
	start := h.windowStart(end.at)
	h.remember(end)
	in := measure.Interference{OtherCPU: math.NaN(), Steal: math.NaN(), SelfCPU: math.NaN(), Wait: math.NaN(), GPUOther: math.NaN()}
	if end.at.Sub(start.at) >= h.window {
		// Over less than Window (the first samples of a run) a single
		// 10 ms tick reads as whole cores: not a figure.
		in.OtherCPU, in.Steal = cpuFigures(start, end)
	}
	if wall := end.at.Sub(h.begin.at).Seconds(); wall > 0 {
		if end.selfOK && h.begin.selfOK {
			in.SelfCPU = (end.self - h.begin.self).Seconds() / wall
		}
		if end.waitOK && h.begin.waitOK {
			in.Wait = math.Max(0, (end.wait-h.begin.wait).Seconds()/wall)
		}
		if h.gpu && end.gpu != nil && h.begin.gpu != nil {
			in.GPUOther = float64(engineDelta(h.begin.gpu, end.gpu)) / 1e9 / wall
		}
	}
	for i, mhz := range end.sclk {
		in.SCLKMHz = math.Max(in.SCLKMHz, float64(mhz))
		if i < len(h.begin.sclk) && mhz > 0 && h.begin.sclk[i] > 0 && mhz != h.begin.sclk[i] {
			in.SCLKChanged = true
		}
	}
	h.rule.Judge(&in)
	return in
}

// cpuFigures is other processes' CPU time and steal between two
// snapshots, in cores (NaN when /proc/stat or this process's CPU time was
// not read, or no time passed).
func cpuFigures(a, b snapshot) (other, steal float64) {
	wall := b.at.Sub(a.at).Seconds()
	if !a.statOK || !b.statOK || !(wall > 0) || b.busy < a.busy || b.steal < a.steal {
		return math.NaN(), math.NaN()
	}
	steal = float64(b.steal-a.steal) / ticksPerSecond / wall
	if !a.selfOK || !b.selfOK {
		return math.NaN(), steal
	}
	busy := float64(b.busy-a.busy) / ticksPerSecond
	busy -= float64(siblingDelta(a.siblings, b.siblings)) / ticksPerSecond
	return math.Max(0, busy-(b.self-a.self).Seconds()) / wall, steal
}

// otherPIDs lists the other processes under /proc.
func (h *Host) otherPIDs() []string {
	procs, _ := os.ReadDir(filepath.Join(h.root, "proc"))
	var out []string
	for _, p := range procs {
		if pid := p.Name(); pid != h.pid && pid[0] >= '0' && pid[0] <= '9' {
			out = append(out, pid)
		}
	}
	return out
}

// engineDelta is the engine time other clients gained from a to b (a
// client that appeared counts from 0; one that left counts nothing).
func engineDelta(a, b map[string]uint64) uint64 {
	var sum uint64
	for k, v := range b {
		if v > a[k] {
			sum += v - a[k]
		}
	}
	return sum
}

// Quiet polls /proc/stat (and the GPU's clients on a GPU) every Poll until
// the last poll interval breaks none of the rule's machine-wide limits
// (other processes' CPU, steal, other GPU clients; this process is idle
// meanwhile, so its threads' wait says nothing) or max has passed.
func (h *Host) Quiet(ctx context.Context, max time.Duration) bool {
	if !h.rule.ReadsCPU() && math.IsInf(h.rule.GPUOther, 1) {
		return true // nothing machine-wide to wait for
	}
	deadline := h.now().Add(max)
	prev := h.read(false)
	h.remember(prev)
	for h.now().Before(deadline) && ctx.Err() == nil {
		h.sleep(min(h.poll, deadline.Sub(h.now())))
		cur := h.read(false)
		h.remember(cur)
		in := measure.Interference{Wait: math.NaN(), SelfCPU: math.NaN(), GPUOther: math.NaN()}
		in.OtherCPU, in.Steal = cpuFigures(prev, cur)
		if h.gpu && prev.gpu != nil && cur.gpu != nil {
			if wall := cur.at.Sub(prev.at).Seconds(); wall > 0 {
				in.GPUOther = float64(engineDelta(prev.gpu, cur.gpu)) / 1e9 / wall
			}
		}
		rule := h.rule
		rule.Clock = false
		rule.Judge(&in)
		if !in.Disturbed {
			return true
		}
		prev = cur
	}
	return false
}

// procStat reads the busy and steal ticks of /proc/stat's "cpu" line.
func (h *Host) procStat() (busy, steal uint64, ok bool) {
	b, err := os.ReadFile(filepath.Join(h.root, "proc/stat"))
	if err != nil {
		return 0, 0, false
	}
	line, _, _ := bytes.Cut(b, []byte("\n"))
	f := strings.Fields(string(line))
	// cpu user nice system idle iowait irq softirq steal [guest guest_nice]
	if len(f) < 9 || f[0] != "cpu" {
		return 0, 0, false
	}
	var v [8]uint64
	for i := range v {
		if v[i], err = strconv.ParseUint(f[i+1], 10, 64); err != nil {
			return 0, 0, false
		}
	}
	// guest time is already part of user (and guest_nice of nice).
	return v[0] + v[1] + v[2] + v[5] + v[6], v[7], true
}

// threadWait sums the run-queue wait (second field of schedstat) over
// this process's threads.
func (h *Host) threadWait() (time.Duration, bool) {
	dir := filepath.Join(h.root, "proc/self/task")
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0, false
	}
	var sum uint64
	n := 0
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name(), "schedstat"))
		if err != nil {
			continue // the thread exited
		}
		f := strings.Fields(string(b))
		if len(f) < 2 {
			continue
		}
		w, err := strconv.ParseUint(f[1], 10, 64)
		if err != nil {
			continue
		}
		sum += w
		n++
	}
	return time.Duration(sum), n > 0
}

// drmClients reads the engine time of other processes' DRM clients,
// rescanning which files those are every DRMRescan. Nil when no AMD card
// was found.
func (h *Host) drmClients(now time.Time) map[string]uint64 {
	if len(h.cards) == 0 {
		return nil
	}
	if h.scanned.IsZero() || now.Sub(h.scanned) >= DRMRescan {
		h.drmFiles, h.scanned = h.scanDRM(), now
	}
	out := map[string]uint64{}
	for _, p := range h.drmFiles {
		b, err := os.ReadFile(p)
		if err != nil {
			continue // the file was closed
		}
		id, ns, ok := parseFdinfo(b)
		if ok {
			out[id] = ns // dup'ed files of one client say the same
		}
	}
	return out
}

// scanDRM lists the fdinfo files of other processes' open DRM files.
func (h *Host) scanDRM() []string {
	var out []string
	for _, pid := range h.otherPIDs() {
		fdDir := filepath.Join(h.root, "proc", pid, "fd")
		fds, err := os.ReadDir(fdDir)
		if err != nil {
			continue // gone, or not ours to read
		}
		for _, fd := range fds {
			target, err := os.Readlink(filepath.Join(fdDir, fd.Name()))
			if err == nil && strings.HasPrefix(target, "/dev/dri/") {
				out = append(out, filepath.Join(h.root, "proc", pid, "fdinfo", fd.Name()))
			}
		}
	}
	return out
}

// parseFdinfo reads a DRM fdinfo file: the client's identity (drm-pdev and
// drm-client-id) and its gfx and compute engine time in nanoseconds.
func parseFdinfo(b []byte) (id string, ns uint64, ok bool) {
	var pdev, client string
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		k, v, found := strings.Cut(sc.Text(), ":")
		if !found {
			continue
		}
		v = strings.TrimSpace(v)
		switch k {
		case "drm-pdev":
			pdev = v
		case "drm-client-id":
			client = v
		case "drm-engine-gfx", "drm-engine-compute":
			num, unit, _ := strings.Cut(v, " ")
			if n, err := strconv.ParseUint(num, 10, 64); err == nil && (unit == "ns" || unit == "") {
				ns += n
			}
		}
	}
	if client == "" {
		return "", 0, false
	}
	return pdev + "/" + client, ns, true
}

// rusageSelf is this process's CPU time (user + system) from getrusage.
func rusageSelf() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
