package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	commanddoc "github.com/radvbench/radvbench/docs/commands"
	"github.com/radvbench/radvbench/internal/termtext"
	"github.com/radvbench/radvbench/reports/changepoint"
	"github.com/radvbench/radvbench/reports/chart"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/history"
	"github.com/radvbench/radvbench/reports/results"
)

func init() {
	register(&command{name: "history", summary: "every run in a database (SQLite or PostgreSQL): trends, change points", run: runHistory})
}

// historySub is one 'radvbench history' subcommand: a command of its own
// under history, listed by printHistoryUsage.
type historySub = command

var historySubs []historySub

func init() {
	historySubs = append(historySubs,
		historySub{"import", "add results files to the store (a file already there adds nothing)", historyImport},
		historySub{"runs", "list stored runs, filtered by device, driver, kernel, label or any fingerprint key", historyRuns},
		historySub{"trend", "one benchmark's run medians over time, as a table or a chart", historyTrend},
		historySub{"detect", "change points in every series, with what changed in the fingerprint", historyDetect},
	)
}

func printHistoryUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage: radvbench history COMMAND [flags]\n\n%s\n\nCommands:\n", commanddoc.Description("history"))
	for _, s := range historySubs {
		fmt.Fprintf(w, "  %-8s %s\n", s.name, s.summary)
	}
	fmt.Fprintln(w, "\nRun 'radvbench history COMMAND --help' for a command's flags.")
}

func runHistory(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	if len(args) == 0 {
		printHistoryUsage(stderr)
		return usagef("")
	}
	switch args[0] {
	case "-h", "--help", "help":
		printHistoryUsage(stdout)
		return errHelpShown
	}
	for _, s := range historySubs {
		if s.name == args[0] {
			return s.run(ctx, stdout, stderr, args[1:])
		}
	}
	names := make([]string, len(historySubs))
	for i, s := range historySubs {
		names[i] = s.name
	}
	return usagef("unknown history command %q: use one of %s (see 'radvbench history --help')", args[0], strings.Join(names, ", "))
}

// dbFlag adds --db.
func dbFlag(fs *pflag.FlagSet, dsn *string) {
	fs.StringVar(dsn, "db", "", "history store: a SQLite file or postgres://... (default $RADVBENCH_DB, else $XDG_DATA_HOME/radvbench/history.db)")
}

// openHistory opens the store for a command that writes (import, run
// --db): created and migrated when needed. An unusable store is an input
// error.
func openHistory(ctx context.Context, flag string) (*history.Store, error) {
	return openStore(ctx, flag, false)
}

// readHistory opens an existing store for a command that only reads:
// nothing is created or changed, a missing store is an input error.
func readHistory(ctx context.Context, flag string) (*history.Store, error) {
	return openStore(ctx, flag, true)
}

// openStore opens the store --db (or $RADVBENCH_DB) names
// (history.OpenNamed), its errors in the CLI's terms.
func openStore(ctx context.Context, flag string, readOnly bool) (*history.Store, error) {
	s, err := history.OpenNamed(ctx, flag, readOnly)
	if err != nil {
		return nil, historyStoreError(err)
	}
	return s, nil
}

// storeErr turns a store error met after opening into the CLI's terms
// (historyStoreError).
func storeErr(err error) error {
	if errors.Is(err, history.ErrBadStore) || errors.Is(err, history.ErrStoreUnavailable) {
		return historyStoreError(err)
	}
	return err
}

// filterFlags are the run filters several subcommands share, as
// history.FilterArgs takes them.
type filterFlags struct {
	history.FilterArgs
}

func (f *filterFlags) add(fs *pflag.FlagSet) {
	fs.StringVar(&f.Device, "device", "", "only runs on this device (its Vulkan name)")
	fs.StringVar(&f.Driver, "driver", "", "only runs with this driver (driver info, e.g. 'Mesa 25.0.7')")
	fs.StringVar(&f.Kernel, "kernel", "", "only runs on this kernel release")
	fs.StringVar(&f.Config, "config", "", "only runs of this A/B configuration")
	fs.StringArrayVar(&f.Labels, "label", nil, "only runs with this label, KEY=VALUE (repeatable)")
	fs.StringArrayVar(&f.Where, "where", nil, "only runs whose fingerprint KEY has VALUE, KEY=VALUE, e.g. amdgpu.vm_fragment_size=9 (repeatable)")
	fs.StringVar(&f.Since, "since", "", "only runs started at or after this time (2026-01-31 or RFC 3339)")
	fs.StringVar(&f.Until, "until", "", "only runs started before this time")
}

