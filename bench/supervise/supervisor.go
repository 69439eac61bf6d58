package supervise

// The parent side: runs of child processes, each child a sequence of
// steps in files of their own: spawn (spawn.go), follow its messages
// (follow.go) under the watchdog (watchdog.go), classify its end
// (ending.go).

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/radvbench/radvbench/bench/lockstep"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/core/resultsfile"
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
	// is killed, with its process group.
	Budget time.Duration
	// Recorder keeps the results (and the journal).
	Recorder *Recorder
	// Stdout receives the children's stdout (the validation layer and the
	// driver write there); Notef prints the supervisor's notes.
	Stdout io.Writer
	Notef  func(format string, args ...any)
	// OnHeader, when set, sees every child's header with its
	// configuration (the Recorder keeps only the first: an isa target's
	// device differs from the next one's).
	OnHeader func(c Config, h *resultsfile.File)
	// OnStart sees each benchmark as a child starts it; OnSample, when
	// set, each timed sample (the children are asked to report them).
	OnStart  func(*resultsfile.Result)
	OnSample func(id string, n int, value float64)
	// KernelLog reads the GPU-fault lines of the kernel log (nil:
	// sysinfo.GPUFaultLines of dmesg).
	KernelLog func() []string
	// Lockstep, when set, makes this supervisor's children take turns,
	// benchmark by benchmark (and sample by sample with
	// lockstep.Turns.Samples), with the children of another supervisor
	// sharing it (Side 0 or 1 tells them apart; see lockstep.Turns).
	// RunOnce leaves the lockstep when the run is over.
	Lockstep *lockstep.Turns
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
	rd := resultsfile.Round{Index: r, Config: c.Name, Started: time.Now().UTC(), Seed: seed}
	if s.Lockstep != nil {
		rd.Turns = resultsfile.TurnsBenchmark
		if s.Lockstep.Samples {
			rd.Turns = resultsfile.TurnsSample
		}
	}
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

// RunPair runs run r of two configurations side by side in lockstep: a's
// children with configuration ca, b's with cb, taking turns benchmark by
// benchmark (and, with bySample, sample by sample within each benchmark:
// lockstep.Turns.Samples), each pair's first side drawn from seed; only
// names the benchmarks (nil: all), as for RunOnce. The two supervisors share one
// Recorder; their Stdout and Notef must be safe for concurrent use. A
// side that fails ends the other's run too; the first error is returned.
func RunPair(ctx context.Context, a, b *Supervisor, r int, ca, cb Config, only []string, seed uint64, bySample bool) error {
	l := lockstep.New(seed)
	l.Samples = bySample
	a.Lockstep, a.Side = l, 0
	b.Lockstep, b.Side = l, 1
	defer func() { a.Lockstep, b.Lockstep = nil, nil }()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type sideErr struct {
		side int
		err  error
	}
	errs := make(chan sideErr, 2)
	for side, sc := range [2]struct {
		s *Supervisor
		c Config
	}{{a, ca}, {b, cb}} {
		go func() { errs <- sideErr{side, sc.s.RunOnce(ctx, r, sc.c, only)} }()
	}
	var first error
	for range 2 {
		e := <-errs
		if e.err != nil && first == nil {
			first = e.err
			cancel() // the other side's child is killed; its run ends
		}
	}
	return first
}

// childOutcome is what one child did.
type childOutcome struct {
	results int
	faulted bool
}

// runChild starts one child for run r and follows it to its end. A
// returned error ends the whole supervised run; a child's fault is
// recorded and returns nil.
func (s *Supervisor) runChild(ctx context.Context, r int, c Config, seed uint64, done map[string]bool, order *[]string) (childOutcome, error) {
	p, err := s.spawn(r, c, seed, done)
	if err != nil {
		return childOutcome{}, err
	}
	defer p.close()
	f := &follower{s: s, ctx: ctx, run: r, c: c, p: p, wd: s.watchdog(), done: done, order: order}
	defer f.wd.Stop()
	f.follow()
	f.awaitExit()
	return f.end()
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
