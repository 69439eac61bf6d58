package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/radvbench/radvbench/bench/devtable"
	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/runflags"
	"github.com/radvbench/radvbench/reports/results"
	"github.com/radvbench/radvbench/shaders"
	"github.com/spf13/pflag"
)

func init() {
	register(&command{name: "run", summary: "verify and time a suite of kernels, write a results file", run: runRun})
}

const runDescription = `
Runs the kernels of one or more suites on one Vulkan device. Every
(kernel, variant, size) is first dispatched once and checked against a CPU
reference; a wrong result is a failed benchmark, never a figure. It is then
warmed up and timed with GPU timestamps (dispatches batched so one sample
spans >= 2 ms), sampling until the 95% confidence interval of the median is
within --target-ci or --max-time is spent. The table shows the median, the
CI half-width, the coefficient of variation and, for devices in the device
table, the share of the device's peak. Every sample is saved to the
results file (JSON, schema radvbench/results/v1).

Runs: --runs N runs the selected benchmarks N times, each run in a fresh
process and in its own shuffled order (seeded by --order-seed, else by
--seed and the run's index; each run's seed and order are recorded), so
between-run noise is measured, not hidden; every result keeps each
sample's run and a per-run median. --config A/B runs are runs too, the
configurations alternating (A B A B).

Journal and resume: every finished benchmark is appended (and synced) to
OUT.journal as it finishes; the results file is written atomically at the
end and the journal removed. A run that was killed (crash, OOM, power cut)
loses at most the benchmark in progress: 'run --resume OUT' continues it
with its original flags, after checking that the device, driver and
fingerprint are unchanged (--force overrides), and writes one complete
file.

Isolation: with --isolate each kernel and size runs in a fresh child
process under a watchdog (--watchdog); a child that crashes (SIGSEGV,
SIGABRT, ...), hangs or loses its device (VK_ERROR_DEVICE_LOST) costs that
benchmark only, recorded as failed with the signal or exit status, its last
stderr lines and the kernel log's GPU-reset lines, and a fresh child goes
on. The default (auto) isolates when the system has a GPU, where driver
crashes and GPU hangs are what testing finds, and runs in-process on a
lavapipe-only machine, where a child per kernel only costs time.

Exit status: 0 when every benchmark passed or was skipped, 1 when one
failed (verification or a GPU error), 2 for bad flags or no Vulkan.`

type runFlags struct {
	suites      []string
	device      string
	filter      string
	sizes       []string
	quick       bool
	out         string
	targetCI    float64
	maxTime     time.Duration
	warmup      time.Duration
	seed        uint64
	labels      []string
	progress    string
	sysroot     string
	dmesg       string
	pin         string
	report      string
	db          string
	configs     []string
	rounds      int
	runs        int
	orderSeed   uint64
	isolate     string
	watchdog    time.Duration
	resume      string
	force       bool
	child       bool
	childSkip   string
	childGroups int
	// childSamples: report each timed sample to the parent (its --watch).
	childSamples bool
	watch        bool
	watchHold    watchHold
}

