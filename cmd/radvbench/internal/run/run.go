// Package run is 'radvbench run': run's flags turned into a launch.Plan
// and run (in-process, supervised or until decided), its table, window,
// report and history import printed and written, its errors worded in
// the words of its flags. The commands that run runs of their own (noise,
// tune, bisect, gpu-check, isa) take run's flag set, plan and environment
// from here, as cmd/go's commands take the build from its work package.
package run

import (
	"context"
	"errors"
	"fmt"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/childargs"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/launch"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/bench/window"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/devsel"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/histdb"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/judgeflags"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/outpath"
	reportcmd "github.com/radvbench/radvbench/cmd/radvbench/internal/report"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/runflags"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/sysrecord"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/report"
	"github.com/radvbench/radvbench/reports/resulttable"
	"github.com/spf13/pflag"
)

// Cmd is the 'run' command.
var Cmd = &base.Command{Name: "run", Summary: "verify and time a suite of kernels, write a results file", Run: runRun}

type Flags struct {
	// plan holds the flags that go into the launch.Plan as given.
	plan      launch.Plan
	sel       Selection
	targetCI  float64
	report    string
	db        string
	configs   []string
	rounds    int
	runs      int
	isolate   string
	resume    string
	watch     bool
	watchHold window.Hold
	// until: --until-decided, with its time budget and gating policy.
	until      bool
	budget     time.Duration
	interleave string
	policy     judgeflags.Flags
	// tuning: --tuning, and what planRun made of the file.
	tuning string
	tuned  *runTuning
	// child holds the hidden flags of a supervised child process.
	child supervise.ChildFlags
}

// PolicyFile is the --policy file of the flags parsed into f ("" for
// none): an input of a command that passes run's flags on (bisect).
func (f *Flags) PolicyFile() string { return f.policy.PolicyFile }

