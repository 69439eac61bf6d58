// Package launch runs benchmarks as a library. Run is one whole
// 'radvbench run': it collects the system's fingerprint, checks the
// results path, starts the journal and the recorder, chooses how the run
// goes — in this process, in supervised child processes (--runs, A/B
// configurations, isolation), or in interleaved rounds until a sequential
// gate decides — and ends it, writing the results file atomically, once,
// for every mode. ISA is the same lifecycle for 'radvbench isa', a
// supervised child per compile target. Child is the one child side of
// the supervisor's protocol (bench/supervise), with a Worker for what a
// child does: run's wraps runner.Run, isa's wraps isa.Compile.
//
// The library returns data and typed errors; it prints nothing and names
// no command-line flag. The CLI (cmd/radvbench) turns its flags into a
// Plan, prints through the Hooks (the result table, the live window, the
// progress line), words the advice for the errors and chooses the exit
// status from the Outcome.
package launch

import (
	"context"
	"io"
	"regexp"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/rounds"
)

// Plan is what a run is asked to do, checked by the caller: the
// benchmarks, how they are measured, how many runs of which
// configurations, where the results go.
type Plan struct {
	// Suites, Filter and Kernel select the benchmarks (runner.Plan).
	Suites []*kernel.Suite
	Filter *regexp.Regexp
	Kernel kernel.Options
	// Benchmarks is how many benchmarks one run of one configuration
	// holds (to size the results path's free-space check).
	Benchmarks int
	// Labels are stored in the results file.
	Labels map[string]string
	// Device chooses the Vulkan device (gpu.Select's spec; "" the best).
	Device string
	// TargetCI is the wanted half-width of the median's 95% CI, as a
	// fraction (0.01 = ±1%); MaxTime and Warmup the per-benchmark
	// sampling budget and untimed warm-up (0: the runner's defaults).
	TargetCI        float64
	MaxTime, Warmup time.Duration
	// WarmupMax bounds the warm-up's wait for steady batch times (0: the
	// runner's default; at or below Warmup: no wait beyond it).
	WarmupMax time.Duration
	// QuietBudget bounds each benchmark's waits for a quiet machine
	// after disturbed samples, in all (run's --quiet-wait; 0: the measure
	// package's default); NoQuietWait turns them off (runner.Options).
	QuietBudget time.Duration
	NoQuietWait bool
	// Watchdog kills a child making no progress for this long (0: a
	// budget derived from MaxTime and Warmup).
	Watchdog time.Duration
	// OrderSeed seeds the runs' shuffled orders (0: derived from
	// Kernel.Seed, the input data's seed, and the run's index; an
	// in-process run keeps the plan's order).
	OrderSeed uint64
	// Runs is how many runs each configuration makes (at least 1).
	Runs int
	// Configs are the A/B configurations, run in turn (A B A B); none
	// for a plain run.
	Configs []supervise.Config
	// Isolation is how benchmarks are put in child processes
	// (IsolateAuto: decided from the device the run opens, see
	// supervise.AutoIsolation).
	Isolation supervise.Isolation
	// NoCapture turns off recording what the driver compiled each
	// benchmark into (resultsfile.File.Capture; see capturer).
	NoCapture bool
	// Sysroot and Dmesg are where the fingerprint is read.
	Sysroot, Dmesg string
	// PinClocks, when set, is the performance level every AMD GPU is
	// pinned to for the run (sysinfo.PinClocks), restored afterwards.
	PinClocks string
	// StableClocks holds VK_KHR_performance_query's profiling lock on the
	// run's device for the whole run, for the stable power state RADV
	// sets while it is held (stableclocks.go); where the device cannot,
	// the run pins PinClocks instead when set, else fails with a
	// *StableClocksError. The results' fingerprint says which
	// (FingerprintStableClocks).
	StableClocks bool
	// Out is the results path ("": DefaultOut of the suites, now).
	Out string
	// Args are the run's arguments as given (recorded in the journal and
	// the results file's command line); ChildArgs the arguments a child
	// process of the run gets (the command first, then every flag a
	// child needs: cmd/radvbench/internal/childargs.ArgsFor).
	Args, ChildArgs []string
	// Command is the results file's command line prefix ("radvbench",
	// "run"), followed by Args.
	Command []string
	// Resume, when set, is the journal of the interrupted run this one
	// continues; Force continues it although the device, driver or
	// fingerprint differ.
	Resume *supervise.JournalState
	Force  bool
	// Until, when set, runs the two Configs in rounds until decided.
	Until *Until
}