// runFlagSet defines run's flags on f.
func runFlagSet(f *runFlags, stdout io.Writer) *pflag.FlagSet {
	fs := newFlagSet("run", "run [--suite NAME[,NAME]] [flags]", runDescription+runflags.SizesHelp, stdout)
	fs.StringSliceVar(&f.suites, "suite", []string{"matmul"}, "suites to run, comma-separated, or 'all' (see 'radvbench list')")
	fs.StringVar(&f.device, "device", "", "device index or name substring (default: AMD on RADV, else any GPU, else lavapipe; see 'radvbench devices')")
	fs.StringVar(&f.filter, "filter", "", "run only benchmarks whose suite/kernel/variant matches this regular expression")
	fs.StringArrayVar(&f.sizes, "sizes", nil, "problem sizes, [SUITE=]SIZE,... (repeatable), e.g. 1024,2048x512x4096 or 'matmul=1024;mesh=1920x1080' (see above)")
	fs.BoolVar(&f.quick, "quick", false, "small sizes and short budgets, still verified (what CI uses)")
	fs.StringVarP(&f.out, "out", "o", "", "results file (default results/<UTC time>-<suites>.json); its journal is OUT.journal while the run lasts")
	fs.Float64Var(&f.targetCI, "target-ci", 1, "stop sampling when the 95% CI of the median is within ± this many percent")
	fs.DurationVar(&f.maxTime, "max-time", 0, "sampling budget per benchmark (default 10s; 3s on a CPU implementation; 1s with --quick)")
	fs.DurationVar(&f.warmup, "warmup", 0, "untimed warm-up per benchmark (default 200ms, 20ms with --quick)")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the random input data (and of the run orders, unless --order-seed)")
	fs.IntVar(&f.runs, "runs", 0, "run the benchmarks this many times, each run in a fresh process with its own shuffled order (default 1; 3 with --config)")
	fs.Uint64Var(&f.orderSeed, "order-seed", 0, "seed of the shuffled benchmark order (default: derived from --seed and the run's index; one in-process run keeps the plan's order unless this is given)")
	fs.StringArrayVar(&f.labels, "label", nil, "key=value stored in the results file (repeatable), for 'compare --by label.KEY'")
	fs.StringVar(&f.progress, "progress", "auto", "progress line on stderr: auto (when it is a terminal), always, never")
	fs.StringArrayVar(&f.configs, "config", nil, "A/B configuration NAME[:ENV=VALUE,...] (repeatable): each runs in its own processes, --runs rounds alternating A B A B; compare with 'compare --by config'")
	fs.IntVar(&f.rounds, "rounds", 0, "deprecated alias of --runs")
	fs.StringVar(&f.isolate, "isolate", "auto", "run benchmarks in child processes under a watchdog: kernel (a fresh process per kernel and size; --isolate alone), run (one process per run, restarted after a fault), off; auto = kernel when the system has a GPU, off on lavapipe-only machines")
	fs.Lookup("isolate").NoOptDefVal = "kernel"
	fs.DurationVar(&f.watchdog, "watchdog", 0, "with child processes: kill a child that makes no progress for this long (default 60s + warm-up + 3 × max-time per benchmark)")
	fs.StringVar(&f.resume, "resume", "", "continue the interrupted run whose results path (or OUT.journal) this is, with its flags; refuses on a different device, driver or fingerprint")
	fs.BoolVar(&f.force, "force", false, "with --resume: continue even though the device, driver or fingerprint differ")
	fs.StringVar(&f.report, "report", "", "also write an HTML report with charts of this run into DIR (see 'radvbench report')")
	fs.BoolVar(&f.watch, "watch", false, "show the run live in a window (samples, median and CI, clocks); closing it does not stop the run (needs the windowed build and a display)")
	fs.Var(&f.watchHold, "watch-hold", "with --watch: keep the window on the finished run until it is closed (until-closed), for a time (e.g. 30s; 0: close at once), or auto: until closed when stderr is a terminal, else close at once")
	fs.StringVar(&f.db, "db", "", "also import the finished run into this history store: a SQLite file or postgres://... (see 'radvbench history')")
	fs.StringVar(&f.sysroot, "sysroot", "/", "read the system fingerprint (sysfs, /proc, kernel config) under this root")
	fs.StringVar(&f.dmesg, "dmesg", "", "kernel log file for the fingerprint (default: run dmesg when permitted)")
	fs.StringVar(&f.pin, "pin-clocks", "", "set every AMD GPU's performance level for the run and restore it after: profile_standard or profile_peak (root only)")
	// Internal: a child of a supervised run (see child.go).
	fs.BoolVar(&f.child, "child", false, "internal")
	fs.StringVar(&f.childSkip, "child-skip", "", "internal")
	fs.IntVar(&f.childGroups, "child-groups", 0, "internal")
	fs.BoolVar(&f.childSamples, "child-samples", false, "internal")
	for _, n := range []string{"child", "child-skip", "child-groups", "child-samples"} {
		fs.MarkHidden(n)
	}
	fs.MarkHidden("rounds")
	return fs
}