// NewFlagSet defines run's flags on f.
func NewFlagSet(f *Flags, stdout io.Writer) *pflag.FlagSet {
	fs := base.NewFlagSet("run", "run [--suite NAME[,NAME]] [flags]", stdout, runflags.SizesHelp)
	fs.StringSliceVar(&f.sel.Suites, "suite", []string{"matmul"}, "suites to run, comma-separated, or 'all' (see 'radvbench list')")
	fs.StringVar(&f.plan.Device, "device", "", "device index or name substring (default: AMD on RADV, else any GPU, else lavapipe; see 'radvbench devices')")
	fs.StringVar(&f.sel.Filter, "filter", "", "run only benchmarks whose suite/kernel/variant matches this regular expression")
	fs.StringArrayVar(&f.sel.Sizes, "sizes", nil, "problem sizes, [SUITE=]SIZE,... (repeatable), e.g. 1024,2048x512x4096 or 'matmul=1024;mesh=1920x1080' (see above)")
	fs.BoolVar(&f.plan.Kernel.Quick, "quick", false, "small sizes and short budgets, still verified (what CI uses)")
	fs.StringVarP(&f.plan.Out, "out", "o", "", "results file (default results/<UTC time>-<suites>.json); its journal is OUT.journal while the run lasts")
	fs.Float64Var(&f.targetCI, "target-ci", 1, "stop sampling when the 95% CI of the median is within ± this many percent")
	fs.DurationVar(&f.plan.MaxTime, "max-time", 0, "sampling budget per benchmark (0 or unset: 10s; 3s on a CPU implementation; 1s with --quick; each run of --until-decided's rounds: 3s, 300ms with --quick)")
	fs.DurationVar(&f.plan.Warmup, "warmup", 0, "untimed warm-up per benchmark, at least (default 200ms, 20ms with --quick)")
	fs.DurationVar(&f.plan.WarmupMax, "warmup-max", 0, "the warm-up goes on past --warmup until the benchmark's batch times stop improving (a GPU's clock coming out of idle), for at most this long; each run records how long it took and whether it got there (default 2s, 1s with --quick; on a CPU implementation 250ms, 100ms with --quick; --warmup-max equal to --warmup: no wait beyond it)")
	fs.DurationVar(&f.plan.QuietBudget, "quiet-wait", 0, "after a sample another process disturbed (the DIST column), wait for the machine to quieten before the next, at most this long in all per benchmark; waiting is not sampling time (default: half --max-time, at least 4s; 0: never wait: the disturbed samples are still marked and left out of the figures, for a correctness run on a machine busy throughout, e.g. tests beside other tests)")
	fs.Uint64Var(&f.plan.Kernel.Seed, "seed", 1, "seed of the random input data (and of the run orders, unless --order-seed)")
	fs.IntVar(&f.runs, "runs", 0, "run the benchmarks this many times, each run in a fresh process with its own shuffled order (default 1; 3 with --config)")
	fs.Uint64Var(&f.plan.OrderSeed, "order-seed", 0, "seed of the shuffled benchmark order (default: derived from --seed and the run's index; one in-process run keeps the plan's order unless this is given)")
	fs.StringArrayVar(&f.sel.Labels, "label", nil, "key=value stored in the results file (repeatable), for 'compare --by label.KEY'")
	fs.StringVar(&f.sel.Progress, "progress", "auto", "progress line on stderr: auto (when it is a terminal), always, never")
	fs.StringArrayVar(&f.configs, "config", nil, "A/B configuration NAME[:ENV=VALUE,...] (repeatable): each runs in its own processes, --runs rounds alternating A B A B; compare with 'compare --by config'; RADVBENCH_EXE=PATH runs another radvbench build for it")
	fs.IntVar(&f.rounds, "rounds", 0, "deprecated alias of --runs")
	fs.StringVar(&f.isolate, "isolate", "auto", "run benchmarks in child processes under a watchdog: kernel (a fresh process per kernel and size; --isolate alone), run (one process per run, restarted after a fault), off; auto = kernel when the device the run opens is a GPU, off on a CPU implementation such as lavapipe")
	fs.Lookup("isolate").NoOptDefVal = "kernel"
	fs.DurationVar(&f.plan.Watchdog, "watchdog", 0, "with child processes: kill a child that makes no progress for this long (default 60s + warm-up + 3 × max-time per benchmark)")
	fs.StringVar(&f.resume, "resume", "", "continue the interrupted run whose results path (or OUT.journal) this is, with its flags; refuses on a different device, driver or fingerprint")
	fs.BoolVar(&f.plan.Force, "force", false, "with --resume: continue even though the device, driver or fingerprint differ")
	fs.StringVar(&f.report, "report", "", "also write an HTML report with charts of this run into DIR (see 'radvbench report')")
	fs.BoolVar(&f.watch, "watch", false, "show the run live in a window (samples, median and CI, clocks); closing it does not stop the run (needs the windowed build and a display)")
	fs.Var(&f.watchHold, "watch-hold", "with --watch: keep the window on the finished run until it is closed (until-closed), for a time (e.g. 30s; 0: close at once), or auto: until closed when stderr is a terminal, else close at once")
	fs.BoolVar(&f.until, "until-decided", false, "with two --config: run them in interleaved rounds (see --interleave) until every benchmark's verdict is a regression, an improvement or ~ (equivalent), or --runs a side or --budget is spent; prints the verdicts and exits 1 on a regression (see 'radvbench compare --help' for the policy flags below)")
	fs.DurationVar(&f.budget, "budget", 0, "with --until-decided: stop starting rounds after this long (default: no time limit; --runs bounds the runs a side)")
	fs.StringVar(&f.interleave, "interleave", "sample", "with --until-decided: how a round's two runs interleave: sample (both sides' processes side by side, taking turns benchmark by benchmark for setup and then sample by sample, so both runs of a benchmark sample the same seconds), benchmark (side by side, taking turns benchmark by benchmark, so the two runs of a benchmark are seconds apart) or run (one side's whole run, then the other's)")
	f.policy.Register(fs)
	fs.BoolVar(&f.plan.NoCapture, "no-capture", false, "do not record the compiler's statistics per pipeline (by default, where the driver reports them, VK_KHR_pipeline_executable_properties as RADV does on a GPU, each benchmark is compiled once more on a device of its own just before its setup and what the driver made of each pipeline is recorded: registers, occupancy, spills, instruction counts; the timed pipeline is created exactly as without it)")
	fs.StringVar(&f.db, "db", "", "also import the finished run into this history store: a SQLite file or postgres://... (see 'radvbench history')")
	fs.StringVar(&f.plan.Sysroot, "sysroot", "/", "read the system fingerprint (sysfs, /proc, kernel config) under this root")
	fs.StringVar(&f.plan.Dmesg, "dmesg", "", "kernel log file for the fingerprint (default: run dmesg when permitted)")
	fs.StringVar(&f.plan.PinClocks, "pin-clocks", "", "set every AMD GPU's performance level for the run and restore it after: profile_standard or profile_peak (root only)")
	fs.BoolVar(&f.plan.StableClocks, "stable-clocks", false, "hold the GPU's clocks for the run without root: take VK_KHR_performance_query's profiling lock, for which RADV sets the GPU's stable power state (RADV_PROFILE_PSTATE: standard, min_sclk, min_mclk or peak, Mesa's default); recorded in the fingerprint (clocks.stable, clocks.pstate). Where the device has no such lock (lavapipe, RADV on GFX12) the run refuses, or pins --pin-clocks instead when given (as root); see docs/sysinfo.md")
	fs.StringVar(&f.tuning, "tuning", "", "run each kernel's tuned configuration from this tuning file ('radvbench tune' writes it), at its tuned sizes; kernels it does not tune run as usual; a file tuned on another device is refused")
	fs.MarkHidden("rounds")
	// A supervised child (run_child.go) gets every flag the user gave but
	// these, which the parent handles itself.
	childargs.ParentOnly(fs, "out", "progress", "config", "rounds", "runs", "order-seed", "isolate", "watchdog", "resume", "force",
		"report", "watch", "watch-hold", "db", "pin-clocks", "stable-clocks", "until-decided", "budget", "interleave", "threshold", "alpha", "noise", "noise-limit", "min-samples", "unsure", "alpha-per", "policy")
	childargs.Register(fs, &f.child)
	return fs
}