// open parses the filter flags (a usage error before any store is
// touched) and then opens the store named by dsn read-only; the caller
// closes it.
func (f *filterFlags) open(ctx context.Context, dsn string) (*history.Store, history.Filter, error) {
	filter, err := f.filter()
	if err != nil {
		return nil, history.Filter{}, err
	}
	s, err := readHistory(ctx, dsn)
	if err != nil {
		return nil, history.Filter{}, err
	}
	return s, filter, nil
}

// filter parses the filter flags; a value history refuses is a usage
// error naming its flag (history.FilterError's field is the flag's name).
func (f *filterFlags) filter() (history.Filter, error) {
	out, err := f.FilterArgs.Filter()
	if err != nil {
		return out, usagef("--%v", err)
	}
	return out, nil
}

func historyImport(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var dsn string
	fs := newFlagSet("history import", "history import FILE.json [FILE.json ...] [--db DSN]", stdout)
	dbFlag(fs, &dsn)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usagef("history import needs results files: radvbench history import RUN.json [RUN.json ...]")
	}
	inputs, err := compare.LoadInputs(fs.Args())
	if err != nil {
		return inputError(err, "import")
	}
	s, err := openHistory(ctx, dsn)
	if err != nil {
		return err
	}
	defer s.Close()
	added := 0
	// The store records each file by the path given, not by its input's
	// Name (LoadInputs may shorten that to the base name).
	for i, p := range fs.Args() {
		got, err := s.Import(ctx, inputs[i].File, p)
		if err != nil {
			return storeErr(err)
		}
		if got.New {
			added += got.Runs
		}
		history.WriteImported(stdout, p, got)
	}
	fmt.Fprintf(stdout, "%d new run(s) in %s\n", added, termtext.Escape(s.DSN))
	return nil
}

func historyRuns(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var dsn string
	var ff filterFlags
	var limit int
	var keys bool
	fs := newFlagSet("history runs", "history runs [filters] [--db DSN]", stdout)
	dbFlag(fs, &dsn)
	ff.add(fs)
	fs.IntVar(&limit, "last", 0, "only the newest N runs (0: all)")
	fs.BoolVar(&keys, "keys", false, "list the stored fingerprint keys and how many values each has")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("history runs takes no arguments (got %q): filter with --where KEY=VALUE", fs.Arg(0))
	}
	s, filter, err := ff.open(ctx, dsn)
	if err != nil {
		return err
	}
	defer s.Close()
	if keys {
		ks, err := s.Keys(ctx)
		if err != nil {
			return storeErr(err)
		}
		return history.WriteKeys(stdout, ks)
	}
	runs, err := s.Runs(ctx, filter, limit)
	if err != nil {
		return storeErr(err)
	}
	return history.WriteRuns(stdout, runs)
}

// detectFlags are the change-point options.
type detectFlags struct {
	alpha, minChange float64
	minSize          int
}

func (d *detectFlags) add(fs *pflag.FlagSet) {
	def := changepoint.DefaultOptions()
	fs.Float64Var(&d.alpha, "alpha", def.Alpha, "significance level of each change point's permutation test")
	fs.Float64Var(&d.minChange, "min-change", def.MinChange*100, "smallest change of the median between segments to report, in percent")
	fs.IntVar(&d.minSize, "min-runs", def.MinSize, "fewest runs in a segment (a change is found once this many runs follow it)")
}

func (d *detectFlags) options() (changepoint.Options, error) {
	o := changepoint.DefaultOptions()
	if d.alpha <= 0 || d.alpha >= 1 {
		return o, usagef("--alpha %g: want a level between 0 and 1, e.g. 0.01", d.alpha)
	}
	if d.minChange < 0 {
		return o, usagef("--min-change %g: want a percentage >= 0", d.minChange)
	}
	if d.minSize < 2 {
		return o, usagef("--min-runs %d: want at least 2", d.minSize)
	}
	o.MinChange, o.MinSize = d.minChange/100, d.minSize
	return o.WithAlpha(d.alpha), nil
}