func runRun(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var f runFlags
	fs := runFlagSet(&f, stdout)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("run takes no arguments, got %q (did you mean --suite %s?)", fs.Args(), fs.Arg(0))
	}
	var resume *journalState
	var resumePath string
	if f.resume != "" {
		var others []string
		fs.Visit(func(fl *pflag.Flag) {
			if fl.Name != "resume" && fl.Name != "force" && fl.Name != "progress" {
				others = append(others, "--"+fl.Name)
			}
		})
		if len(others) > 0 {
			return usagef("--resume continues a run with the flags it was started with; drop %s", strings.Join(others, ", "))
		}
		var outPath string
		resumePath, outPath = journalPathFor(f.resume)
		st, err := readJournal(resumePath)
		if err != nil {
			return err
		}
		if st.Torn {
			fmt.Fprintf(stderr, "note: the journal %s ends in a partial line (the run was cut off while writing); it is read up to its last complete line\n", resumePath)
		}
		force, progress := f.force, f.progress
		f = runFlags{}
		fs = runFlagSet(&f, stdout)
		if err := parseFlags(fs, st.Header.Args); err != nil {
			return fmt.Errorf("the journal %s holds arguments this radvbench does not accept: %w", resumePath, err)
		}
		f.force, f.progress, f.out = force, progress, outPath
		args = st.Header.Args
		resume = st
	}
	if err := checkWindowSuites(f.suites); err != nil {
		return err
	}
	suites, err := lookupSuites(f.suites)
	if err != nil {
		return usagef("%v", err)
	}
	re, err := runflags.ParseFilter(f.filter)
	if err != nil {
		return err
	}
	if f.targetCI <= 0 || f.targetCI >= 100 || math.IsNaN(f.targetCI) {
		return usagef("--target-ci %v must be a percentage between 0 and 100, e.g. 1", f.targetCI)
	}
	if f.maxTime < 0 || f.warmup < 0 || f.watchdog < 0 {
		return usagef("--max-time, --warmup and --watchdog must not be negative")
	}
	labels, err := runflags.ParseLabels(f.labels)
	if err != nil {
		return err
	}
	kopts := kernel.Options{Quick: f.quick, Seed: f.seed}
	if len(f.sizes) > 0 {
		if kopts.UserSizes, err = runflags.ParseSizes(suites, f.sizes); err != nil {
			return err
		}
	}
	configs, err := parseConfigs(f.configs)
	if err != nil {
		return err
	}
	if fs.Changed("rounds") {
		if fs.Changed("runs") {
			return usagef("--rounds is the old name of --runs: give only --runs")
		}
		f.runs = f.rounds
		if f.runs < 1 {
			return usagef("--rounds %d must be at least 1", f.rounds)
		}
	}
	if fs.Changed("runs") && f.runs < 1 {
		return usagef("--runs %d must be at least 1", f.runs)
	}
	if f.runs == 0 {
		f.runs = 1
		if len(configs) > 0 {
			f.runs = 3
		}
	}
	switch f.progress {
	case "auto", "always", "never":
	default:
		return usagef("--progress %q: use auto, always or never", f.progress)
	}
	groups, isolate, err := parseIsolate(f.isolate)
	if err != nil {
		return err
	}
	if f.child {
		return runChild(ctx, stderr, f, suites, re, kopts, labels, args)
	}

	sys, err := collectSystem(f.sysroot, f.dmesg)
	if err != nil {
		return err
	}
	if isolate == isolateAuto {
		isolate, groups = autoIsolate(sys, f.device)
	}
	supervised := f.runs > 1 || len(configs) > 0 || isolate == isolateOn

	var names []string
	for _, s := range suites {
		names = append(names, s.Name)
	}
	outPath := defaultOutPath(f.out, time.Now().UTC(), names)
	estimate := len(runner.Plan(runner.Options{Suites: suites, Filter: re, Kernel: kopts})) * f.runs * max(1, len(configs))
	if estimate == 0 {
		return usagef("nothing to run: --filter %q matches no benchmark of %s (see 'radvbench list')", f.filter, strings.Join(names, ","))
	}
	if err := checkOutput(outPath, estimate, resume != nil); err != nil {
		return err
	}

	if f.pin != "" {
		restore, err := sysinfo.PinClocks(f.sysroot, f.pin)
		if err != nil {
			return pinClocksError(err)
		}
		defer func() {
			if err := restore(); err != nil {
				fmt.Fprintf(stderr, "radvbench run: restoring the performance level failed: %v\n", err)
			}
		}()
		// Re-read so the fingerprint shows the pinned level.
		if sys, err = collectSystem(f.sysroot, f.dmesg); err != nil {
			return err
		}
	}

	if supervised {
		if len(configs) == 0 {
			configs = []abConfig{{}}
		}
		return runSupervised(ctx, stdout, stderr, args, f, configs, groups, outPath, resume, resumePath)
	}
	return runInProcess(ctx, stdout, stderr, args, f, suites, re, kopts, labels, sys, outPath, resume, resumePath)
}