func runRun(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var f Flags
	fs := NewFlagSet(&f, stdout)
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return base.Usagef("run takes no arguments, got %q (did you mean --suite %s?)", fs.Args(), fs.Arg(0))
	}
	var resume *supervise.JournalState
	if f.resume != "" {
		var err error
		if fs, resume, err = resumeFlags(fs, &f, stdout, stderr); err != nil {
			return err
		}
		args = resume.Header.Args
	}
	return startRun(ctx, stdout, stderr, fs, &f, args, resume)
}

// startRun turns run's checked flags into a launch.Plan and runs it:
// as a supervised child, or as the parent whose table, window, report
// and history import this command prints and writes.
func startRun(ctx context.Context, stdout, stderr io.Writer, fs *pflag.FlagSet, f *Flags, args []string, resume *supervise.JournalState) error {
	p, err := planRun(fs, f)
	if err != nil {
		return err
	}
	if !f.child.Child {
		if err := outpath.NotInput("-o", p.Out, runInputs(p, f)...); err != nil {
			return err
		}
	}
	env := Env(stdout, stderr)
	if f.tuned != nil && !f.child.Child {
		if err := f.tuned.checkDevice(p.Device, f.tuning, stderr); err != nil {
			return err
		}
	}
	if f.child.Child {
		fault := func(ctx context.Context, id, phase string) { testFault(ctx, id, phase, true) }
		err := launch.Child(ctx, f.child, &launch.RunWorker{Plan: *p, Env: env, Fault: fault})
		if errors.Is(err, launch.ErrInterrupted) {
			// The status tells the parent a signal stopped this child, not a crash.
			return &base.ExitError{Code: base.ExitInterrupted, Msg: "interrupted"}
		}
		return Error(err)
	}
	p.Args, p.Command, p.Resume = args, []string{"radvbench", "run"}, resume
	p.ChildArgs = runChildArgs(fs, p)
	var w *window.Watch
	if p.Until == nil {
		if w, err = openWatch(f.watch); err != nil {
			return err
		}
		defer holdWatch(ctx, w, f.watchHold, stderr)
	}
	var table *resulttable.Table
	if j := UntilJudge(p); j != nil {
		j.Follow(func(round int, rep *compare.Report) {
			fmt.Fprintf(stderr, "round %d: %s; %d undecided\n", round, rep.Summary(), len(compare.Undecided(rep)))
		})
	}
	h := launch.Hooks{
		Note:      func(format string, a ...any) { fmt.Fprintf(stderr, format+"\n", a...) },
		Journaled: testPauseAfterResult,
		Fault:     func(ctx context.Context, id, phase string) { testFault(ctx, id, phase, false) },
		Header: func(head *resultsfile.File, resumed []resultsfile.Result) {
			resulttable.Header(stdout, head)
			table = newRunTable(stdout, head)
			for i := range resumed {
				table.Add(&resumed[i])
			}
			if len(resumed) > 0 {
				fmt.Fprintf(stderr, "resuming %s: %d benchmark(s) already finished\n", p.Out+supervise.JournalSuffix, len(resumed))
			}
		},
		Result: func(r *resultsfile.Result) {
			if table != nil {
				table.Add(r)
			}
			if w != nil {
				w.Result(r)
			}
		},
	}
	progress := ShowProgress(f.sel.Progress, stderr)
	if progress || w != nil {
		line := ProgressLine(stderr)
		h.Progress = func(done, total int, name, phase string) {
			if progress {
				line(done, total, name, phase)
			}
			if w != nil {
				w.Progress(done, total, name, phase)
			}
		}
	}
	if w != nil {
		h.Start, h.Sample = w.Begin, w.Sample
	}
	o, err := launch.Run(ctx, *p, h, env)
	var stopped *launch.StoppedError
	if err == nil || errors.As(err, &stopped) {
		w.Finish()
	}
	if err != nil {
		return Error(advice.StableClocksError(err))
	}
	return printRun(ctx, stdout, f, o, UntilVerdict(p, o), table)
}

