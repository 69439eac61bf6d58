// Package isa is 'radvbench isa': every kernel compiled for emulated
// GFX11/GFX12 through RADV without a GPU (bench/launch.ISA), the compiler's
// figures written as an isa file; 'isa diff' shows one pipeline's
// assembly between two isa files.
package isa

import (
	"context"
	"errors"
	"fmt"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/childargs"
	"io"
	"os"
	"strings"
	"time"

	"github.com/radvbench/radvbench/bench/isa"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/launch"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	runcmd "github.com/radvbench/radvbench/cmd/radvbench/internal/run"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/runflags"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/asmdiff"
	"github.com/radvbench/radvbench/reports/resulttable"
	"github.com/spf13/pflag"
)

// Cmd is the 'isa' command.
var Cmd = &base.Command{Name: "isa", Summary: "compile every kernel for GFX11/GFX12 with RADV (no GPU needed), record registers, occupancy and assembly", Run: runISA}

type isaFlags struct {
	targets   []string
	sel       runcmd.Selection
	full      bool
	out       string
	asmDir    string
	noAsm     bool
	seed      uint64
	watchdog  time.Duration
	child     supervise.ChildFlags
	childName string
}

func isaFlagSet(f *isaFlags, stdout io.Writer) *pflag.FlagSet {
	fs := base.NewFlagSet("isa", "isa [--target NAME[,NAME]] [--suite NAME[,NAME]] [flags]\n       radvbench isa diff [flags] OLD.json NEW.json BENCHMARK@TARGET PIPELINE [EXECUTABLE]", stdout, runflags.SizesHelp)
	fs.StringSliceVar(&f.targets, "target", nil, "chips to compile for, comma-separated (navi31, gfx1201, ...), or 'all' (default: navi31, navi33, gfx1150, gfx1201 where the installed Mesa can emulate them)")
	fs.StringSliceVar(&f.sel.Suites, "suite", []string{"all"}, "suites to compile, comma-separated, or 'all' (see 'radvbench list')")
	fs.StringVar(&f.sel.Filter, "filter", "", "compile only benchmarks whose suite/kernel/variant matches this regular expression")
	fs.StringArrayVar(&f.sel.Sizes, "sizes", nil, "problem sizes, as 'run --sizes' takes them (default: the --quick sizes)")
	fs.BoolVar(&f.full, "full-sizes", false, "compile run's default sizes instead of the --quick ones (their inputs are built on the CPU: minutes, gigabytes)")
	fs.StringVarP(&f.out, "out", "o", "", "results file (default results/<UTC time>-isa.json)")
	fs.StringVar(&f.asmDir, "asm-dir", "", "directory for the assembly, one file per pipeline and target (default: the results path without .json, plus .asm)")
	fs.BoolVar(&f.noAsm, "no-asm", false, "do not save the assembly")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the input data (what run's --seed is)")
	fs.DurationVar(&f.watchdog, "watchdog", 5*time.Minute, "kill a target's child that makes no progress for this long (a compile that hangs)")
	fs.StringVar(&f.sel.Progress, "progress", "auto", "progress line on stderr: auto (when it is a terminal), always, never")
	fs.StringArrayVar(&f.sel.Labels, "label", nil, "key=value stored in the results file (repeatable)")
	childargs.ParentOnly(fs, "target", "out", "asm-dir", "no-asm", "watchdog", "progress", "label")
	childargs.Register(fs, &f.child)
	fs.StringVar(&f.childName, "child-asm-dir", "", "internal")
	fs.MarkHidden("child-asm-dir")
	fs.SetAnnotation("child-asm-dir", "radvbench-parent-only", []string{"child protocol"})
	return fs
}

func runISA(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	if len(args) > 0 && args[0] == "diff" {
		return runISADiff(stdout, args[1:])
	}
	var f isaFlags
	fs := isaFlagSet(&f, stdout)
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return base.Usagef("isa takes no arguments, got %q (did you mean --target %s, or 'radvbench isa diff'?)", fs.Args(), fs.Arg(0))
	}
	sel, labels, err := f.sel.Resolve(kernel.Options{Quick: !f.full && len(f.sel.Sizes) == 0, Seed: f.seed})
	if err != nil {
		return err
	}
	opts := isa.Options{Suites: sel.Suites, Filter: sel.Filter, Kernel: sel.Kernel}
	if f.child.Child {
		target := os.Getenv(launch.TargetEnv)
		if target == "" {
			return base.Usagef("isa --child is internal: radvbench runs it itself with %s set", launch.TargetEnv)
		}
		opts.AsmDir = f.childName
		err := launch.Child(ctx, f.child, &launch.ISAWorker{Target: target, Options: opts, Tool: base.ToolVersion()})
		if err != nil && ctx.Err() != nil {
			return &base.ExitError{Code: base.ExitInterrupted, Msg: "interrupted"} // not a crash, to the parent
		}
		return err
	}
	if f.watchdog <= 0 {
		return base.Usagef("--watchdog %v must be positive", f.watchdog)
	}
	if len(isa.Benchmarks(opts)) == 0 {
		return base.Usagef("nothing to compile: --filter %q matches no benchmark of %s (see 'radvbench list')", f.sel.Filter, strings.Join(f.sel.Suites, ","))
	}
	p := launch.ISAPlan{Options: opts, Targets: f.targets, Labels: labels, Watchdog: f.watchdog,
		Out: f.out, AsmDir: f.asmDir, NoAsm: f.noAsm,
		Args: args, Command: []string{"radvbench", "isa"}, ChildArgs: append([]string{"isa"}, childargs.ArgsFor(fs)...),
		AsmDirArg: func(dir string) string { return "--child-asm-dir=" + dir }}
	h := launch.Hooks{Note: func(format string, a ...any) { fmt.Fprintf(stderr, format+"\n", a...) }}
	progress := runcmd.ShowProgress(f.sel.Progress, stderr)
	if progress {
		h.Start = func(r *resultsfile.Result) { fmt.Fprintf(stderr, "\r\033[K%s@%s", r.ID(), r.Config) }
	}
	o, err := launch.ISA(ctx, p, h, runcmd.Env(stdout, stderr))
	if progress {
		fmt.Fprint(stderr, "\r\033[K")
	}
	var ut *isa.UnknownTargetError
	var ua *isa.UnavailableError
	var ns *isa.NoShimError
	var tf *launch.TargetFailedError
	var sv *supervise.SaveError
	switch {
	case errors.As(err, &sv):
		return fmt.Errorf("%w (the finished benchmarks are in the journal %s: fix this, then '%s isa %s')", sv, sv.Journal, base.ProgName, strings.Join(args, " "))
	case errors.As(err, &ut) || errors.As(err, &ua) || errors.As(err, &ns):
		return base.Usagef("%v", err)
	case errors.As(err, &tf):
		return fmt.Errorf("%v (see 'radvbench isa --help' for what a target needs)", tf.Err)
	case err != nil:
		return runcmd.Error(err)
	}
	failed := resulttable.WriteISA(stdout, o.File)
	fmt.Fprintf(stdout, "%s\nresults: %s\n", advice.ChildrenSummary(o.Children), o.Out)
	if o.AsmDir != "" {
		fmt.Fprintf(stdout, "assembly: %s\n", o.AsmDir)
	}
	if o.Interrupted {
		return &base.ExitError{Code: base.ExitInterrupted, Msg: fmt.Sprintf("interrupted; the finished benchmarks are saved in %s", o.Out)}
	}
	if o.Err != nil {
		return o.Err
	}
	if failed > 0 {
		return &base.ExitError{Code: 1, Msg: fmt.Sprintf("%d benchmark(s) failed to compile; see the reasons above and in %s", failed, o.Out)}
	}
	return nil
}