// runInProcess is one run in this process (the default on lavapipe), with
// its journal.
func runInProcess(ctx context.Context, stdout, stderr io.Writer, args []string, f runFlags, suites []*kernel.Suite, re *regexp.Regexp,
	kopts kernel.Options, labels map[string]string, sys *sysinfo.System, outPath string, resume *journalState, journalPath string) error {
	w, err := openWatch(f.watch)
	if err != nil {
		return err
	}
	defer holdWatch(ctx, w, f.watchHold, stderr)
	pd, dev, closeDev, err := openRunDevice(&f, &kopts, stderr)
	if err != nil {
		return err
	}
	defer closeDev()

	started := time.Now().UTC()
	file := &results.File{
		Schema:  results.Schema,
		Tool:    toolVersion(),
		Started: started,
		Command: append([]string{"radvbench", "run"}, args...),
		Quick:   f.quick,
		Device:  pd.Describe(),
		Labels:  labels,
	}
	for _, s := range suites {
		file.Suites = append(file.Suites, s.Name)
	}
	attachSystem(file, sys, pd)

	done := map[string]bool{}
	var earlier []results.Result
	hashes := map[string]string{}
	var jrn *journal
	if resume != nil {
		if err := checkIdentity(journalPath, resume.Header.File, file, f.force, func(msg string) { fmt.Fprintln(stderr, msg) }); err != nil {
			return err
		}
		file.Started = resume.Header.File.Started
		for _, e := range resume.Entries {
			if e.Result != nil && !done[e.Result.ID()] {
				done[e.Result.ID()] = true
				earlier = append(earlier, *e.Result)
				for k, v := range e.Shaders {
					hashes[k] = v
				}
			}
		}
		if jrn, err = reopenJournal(journalPath, resume.ValidLen); err != nil {
			return err
		}
	} else {
		journalPath = outPath + journalSuffix
		if jrn, err = createJournal(journalPath); err != nil {
			return usagef("%v (choose another --out)", err)
		}
		if err := jrn.writeHeader(journalHeader{Out: outPath, Args: args, File: file}); err != nil {
			jrn.close()
			os.Remove(journalPath)
			return err
		}
	}
	defer jrn.close()

	printRunHeader(stdout, file)
	table := newResultTable(stdout)
	for i := range earlier {
		table.add(&earlier[i])
	}
	if len(earlier) > 0 {
		fmt.Fprintf(stderr, "resuming %s: %d benchmark(s) already finished\n", journalPath, len(earlier))
	}
	var jerr error
	journaled := len(earlier)
	ropts := runner.Options{
		Suites:   suites,
		Filter:   re,
		Kernel:   kopts,
		TargetCI: f.targetCI / 100,
		MaxTime:  f.maxTime,
		Warmup:   f.warmup,
		Peaks:    gpu.Peaks(file.Device.SKU),
	}
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var order []string
	ropts.OnResult = func(r *results.Result) {
		table.add(r)
		if jerr == nil {
			if jerr = jrn.add(journalEntry{Result: r, Shaders: kernelHashes(suites, r)}); jerr != nil {
				cancel() // the journal cannot keep up: stop, keep what it holds
			} else {
				journaled++
			}
		}
	}
	ropts.Order = func(plan []runner.Item) []runner.Item {
		items := runner.Shuffle(plan, f.orderSeed)
		var keep []runner.Item
		for _, it := range items {
			order = append(order, it.ID())
			if !done[it.ID()] {
				keep = append(keep, it)
			}
		}
		return keep
	}
	if clocks := sysinfo.ReadClocks(f.sysroot); len(clocks) > 0 {
		read := func() map[string]float64 { return numericClocks(sysinfo.ReadClocks(f.sysroot)) }
		ropts.BeforeEach, ropts.AfterEach = read, read
	}
	if showProgress(f.progress, stderr) {
		ropts.Progress = progressLine(stderr)
	}
	feedWatch(w, &ropts)
	res, newHashes, runErr := runner.Run(cctx, dev, ropts)
	w.Finish()
	for k, v := range newHashes {
		hashes[k] = v
	}
	file.Results, file.Shaders = append(earlier, res...), hashes
	file.Finished = time.Now().UTC()
	if f.orderSeed != 0 {
		file.Rounds = []results.Round{{Index: 1, Started: started, Finished: file.Finished, Seed: f.orderSeed, Order: order}}
	}
	if jerr != nil {
		return fmt.Errorf("%v: the run stopped; the journal holds the %d benchmark(s) finished before (free space, then 'radvbench run --resume %s')", jerr, journaled, journalPath)
	}
	if err := results.Save(outPath, file); err != nil {
		return fmt.Errorf("write results %s: %w (the finished benchmarks are in the journal %s: fix this, then 'radvbench run --resume %s')", outPath, err, journalPath, journalPath)
	}
	if !errors.Is(runErr, context.Canceled) {
		jrn.close()
		os.Remove(journalPath) // complete: the results file holds it all
	}
	summary := table.summary()
	fmt.Fprintf(stdout, "\n%s\nresults: %s\n", summary, outPath)
	if err := writeRunReport(stdout, file, outPath, f.report, ""); err != nil {
		return err
	}
	if errors.Is(runErr, context.Canceled) {
		return &exitError{code: 130, msg: fmt.Sprintf("interrupted; the %d finished benchmarks are saved in %s ('radvbench run --resume %s' completes the run)", len(file.Results), outPath, outPath)}
	}
	if runErr != nil {
		return runErr
	}
	if err := importFinishedRun(ctx, stdout, f.db, file, outPath); err != nil {
		return err
	}
	if table.failed > 0 {
		return &exitError{code: 1, msg: fmt.Sprintf("%d benchmark(s) failed; see the reasons above and in %s", table.failed, outPath)}
	}
	return nil
}

