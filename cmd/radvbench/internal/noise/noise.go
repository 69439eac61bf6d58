// Package noise is 'radvbench noise': the between-run noise of results
// files, or of fresh runs it starts with run's flags, written as a noise
// file of per-benchmark floors for compare --noise.
package noise

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/childargs"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/judgeflags"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/loadfiles"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/outpath"
	runcmd "github.com/radvbench/radvbench/cmd/radvbench/internal/run"
	"github.com/radvbench/radvbench/internal/outfile"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/comparefmt"
	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

// Cmd is the 'noise' command.
var Cmd = &base.Command{Name: "noise", Summary: "measure run-to-run noise floors (A/A) for compare --noise", Run: runNoise}

// noiseFlags are the flags noise itself takes; every other argument goes
// to 'radvbench run' in the first form.
type noiseFlags struct {
	runs   int
	out    string
	plan   bool
	detect string
	cf     judgeflags.Flags
}

func runNoise(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var f noiseFlags
	fs := base.NewFlagSet("noise", "noise [--runs N] [--plan] -o noise.json [run flags ...]\n       radvbench noise [--plan] -o noise.json FILE.json [FILE.json ...]", stdout)
	fs.IntVar(&f.runs, "runs", 5, "how many runs (fresh processes) to measure, in the first form")
	fs.StringVarP(&f.out, "out", "o", "", "noise file to write (atomically)")
	fs.BoolVar(&f.plan, "plan", false, "also print how many runs a side catch a --detect slowdown")
	fs.StringVar(&f.detect, "detect", "5", "with --plan: the slowdown, in percent, to catch with 95% power")
	f.cf.Register(fs)
	// Flags noise does not know belong to run: keep them for the child.
	ours, rest := childargs.SplitArgs(args, fs, runcmd.NewFlagSet(&runcmd.Flags{}, io.Discard))
	if err := base.ParseFlags(fs, ours); err != nil {
		return err
	}
	pol, err := f.cf.Policy(fs)
	if err != nil {
		return err
	}
	if f.out == "" && !f.plan {
		return base.Usagef("noise needs an output file: add -o noise.json (or --plan to only print the plan)")
	}
	if f.out == outfile.Stdout {
		return base.Usagef("-o -: noise writes a file; give it a name, e.g. -o noise.json")
	}
	files := fs.Args()
	if err := outpath.Check("-o", f.out, append(files, f.cf.PolicyFile, pol.NoiseFile)...); err != nil {
		return err
	}
	var srcs []noise.Source
	if len(rest) == 0 && len(files) > 0 {
		inputs, err := loadfiles.Inputs(files)
		if err != nil {
			return err
		}
		// Every file is one side (A/A): a run given twice would look like
		// two runs that agree exactly.
		for i := range inputs {
			inputs[i].Group = "noise"
		}
		inputs, notes, err := pairing.Dedupe(inputs, "")
		if err != nil {
			return base.Usagef("%v", err)
		}
		for _, n := range notes {
			fmt.Fprintf(stderr, "radvbench noise: note: %s\n", n.Message)
		}
		for _, in := range inputs {
			srcs = append(srcs, noise.Source{Name: in.Name, File: in.File})
		}
	} else {
		if len(files) > 0 {
			rest = append(rest, files...)
		}
		if f.runs < 2 {
			return base.Usagef("--runs %d: measuring run-to-run noise needs at least 2 runs (5 or more give a usable floor)", f.runs)
		}
		srcs, err = runRepeated(ctx, stdout, stderr, f.runs, rest)
		if err != nil {
			return err
		}
	}
	nf, err := noise.Measure(srcs)
	if err != nil {
		if errors.Is(err, noise.ErrTooFewRuns) {
			return advice.TooFewRunsError(err)
		}
		return err
	}
	if f.out != "" {
		if err := noise.Save(f.out, nf); err != nil {
			return outpath.Error("-o", err)
		}
		sum, paired := nf.Summary(), ""
		if sum.Paired > 0 {
			paired = fmt.Sprintf("; %d with runs paired by round, median paired spread %s", sum.Paired, compare.FormatPercent(sum.MedianPairedCV))
			if p := nf.Pooled(); p.DF > 0 {
				paired += fmt.Sprintf(", pooled into each benchmark's floor as a prior of %s on %.3g degrees of freedom", compare.FormatPercent(p.SD), p.DF)
			}
		}
		fmt.Fprintf(stdout, "radvbench noise: %d benchmarks over %d runs, median between-run CV %s%s (%s written)\n",
			sum.Benchmarks, sum.Runs, compare.FormatPercent(sum.MedianBetweenCV), paired, f.out)
	}
	if f.plan {
		d, err := verdict.ParsePercent(f.detect)
		if err != nil || d <= 0 {
			return base.Usagef("--detect %q: give the slowdown to catch in percent, e.g. --detect 5", f.detect)
		}
		var buf bytes.Buffer
		pl := compare.PlanFromNoise(nf, &pol, d, compare.DefaultPower)
		pl.Word(advice.CompareAdvice)
		if err := comparefmt.WritePlan(&buf, pl, "text"); err != nil {
			return err
		}
		if _, err := stdout.Write(buf.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// runRepeated runs 'radvbench run --runs N ARGS --out FILE' as a child
// process of this executable (run itself starts a fresh process per run,
// in a shuffled order; supervise.RunForResults) and loads the results.
func runRepeated(ctx context.Context, stdout, stderr io.Writer, n int, args []string) ([]noise.Source, error) {
	for _, a := range args {
		switch {
		case a == "-o" || a == "--out" || strings.HasPrefix(a, "--out="):
			return nil, base.Usagef("noise chooses the run file itself: give -o for the noise file only")
		case a == "--runs" || strings.HasPrefix(a, "--runs="):
			return nil, base.Usagef("give --runs to noise, before the run flags")
		}
	}
	exe, err := base.Executable()
	if err != nil {
		return nil, fmt.Errorf("find the radvbench executable: %w", err)
	}
	cargs := append([]string{"run", "--runs", strconv.Itoa(n)}, args...)
	fmt.Fprintf(stderr, "radvbench noise: radvbench %s\n", strings.Join(cargs, " "))
	rf, failed, err := supervise.RunForResults(ctx, exe, func(out string) []string { return append(slices.Clip(cargs), "--out", out) }, stderr)
	var re *supervise.RefusedError
	switch {
	case errors.As(err, &re):
		return nil, base.Usagef("'radvbench run %s' refused to start (the line above says why)", strings.Join(args, " "))
	case err != nil:
		return nil, fmt.Errorf("radvbench run --runs %d: %w", n, err)
	case failed != nil:
		// Some benchmarks failed: measure the others.
		fmt.Fprintf(stderr, "radvbench noise: some benchmarks failed (%v); measuring the rest\n", failed)
	}
	return []noise.Source{{Name: fmt.Sprintf("radvbench run --runs %d", n), File: rf}}, nil
}
