package main

// The supervisor: 'run --runs N', '--config' and '--isolate' run the
// benchmarks in child processes (os.Executable() with hidden flags, see
// child.go), never touching the GPU itself. Each run (round) has its own
// shuffled, seeded order; each configuration runs its rounds interleaved
// (A B A B). A child that crashes, hangs past the watchdog budget or loses
// its device costs the benchmark it was running (a failed result saying
// what happened); a fresh child carries on with the rest. Every finished
// benchmark is appended to the journal as it arrives.

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
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/runflags"
	"github.com/radvbench/radvbench/reports/results"
	"github.com/radvbench/radvbench/reports/stats"
)

// supervisor runs rounds of child processes and collects their results.
type supervisor struct {
	ctx            context.Context
	stdout, stderr io.Writer
	exe            string
	base           []string // child arguments (run flags without the parent's own)
	configs        []abConfig
	runs           int
	seed           func(round int) uint64
	groups         int // shared-input groups per child: 1 (--isolate=kernel) or 0 (all)
	budget         time.Duration
	tmp            string

	jrn     *journal
	jhead   journalHeader
	resumed *journalState // nil unless --resume
	force   bool

	header  *results.File
	plan    []string // benchmark IDs in plan order
	entries []journalEntry
	rounds  []results.Round
	shaders map[string]string
	klog    map[string]bool // kernel-log lines present before the run

	stats superviseStats
	// watch, when set (--watch), sees every result as a child reports it;
	// watchStart and watchSample (also set with --watch) each benchmark's
	// start and timed samples, which the children then report.
	watch       func(*results.Result)
	watchStart  func(*results.Result)
	watchSample func(id string, n int, value float64)
}

// superviseStats counts what the supervisor saw, for the summary line.
type superviseStats struct {
	children, crashes, hangs, lost int
}

// childOutcome is what one child did.
type childOutcome struct {
	results  int
	faulted  bool
	fatalErr error
}

func (s *supervisor) note(format string, args ...any) {
	fmt.Fprintf(s.stderr, format+"\n", args...)
}

// run executes every round; the results gathered so far are kept in s
// even when it returns an error.
func (s *supervisor) run() error {
	s.shaders = map[string]string{}
	s.klog = lineSet(kernelLog())
	done := map[string]map[string]bool{} // round/config -> finished IDs
	roundDone := map[string]*results.Round{}
	if s.resumed != nil {
		for _, e := range s.resumed.Entries {
			key := roundKey(e.Round, e.Config)
			switch {
			case e.Result != nil:
				if done[key] == nil {
					done[key] = map[string]bool{}
				}
				done[key][e.Result.ID()] = true
				s.entries = append(s.entries, e)
				for k, v := range e.Shaders {
					s.shaders[k] = v
				}
			case e.RoundDone != nil:
				rd := *e.RoundDone
				roundDone[key] = &rd
			}
		}
	}
	for r := 1; r <= s.runs; r++ {
		for _, c := range s.configs {
			key := roundKey(r, c.name)
			if rd := roundDone[key]; rd != nil {
				s.rounds = append(s.rounds, *rd)
				continue
			}
			if done[key] == nil {
				done[key] = map[string]bool{}
			}
			if err := s.runRound(r, c, done[key]); err != nil {
				return err
			}
		}
	}
	return nil
}

func roundKey(round int, config string) string { return strconv.Itoa(round) + "\x00" + config }

// runRound runs one round of one configuration until every benchmark of
// its order has a result, starting a fresh child after each fault.
func (s *supervisor) runRound(r int, c abConfig, done map[string]bool) error {
	seed := s.seed(r)
	desc := ""
	if c.name != "" {
		desc = " config " + c.name + " " + envString(c.env)
	}
	s.note("run %d/%d%s: order seed %d", r, s.runs, desc, seed)
	round := results.Round{Index: r, Config: c.name, Started: time.Now().UTC(), Seed: seed}
	var order []string
	for {
		if order != nil && allDone(order, done) {
			break
		}
		out, err := s.runChild(r, c, seed, done, &order)
		if err != nil {
			return err
		}
		if out.fatalErr != nil {
			return out.fatalErr
		}
		if out.results == 0 && !out.faulted && order != nil && !allDone(order, done) {
			return fmt.Errorf("run %d: a child process ended without running anything (see its messages above)", r)
		}
	}
	round.Order = order
	round.Finished = time.Now().UTC()
	s.rounds = append(s.rounds, round)
	if s.jrn != nil {
		rd := round
		if err := s.jrn.add(journalEntry{Round: r, Config: c.name, RoundDone: &rd}); err != nil {
			return err
		}
	}
	return nil
}

