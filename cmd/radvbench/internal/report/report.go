// Package report is 'radvbench report': the HTML report with charts and
// verdicts of results files (reports/report), with the trend charts of a
// history store and a bisection's chart; WriteForRun is what 'run
// --report' writes after a run.
package report

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/bisect"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/histdb"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/judgeflags"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/loadfiles"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/outfile"
	"github.com/radvbench/radvbench/internal/termtext"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/report"
)

// Cmd is the 'report' command.
var Cmd = &base.Command{Name: "report", Summary: "write an HTML report with charts and verdicts from results files", Run: runReport}

func runReport(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var f struct {
		judge        judgeflags.Flags
		by, baseline string
		isa          []string
	}
	var out, db, bisection string
	fs := base.NewFlagSet("report", "report RUN.json [RUN.json ...] -o DIR [--by KEY] [flags]", stdout)
	fs.StringVarP(&out, "out", "o", "", "directory to write the report to (created if missing)")
	fs.StringVar(&f.by, "by", "", "group by KEY: config, file, device, driver, label.NAME or a fingerprint key")
	fs.StringVar(&f.baseline, "baseline", "", "the group (value of --by, or file name) the others are compared with (default: the first)")
	f.judge.Register(fs)
	fs.StringSliceVar(&f.isa, "isa", nil, "the compiler's figures beside each verdict from isa files, one per group, baseline first (as 'compare --isa')")
	fs.StringVar(&bisection, "bisect", "", "also draw this bisection ('radvbench bisect -o FILE'): each step's change against the good end by candidate, intervals and the step order marked (e.g. with its steps' runs: report --by config OUT-step*.json --bisect OUT.json)")
	fs.StringVar(&db, "db", "", "also draw each benchmark's trend from this history store (SQLite file or postgres://...), change points marked")
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	paths := fs.Args()
	switch {
	case len(paths) == 0:
		return base.Usagef("report needs results files: radvbench report RUN.json [RUN.json ...] -o DIR (see 'radvbench report --help')")
	case out == "":
		return base.Usagef("report needs an output directory: add -o DIR (e.g. -o report)")
	}
	if err := report.CheckDir(out); err != nil {
		return base.Usagef("-o: %v", err)
	}
	pol, err := f.judge.Policy(fs)
	if err != nil {
		return err
	}
	inputs, err := loadfiles.Inputs(paths)
	if err != nil {
		return err
	}
	opts := report.Options{By: f.by, Baseline: f.baseline, Policy: pol, Inputs: slices.Concat(paths, f.isa, []string{f.judge.PolicyFile, pol.NoiseFile, bisection})}
	if db != "" {
		opts.Inputs = append(opts.Inputs, histdb.File(db))
	}
	if len(f.isa) > 0 {
		if opts.ISA, err = loadfiles.Inputs(f.isa); err != nil {
			return err
		}
	}
	if opts.Noise, err = loadfiles.Noise(pol.NoiseFile); err != nil {
		return err
	}
	if db != "" {
		if opts.Extra, err = histdb.TrendCharts(ctx, db, inputs); err != nil {
			return err
		}
	}
	if bisection != "" {
		b, err := bisect.Load(bisection)
		if err != nil {
			return base.Usagef("--bisect: %v", err)
		}
		opts.Extra = append(opts.Extra, b.Chart(bisection))
	}
	return writeReportTo(stdout, inputs, out, opts)
}

// WriteForRun writes the report for files (shown under names) to dir with
// opts; a zero opts.Policy means the default policy. It is what
// 'run --report DIR' calls after a run. Input problems (an unknown --by
// key or baseline) are usage errors; a failed write is an error.
func WriteForRun(files []*resultsfile.File, names []string, dir string, opts report.Options) error {
	if len(files) != len(names) {
		return fmt.Errorf("report.WriteForRun: %d files, %d names", len(files), len(names))
	}
	inputs := make([]pairing.Input, len(files))
	for i := range files {
		inputs[i] = pairing.Input{Name: names[i], File: files[i]}
	}
	return writeReportTo(io.Discard, inputs, dir, opts)
}

// writeReportTo writes the report of inputs to dir (report.Write, a zero
// policy its default) with the CLI's advice, and says so on stdout.
func writeReportTo(stdout io.Writer, inputs []pairing.Input, dir string, opts report.Options) error {
	opts.NoiseName, opts.Advise, opts.Explain = opts.Policy.NoiseFile, advice.CompareAdvice, advice.ReportExplain
	out, err := report.Write(dir, inputs, opts)
	var inErr *report.InputError
	var wrErr *report.WriteError
	switch {
	case errors.Is(err, outfile.ErrNotRegular), errors.Is(err, outfile.ErrIsInput):
		return base.Usagef("%v", termtext.Escape(err.Error()))
	case errors.As(err, &wrErr):
		return fmt.Errorf("%w (check that %s is a writable directory)", err, dir)
	case errors.As(err, &inErr):
		return base.Usagef("%v", err)
	case err != nil:
		return err
	}
	verdict := out.NoCompare
	if out.Compare != nil {
		verdict = out.Compare.Summary()
	}
	fmt.Fprintf(stdout, "radvbench report: %s written (%d charts; %s)\n", out.Index, len(out.Charts), verdict)
	return nil
}
