//go:build testhooks

package run

import (
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/suites/testfault"
)

// Test-only hooks, compiled only with -tags testhooks (the tests build
// radvbench that way; 'make build' does not): the hidden testfault suite,
// faults a child inflicts on itself as a driver crash would, and a pause
// after a journaled result so a test can kill or starve a run at a known
// point instead of racing it.
//
//	RADVBENCH_TEST_FAULT=KIND:ID[;KIND:ID...]  the child raises SIGSEGV
//	    (kind segv) or SIGABRT (kind abort) on itself on benchmark ID's
//	    third sample; KIND term@PHASE or int@PHASE (PHASE setup, verify,
//	    warmup or sample; term/child@..., term/all@...: see testfault)
//	    sends SIGTERM or SIGINT to the run when benchmark ID reaches
//	    PHASE, in a child or in-process.
//	RADVBENCH_TEST_PAUSE=N  after the N-th result is journaled, the run
//	    creates JOURNAL.paused and waits until it is removed.

func hiddenSuite(name string) *kernel.Suite {
	if name == testfault.Name {
		return testfault.Suite
	}
	return nil
}

// The faults and the pause are testfault's (RADVBENCH_TEST_FAULT,
// RADVBENCH_TEST_PAUSE).
var (
	testFault            = testfault.Fault
	testPauseAfterResult = testfault.PauseAfterResult
)
