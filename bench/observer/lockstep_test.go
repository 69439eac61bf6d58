package observer

import (
	"fmt"
	"testing"
	"time"
)

// TestHostRestart: the other side of a lockstep ran for 2 s (its CPU
// time is other processes' to this one) while this child waited for its
// turn; its turn's first short sample, judged over the look-back, reads
// that as a neighbour, unless the observer restarted when the turn came.
func TestHostRestart(t *testing.T) {
	for _, restart := range []bool{false, true} {
		f := newFixture(t)
		h := f.host(true)
		h.Begin() // this side's last sample before it waited
		f.now = f.now.Add(300 * time.Millisecond)
		f.self += 600 * time.Millisecond
		f.stat(60, 0)
		h.End()
		f.now = f.now.Add(2 * time.Second) // the other side's turn: 1.5 cores
		f.stat(60+300, 0)
		if restart {
			h.Restart()
		}
		f.now = f.now.Add(400 * time.Millisecond) // setup and warm-up, this process's own
		f.self += 800 * time.Millisecond
		f.stat(60+300+80, 0)
		h.Begin()
		f.now = f.now.Add(10 * time.Millisecond)
		f.self += 20 * time.Millisecond
		f.stat(60+300+82, 0)
		in := h.End()
		if in.Disturbed == restart {
			t.Errorf("restart %v: first sample of the turn %v: want disturbed only without the restart", restart, in)
		}
	}
}

// proc writes /proc/PID/stat for a process with parent ppid and CPU time
// utime+stime ticks; the command name holds a space and a ')', as a
// name may.
func (f *fixture) proc(pid, ppid int, utime, stime uint64) {
	f.write(fmt.Sprintf("proc/%d/stat", pid), fmt.Sprintf(
		"%d (radv bench) x) S %d %d %d 0 -1 4194560 100 0 0 0 %d %d 0 0 20 0 9 0 1234 1000 100 18446744073709551615\n", pid, ppid, pid, pid, utime, stime))
}

// TestHostSiblings: with Siblings, the CPU time of the other children of
// this process's parent (the other side of a lockstep by samples) is not
// another process's: only the rest counts. Without it, it does. A
// sibling found after the window began counts as another process's.
func TestHostSiblings(t *testing.T) {
	for _, tc := range []struct {
		name      string
		siblings  bool
		wantOther float64
	}{
		{"siblings subtracted", true, 0.5},
		{"siblings counted", false, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.proc(4242, 7, 500, 100) // this process
			f.proc(4243, 7, 40, 10)   // its sibling, the other side
			f.proc(4244, 7, 0, 0)     // another sibling
			f.proc(9000, 1, 300, 0)   // not a sibling
			h := New(Options{Root: f.root, CPUDevice: true, PID: 4242, PPID: 7, Siblings: tc.siblings,
				Now: func() time.Time { return f.now }, SelfCPU: func() (time.Duration, bool) { return f.self, true }})
			h.Begin()
			// 400 ms: the machine busy 140 ticks; this process 0.2 s, the
			// siblings 80 + 20 ticks, so another process 20 ticks (0.2 s):
			// 0.5 cores.
			f.now = f.now.Add(400 * time.Millisecond)
			f.self += 200 * time.Millisecond
			f.stat(140, 0)
			f.proc(4243, 7, 100, 30)
			f.proc(4244, 7, 15, 5)
			in := h.End()
			if !near(in.OtherCPU, tc.wantOther) {
				t.Errorf("other CPU %v, want %v", in.OtherCPU, tc.wantOther)
			}
		})
	}

	// A sibling that appears mid-window: its ticks stay another process's.
	f := newFixture(t)
	h := New(Options{Root: f.root, CPUDevice: true, PID: 4242, PPID: 7, Siblings: true,
		Now: func() time.Time { return f.now }, SelfCPU: func() (time.Duration, bool) { return f.self, true }})
	h.Begin()
	f.now = f.now.Add(3 * time.Second) // past the rescan
	f.proc(4250, 7, 100, 0)
	f.stat(100, 0)
	if in := h.End(); !near(in.OtherCPU, 1.0/3) {
		t.Errorf("a sibling new in the window: other CPU %v, want 1/3 (counted)", in.OtherCPU)
	}
}

func TestParseProcStat(t *testing.T) {
	for _, tc := range []struct {
		in    string
		ppid  string
		ticks uint64
		ok    bool
	}{
		{"12 (cat) R 7 12 12 0 -1 4194304 121 0 0 0 30 12 0 0 20 0 1 0", "7", 42, true},
		{"12 (a) b) (c) S 9 12 12 0 -1 0 0 0 0 0 1 2 0 0", "9", 3, true},
		{"12 (cat) R 7 12", "", 0, false},
		{"12 cat R 7", "", 0, false},
		{"12 (cat) R 7 12 12 0 -1 4194304 121 0 0 0 x 12 0", "", 0, false},
	} {
		ppid, ticks, ok := parseProcStat([]byte(tc.in))
		if ppid != tc.ppid || ticks != tc.ticks || ok != tc.ok {
			t.Errorf("parseProcStat(%q) = %q, %d, %v; want %q, %d, %v", tc.in, ppid, ticks, ok, tc.ppid, tc.ticks, tc.ok)
		}
	}
}