// Until is a run until decided: rounds of one run a side of the two
// configurations (core/rounds), judged after each by the verdict engine
// the caller passes in.
type Until struct {
	// Judge decides after each round which benchmarks more runs may
	// still decide (the command passes reports/compare's sequential
	// design, whose sides are Plan.Configs in order).
	Judge rounds.Judge
	// MaxRounds bounds the rounds (one run a side each); it must be set.
	MaxRounds int
	// Budget stops starting rounds after this long (0: no limit; Plan.Runs
	// bounds the runs a side).
	Budget     time.Duration
	Interleave Interleave
	// Answered, when set, stops the rounds once the caller's question
	// is answered, before every benchmark is decided
	// (rounds.Options.Answered: a bisection step's one-sided question).
	Answered func(res *rounds.Result) string
}

// Interleave is how a round's two runs share the machine.
type Interleave int

const (
	// BySample: both sides' processes side by side, taking turns
	// benchmark by benchmark for setup and then sample by sample.
	BySample Interleave = iota
	// ByBenchmark: side by side, taking turns benchmark by benchmark.
	ByBenchmark
	// ByRun: one side's whole run, then the other's, in an order drawn
	// at random each round.
	ByRun
)

// Interleaves names each Interleave as the CLI spells it.
var Interleaves = map[string]Interleave{"sample": BySample, "benchmark": ByBenchmark, "run": ByRun}

// Env is what a run needs from the program that starts it.
type Env struct {
	// Tool identifies this build in the results.
	Tool resultsfile.Tool
	// Executable is the program child processes run (this one).
	Executable func() (string, error)
	// System collects the system record under a root, with a kernel log
	// file ("" to read the kernel log itself when permitted).
	System func(sysroot, dmesg string) (*sysinfo.System, error)
	// SelectDevice opens an instance and picks the device spec names.
	SelectDevice func(spec string) (*gpu.Instance, *gpu.PhysicalDevice, error)
	// Stdout receives the children's standard output (the validation
	// layer and the driver write there).
	Stdout io.Writer
}

// Hooks let the caller follow a run; every one may be nil.
type Hooks struct {
	// Header is called in-process only, once the device is open, with
	// the results file's header and the results a resumed run had
	// already finished: the rows that follow through Result may be
	// printed as they come.
	Header func(h *resultsfile.File, resumed []resultsfile.Result)
	// Start is called when a benchmark begins: as a child starts it, or
	// in-process with its first timed sample (a skeleton result: ID and
	// metric, no figures).
	Start func(*resultsfile.Result)
	// Sample is called with each timed sample (n from 1, in the metric's
	// unit).
	Sample func(id string, n int, value float64)
	// Result is called with each finished benchmark once it is journaled.
	Result func(*resultsfile.Result)
	// Journaled is called after each result is journaled, with the count
	// so far and the journal's path (a test pauses a run there).
	Journaled func(count int, journal string)
	// Fault, when set, sees every phase of every benchmark of a run in
	// this process, with the run's context (a test sends a signal there;
	// a child's is RunWorker.Fault).
	Fault func(ctx context.Context, id, phase string)
	// Progress receives the in-process run's status line.
	Progress func(done, total int, name, phase string)
	// Note receives the run's notes (a fault, a resumed journal, a
	// round's verdicts), one line each.
	Note func(format string, a ...any)
}

func (h Hooks) notef(format string, a ...any) {
	if h.Note != nil {
		h.Note(format, a...)
	}
}

// Outcome is how a run ended, for the caller to print and choose the
// exit status from. The results file is written unless Run returned an
// error.
type Outcome struct {
	// File is the results file as written to Out.
	File *resultsfile.File
	Out  string
	// Journal is the journal's path; Finished how many results it holds.
	Journal  string
	Finished int
	// Streamed: the results were given to Hooks.Result as they finished
	// in-process, after Hooks.Header; otherwise nothing was shown yet.
	Streamed bool
	// Interrupted: the context ended the run; File holds what finished
	// and the journal stays for a resume.
	Interrupted bool
	// Err is an error of the run itself, after the file was written.
	Err error
	// Children counts the child processes and their faults (zero for a
	// run in this process).
	Children   supervise.Stats
	Supervised bool
	// ByConfig: the file holds A/B configurations.
	ByConfig bool
	// Rounds is what a run until decided collected, for its Judge's
	// conclusion (nil when the rounds failed).
	Rounds *rounds.Result
}
