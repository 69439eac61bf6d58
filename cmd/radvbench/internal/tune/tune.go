// Package tune is 'radvbench tune': a tuning sweep of each kernel's
// configurations on this device (bench/tune's search, rounds of runs in
// this process), the best verified one per kernel and size written as a
// tuning file for run --tuning.
package tune

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/launch"
	"github.com/radvbench/radvbench/bench/tune"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/devsel"
	runcmd "github.com/radvbench/radvbench/cmd/radvbench/internal/run"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/runflags"
	"github.com/radvbench/radvbench/internal/outfile"
)

// Cmd is the 'tune' command.
var Cmd = &base.Command{Name: "tune", Summary: "search each kernel's specialization constants within the device's limits, every candidate verified; write the sweep's results and a tuning file for 'run --tuning'", Run: runTune}

type tuneFlags struct {
	suites, sizes     []string
	device, filter    string
	out, tuningOut    string
	quick             bool
	budget, maxTime   time.Duration
	warmup, warmupMax time.Duration
	exhaustive        int
	seed              uint64
}

func runTune(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var f tuneFlags
	fs := base.NewFlagSet("tune", "tune [--suite matmul] [--budget 5m] [flags]", stdout, runflags.SizesHelp)
	fs.StringSliceVar(&f.suites, "suite", []string{"matmul"}, "suites whose kernels to tune, comma-separated (kernels without a tunable space are listed and left out)")
	fs.StringVar(&f.device, "device", "", "device index or name substring (default: the one 'run' picks; see 'radvbench devices')")
	fs.StringVar(&f.filter, "filter", "", "tune only candidates whose suite/kernel/variant matches this regular expression")
	fs.StringArrayVar(&f.sizes, "sizes", nil, "problem sizes to tune for, [SUITE=]SIZE,... (repeatable), as 'run --sizes' (see above)")
	fs.BoolVar(&f.quick, "quick", false, "the kernels' small sizes and a 1-minute budget by default, still verified (what CI uses)")
	fs.DurationVar(&f.budget, "budget", 0, "stop starting candidates after this long; the one under way finishes (default 5m, 1m with --quick)")
	fs.DurationVar(&f.maxTime, "max-time", 0, "sampling budget per candidate and size (default 1s, 200ms with --quick)")
	fs.DurationVar(&f.warmup, "warmup", 0, "untimed warm-up per candidate, at least (run's default)")
	fs.DurationVar(&f.warmupMax, "warmup-max", 0, "longest warm-up waiting for steady batch times (run's default)")
	fs.IntVar(&f.exhaustive, "exhaustive", tune.DefaultExhaustive, "sweep a kernel's whole space when at most this many of its configurations fit the device; above it, its registered variants and a coarse grid, then the neighbours of each size's best")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the random input data")
	fs.StringVarP(&f.out, "out", "o", "", "results file of the whole sweep, every candidate a result (default results/<UTC time>-tune-<suites>.json)")
	fs.StringVar(&f.tuningOut, "tuning-out", "", "tuning file: the best configuration per kernel and size (default: the results path with .tuning.json)")
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return base.Usagef("tune takes no arguments, got %q (did you mean --suite %s?)", fs.Args(), fs.Arg(0))
	}
	switch {
	case f.budget < 0 || f.maxTime < 0 || f.warmup < 0 || f.warmupMax < 0:
		return base.Usagef("--budget, --max-time, --warmup and --warmup-max must not be negative")
	case f.exhaustive < 0:
		return base.Usagef("--exhaustive %d must not be negative", f.exhaustive)
	}
	if f.budget == 0 {
		f.budget = map[bool]time.Duration{false: 5 * time.Minute, true: time.Minute}[f.quick]
	}
	if f.maxTime == 0 {
		f.maxTime = map[bool]time.Duration{false: time.Second, true: 200 * time.Millisecond}[f.quick]
	}
	filter, err := runflags.ParseFilter(f.filter)
	if err != nil {
		return err
	}
	p, _, err := runcmd.PlanArgs(f.runArgs())
	if err != nil {
		return err
	}
	inst, pd, err := gpu.SelectPhysical(p.Device)
	if err != nil {
		return advice.VulkanError(err)
	}
	search := tune.New(p.Suites, pd, filter)
	p.Kernel.CPU = pd.IsCPU()
	devName := pd.Name
	inst.Close()
	if err := describeSearch(stderr, search, devName, p.Kernel.CPU); err != nil {
		return err
	}
	if err := f.outputs(p.Suites); err != nil {
		return err
	}
	sw := &sweep{f: &f, p: p, search: search, stderr: stderr}
	merged, err := sw.run(ctx)
	if err != nil {
		return err
	}
	return sw.finish(stdout, merged, args)
}

// runArgs are the arguments of the 'run' each round of the sweep is: the
// selection and budgets, in this process (candidates exist only in this
// process's plan), no progress line (tune prints its own).
func (f *tuneFlags) runArgs() []string {
	args := []string{"--suite=" + strings.Join(f.suites, ","), "--isolate=off", "--progress=never",
		"--max-time=" + f.maxTime.String(), "--seed=" + fmt.Sprint(f.seed)}
	if f.device != "" {
		args = append(args, "--device="+f.device)
	}
	if f.quick {
		args = append(args, "--quick")
	}
	if f.warmup > 0 {
		args = append(args, "--warmup="+f.warmup.String())
	}
	if f.warmupMax > 0 {
		args = append(args, "--warmup-max="+f.warmupMax.String())
	}
	for _, s := range f.sizes {
		args = append(args, "--sizes="+s)
	}
	return args
}

// outputs sets and checks the results and tuning paths.
func (f *tuneFlags) outputs(suites []*kernel.Suite) error {
	if f.out == "" {
		f.out = launch.DefaultOut(time.Now().UTC(), append([]string{"tune"}, runcmd.SuiteNames(suites)...))
	}
	if f.tuningOut == "" {
		f.tuningOut = strings.TrimSuffix(f.out, ".json") + ".tuning.json"
	}
	if f.tuningOut == f.out {
		return base.Usagef("--tuning-out %s is the results file: name another path", f.tuningOut)
	}
	for _, o := range []struct{ flag, path string }{{"-o", f.out}, {"--tuning-out", f.tuningOut}} {
		if err := outfile.Check(o.path); err != nil {
			return base.Usagef("%s %s: %v: name a new path or a regular file", o.flag, o.path, err)
		}
	}
	return nil
}

// describeSearch says what the sweep will search; nothing to search is a
// usage error.
func describeSearch(stderr io.Writer, s *tune.Search, device string, cpu bool) error {
	if cpu {
		fmt.Fprintf(stderr, devsel.CPUWarning+"\n", device)
	}
	for _, k := range s.Untunable {
		fmt.Fprintf(stderr, "tune: %s/%s has no tunable space: left out\n", k.Suite, k.Name)
	}
	total := 0
	for _, kc := range s.Kernels() {
		fmt.Fprintf(stderr, "tune: %s/%s: %d configurations fit %s, %d do not (never run)\n", kc.Kernel.Suite, kc.Kernel.Name, kc.Fit, device, kc.Unfit)
		total += kc.Fit
	}
	if total == 0 {
		return base.Usagef("nothing to tune on %s: no configuration of the selected kernels fits the device and --filter (see 'radvbench list')", device)
	}
	return nil
}