// UntilJudge is the verdict engine planRun gave a run until decided
// (nil for any other run).
func UntilJudge(p *launch.Plan) *compare.UntilJudge {
	if p.Until == nil {
		return nil
	}
	j, _ := p.Until.Judge.(*compare.UntilJudge)
	return j
}

// UntilVerdict is what a run until decided concluded (nil for any other
// run, and when its rounds failed), its report's advice worded in the
// CLI's words.
func UntilVerdict(p *launch.Plan, o *launch.Outcome) *compare.UntilResult {
	if j := UntilJudge(p); j != nil && o.Rounds != nil {
		r := j.Result()
		if r != nil {
			r.Report.Word(advice.CompareAdvice)
		}
		return r
	}
	return nil
}

// runInputs are the files a run reads, which its results file must not
// replace: the kernel log, the policy and noise files, the history
// store's SQLite file. (--resume reads the results path's journal and
// writes the path: that is the point.)
func runInputs(p *launch.Plan, f *Flags) []string {
	ins := []string{p.Dmesg, f.policy.PolicyFile}
	if j := UntilJudge(p); j != nil {
		ins = append(ins, j.NoiseFile())
	}
	if f.db != "" {
		ins = append(ins, histdb.File(f.db))
	}
	return ins
}

// PlanArgs is the launch.Plan of 'run' with args, for a command that
// runs runs of its own in-process (bisect's gates, gpu-check's steps):
// run's flags parsed and checked as run checks them, the plan's command
// line and its children's arguments set.
func PlanArgs(args []string) (*launch.Plan, *pflag.FlagSet, error) {
	var f Flags
	fs := NewFlagSet(&f, io.Discard)
	if err := base.ParseFlags(fs, args); err != nil {
		return nil, nil, err
	}
	p, err := planRun(fs, &f)
	if err != nil {
		return nil, nil, err
	}
	p.Args, p.Command = args, []string{"radvbench", "run"}
	p.ChildArgs = runChildArgs(fs, p)
	return p, fs, nil
}

