package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/internal/usage"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/results"
)

// runEnd is how a run ended, in-process or supervised alike.
type runEnd struct {
	rec *supervise.Recorder
	// file is the merged results file (nil when nothing reported).
	file *results.File
	// stop is what stopped the run before it could finish (a journal
	// that cannot be written, a child that fails before its first
	// benchmark): the journal keeps what finished, no file is written.
	stop error
	// interrupted: the user stopped the run (SIGINT, SIGTERM); the file
	// holds what finished and the journal stays for --resume.
	interrupted bool
	// err is an error of the run itself, reported after the file.
	err error
	// table holds the rows already printed (in-process); nil prints the
	// file's results now.
	table *resultTable
	// extra lines after the summary (the supervisor's fault counts).
	extra []string
	// by groups the --report ("config" for A/B runs).
	by string
	// verdict is what --until-decided concluded (nil otherwise).
	verdict *compare.UntilResult
}

// finishRun is the one end of every run: write the results file (and
// drop the journal when the run is complete), print the table's summary,
// write the --report, import into the --db store, and choose the exit
// status.
func finishRun(ctx context.Context, stdout io.Writer, f runFlags, e runEnd) error {
	resumeHint := "radvbench run --resume " + e.rec.Path()
	if e.stop != nil {
		var cf *supervise.ChildFailedError
		switch {
		case e.rec.Count() == 0 && e.file == nil:
			e.rec.Abandon()
			if errors.As(e.stop, &cf) && cf.Usage {
				return usage.Errorf("%v", e.stop)
			}
			return e.stop
		case usage.Is(e.stop):
			return e.stop
		}
		return fmt.Errorf("%w (the %d finished benchmark(s) are in the journal %s: '%s' continues)", e.stop, e.rec.Count(), e.rec.Path(), resumeHint)
	}
	if e.file == nil {
		e.rec.Abandon()
		return fmt.Errorf("no child process reported anything")
	}
	out := e.rec.Out()
	if err := e.rec.Finish(out, e.file, !e.interrupted, resumeHint); err != nil {
		return err
	}
	table := e.table
	if table == nil {
		printRunHeader(stdout, e.file)
		table = newResultTable(stdout)
		for i := range e.file.Results {
			table.add(&e.file.Results[i])
		}
	}
	fmt.Fprintf(stdout, "\n%s\n", table.summary())
	for _, l := range e.extra {
		fmt.Fprintln(stdout, l)
	}
	hint := ""
	if e.verdict != nil {
		r := e.verdict
		fmt.Fprintf(stdout, "\nverdicts after %d round(s) (%d runs a side; stopped: %s):\n", r.Rounds, len(r.New), r.Stop)
		if err := compare.Write(stdout, r.Report, "text"); err != nil {
			return fmt.Errorf("render the verdicts: %w", err)
		}
	} else if e.by == "config" {
		hint = fmt.Sprintf(" (compare the configurations with: radvbench compare --by config %s)", out)
	}
	fmt.Fprintf(stdout, "results: %s%s\n", out, hint)
	if e.interrupted {
		return &exitError{code: 130, msg: fmt.Sprintf("interrupted; the %d finished benchmarks are saved in %s ('radvbench run --resume %s' completes the run)", e.rec.Count(), out, out)}
	}
	if err := writeRunReport(stdout, e.file, out, f.report, e.by); err != nil {
		return err
	}
	if e.err != nil {
		return e.err
	}
	if err := importFinishedRun(ctx, stdout, f.db, e.file, out); err != nil {
		return err
	}
	if e.verdict == nil && e.by != "config" {
		for _, l := range nextSteps(out, f.report) {
			fmt.Fprintln(stdout, l)
		}
	}
	if table.failed > 0 {
		return &exitError{code: 1, msg: fmt.Sprintf("%d benchmark(s) failed; see the reasons above and in %s", table.failed, out)}
	}
	if e.verdict != nil && e.verdict.Report.Failed() {
		return &exitError{code: 1, msg: "the gate fails: " + e.verdict.Report.Summary()}
	}
	return nil
}