func allDone(order []string, done map[string]bool) bool {
	for _, id := range order {
		if !done[id] {
			return false
		}
	}
	return true
}

// runChild starts one child for round r and follows it to its end.
func (s *supervisor) runChild(r int, c abConfig, seed uint64, done map[string]bool, order *[]string) (childOutcome, error) {
	var out childOutcome
	skipFile := filepath.Join(s.tmp, fmt.Sprintf("skip-%d-%d", r, s.stats.children))
	var skip []string
	for id := range done {
		skip = append(skip, id)
	}
	sort.Strings(skip)
	if err := os.WriteFile(skipFile, []byte(strings.Join(skip, "\n")+"\n"), 0o644); err != nil {
		return out, fmt.Errorf("write the child's skip list: %w", err)
	}
	args := append([]string{"run"}, s.base...)
	args = append(args, "--child", "--order-seed", strconv.FormatUint(seed, 10), "--child-skip", skipFile,
		"--child-groups", strconv.Itoa(s.groups), "--progress", "never")
	if s.watchSample != nil {
		args = append(args, "--child-samples")
	}
	cmd := exec.Command(s.exe, args...)
	cmd.Env = os.Environ()
	for k, v := range c.env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	// Its own process group, so a timeout kills every process and thread
	// of it; and it dies with the parent.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	pr, pw, err := os.Pipe()
	if err != nil {
		return out, fmt.Errorf("protocol pipe for a child run: %w", err)
	}
	defer pr.Close()
	cmd.ExtraFiles = []*os.File{pw}
	cmd.Stdout = s.stdout // the validation layer and the driver write here
	errTail := &ringLines{n: 40}
	cmd.Stderr = errTail
	if err := cmd.Start(); err != nil {
		pw.Close()
		return out, fmt.Errorf("start a child run of %s: %w", s.exe, err)
	}
	pw.Close()
	s.stats.children++
	killGroup := func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }

	msgs := make(chan childMsg)
	readErr := make(chan error, 1)
	go func() {
		defer close(msgs)
		br := bufio.NewReaderSize(pr, 1<<16)
		for {
			line, err := br.ReadBytes('\n')
			if len(line) > 0 && line[len(line)-1] == '\n' {
				var m childMsg
				if jerr := json.Unmarshal(line, &m); jerr != nil {
					readErr <- fmt.Errorf("unreadable protocol line from the child: %v", jerr)
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

	timer := time.NewTimer(s.budget)
	defer timer.Stop()
	var cur *results.Result
	var curStart time.Time
	timedOut, interrupted, gotEnd := false, false, false
	var fatal error
	msgsOpen := true
	for msgsOpen {
		select {
		case m, ok := <-msgs:
			if !ok {
				msgsOpen = false
				break
			}
			if !timer.Stop() {
				select {
				case <-timer.C:
				default:
				}
			}
			timer.Reset(s.budget)
			switch {
			case m.Header != nil:
				if err := s.onHeader(m, order); err != nil {
					fatal = err
					killGroup()
				}
			case m.Start != "":
				cur, curStart = m.Item, time.Now()
				if cur == nil {
					cur = &results.Result{Suite: "?", Kernel: m.Start}
				} else if s.watchStart != nil {
					s.watchStart(cur)
				}
			case m.Sample != nil:
				if s.watchSample != nil {
					s.watchSample(m.Sample.ID, m.Sample.N, m.Sample.Value)
				}
			case m.Result != nil:
				res := m.Result
				if isDeviceLoss(res.Reason) {
					s.stats.lost++
					res.Reason = withKernelLog(res.Reason, s.klog)
				}
				if err := s.record(r, c.name, res, m.Shaders); err != nil {
					fatal = err
					killGroup()
				}
				done[res.ID()] = true
				out.results++
				cur = nil
			case m.End:
				gotEnd = true
			}
		case <-timer.C:
			timedOut = true
			killGroup()
		case <-s.ctx.Done():
			interrupted = true
			killGroup()
		}
	}
	// The protocol pipe is closed: the child exited or closed it. Give it
	// the budget to exit.
	select {
	case <-waited:
	case <-time.After(s.budget):
		timedOut = true
		killGroup()
		<-waited
	case <-s.ctx.Done():
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
		out.fatalErr = fatal
		return out, nil
	}
	if interrupted {
		return out, s.ctx.Err()
	}
	state := cmd.ProcessState
	clean := !timedOut && waitErr == nil && gotEnd
	lost := state != nil && state.ExitCode() == exitDeviceLost && !timedOut
	if clean || lost {
		return out, nil
	}
	stderrText := errTail.String()
	var what string
	switch {
	case timedOut && cur != nil:
		s.stats.hangs++
		what = fmt.Sprintf("hung: no progress for %v (the watchdog budget; --watchdog changes it), its process group was killed", s.budget)
	case timedOut:
		what = fmt.Sprintf("a child process made no progress for %v outside any benchmark and was killed", s.budget)
	default:
		s.stats.crashes++
		what = "crashed: the child process " + describeExit(state, stderrText)
	}
	if cur == nil {
		if out.results == 0 && !gotEnd {
			code := 1
			if state != nil && state.ExitCode() == 2 {
				code = 2
			}
			msg := stderrExcerpt(stderrText, 1)
			if msg == "" {
				msg = what
			}
			out.fatalErr = &exitError{code: code, msg: fmt.Sprintf("run %d: the child run failed before its first benchmark: %s", r, strings.TrimPrefix(msg, "radvbench run: "))}
			return out, nil
		}
		s.note("run %d: %s between benchmarks; a fresh child carries on", r, what)
		return out, nil
	}
	reason := what
	if ex := stderrExcerpt(stderrText, 5); ex != "" {
		reason += "; last stderr lines: " + ex
	}
	reason = withKernelLog(reason, s.klog)
	failed := *cur
	failed.Status, failed.Reason, failed.Verified = results.StatusFailed, reason, false
	failed.DurationS = time.Since(curStart).Seconds()
	s.note("run %d: %s: %s; a fresh child carries on", r, failed.ID(), what)
	if err := s.record(r, c.name, &failed, nil); err != nil {
		out.fatalErr = err
		return out, nil
	}
	done[failed.ID()] = true
	out.faulted = true
	return out, nil
}

// onHeader takes the first child's header as the file's metadata (after
// checking it against the journal when resuming) and the round's order.
func (s *supervisor) onHeader(m childMsg, order *[]string) error {
	if s.header == nil {
		h := *m.Header
		if s.resumed != nil {
			if err := checkIdentity(s.jhead.Out+journalSuffix, s.resumed.Header.File, &h, s.force, func(msg string) { s.note("%s", msg) }); err != nil {
				return err
			}
		}
		s.header = &h
		s.plan = m.Plan
		if s.jrn != nil {
			s.jhead.File = &h
			if err := s.jrn.writeHeader(s.jhead); err != nil {
				return err
			}
		}
	}
	if *order == nil {
		*order = m.Order
	}
	return nil
}

// record keeps one result and appends it to the journal.
func (s *supervisor) record(round int, config string, r *results.Result, shaders map[string]string) error {
	e := journalEntry{Round: round, Config: config, Result: r, Shaders: shaders}
	s.entries = append(s.entries, e)
	if s.watch != nil {
		s.watch(r)
	}
	for k, v := range shaders {
		s.shaders[k] = v
	}
	if s.jrn != nil {
		return s.jrn.add(e)
	}
	return nil
}

func isDeviceLoss(reason string) bool {
	return strings.Contains(reason, "VK_ERROR_DEVICE_LOST") || strings.Contains(reason, "did not finish within")
}

// withKernelLog appends the new GPU-reset lines of the kernel log.
func withKernelLog(reason string, before map[string]bool) string {
	if lines := newKernelLogLines(before); len(lines) > 0 {
		reason += "; kernel log: " + strings.Join(lines, " | ")
	}
	return reason
}

// file merges every round's results into one results file: with one run
// of one configuration the child's figures as they are; otherwise each
// benchmark's samples pooled with the round of each sample, per-run
// summaries, and one result per configuration.
func (s *supervisor) file(args []string, targetCI float64) *results.File {
	if s.header == nil {
		if s.resumed == nil {
			return nil
		}
		s.header = s.resumed.Header.File
	}
	f := *s.header
	f.Results = nil
	f.Command = append([]string{"radvbench", "run"}, args...)
	if s.resumed != nil {
		f.Started = s.resumed.Header.File.Started
	} else if len(s.rounds) > 0 {
		f.Started = s.rounds[0].Started
	}
	f.Finished = time.Now().UTC()
	f.Rounds = s.rounds
	f.Shaders = s.shaders
	named := len(s.configs) > 1 || s.configs[0].name != ""
	if named {
		f.Configs = nil
		for _, c := range s.configs {
			f.Configs = append(f.Configs, results.Config{Name: c.name, Env: c.env})
		}
	}
	planPos := map[string]int{}
	for i, id := range s.plan {
		planPos[id] = i
	}
	cfgPos := map[string]int{}
	for i, c := range s.configs {
		cfgPos[c.name] = i
	}
	single := s.runs == 1 && !named
	acc := map[string]*results.Result{}
	var keys []string
	entries := append([]journalEntry(nil), s.entries...)
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].Round < entries[j].Round })
	for _, e := range entries {
		r := *e.Result
		key := e.Config + "\x00" + r.ID()
		if single {
			if _, dup := acc[key]; !dup {
				keys = append(keys, key)
			}
			cp := r
			acc[key] = &cp
			continue
		}
		m, ok := acc[key]
		if !ok {
			cp := r
			cp.Config = e.Config
			cp.SamplesNS, cp.Metric.Samples, cp.SampleRounds, cp.Runs, cp.DurationS = nil, nil, nil, nil, 0
			cp.Status, cp.Reason, cp.Verified = results.StatusOK, "", true
			m = &cp
			acc[key] = m
			keys = append(keys, key)
		}
		mergeRound(m, &r, e.Round)
	}
	sort.SliceStable(keys, func(i, j int) bool {
		a, b := acc[keys[i]], acc[keys[j]]
		pa, oka := planPos[a.ID()]
		pb, okb := planPos[b.ID()]
		if oka && okb && pa != pb {
			return pa < pb
		}
		if oka != okb {
			return oka
		}
		return cfgPos[a.Config] < cfgPos[b.Config]
	})
	for _, k := range keys {
		r := acc[k]
		if !single {
			if r.Status == results.StatusSkipped || r.Status == results.StatusFailed {
				r.SamplesNS, r.Metric.Samples, r.SampleRounds = nil, nil, nil
				if r.Status == results.StatusFailed {
					r.Metric.Value, r.CI, r.CV, r.Noisy = 0, results.CI{}, 0, false
				}
			}
			finalizeMerged(r, targetCI)
			r.Runs = runSummaries(r)
		}
		f.Results = append(f.Results, *r)
	}
	return &f
}