func runISADiff(stdout io.Writer, args []string) error {
	fs := base.NewFlagSet("isa diff", "isa diff [flags] OLD.json NEW.json BENCHMARK@TARGET PIPELINE [EXECUTABLE]", stdout)
	context := fs.Int("context", 3, "lines of context around each change")
	encodings := fs.Bool("encodings", false, "keep RADV's instruction encodings (after ';')")
	oldAsm := fs.String("old-asm", "", "assembly directory of OLD.json")
	newAsm := fs.String("new-asm", "", "assembly directory of NEW.json")
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() < 4 || fs.NArg() > 5 {
		return base.Usagef("isa diff needs OLD.json NEW.json BENCHMARK@TARGET PIPELINE [EXECUTABLE] (see 'radvbench isa diff --help')")
	}
	if *context < 0 {
		return base.Usagef("--context %d must not be negative", *context)
	}
	a := fs.Args()
	old, err := asmdiff.Load(a[0], *oldAsm)
	if err != nil {
		return advice.ISADiffError(err)
	}
	cur, err := asmdiff.Load(a[1], *newAsm)
	if err != nil {
		return advice.ISADiffError(err)
	}
	executable := ""
	if len(a) == 5 {
		executable = a[4]
	} else if executable, err = asmdiff.OnlyExecutable(old.File, a[2], a[3]); err != nil {
		return base.Usagef("%v", err)
	}
	diff, err := asmdiff.Pipeline(old, cur, a[2], a[3], executable, *context, *encodings)
	if err != nil {
		return advice.ISADiffError(err)
	}
	if diff == "" {
		fmt.Fprintf(stdout, "the assembly of %s %s %s is the same in both\n", a[2], a[3], executable)
		return nil
	}
	if _, err := io.WriteString(stdout, diff); err != nil {
		return err
	}
	return &base.ExitError{Code: 1}
}
