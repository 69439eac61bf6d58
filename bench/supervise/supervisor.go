package supervise

// The parent side: runs of child processes, the watchdog, fault
// accounting.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/core/results"
)

// Supervisor runs the benchmarks in child processes: each run of each
// configuration is one child (or one per shared-input group with
// Groups = 1), restarted after a fault until every benchmark of the run's
// order has a result. A child that crashes, hangs past the watchdog budget
// or loses its device costs the benchmark it was running (a failed result
// saying what happened); a fresh child carries on with the rest.
type Supervisor struct {
	// Exe is the program the children run; Args its arguments before the
	// child-protocol flags (ChildFlags) the supervisor adds.
	Exe  string
	Args []string
	// Configs are run in turn within each run (A B A B); one zero Config
	// for plain runs.
	Configs []Config
	// Runs is how many runs each configuration makes.
	Runs int
	// Seed is run's order seed.
	Seed func(run int) uint64
	// Groups is how many shared-input groups one child runs (0: all).
	Groups int
	// Budget is the watchdog: a child that reports nothing for this long
	// is killed, with its process group. WatchdogHint is the caller's
	// words for how to change it, added as it is after "the watchdog
	// budget" in a hung benchmark's reason ("": nothing).
	Budget       time.Duration
	WatchdogHint string
	// Recorder keeps the results (and the journal).
	Recorder *Recorder
	// Stdout receives the children's stdout (the validation layer and the
	// driver write there); Notef prints the supervisor's notes.
	Stdout io.Writer
	Notef  func(format string, args ...any)
	// OnHeader, when set, sees every child's header with its
	// configuration (the Recorder keeps only the first: an isa target's
	// device differs from the next one's).
	OnHeader func(c Config, h *results.File)
	// OnStart sees each benchmark as a child starts it; OnSample, when
	// set, each timed sample (the children are asked to report them).
	OnStart  func(*results.Result)
	OnSample func(id string, n int, value float64)
	// KernelLog reads the GPU-fault lines of the kernel log (nil:
	// sysinfo.GPUFaultLines of dmesg).
	KernelLog func() []string
	// Lockstep, when set, makes this supervisor's children take turns,
	// benchmark by benchmark (and sample by sample with
	// Lockstep.Samples), with the children of another supervisor
	// sharing it (Side 0 or 1 tells them apart; see Lockstep). RunOnce
	// leaves the lockstep when the run is over.
	Lockstep *Lockstep
	Side     int

	// Stats counts what the supervisor saw.
	Stats Stats

	// newWatchdog makes the watchdog's timer; tests replace it to fire
	// it on an event instead of a clock.
	newWatchdog func(time.Duration) Watchdog
	tmp         string
	klog        map[string]bool
}

// Stats counts children and their faults, for the summary line.
type Stats struct {
	Children, Crashes, Hangs, Lost int
}

// Summary is one line on what the supervisor saw.
func (s *Supervisor) Summary() string { return s.Stats.Summary() }

// Summary is one line on the counts.
func (st Stats) Summary() string {
	return fmt.Sprintf("child processes: %d; crashed: %d, hung (killed by the watchdog): %d, device lost: %d", st.Children, st.Crashes, st.Hangs, st.Lost)
}

// Plus is the sum of two supervisors' counts.
func (st Stats) Plus(o Stats) Stats {
	return Stats{Children: st.Children + o.Children, Crashes: st.Crashes + o.Crashes, Hangs: st.Hangs + o.Hangs, Lost: st.Lost + o.Lost}
}

// Watchdog is a resettable timer.
type Watchdog interface {
	C() <-chan time.Time
	// Reset restarts the budget; Stop releases the timer.
	Reset()
	Stop()
}

type clockWatchdog struct {
	t *time.Timer
	d time.Duration
}

func (w *clockWatchdog) C() <-chan time.Time { return w.t.C }
func (w *clockWatchdog) Stop()               { w.t.Stop() }
func (w *clockWatchdog) Reset() {
	if !w.t.Stop() {
		select {
		case <-w.t.C:
		default:
		}
	}
	w.t.Reset(w.d)
}