// runSummaries is each run's sample count and median.
func runSummaries(r *results.Result) []results.RunSummary {
	if len(r.SampleRounds) == 0 {
		return nil
	}
	rounds, samples := r.RunSamples()
	out := make([]results.RunSummary, len(rounds))
	for i := range rounds {
		out[i] = results.RunSummary{Round: rounds[i], N: len(samples[i]), Median: stats.Summarize(samples[i]).Median}
	}
	return out
}

// summary is one line on what the supervisor saw.
func (s *supervisor) summary() string {
	return fmt.Sprintf("child processes: %d; crashed: %d, hung (killed by the watchdog): %d, device lost: %d", s.stats.children, s.stats.crashes, s.stats.hangs, s.stats.lost)
}

// Isolation modes of --isolate.
const (
	isolateAuto = iota
	isolateOff
	isolateOn
)

// parseIsolate parses --isolate: the mode, and the shared-input groups
// one child runs (1 per kernel and size, 0 for a whole run).
func parseIsolate(v string) (groups, mode int, err error) {
	switch strings.ToLower(v) {
	case "auto":
		return 1, isolateAuto, nil
	case "off", "false", "no", "0":
		return 0, isolateOff, nil
	case "kernel", "true", "on", "yes", "1":
		return 1, isolateOn, nil
	case "run":
		return 0, isolateOn, nil
	}
	return 0, 0, usagef("--isolate %q: use kernel (or true), run, off (or false) or auto", v)
}