// runChildArgs are the arguments of a run's children: the run's flags as
// given, and each child's sampling budget where the run's is not its
// own: an A/B run's --runs share --max-time; a run until decided's
// rounds sample for at most untilMaxTime each unless --max-time is given.
func runChildArgs(fs *pflag.FlagSet, p *launch.Plan) []string {
	args := append([]string{"run"}, childargs.ArgsFor(fs)...)
	switch {
	case p.MaxTime > 0 && len(p.Configs) > 1 && p.Until == nil:
		// A/B: each run gets its share of the per-benchmark budget.
		args = append(args, "--max-time="+(p.MaxTime/time.Duration(p.Runs)).String())
	case p.MaxTime == 0 && p.Until != nil:
		args = append(args, "--max-time="+untilMaxTime(p.Kernel.Quick).String())
	}
	return args
}

// untilMaxTime is the sampling budget of one run of a round of a run
// until decided when --max-time is not given: 3 s (300 ms with --quick)
// instead of a plain run's 10 s (1 s). The verdict rests on the pairs of
// the rounds, and more rounds narrow it more than longer runs do: beside
// make decisiveness's memory neighbour, 23 quick benchmarks on lavapipe
// at 4 minutes a gate, 1 s runs gave 3 rounds and caught 11 of 22
// slowdowns of 10% or more, 300 ms runs 5-7 rounds and 21 of 21 (their
// pairs scatter twice as much: robust SD 0.035 against 0.017).
func untilMaxTime(quick bool) time.Duration {
	if quick {
		return 300 * time.Millisecond
	}
	return 3 * time.Second
}

// InProcess runs p in this process as 'run' runs it, for a command
// that runs runs of its own (tune's rounds, bisect's gates, gpu-check's
// steps; p from PlanArgs): run's hints and environment, h's other hooks
// as the caller set them. Notes go to notes, each line after prefix; the
// warning that the device is a CPU implementation goes to warn. The error
// is launch.Run's, for the caller to tell apart before Error.
func InProcess(ctx context.Context, p launch.Plan, h launch.Hooks, notes io.Writer, prefix string, warn io.Writer) (*launch.Outcome, error) {
	h.Note = func(format string, a ...any) { fmt.Fprintf(notes, prefix+format+"\n", a...) }
	return launch.Run(ctx, p, h, Env(warn, warn))
}

// Env is what a run needs from this program. A run selects its
// device more than once (--isolate=auto decides from it, then the run
// opens it): the CPU-implementation warning is printed the first time.
func Env(stdout, stderr io.Writer) launch.Env {
	var warned sync.Once
	return launch.Env{
		Tool: base.ToolVersion(), Executable: base.Executable, System: sysrecord.Collect, Stdout: stdout,
		SelectDevice: func(spec string) (*gpu.Instance, *gpu.PhysicalDevice, error) {
			w := io.Discard
			warned.Do(func() { w = stderr })
			return devsel.Select(spec, w)
		},
	}
}

// ConfigExe in a --config's environment names the radvbench build that
// configuration's runs use (A/B of two builds; the value is recorded).
const ConfigExe = "RADVBENCH_EXE"

