//go:build testhooks

package testfault

// Faults a test's child inflicts on itself, as a driver crash would, and
// a pause after a journaled result, so a test can kill or starve a run
// at a known point instead of racing it:
//
//	RADVBENCH_TEST_FAULT=KIND:ID[;KIND:ID...]  the child raises SIGSEGV
//	    (kind segv) or SIGABRT (kind abort) on itself on benchmark ID's
//	    third sample.
//	RADVBENCH_TEST_PAUSE=N  after the N-th result is journaled, the run
//	    creates JOURNAL.paused and waits until it is removed.

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// faultSignal is the signal spec (RADVBENCH_TEST_FAULT's value) makes
// benchmark id raise on itself in phase ("sampling N"): from its third
// sample on, SIGSEGV for segv and SIGABRT for abort; 0 for none.
func faultSignal(spec, id, phase string) syscall.Signal {
	for _, part := range strings.Split(spec, ";") {
		kind, target, _ := strings.Cut(part, ":")
		if target != id {
			continue
		}
		n, ok := strings.CutPrefix(phase, "sampling ")
		if k, _ := strconv.Atoi(n); !ok || k < 3 {
			return 0
		}
		switch kind {
		case "segv":
			return syscall.SIGSEGV
		case "abort":
			return syscall.SIGABRT
		}
		return 0
	}
	return 0
}

// Fault fires the fault RADVBENCH_TEST_FAULT injects into benchmark id at
// phase, if any: the process raises the signal on itself and ends.
func Fault(id, phase string) {
	if sig := faultSignal(os.Getenv("RADVBENCH_TEST_FAULT"), id, phase); sig != 0 {
		syscall.Kill(os.Getpid(), sig)
		time.Sleep(time.Minute) // the signal ends the process
	}
}

// PauseAfterResult pauses the run after its n-th journaled result when
// RADVBENCH_TEST_PAUSE is n: it creates JOURNAL.paused and waits until
// the test removes it.
func PauseAfterResult(n int, journal string) {
	if want, err := strconv.Atoi(os.Getenv("RADVBENCH_TEST_PAUSE")); err != nil || n != want {
		return
	}
	marker := journal + ".paused"
	if err := os.WriteFile(marker, nil, 0o644); err != nil {
		return
	}
	for {
		if _, err := os.Stat(marker); os.IsNotExist(err) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}
