package run

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/launch"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/histdb"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/outpath"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/usage"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/comparefmt"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/resulttable"
)

// What run prints once launch.Run has ended, and the advice for the
// errors it returns.

// printRun prints a finished run: the table (unless its rows were printed
// as they came), its summary and the child processes' counts, the
// verdicts of a run until decided, where the results are; then writes
// the --report, imports into the --db store, and chooses the exit status.
func printRun(ctx context.Context, stdout io.Writer, f *Flags, o *launch.Outcome, verdict *compare.UntilResult, table *resulttable.Table) error {
	out := o.Out
	if table == nil {
		resulttable.Header(stdout, o.File)
		table = newRunTable(stdout, o.File)
		for i := range o.File.Results {
			table.Add(&o.File.Results[i])
		}
	}
	fmt.Fprintf(stdout, "\n%s\n", table.Summary())
	writeRooflines(stdout, o.File)
	if o.Supervised {
		fmt.Fprintln(stdout, advice.ChildrenSummary(o.Children))
	}
	hint, by := "", ""
	if o.ByConfig {
		by = "config"
	}
	if r := verdict; r != nil {
		fmt.Fprintf(stdout, "\nverdicts after %d round(s) (%d runs a side; stopped: %s):\n", r.Rounds, len(r.New), r.Stop)
		if err := comparefmt.Write(stdout, r.Report, "text"); err != nil {
			return fmt.Errorf("render the verdicts: %w", err)
		}
	} else if o.ByConfig {
		hint = fmt.Sprintf(" (compare the configurations with: %s compare --by config %s)", base.ProgName, out)
	}
	fmt.Fprintf(stdout, "results: %s%s\n", out, hint)
	if o.Interrupted && f.until {
		return &base.ExitError{Code: base.ExitInterrupted, Msg: fmt.Sprintf("interrupted: %s is partial (%d finished benchmark run(s)); a run until decided cannot be resumed (its stopping rule looked at the runs as they came): start it again", out, o.Finished)}
	}
	if o.Interrupted {
		return &base.ExitError{Code: base.ExitInterrupted, Msg: fmt.Sprintf("interrupted: %s is partial (%d finished benchmark(s); the one a signal cut short is not among them); '%s run --resume %s' runs the rest", out, o.Finished, base.ProgName, out)}
	}
	if err := writeRunReport(stdout, o.File, out, f.report, by); err != nil {
		return err
	}
	if o.Err != nil {
		return o.Err
	}
	if err := histdb.ImportFinishedRun(ctx, stdout, f.db, o.File, out); err != nil {
		return err
	}
	if verdict == nil && !o.ByConfig {
		for _, l := range NextSteps(out, f.report) {
			fmt.Fprintln(stdout, l)
		}
	}
	if table.Failed > 0 {
		return &base.ExitError{Code: 1, Msg: fmt.Sprintf("%d benchmark(s) failed; see the reasons above and in %s", table.Failed, out)}
	}
	if verdict != nil && verdict.Report.Failed() {
		return &base.ExitError{Code: 1, Msg: "the gate fails: " + verdict.Report.Summary()}
	}
	return nil
}

// Error adds the advice, in the words of run's flags, to an error of
// launch.Run (and launch.ISA).
func Error(err error) error {
	var oe *launch.OutputError
	var se *launch.StoppedError
	var pe *launch.PinError
	var ee *launch.EmulatedError
	var sv *supervise.SaveError
	if advised := advice.JournalError(err); advised != nil {
		return advised
	}
	switch {
	case errors.Is(err, launch.ErrInterrupted):
		return &base.ExitError{Code: base.ExitInterrupted, Msg: "interrupted before any benchmark finished: nothing was saved; run it again"}
	case errors.As(err, &sv):
		return fmt.Errorf("%w (the finished benchmarks are in the journal %s: fix this, then '%s run --resume %s')", sv, sv.Journal, base.ProgName, sv.Journal)
	case errors.As(err, &oe):
		return outputAdvice(oe)
	case errors.As(err, &se):
		inner := se.Err
		if advised := Error(se.Err); usage.Is(advised) && !usage.Is(se.Err) {
			inner = errors.New(advised.Error()) // the advice, but still a failure of the run (exit 1)
		}
		return fmt.Errorf("%w (the %d finished benchmark(s) are in the journal %s: '%s run --resume %s' continues)", inner, se.Finished, se.Journal, base.ProgName, se.Journal)
	case errors.As(err, &pe):
		return advice.PinClocksError(pe.Err)
	case errors.As(err, &ee):
		return base.Usagef("%v; '%s isa --target %s' compiles for it", ee, base.ProgName, ee.Target)
	case errors.As(err, new(*pairing.TooFewGroupsError)) || errors.As(err, new(*compare.NothingComparedError)) || errors.As(err, new(*pairing.DeviceError)):
		return advice.CompareError(err) // the gate of a run until decided refused its runs
	}
	return err
}

// outputAdvice is the usage error for a results path a run cannot write.
func outputAdvice(e *launch.OutputError) error {
	switch e.Problem {
	case launch.OutputIsDir:
		return base.Usagef("%v: pass a file name with --out, e.g. --out %s", e, filepath.Join(e.Path, "results.json"))
	case launch.OutputStdout:
		return base.Usagef("-o -: run writes its results to a file, with its journal beside it while it runs; give a file name (compare and export can write to standard output)")
	case launch.OutputNotRegular:
		return outpath.Error("-o", e.Err)
	case launch.OutputJournalInTheWay:
		return base.Usagef("%v: continue it with '%s run --resume %s', or remove it", e, base.ProgName, e.Path)
	case launch.OutputNoSpace:
		return base.Usagef("%v (free some space or choose another --out)", e)
	}
	return base.Usagef("%v (choose another with --out)", e)
}

// SuiteNames are the suites' names.
func SuiteNames(suites []*kernel.Suite) []string {
	var names []string
	for _, s := range suites {
		names = append(names, s.Name)
	}
	return names
}

// writeRooflines prints each kernel's best variant against the same
// run's peak of its arithmetic (resulttable.Rooflines), or, when kernels
// that have a roofline ran without their peak kernels, how to get it.
func writeRooflines(w io.Writer, f *resultsfile.File) {
	rs := resulttable.Rooflines(f)
	if len(rs) > 0 {
		resulttable.WriteRooflines(w, rs)
		return
	}
	for _, r := range f.Results {
		if r.Status == resultsfile.StatusOK && r.Roofline != "" {
			fmt.Fprintf(w, "roofline: add --suite peak to the run for each kernel's share of the same run's peak of its arithmetic (%s for %s/%s)\n", r.Roofline, r.Suite, r.Kernel)
			return
		}
	}
}