// kernelHashes is the SHA-256 of the shaders of r's kernel.
func kernelHashes(suites []*kernel.Suite, r *results.Result) map[string]string {
	out := map[string]string{}
	for _, s := range suites {
		for _, k := range s.Kernels {
			if s.Name == r.Suite && k.Name == r.Kernel {
				for _, sh := range k.Shaders {
					if h, err := shaders.Hash(sh); err == nil {
						out[sh] = h
					}
				}
			}
		}
	}
	return out
}

// defaultOutPath is --out, or results/<UTC time>-<suites>.json.
func defaultOutPath(out string, started time.Time, suites []string) string {
	if out != "" {
		return out
	}
	return filepath.Join("results", started.Format("20060102T150405Z")+"-"+strings.Join(suites, "+")+".json")
}

// writeRunReport writes the --report directory for a finished run.
func writeRunReport(stdout io.Writer, file *results.File, outPath, dir, by string) error {
	if dir == "" {
		return nil
	}
	if err := writeReport([]*results.File{file}, []string{outPath}, dir, reportOptions{By: by}); err != nil {
		return fmt.Errorf("write report (the results are saved in %s): %w", outPath, err)
	}
	fmt.Fprintf(stdout, "report:  %s\n", filepath.Join(dir, "index.html"))
	return nil
}

// attachSystem embeds the system record and its fingerprint (with the
// Vulkan device's identity) in the results file. When Vulkan's PCI device
// ID alone is ambiguous (RX 7900 XTX and XT share 744C), the PCI revision
// read from sysfs picks the SKU.
func attachSystem(file *results.File, sys *sysinfo.System, pd *gpu.PhysicalDevice) {
	d := &file.Device
	setVulkan(sys, *d)
	if g := sys.PrimaryGPU(); d.SKU == nil && g != nil && g.DeviceID == d.DeviceID && g.Revision >= 0 {
		if s, ok := devtable.Lookup(d.VendorID, d.DeviceID, g.Revision); ok {
			d.SKU = s.ToResults()
		}
	}
	if raw, err := json.Marshal(sys); err == nil {
		file.System = raw
	}
	file.Fingerprint = sys.Fingerprint()
}

// attachVulkan records the Vulkan device's identity in the system record.
func attachVulkan(sys *sysinfo.System, pd *gpu.PhysicalDevice) { setVulkan(sys, pd.Describe()) }

func setVulkan(sys *sysinfo.System, d results.Device) {
	sys.SetVulkan(sysinfo.VulkanInfo{
		VendorID: d.VendorID, DeviceID: d.DeviceID, DriverID: d.DriverID, DriverName: d.DriverName,
		DriverInfo: d.DriverInfo, APIVersion: d.APIVersion, DeviceName: d.Name, Extensions: d.Extensions,
		SubgroupSize: d.SubgroupSize, MinSubgroupSize: uint32(d.Limits["minSubgroupSize"]),
		MaxSubgroupSize: uint32(d.Limits["maxSubgroupSize"]), CooperativeMatrix: d.CooperativeMatrix,
	})
}

// numericClocks keeps the clock readings that are numbers, for a result's
// "extra" object (before.card1.sclk_mhz, after.card1.temp.junction_c, ...).
func numericClocks(m map[string]string) map[string]float64 {
	out := map[string]float64{}
	for k, v := range m {
		if x, err := strconv.ParseFloat(v, 64); err == nil {
			out[k] = x
		}
	}
	return out
}

func showProgress(mode string, stderr io.Writer) bool {
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

// progressLine rewrites one status line on a terminal.
func progressLine(w io.Writer) func(done, total int, name, phase string) {
	return func(done, total int, name, phase string) {
		if phase == "done" {
			fmt.Fprint(w, "\r\033[K")
			return
		}
		fmt.Fprintf(w, "\r\033[K[%d/%d] %s: %s", done+1, total, name, phase)
	}
}
