package main

// Faults: naming how a child died (signal, exit status, stderr, kernel
// log), and the test-only faults (hidden suite, self-inflicted signals)
// that exercise it.

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/suites/testfault"
)

// testSuitesEnabled reports whether test-only suites and faults are
// allowed (RADVBENCH_TEST_SUITES=1, set by radvbench's own tests).
func testSuitesEnabled() bool { return os.Getenv("RADVBENCH_TEST_SUITES") == "1" }

// lookupSuites resolves --suite; the hidden test suite is accepted only
// when test suites are enabled, and never part of "all".
func lookupSuites(names []string) ([]*kernel.Suite, error) {
	var rest []string
	hidden := false
	for _, n := range names {
		if strings.TrimSpace(n) == testfault.Name && testSuitesEnabled() {
			hidden = true
			continue
		}
		rest = append(rest, n)
	}
	var out []*kernel.Suite
	if len(rest) > 0 || !hidden {
		s, err := kernel.Lookup(rest)
		if err != nil {
			return nil, err
		}
		out = s
	}
	if hidden {
		out = append(out, testfault.Suite)
	}
	return out, nil
}

// testFault is RADVBENCH_TEST_FAULT=KIND:ID[;KIND:ID...] (honoured only
// with RADVBENCH_TEST_SUITES=1): the child raises SIGSEGV (kind segv) or
// SIGABRT (kind abort) on itself while sampling benchmark ID, as a driver
// crash would.
type testFault map[string]syscall.Signal

func parseTestFault() testFault {
	spec := os.Getenv("RADVBENCH_TEST_FAULT")
	if spec == "" || !testSuitesEnabled() {
		return nil
	}
	f := testFault{}
	for _, part := range strings.Split(spec, ";") {
		kind, id, _ := strings.Cut(part, ":")
		switch kind {
		case "segv":
			f[id] = syscall.SIGSEGV
		case "abort":
			f[id] = syscall.SIGABRT
		}
	}
	return f
}

// maybeFire raises the benchmark's signal on its third sample.
func (f testFault) maybeFire(id, phase string) {
	sig, ok := f[id]
	if !ok {
		return
	}
	if n, ok := strings.CutPrefix(phase, "sampling "); ok {
		if k, _ := strconv.Atoi(n); k >= 3 {
			syscall.Kill(os.Getpid(), sig)
			time.Sleep(10 * time.Second) // the signal ends the process
		}
	}
}

// testFenceTimeout is RADVBENCH_TEST_FENCE_TIMEOUT (a duration, honoured
// only with RADVBENCH_TEST_SUITES=1): a shorter bound on GPU waits, so a
// test sees a hung dispatch become a lost device without waiting 60 s.
func testFenceTimeout() time.Duration {
	if !testSuitesEnabled() {
		return 0
	}
	d, err := time.ParseDuration(os.Getenv("RADVBENCH_TEST_FENCE_TIMEOUT"))
	if err != nil || d <= 0 {
		return 0
	}
	return d
}

// signalNames names the signals a crashing child may die of.
var signalNames = map[syscall.Signal]string{
	syscall.SIGSEGV: "SIGSEGV", syscall.SIGABRT: "SIGABRT", syscall.SIGBUS: "SIGBUS",
	syscall.SIGILL: "SIGILL", syscall.SIGFPE: "SIGFPE", syscall.SIGKILL: "SIGKILL",
	syscall.SIGTERM: "SIGTERM", syscall.SIGINT: "SIGINT", syscall.SIGTRAP: "SIGTRAP",
	syscall.SIGSYS: "SIGSYS", syscall.SIGPIPE: "SIGPIPE", syscall.SIGQUIT: "SIGQUIT",
}

func signalName(s syscall.Signal) string {
	if n, ok := signalNames[s]; ok {
		return n
	}
	return fmt.Sprintf("signal %d", int(s))
}

// goCrashRE finds the Go runtime's report of a fatal signal ("SIGSEGV:
// segmentation violation"): a signal in a Go program (or in the driver it
// calls through cgo) ends it with exit status 2 after that line.
var goCrashRE = regexp.MustCompile(`(?m)^(SIG[A-Z]+): ([a-z ]+)`)

// describeExit says how a child ended: the signal it died of (or the
// fatal signal the Go runtime reported), else its exit status.
func describeExit(state *os.ProcessState, stderrTail string) string {
	if state == nil {
		return "did not start"
	}
	if ws, ok := state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return fmt.Sprintf("killed by %s (%s)", signalName(ws.Signal()), ws.Signal())
	}
	if m := goCrashRE.FindStringSubmatch(stderrTail); m != nil {
		return fmt.Sprintf("crashed with %s (%s), exit status %d", m[1], m[2], state.ExitCode())
	}
	return fmt.Sprintf("exit status %d", state.ExitCode())
}

// ringLines keeps the last n lines written to it (a child's stderr). When
// the Go runtime reports a fatal signal ("SIGSEGV: segmentation
// violation") it keeps that line and the lines before it, not the
// register and goroutine dump that follows.
type ringLines struct {
	n       int
	lines   []string
	partial string
	crash   string
	before  []string
}

func (r *ringLines) Write(p []byte) (int, error) {
	s := r.partial + string(p)
	parts := strings.Split(s, "\n")
	r.partial = parts[len(parts)-1]
	for _, l := range parts[:len(parts)-1] {
		if r.crash == "" && goCrashRE.MatchString(l) {
			r.crash, r.before = l, append([]string(nil), r.lines...)
		}
		r.lines = append(r.lines, l)
		if len(r.lines) > r.n {
			r.lines = r.lines[1:]
		}
	}
	return len(p), nil
}

func (r *ringLines) String() string {
	if r.crash != "" {
		return strings.Join(append(r.before, r.crash), "\n")
	}
	lines := r.lines
	if r.partial != "" {
		lines = append(append([]string(nil), lines...), r.partial)
	}
	return strings.Join(lines, "\n")
}

// stderrExcerpt is the last lines of a child's stderr for a reason,
// without the CPU-implementation warning every lavapipe child prints.
func stderrExcerpt(s string, n int) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "WARNING: ") && strings.Contains(l, "CPU implementation") {
			continue
		}
		keep = append(keep, l)
	}
	if len(keep) > n {
		keep = keep[len(keep)-n:]
	}
	return strings.Join(keep, " | ")
}

// gpuResetRE matches kernel log lines about a GPU hang or reset.
var gpuResetRE = regexp.MustCompile(`(?i)amdgpu.*(reset|ring .*timeout|timeout|hang|page fault|gpu fault|VM_L2_PROTECTION)|drm.*(reset|hang)`)

// kernelLog reads the GPU-reset lines of the kernel log (nil when dmesg is
// not readable: not installed, not permitted).
func kernelLog() []string {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "dmesg").Output()
	if err != nil {
		return nil
	}
	var lines []string
	for _, l := range strings.Split(string(out), "\n") {
		if gpuResetRE.MatchString(l) {
			lines = append(lines, strings.TrimSpace(l))
		}
	}
	return lines
}

// newKernelLogLines is the GPU-reset lines of the kernel log that were not
// there before (at most the last 5).
func newKernelLogLines(before map[string]bool) []string {
	var out []string
	for _, l := range kernelLog() {
		if !before[l] {
			out = append(out, l)
		}
	}
	if len(out) > 5 {
		out = out[len(out)-5:]
	}
	return out
}

func lineSet(lines []string) map[string]bool {
	m := map[string]bool{}
	for _, l := range lines {
		m[l] = true
	}
	return m
}