// autoIsolate is --isolate=auto: on (a process per kernel and size) when
// the system has a GPU and --device does not name the CPU implementation,
// since crashes and hangs are what driver and kernel testing finds; off on
// lavapipe, where a crash is rare and a process per kernel only costs time.
func autoIsolate(sys *sysinfo.System, device string) (mode, groups int) {
	d := strings.ToLower(device)
	if len(sys.GPUs) == 0 || strings.Contains(d, "llvmpipe") || strings.Contains(d, "lavapipe") || d == "cpu" {
		return isolateOff, 0
	}
	return isolateOn, 1
}

// watchdogBudget is how long a child may go without progress (one
// benchmark's setup, verification, warm-up and sampling): 60 s (setup,
// verification, one fence timeout) + warm-up + 3 × max-time (the
// runner's hard limit on slow samples).
func watchdogBudget(f runFlags) time.Duration {
	if f.watchdog > 0 {
		return f.watchdog
	}
	maxTime, warmup := f.maxTime, f.warmup
	if maxTime == 0 {
		maxTime = 10 * time.Second
		if f.quick {
			maxTime = time.Second
		}
	}
	if warmup == 0 {
		warmup = 200 * time.Millisecond
	}
	return 60*time.Second + warmup + 3*maxTime
}

// executable is the radvbench the children run (tests running the CLI
// in-process set a built binary).
var executable = os.Executable