// IsExecutableFile reports whether path is a regular file someone may
// execute (a --config's RADVBENCH_EXE).
func IsExecutableFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0
}

// planRun checks run's flags (one line naming the flag and the fix for
// each mistake, exit 2) and resolves what they select.
func planRun(fs *pflag.FlagSet, f *Flags) (*launch.Plan, error) {
	p := &f.plan
	if err := checkWindowSuites(f.sel.Suites); err != nil {
		return nil, err
	}
	o, labels, err := f.sel.Resolve(p.Kernel)
	if err != nil {
		return nil, err
	}
	p.Suites, p.Filter, p.Kernel, p.Labels = o.Suites, o.Filter, o.Kernel, labels
	if f.tuning != "" {
		if f.tuned, err = applyTuning(p, f.tuning, f.sel.Sizes); err != nil {
			return nil, err
		}
		o.Kernel = p.Kernel
	}
	if f.targetCI <= 0 || f.targetCI >= 100 || math.IsNaN(f.targetCI) {
		return nil, base.Usagef("--target-ci %v must be a percentage between 0 and 100, e.g. 1", f.targetCI)
	}
	p.TargetCI = f.targetCI / 100
	if p.MaxTime < 0 || p.Warmup < 0 || p.WarmupMax < 0 || p.Watchdog < 0 || p.QuietBudget < 0 {
		return nil, base.Usagef("--max-time, --warmup, --warmup-max, --quiet-wait and --watchdog must not be negative")
	}
	p.NoQuietWait = fs.Changed("quiet-wait") && p.QuietBudget == 0
	cs, err := runflags.ParseConfigs(f.configs)
	if err != nil {
		return nil, err
	}
	for _, c := range cs {
		sc := supervise.Config{Name: c.Name, Env: c.Env}
		if exe, ok := c.Env[ConfigExe]; ok {
			if !IsExecutableFile(exe) {
				return nil, base.Usagef("--config %s: %s=%s is not an executable file: name another radvbench build", c.Name, ConfigExe, exe)
			}
			sc.Exe = exe // kept in Env too: the results file records it
		}
		p.Configs = append(p.Configs, sc)
	}
	if fs.Changed("rounds") {
		if fs.Changed("runs") {
			return nil, base.Usagef("--rounds is the old name of --runs: give only --runs")
		}
		f.runs = f.rounds
		if f.runs < 1 {
			return nil, base.Usagef("--rounds %d must be at least 1", f.rounds)
		}
	}
	if fs.Changed("runs") && f.runs < 1 {
		return nil, base.Usagef("--runs %d must be at least 1", f.runs)
	}
	if f.until {
		interleave, ok := launch.Interleaves[f.interleave]
		switch {
		case len(p.Configs) != 2:
			return nil, base.Usagef("--until-decided compares two configurations: give --config BASE[:ENV=VALUE,...] --config NEW[:ENV=VALUE,...] (%d given)", len(p.Configs))
		case f.resume != "":
			return nil, base.Usagef("--until-decided cannot resume: its stopping rule looked at the runs as they came; start it again")
		case f.budget < 0:
			return nil, base.Usagef("--budget %v must not be negative", f.budget)
		case !ok:
			return nil, base.Usagef("--interleave %q: use sample (turns sample by sample), benchmark (turns benchmark by benchmark) or run (whole runs in turn)", f.interleave)
		}
		if f.runs == 0 {
			f.runs = compare.DefaultMaxRuns
		}
		if f.runs < 3 {
			return nil, base.Usagef("--runs %d with --until-decided: a verdict needs at least 3 runs a side", f.runs)
		}
		opts, err := f.policy.Options(fs)
		if err != nil {
			return nil, err
		}
		judge, ro, err := compare.NewUntilJudge(compare.UntilOptions{
			Policy: opts.Policy, Noise: opts.Noise, NoiseName: opts.Policy.NoiseFile, MaxRuns: f.runs, Budget: f.budget,
			BaseName: p.Configs[0].Name, NewName: p.Configs[1].Name,
		})
		if err != nil {
			return nil, err
		}
		p.Until = &launch.Until{Judge: judge, MaxRounds: ro.MaxRounds, Budget: f.budget, Interleave: interleave}
	} else if fs.Changed("budget") {
		return nil, base.Usagef("--budget bounds --until-decided: add --until-decided and two --config")
	} else if fs.Changed("interleave") {
		return nil, base.Usagef("--interleave shapes --until-decided's rounds: add --until-decided and two --config")
	}
	if f.runs == 0 {
		f.runs = 1
		if len(p.Configs) > 0 {
			f.runs = 3
		}
	}
	p.Runs = f.runs
	if p.Isolation, err = supervise.ParseIsolation(f.isolate); err != nil {
		return nil, advice.IsolateError(err)
	}
	p.Benchmarks = len(runner.Plan(o))
	if p.Benchmarks == 0 && !f.child.Child {
		return nil, base.Usagef("nothing to run: --filter %q matches no benchmark of %s (see 'radvbench list')", f.sel.Filter, strings.Join(SuiteNames(p.Suites), ","))
	}
	return p, nil
}

