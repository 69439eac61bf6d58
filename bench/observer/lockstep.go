package observer

// Lockstep: the observer's half of two runs taking turns on one machine.
// bench/lockstep.Turns schedules the turns; what the observer does
// for them is described here, and only here.
//
// Two runs (the children of one supervising parent, one per
// configuration) take turns, and neither side's observer may count the
// other side's work as a neighbour's. The CPU figures look back Window,
// longer than a short sample, so a sample's window reaches back into
// whatever ran before it:
//
//   - Turns benchmark by benchmark: a child waits, seconds, while the
//     other side times a whole benchmark. When its turn comes it calls
//     Restart (cmd/radvbench's child does, through measure.Restarter):
//     the look-back starts again at the turn, and Measure warms up until
//     Window has passed (measure.Readier). Without it the first sample's
//     window reaches into the other side's turn and reads its CPU time as
//     a neighbour's (107 of 138 runs of an A/A study had their first
//     sample marked).
//   - Turns sample by sample (lockstep.Turns.Samples): every window spans
//     the other side's samples, and a Restart before each would leave
//     every sample's CPU figures unread. Options.Siblings instead subtracts the
//     CPU time of the other children of this process's parent
//     (/proc/PID/stat: utime + stime) from the machine's busy time, as
//     this process's own is subtracted. The siblings are found by a scan
//     of /proc every DRMRescan; one found after a window began counts
//     nothing in that window: its time stays another process's (erring
//     towards a mark, never away from one).

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Restart forgets what the observer saw so far: the next samples'
// windows reach back no further than now (measure.Restarter; why: the
// comment at the top of this file). Until Window has passed again the
// CPU figures are not read (NaN), as after New: Measure warms up until
// then (Ready).
func (h *Host) Restart() {
	h.history = nil
	h.remember(h.read(false))
}

// siblingDelta is the CPU ticks the siblings in both snapshots used
// between them. One that appeared in between counts nothing: its time
// stays other processes'.
func siblingDelta(a, b map[string]uint64) uint64 {
	var sum uint64
	for pid, t := range b {
		if t0, ok := a[pid]; ok && t >= t0 {
			sum += t - t0
		}
	}
	return sum
}

// siblingTicks reads the CPU time (utime + stime, ticks) of every other
// child of this process's parent, rescanning which processes those are
// every DRMRescan.
func (h *Host) siblingTicks(now time.Time) map[string]uint64 {
	if h.sibScanned.IsZero() || now.Sub(h.sibScanned) >= DRMRescan {
		return h.scanSiblings(now)
	}
	out := map[string]uint64{}
	for _, pid := range h.siblingPIDs {
		if ticks, ok := h.siblingTick(pid); ok {
			out[pid] = ticks
		}
	}
	return out
}

// siblingTick reads pid's CPU ticks when it is still a child of this
// process's parent (false when it exited or is someone else's).
func (h *Host) siblingTick(pid string) (uint64, bool) {
	b, err := os.ReadFile(filepath.Join(h.root, "proc", pid, "stat"))
	if err != nil {
		return 0, false
	}
	ppid, ticks, ok := parseProcStat(b)
	return ticks, ok && ppid == h.ppid
}

// scanSiblings finds the other processes whose parent is this one's,
// keeps their PIDs for the readings until the next scan, and returns
// their CPU ticks (one read of each stat file serves both).
func (h *Host) scanSiblings(now time.Time) map[string]uint64 {
	out := map[string]uint64{}
	h.siblingPIDs, h.sibScanned = nil, now
	for _, pid := range h.otherPIDs() {
		if ticks, ok := h.siblingTick(pid); ok {
			h.siblingPIDs = append(h.siblingPIDs, pid)
			out[pid] = ticks
		}
	}
	return out
}

// parseProcStat reads a /proc/PID/stat line: the parent's PID and the
// process's CPU time, utime + stime, in ticks. The command name (field 2)
// is in parentheses and may hold spaces and parentheses itself, so the
// fields are counted from the last ')'.
func parseProcStat(b []byte) (ppid string, ticks uint64, ok bool) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return "", 0, false
	}
	// state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt
	// cmajflt utime stime ...
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return "", 0, false
	}
	ut, err1 := strconv.ParseUint(f[11], 10, 64)
	st, err2 := strconv.ParseUint(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return "", 0, false
	}
	return f[1], ut + st, true
}