// runSupervised is a run in child processes: --runs N, --config, --isolate.
func runSupervised(ctx context.Context, stdout, stderr io.Writer, args []string, f runFlags, configs []abConfig, groups int,
	outPath string, resume *journalState, journalPath string) error {
	exe, err := executable()
	if err != nil {
		return fmt.Errorf("find the radvbench executable for child runs: %w", err)
	}
	tmp, err := os.MkdirTemp("", "radvbench-run")
	if err != nil {
		return fmt.Errorf("temporary directory for child runs: %w", err)
	}
	defer os.RemoveAll(tmp)
	w, err := openWatch(f.watch)
	if err != nil {
		return err
	}
	defer holdWatch(ctx, w, f.watchHold, stderr)
	base := childArgs(args)
	if f.maxTime > 0 && len(configs) > 1 {
		// A/B: each round gets its share of the per-benchmark budget.
		base = append(base, "--max-time", (f.maxTime / time.Duration(f.runs)).String())
	}
	s := &supervisor{
		ctx: ctx, stdout: stdout, stderr: stderr, exe: exe, base: base, configs: configs, runs: f.runs,
		groups: groups, budget: watchdogBudget(f), tmp: tmp, resumed: resume, force: f.force,
		jhead: journalHeader{Out: outPath, Args: args},
	}
	orderSeed := f.orderSeed
	if orderSeed == 0 {
		orderSeed = f.seed
	}
	s.seed = func(round int) uint64 { return runner.RunSeed(orderSeed, round) }
	if resume != nil {
		if s.jrn, err = reopenJournal(journalPath, resume.ValidLen); err != nil {
			return err
		}
	} else {
		journalPath = outPath + journalSuffix
		if s.jrn, err = createJournal(journalPath); err != nil {
			return usagef("%v (choose another --out)", err)
		}
	}
	defer s.jrn.close()
	if w != nil {
		s.watch, s.watchStart, s.watchSample = w.Result, w.Begin, w.Sample
	}
	runErr := s.run()
	w.Finish()
	file := s.file(args, f.targetCI/100)
	if file == nil {
		s.jrn.close()
		os.Remove(journalPath)
		if runErr == nil {
			runErr = fmt.Errorf("no child run reported anything")
		}
		return runErr
	}
	if file.Labels == nil && len(f.labels) > 0 {
		file.Labels, _ = runflags.ParseLabels(f.labels)
	}
	if runErr != nil && ctx.Err() == nil {
		var ue *usageError
		if errors.As(runErr, &ue) {
			return runErr // nothing ran: the journal stays for a later --resume
		}
		return fmt.Errorf("%w (the finished benchmarks are in the journal %s: 'radvbench run --resume %s' continues)", runErr, journalPath, journalPath)
	}
	if saveErr := results.Save(outPath, file); saveErr != nil {
		return fmt.Errorf("write results %s: %w (the finished benchmarks are in the journal %s: fix this, then 'radvbench run --resume %s')", outPath, saveErr, journalPath, journalPath)
	}
	if runErr == nil {
		s.jrn.close()
		os.Remove(journalPath) // complete: the results file holds it all
	}
	printRunHeader(stdout, file)
	table := newResultTable(stdout)
	for i := range file.Results {
		table.add(&file.Results[i])
	}
	by, hint := "", ""
	if len(file.Configs) > 0 {
		by = "config"
		hint = fmt.Sprintf(" (compare the configurations with: radvbench compare --by config %s)", outPath)
	}
	fmt.Fprintf(stdout, "\n%s\n%s\nresults: %s%s\n", table.summary(), s.summary(), outPath, hint)
	if runErr == nil {
		if err := writeRunReport(stdout, file, outPath, f.report, by); err != nil {
			return err
		}
		if err := importFinishedRun(ctx, stdout, f.db, file, outPath); err != nil {
			return err
		}
	}
	if runErr != nil {
		return &exitError{code: 130, msg: fmt.Sprintf("interrupted; the finished benchmarks are saved in %s ('radvbench run --resume %s' completes the run)", outPath, outPath)}
	}
	if table.failed > 0 {
		return &exitError{code: 1, msg: fmt.Sprintf("%d benchmark(s) failed; see the reasons above and in %s", table.failed, outPath)}
	}
	return nil
}