// resumeFlags reads the journal --resume names and parses the flags the
// interrupted run was started with (--force and --progress may be given
// again); it returns that flag set.
func resumeFlags(fs *pflag.FlagSet, f *Flags, stdout, stderr io.Writer) (*pflag.FlagSet, *supervise.JournalState, error) {
	var others []string
	fs.Visit(func(fl *pflag.Flag) {
		if fl.Name != "resume" && fl.Name != "force" && fl.Name != "progress" {
			others = append(others, "--"+fl.Name)
		}
	})
	if len(others) > 0 {
		return nil, nil, base.Usagef("--resume continues a run with the flags it was started with; drop %s", strings.Join(others, ", "))
	}
	journalPath, outPath := supervise.JournalPaths(f.resume)
	st, err := supervise.ReadJournal(journalPath)
	if err != nil {
		return nil, nil, advice.ResumeError(err)
	}
	if st.Torn {
		fmt.Fprintf(stderr, "note: the journal %s ends in a partial line (the run was cut off while writing); it is read up to its last complete line\n", journalPath)
	}
	force, progress := f.plan.Force, f.sel.Progress
	*f = Flags{}
	fs = NewFlagSet(f, stdout)
	if err := base.ParseFlags(fs, st.Header.Args); err != nil {
		return nil, nil, fmt.Errorf("the journal %s holds arguments this radvbench does not accept: %w", journalPath, err)
	}
	f.plan.Force, f.sel.Progress, f.plan.Out = force, progress, outPath
	return fs, st, nil
}

// writeRunReport writes the --report directory for a finished run.
func writeRunReport(stdout io.Writer, file *resultsfile.File, outPath, dir, by string) error {
	if dir == "" {
		return nil
	}
	if err := reportcmd.WriteForRun([]*resultsfile.File{file}, []string{outPath}, dir, report.Options{By: by}); err != nil {
		return fmt.Errorf("write report (the results are saved in %s): %w", outPath, err)
	}
	fmt.Fprintf(stdout, "report:  %s\n", filepath.Join(dir, "index.html"))
	return nil
}

func ShowProgress(mode string, stderr io.Writer) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	f, ok := stderr.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// ProgressLine rewrites one status line on a terminal.
func ProgressLine(w io.Writer) func(done, total int, name, phase string) {
	return func(done, total int, name, phase string) {
		if phase == "done" {
			fmt.Fprint(w, "\r\033[K")
			return
		}
		fmt.Fprintf(w, "\r\033[K[%d/%d] %s: %s", done+1, total, name, phase)
	}
}
