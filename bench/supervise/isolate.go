package supervise

import (
	"fmt"
	"strings"
	"time"

	"github.com/radvbench/radvbench/internal/usage"
)

// Isolation is how run's benchmarks are spread over processes (--isolate).
type Isolation int

const (
	// IsolateAuto decides by the machine (AutoIsolation).
	IsolateAuto Isolation = iota
	// IsolateOff runs in-process, unless --runs or --config ask for
	// children anyway.
	IsolateOff
	// IsolateKernel gives each kernel and size (a shared-input group) a
	// fresh child.
	IsolateKernel
	// IsolateRun gives each run one child, restarted after a fault.
	IsolateRun
)

// Groups is how many shared-input groups one child runs: 1 for a child
// per kernel and size, 0 for all.
func (i Isolation) Groups() int {
	if i == IsolateKernel {
		return 1
	}
	return 0
}

// Children reports whether the mode runs benchmarks in child processes.
func (i Isolation) Children() bool { return i == IsolateKernel || i == IsolateRun }

// IsolationModes are the spellings ParseIsolation accepts, for messages.
const IsolationModes = "kernel (or true), run, off (or false) or auto"

// IsolationError is a value ParseIsolation does not know.
type IsolationError struct{ Value string }

func (e *IsolationError) Error() string {
	return fmt.Sprintf("unknown isolation %q: use %s", e.Value, IsolationModes)
}

// ParseIsolation parses an isolation mode (run's --isolate); an unknown
// one is a usage error wrapping an *IsolationError.
func ParseIsolation(v string) (Isolation, error) {
	switch strings.ToLower(v) {
	case "auto":
		return IsolateAuto, nil
	case "off", "false", "no", "0":
		return IsolateOff, nil
	case "kernel", "true", "on", "yes", "1":
		return IsolateKernel, nil
	case "run":
		return IsolateRun, nil
	}
	return IsolateAuto, usage.Errorf("%w", &IsolationError{Value: v})
}

// AutoIsolation is --isolate=auto, decided by the device the run opens:
// a process per kernel and size when it executes on a GPU (onGPU), since
// crashes and hangs are what driver and kernel testing finds; off on a
// CPU implementation such as lavapipe (or an emulated device, which runs
// nothing), where a crash is rare and a process per kernel only costs
// time.
func AutoIsolation(onGPU bool) Isolation {
	if onGPU {
		return IsolateKernel
	}
	return IsolateOff
}

// Budget defaults of WatchdogBudget.
const (
	DefaultMaxTime      = 10 * time.Second
	DefaultQuickMaxTime = time.Second
	DefaultWarmup       = 200 * time.Millisecond
	// watchdogBase covers setup, verification and one fence timeout
	// (gpu.DefaultTimeout) of a benchmark.
	watchdogBase = 60 * time.Second
)

// WatchdogBudget is how long a child may go without progress (one
// benchmark's setup, verification, warm-up and sampling): explicit when
// set, else 60 s (setup, verification, one fence timeout) + warm-up + 3 ×
// max-time (the runner's hard limit on slow samples), with run's defaults
// for a zero max-time or warm-up.
func WatchdogBudget(explicit, maxTime, warmup time.Duration, quick bool) time.Duration {
	if explicit > 0 {
		return explicit
	}
	if maxTime == 0 {
		maxTime = DefaultMaxTime
		if quick {
			maxTime = DefaultQuickMaxTime
		}
	}
	if warmup == 0 {
		warmup = DefaultWarmup
	}
	return watchdogBase + warmup + 3*maxTime
}