func (s *Supervisor) watchdog() Watchdog {
	if s.newWatchdog != nil {
		return s.newWatchdog(s.Budget)
	}
	return &clockWatchdog{t: time.NewTimer(s.Budget), d: s.Budget}
}

func (s *Supervisor) notef(format string, args ...any) {
	if s.Notef != nil {
		s.Notef(format, args...)
	}
}

func (s *Supervisor) kernelLog() []string {
	if s.KernelLog != nil {
		return s.KernelLog()
	}
	log, err := sysinfo.ReadKernelLog()
	if err != nil {
		return nil
	}
	return sysinfo.GPUFaultLines(string(log))
}

// Run executes every run of every configuration; what was gathered stays
// in the Recorder even when it returns an error. ctx's cancellation
// kills the running child and returns ctx.Err(); a child a signal
// stopped (interruptedExit) ends it with an *InterruptedError. Either
// way the benchmark the child was running is not recorded.
func (s *Supervisor) Run(ctx context.Context) error {
	if len(s.Configs) == 0 {
		s.Configs = []Config{{}}
	}
	defer s.Close()
	for r := 1; r <= s.Runs; r++ {
		for _, c := range s.Configs {
			if s.Recorder.RunFinished(r, c.Name) {
				continue
			}
			if err := s.RunOnce(ctx, r, c, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// Close removes the supervisor's temporary files (Run does it itself).
func (s *Supervisor) Close() {
	if s.tmp != "" {
		os.RemoveAll(s.tmp)
		s.tmp = ""
	}
}

// RunOnce runs run r of configuration c: one child, restarted after each
// fault, until every benchmark of the run's order has a result. With
// only set, the run takes just those benchmarks (IDs); the others of the
// plan are not part of it (a run until decided stops running what is
// decided). Call Close when done with the supervisor.
func (s *Supervisor) RunOnce(ctx context.Context, r int, c Config, only []string) error {
	if s.Lockstep != nil {
		defer s.Lockstep.Leave(s.Side)
	}
	if s.tmp == "" {
		tmp, err := os.MkdirTemp("", "radvbench-children")
		if err != nil {
			return fmt.Errorf("temporary directory for child processes: %w", err)
		}
		s.tmp = tmp
		s.klog = lineSet(s.kernelLog())
	}
	seed := uint64(0)
	if s.Seed != nil {
		seed = s.Seed(r)
	}
	desc := ""
	if c.Name != "" {
		desc = " config " + c.Name + " " + EnvString(c.Env)
	}
	of := "/" + strconv.Itoa(s.Runs)
	if s.Runs <= 0 {
		of = "" // runs until decided: the count is not known ahead
	}
	s.notef("run %d%s%s: order seed %d", r, of, desc, seed)
	rd := results.Round{Index: r, Config: c.Name, Started: time.Now().UTC(), Seed: seed}
	done := s.Recorder.Done(r, c.Name)
	excluded := map[string]bool{}
	if only != nil {
		keep := map[string]bool{}
		for _, id := range only {
			keep[id] = true
		}
		for _, id := range s.Recorder.Plan() {
			if !keep[id] && !done[id] {
				excluded[id], done[id] = true, true
			}
		}
	}
	var order []string
	for order == nil || !allDone(order, done) {
		out, err := s.runChild(ctx, r, c, seed, done, &order)
		if err != nil {
			return err
		}
		if out.results == 0 && !out.faulted && order != nil && !allDone(order, done) {
			return fmt.Errorf("run %d: a child process ended without running anything (see its messages above)", r)
		}
	}
	for _, id := range order {
		if !excluded[id] {
			rd.Order = append(rd.Order, id)
		}
	}
	rd.Finished = time.Now().UTC()
	return s.Recorder.EndRun(rd)
}

func allDone(order []string, done map[string]bool) bool {
	for _, id := range order {
		if !done[id] {
			return false
		}
	}
	return true
}

// childOutcome is what one child did.
type childOutcome struct {
	results int
	faulted bool
}

// ChildArgs are the protocol flags the supervisor gives a child.
func childArgs(skipFile string, seed uint64, groups int, samples bool, lockstep *Lockstep) []string {
	args := []string{"--" + flagChild, "--" + flagSeed, strconv.FormatUint(seed, 10), "--" + flagSkip, skipFile,
		"--" + flagGroups, strconv.Itoa(groups)}
	if samples {
		args = append(args, "--"+flagSamples)
	}
	if lockstep != nil {
		args = append(args, "--"+flagLockstep)
		if lockstep.Samples {
			args = append(args, "--"+flagLockstepSamples)
		}
	}
	return args
}

// runChild starts one child for run r and follows it to its end. A
// returned error ends the whole supervised run; a child's fault is
// recorded and returns nil.
func (s *Supervisor) runChild(ctx context.Context, r int, c Config, seed uint64, done map[string]bool, order *[]string) (childOutcome, error) {
	var out childOutcome
	skipFile := filepath.Join(s.tmp, fmt.Sprintf("skip-%d-%d", r, s.Stats.Children))
	skip := make([]string, 0, len(done))
	for id := range done {
		skip = append(skip, id)
	}
	sort.Strings(skip)
	if err := os.WriteFile(skipFile, []byte(strings.Join(skip, "\n")+"\n"), 0o644); err != nil {
		return out, fmt.Errorf("write the child's skip list: %w", err)
	}
	args := append(append([]string(nil), s.Args...), childArgs(skipFile, seed, s.Groups, s.OnSample != nil, s.Lockstep)...)
	exe := s.Exe
	if c.Exe != "" {
		exe = c.Exe
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = os.Environ()
	if c.Environ != nil {
		cmd.Env = c.Environ(cmd.Env)
	} else {
		for k, v := range c.Env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
	}
	// Its own process group, so a timeout kills every process and thread
	// of it; and it dies with the parent.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	pr, pw, err := os.Pipe()
	if err != nil {
		return out, fmt.Errorf("protocol pipe for a child process: %w", err)
	}
	defer pr.Close()
	cmd.ExtraFiles = []*os.File{pw} // FD 3
	var turnR, turnW *os.File       // the child's go, in lockstep
	if s.Lockstep != nil {
		if turnR, turnW, err = os.Pipe(); err != nil {
			pw.Close()
			return out, fmt.Errorf("turn pipe for a child process: %w", err)
		}
		defer turnW.Close()
		defer s.Lockstep.Release(s.Side)               // a turn ends with its child
		cmd.ExtraFiles = append(cmd.ExtraFiles, turnR) // TurnFD
	}
	cmd.Stdout = s.Stdout
	if cmd.Stdout == nil {
		cmd.Stdout = io.Discard
	}
	errTail := &Tail{N: 40}
	cmd.Stderr = errTail
	err = cmd.Start()
	pw.Close() // the child's ends of the pipes
	if turnR != nil {
		turnR.Close()
	}
	if err != nil {
		return out, fmt.Errorf("start a child process of %s: %w", exe, err)
	}
	s.Stats.Children++
	killGroup := func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }

	msgs := make(chan Msg)
	readErr := make(chan error, 1)
	go func() {
		defer close(msgs)
		br := bufio.NewReaderSize(pr, 1<<16)
		for {
			line, err := br.ReadBytes('\n')
			if len(line) > 0 && line[len(line)-1] == '\n' {
				var m Msg
				if jerr := json.Unmarshal(line, &m); jerr != nil {
					readErr <- fmt.Errorf("unreadable protocol line from a child process: %v", jerr)
					return
				}
				msgs <- m
			}
			if err != nil {
				return
			}
		}
	}()
	waited := make(chan struct{})
	var waitErr error
	go func() { waitErr = cmd.Wait(); close(waited) }()

	wd := s.watchdog()
	defer wd.Stop()
	var cur *results.Result
	var curStart time.Time
	timedOut, interrupted, gotEnd, lostReported := false, false, false, false
	var fatal error
	for open := true; open; {
		select {
		case m, ok := <-msgs:
			if !ok {
				open = false
				break
			}
			wd.Reset()
			switch {
			case m.Header != nil:
				if s.OnHeader != nil {
					s.OnHeader(c, m.Header)
				}
				s.Recorder.ConfigHeader(c.Name, m.Header)
				if err := s.Recorder.SetHeader(m.Header, m.Plan); err != nil {
					fatal = err
					killGroup()
				}
				if *order == nil {
					*order = m.Order
				}
			case (m.Ready != "" || m.ReadySample != "") && s.Lockstep != nil:
				// Waiting for the other side's turn is not a hang: the
				// watchdog restarts when the turn comes.
				var err error
				if m.Ready != "" {
					err = s.Lockstep.Acquire(ctx, s.Side, m.Ready)
				} else {
					err = s.Lockstep.AcquireSample(ctx, s.Side, m.ReadySample)
				}
				if err != nil {
					interrupted = true
					killGroup()
					break
				}
				wd.Reset()
				if _, err := turnW.Write([]byte{1}); err != nil {
					s.Lockstep.Release(s.Side) // the child is gone; its exit is handled below
				}
			case m.Start != "":
				cur, curStart = m.Item, time.Now()
				if cur == nil {
					cur = &results.Result{Suite: "?", Kernel: m.Start}
				} else if s.OnStart != nil {
					s.OnStart(cur)
				}
			case m.Sample != nil:
				if s.OnSample != nil {
					s.OnSample(m.Sample.ID, m.Sample.N, m.Sample.Value)
				}
			case m.Result != nil:
				res := m.Result
				if m.DeviceLost {
					s.Stats.Lost++
					lostReported = true
					res.Reason = s.withKernelLog(res.Reason)
				}
				if err := s.Recorder.Add(r, c.Name, res, m.Shaders); err != nil {
					fatal = err
					killGroup()
				}
				done[res.ID()] = true
				out.results++
				cur = nil
			case m.End:
				gotEnd = true
				if s.Lockstep != nil {
					s.Lockstep.Release(s.Side)
				}
			}
		case <-wd.C():
			timedOut = true
			killGroup()
		case <-ctx.Done():
			interrupted = true
			killGroup()
		}
	}
	// The protocol pipe is closed: the child exited or closed it. Give it
	// the budget to exit.
	wd.Reset()
	select {
	case <-waited:
	case <-wd.C():
		timedOut = true
		killGroup()
		<-waited
	case <-ctx.Done():
		interrupted = true
		killGroup()
		<-waited
	}
	killGroup() // nothing of the child may outlive it
	select {
	case err := <-readErr:
		if fatal == nil {
			fatal = err
		}
	default:
	}
	if fatal != nil {
		return out, fatal
	}
	if interrupted || ctx.Err() != nil {
		// The run was interrupted (its child may have ended on the same
		// signal first): the benchmark it cut short is not a result.
		return out, ctx.Err()
	}
	state := cmd.ProcessState
	clean := !timedOut && waitErr == nil && gotEnd
	lost := lostReported && state != nil && state.ExitCode() == ExitDeviceLost && !timedOut
	if clean || lost {
		return out, nil
	}
	if !timedOut && interruptedExit(state) {
		return out, &InterruptedError{Run: r, How: DescribeExit(state, "")}
	}
	stderrText := errTail.String()
	var what string
	switch {
	case timedOut && cur != nil:
		s.Stats.Hangs++
		what = fmt.Sprintf("hung: no progress for %v (the watchdog budget%s), its process group was killed", s.Budget, s.WatchdogHint)
	case timedOut:
		what = fmt.Sprintf("a child process made no progress for %v outside any benchmark and was killed", s.Budget)
	default:
		s.Stats.Crashes++
		what = "crashed: the child process " + DescribeExit(state, stderrText)
	}
	if cur == nil {
		if out.results == 0 && !gotEnd {
			msg := commandPrefix.ReplaceAllString(StderrExcerpt(stderrText, 1), "")
			if msg == "" {
				msg = what
			}
			return out, &ChildFailedError{Run: r, Msg: msg, Usage: state != nil && state.ExitCode() == 2, Config: c.Name}
		}
		s.notef("run %d: %s between benchmarks; a fresh child carries on", r, what)
		return out, nil
	}
	reason := what
	if ex := StderrExcerpt(stderrText, 5); ex != "" {
		reason += "; last stderr lines: " + ex
	}
	reason = s.withKernelLog(reason)
	failed := *cur
	failed.Status, failed.Reason, failed.Verified = results.StatusFailed, reason, false
	failed.DurationS = time.Since(curStart).Seconds()
	s.notef("run %d: %s: %s; a fresh child carries on", r, failed.ID(), what)
	if err := s.Recorder.Add(r, c.Name, &failed, nil); err != nil {
		return out, err
	}
	done[failed.ID()] = true
	out.faulted = true
	return out, nil
}

// ErrInterrupted is a run a signal stopped: errors.Is of an
// *InterruptedError.
var ErrInterrupted = errors.New("interrupted")

// InterruptedError is a child that a signal stopped (its own SIGINT or
// SIGTERM, not its parent's): the run ends as interrupted, as it would on
// the parent's own signal; the benchmark the child was running is not
// journaled, so a resumed run runs it again.
type InterruptedError struct {
	Run int
	// How the child ended (DescribeExit).
	How string
}

func (e *InterruptedError) Error() string {
	return fmt.Sprintf("run %d: interrupted: the child process %s", e.Run, e.How)
}

func (e *InterruptedError) Is(target error) bool { return target == ErrInterrupted }

// interruptedExit reports whether a child ended on an interrupt: it
// exited with ExitInterrupted (it caught SIGINT or SIGTERM and stopped),
// or SIGINT, SIGTERM or SIGHUP killed it before it could catch them.
// SIGKILL is not among them: the kernel's OOM killer sends it too, and
// a watchdog's kill is a hang.
func interruptedExit(state *os.ProcessState) bool {
	if state == nil {
		return false
	}
	if ws, ok := state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		switch ws.Signal() {
		case syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP:
			return true
		}
		return false
	}
	return state.ExitCode() == ExitInterrupted
}

// ChildFailedError is a child that failed before its first benchmark:
// bad arguments (Usage: it exited 2), no device, a driver that aborts on
// load. Nothing ran, so nothing would run in a fresh child either.
type ChildFailedError struct {
	Run   int
	Msg   string
	Usage bool
	// Config is the A/B configuration the child ran ("" when none): in
	// a round of two, which side could not run.
	Config string
}

func (e *ChildFailedError) Error() string {
	of := ""
	if e.Config != "" {
		of = " of config " + e.Config
	}
	return fmt.Sprintf("run %d%s: the child process failed before its first benchmark: %s", e.Run, of, e.Msg)
}

// withKernelLog appends the kernel log's new GPU-fault lines (at most 5).
func (s *Supervisor) withKernelLog(reason string) string {
	var fresh []string
	for _, l := range s.kernelLog() {
		if !s.klog[l] {
			fresh = append(fresh, l)
		}
	}
	if len(fresh) > 5 {
		fresh = fresh[len(fresh)-5:]
	}
	if len(fresh) > 0 {
		reason += "; kernel log: " + strings.Join(fresh, " | ")
	}
	return reason
}

// commandPrefix is the "radvbench run: " a child's error line starts with.
var commandPrefix = regexp.MustCompile(`^radvbench [a-z]+: `)

func lineSet(lines []string) map[string]bool {
	m := map[string]bool{}
	for _, l := range lines {
		m[l] = true
	}
	return m
}

// EnvString is a configuration's environment as "(K=V K2=V2)", sorted.
func EnvString(env map[string]string) string {
	keys := make([]string, 0, len(env))
	for k := range env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + env[k]
	}
	if len(parts) == 0 {
		return "(no environment changes)"
	}
	return "(" + strings.Join(parts, " ") + ")"
}