func historyTrend(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var dsn, chartPath string
	var ff filterFlags
	var df detectFlags
	fs := newFlagSet("history trend", "history trend BENCHMARK [filters] [--chart FILE.png|svg] [--db DSN]", stdout)
	dbFlag(fs, &dsn)
	ff.add(fs)
	fs.StringVar(&chartPath, "chart", "", "also write the series as a chart: FILE.png or FILE.svg")
	df.add(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("history trend needs one benchmark ID: radvbench history trend BENCHMARK (the stored IDs are the benchmark column of 'radvbench history export')")
	}
	ext := strings.ToLower(filepath.Ext(chartPath))
	if chartPath != "" && ext != ".png" && ext != ".svg" {
		return usagef("--chart %s: the file must end in .png or .svg", chartPath)
	}
	if err := checkOutputPath("--chart", chartPath); err != nil {
		return err
	}
	opt, err := df.options()
	if err != nil {
		return err
	}
	s, filter, err := ff.open(ctx, dsn)
	if err != nil {
		return err
	}
	defer s.Close()
	tr, err := s.Trend(ctx, fs.Arg(0), filter, opt)
	if errors.Is(err, history.ErrUnknownBenchmark) {
		return unknownBenchmarkError(err)
	} else if err != nil {
		return storeErr(err)
	}
	if len(tr.Series) == 0 {
		return usagef("no runs of %s match the filters", termtext.Escape(tr.Benchmark))
	}
	if err := history.WriteTrends(stdout, tr.Series, tr.ChangePoints); err != nil {
		return err
	}
	if chartPath != "" {
		data, err := history.EncodeTrendChart(chartPath, tr.Series, tr.ChangePoints)
		if err != nil {
			return err
		}
		if err := writeOutput(nil, "--chart", chartPath, data); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "chart: %s\n", termtext.Escape(chartPath))
	}
	return nil
}

func historyDetect(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var dsn, bench string
	var ff filterFlags
	var df detectFlags
	fs := newFlagSet("history detect", "history detect [--benchmark PREFIX] [filters] [--db DSN]", stdout)
	dbFlag(fs, &dsn)
	fs.StringVar(&bench, "benchmark", "", "only benchmarks whose ID starts with this")
	ff.add(fs)
	df.add(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("history detect takes no arguments (got %q): use --benchmark PREFIX", fs.Arg(0))
	}
	opt, err := df.options()
	if err != nil {
		return err
	}
	s, filter, err := ff.open(ctx, dsn)
	if err != nil {
		return err
	}
	defer s.Close()
	series, cps, err := s.DetectAll(ctx, bench, filter, opt)
	if err != nil {
		return storeErr(err)
	}
	return history.WriteDetect(stdout, series, cps, opt)
}

// importFinishedRun imports a finished run's results into the history
// store named by 'run --db' (nothing when dsn is empty).
func importFinishedRun(ctx context.Context, stdout io.Writer, dsn string, file *results.File, outPath string) error {
	if dsn == "" {
		return nil
	}
	s, err := openHistory(ctx, dsn)
	if err != nil {
		return fmt.Errorf("import into the history store (the results are saved in %s): %w", outPath, err)
	}
	defer s.Close()
	got, err := s.Import(ctx, file, outPath)
	if err != nil {
		return fmt.Errorf("import into the history store (the results are saved in %s): %w", outPath, err)
	}
	fmt.Fprintf(stdout, "history: %d run(s) imported into %s\n", got.Runs, s.DSN)
	return nil
}

// historyTrendCharts draws, for 'report --db', the stored trend of each
// benchmark the inputs hold (history.TrendCharts), from the store opened
// read-only.
func historyTrendCharts(ctx context.Context, dsn string, inputs []compare.Input) ([]*chart.Chart, error) {
	s, err := readHistory(ctx, dsn)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	charts, err := s.TrendCharts(ctx, inputs)
	if err != nil {
		return nil, storeErr(err)
	}
	return charts, nil
}
