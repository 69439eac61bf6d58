//go:build testhooks

package testfault

// Faults a test's run inflicts on itself, as a driver crash or a user's
// signal would, and a pause after a journaled result, so a test can kill,
// interrupt or starve a run at a known point instead of racing it:
//
//	RADVBENCH_TEST_FAULT=FAULT[;FAULT...]  each FAULT one of:
//	    KIND:ID  a child raises SIGSEGV (KIND segv) or SIGABRT (abort)
//	        on itself on benchmark ID's third sample;
//	    SIG[/TO]@PHASE:ID  SIGTERM (SIG term) or SIGINT (int) is sent when
//	        benchmark ID reaches PHASE: setup, verify, warmup or sample
//	        (its second timed sample), to TO: run (the default: the
//	        run's own process, a child's parent), child (the process
//	        running the benchmark: a child, or the run in-process) or
//	        all (both, as a service manager stops a process tree). The
//	        sender then waits for the signal to end what it was doing.
//	RADVBENCH_TEST_PAUSE=N  after the N-th result is journaled, the run
//	    creates JOURNAL.paused and waits until it is removed.
//
// The signal faults fire once per process, in a child (Fault's child) or
// in a run in-process; the crashes in a child only.

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// A signal fault is sent to these processes.
const (
	toRun = 1 << iota
	toChild
)

// fault is what spec (RADVBENCH_TEST_FAULT's value) makes benchmark id
// do in phase (the runner's progress phase: "setting up", "verifying",
// "warming up", "sampling N"): the signal, and to whom a signal fault
// goes (toRun, toChild; 0 for a crash the process raises on itself).
// A zero signal: none.
func fault(spec, id, phase string) (sig syscall.Signal, to int) {
	for _, part := range strings.Split(spec, ";") {
		kind, target, _ := strings.Cut(part, ":")
		if target != id {
			continue
		}
		if sig, rest, ok := strings.Cut(kind, "@"); ok {
			return signalFault(sig, rest, phase)
		}
		n, ok := strings.CutPrefix(phase, "sampling ")
		if k, _ := strconv.Atoi(n); !ok || k < 3 {
			return 0, 0
		}
		switch kind {
		case "segv":
			return syscall.SIGSEGV, 0
		case "abort":
			return syscall.SIGABRT, 0
		}
		return 0, 0
	}
	return 0, 0
}

// signalPhases are the runner's progress phases a signal fault names.
var signalPhases = map[string]string{"setup": "setting up", "verify": "verifying", "warmup": "warming up", "sample": "sampling 2"}

// signalFault is SIG[/TO] of a signal fault at want, if phase is it.
func signalFault(sig, want, phase string) (syscall.Signal, int) {
	if signalPhases[want] != phase {
		return 0, 0
	}
	name, who, _ := strings.Cut(sig, "/")
	to := map[string]int{"": toRun, "run": toRun, "child": toChild, "all": toRun | toChild}[who]
	s := map[string]syscall.Signal{"term": syscall.SIGTERM, "int": syscall.SIGINT}[name]
	if to == 0 || s == 0 {
		return 0, 0
	}
	return s, to
}

// fired: this process has sent its signal fault.
var fired atomic.Bool

// Fault fires the fault RADVBENCH_TEST_FAULT injects into benchmark id at
// phase, if any. A crash (in a child only) ends the process. A signal
// goes to the run's process (in a child: its parent, which kills the
// child; in-process: this one) or to this process; Fault then waits
// until ctx, which the signal ends in this process, is done (in a child
// that only its parent's signal reached, the parent kills it first), at
// most a minute.
func Fault(ctx context.Context, id, phase string, child bool) {
	sig, to := fault(os.Getenv("RADVBENCH_TEST_FAULT"), id, phase)
	switch {
	case sig == 0:
		return
	case to == 0:
		if child {
			// On this thread, as abort() and a bad access raise theirs:
			// a signal sent to the process may be handed to one of the
			// driver's own threads, where Go's runtime does not report
			// it and the process dies of it instead ("killed by
			// SIGABRT", seen once in make test, against "crashed with
			// SIGABRT" when a Go thread takes it).
			runtime.LockOSThread()
			syscall.Tgkill(os.Getpid(), syscall.Gettid(), sig)
			time.Sleep(time.Minute) // the signal ends the process
		}
		return
	case fired.Swap(true):
		return // once: a second signal could land after the handler is gone
	}
	if to&toRun != 0 && child {
		syscall.Kill(os.Getppid(), sig)
	}
	if to&toChild != 0 || !child {
		syscall.Kill(os.Getpid(), sig)
	}
	select {
	case <-ctx.Done():
	case <-time.After(time.Minute):
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
