//go:build testhooks

package main

// Test-only hooks, compiled only with -tags testhooks (the tests build
// radvbench that way; 'make build' does not): the hidden testfault suite,
// faults a child inflicts on itself as a driver crash would, and a pause
// after a journaled result so a test can kill or starve a run at a known
// point instead of racing it.
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

	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/suites/testfault"
)

func hiddenSuite(name string) *kernel.Suite {
	if name == testfault.Name {
		return testfault.Suite
	}
	return nil
}

func testFault(id, phase string) {
	for _, part := range strings.Split(os.Getenv("RADVBENCH_TEST_FAULT"), ";") {
		kind, target, _ := strings.Cut(part, ":")
		if target != id {
			continue
		}
		n, ok := strings.CutPrefix(phase, "sampling ")
		if k, _ := strconv.Atoi(n); !ok || k < 3 {
			return
		}
		switch kind {
		case "segv":
			syscall.Kill(os.Getpid(), syscall.SIGSEGV)
		case "abort":
			syscall.Kill(os.Getpid(), syscall.SIGABRT)
		default:
			return
		}
		time.Sleep(time.Minute) // the signal ends the process
	}
}

func testPauseAfterResult(n int, journal string) {
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
