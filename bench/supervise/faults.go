package supervise

// Naming how a child died: the signal, the exit status, the last lines it
// wrote to stderr.

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"syscall"
)

// signalNames names the signals a crashing child may die of.
var signalNames = map[syscall.Signal]string{
	syscall.SIGSEGV: "SIGSEGV", syscall.SIGABRT: "SIGABRT", syscall.SIGBUS: "SIGBUS",
	syscall.SIGILL: "SIGILL", syscall.SIGFPE: "SIGFPE", syscall.SIGKILL: "SIGKILL",
	syscall.SIGTERM: "SIGTERM", syscall.SIGINT: "SIGINT", syscall.SIGTRAP: "SIGTRAP",
	syscall.SIGSYS: "SIGSYS", syscall.SIGPIPE: "SIGPIPE", syscall.SIGQUIT: "SIGQUIT",
}

// SignalName is the signal's name ("SIGSEGV"), or "signal N".
func SignalName(s syscall.Signal) string {
	if n, ok := signalNames[s]; ok {
		return n
	}
	return fmt.Sprintf("signal %d", int(s))
}

// goCrashRE finds the Go runtime's report of a fatal signal ("SIGSEGV:
// segmentation violation"): a signal in a Go program (or in the driver it
// calls through cgo) ends it with exit status 2 after that line.
var goCrashRE = regexp.MustCompile(`(?m)^(SIG[A-Z]+): ([a-z ]+)`)

// DescribeExit says how a child ended: the signal it died of (or the
// fatal signal the Go runtime reported), else its exit status.
func DescribeExit(state *os.ProcessState, stderrTail string) string {
	if state == nil {
		return "did not start"
	}
	if ws, ok := state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return fmt.Sprintf("killed by %s (%s)", SignalName(ws.Signal()), ws.Signal())
	}
	if m := goCrashRE.FindStringSubmatch(stderrTail); m != nil {
		return fmt.Sprintf("crashed with %s (%s), exit status %d", m[1], m[2], state.ExitCode())
	}
	return fmt.Sprintf("exit status %d", state.ExitCode())
}

// Tail keeps the last N lines written to it (a child's stderr). When the
// Go runtime reports a fatal signal ("SIGSEGV: segmentation violation")
// it keeps that line and the lines before it, not the register and
// goroutine dump that follows.
type Tail struct {
	N       int
	lines   []string
	partial string
	crash   string
	before  []string
}

func (r *Tail) Write(p []byte) (int, error) {
	s := r.partial + string(p)
	parts := strings.Split(s, "\n")
	r.partial = parts[len(parts)-1]
	for _, l := range parts[:len(parts)-1] {
		if r.crash == "" && goCrashRE.MatchString(l) {
			r.crash, r.before = l, append([]string(nil), r.lines...)
		}
		r.lines = append(r.lines, l)
		if len(r.lines) > r.N {
			r.lines = r.lines[1:]
		}
	}
	return len(p), nil
}

func (r *Tail) String() string {
	if r.crash != "" {
		return strings.Join(append(r.before, r.crash), "\n")
	}
	lines := r.lines
	if r.partial != "" {
		lines = append(append([]string(nil), lines...), r.partial)
	}
	return strings.Join(lines, "\n")
}

// StderrExcerpt is the last n non-empty lines of a child's stderr, joined
// with " | ", without the CPU-implementation warning every lavapipe child
// prints.
func StderrExcerpt(s string, n int) string {
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
