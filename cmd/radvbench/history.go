package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

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

const historyDescription = `
The history store keeps every run (one process invocation of the selected
benchmarks; 'run --runs N' makes N) with its fingerprint (driver, kernel,
command line, amdgpu parameters, labels, tool commit), so figures can be
followed over months and any fingerprint key can filter or group them. A
series is one benchmark on one device (and A/B configuration); its points
are run medians, not samples.

The store is a SQLite file (default $XDG_DATA_HOME/radvbench/history.db,
else ~/.local/share/radvbench/history.db) or a PostgreSQL server shared by a
fleet of runners: --db postgres://USER@HOST/DB (or $RADVBENCH_DB).`

func printHistoryUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage: radvbench history COMMAND [flags]\n\n%s\n\nCommands:\n", strings.TrimSpace(historyDescription))
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

const historyImportDescription = `
Adds the runs of each results file to the store, each file in one
transaction: an interrupted import leaves nothing behind. A file is known
by its content (a hash of its canonical JSON), so importing it again, or a
copy of it, adds nothing. A file with several runs ('run --runs N',
--config rounds) adds one run each.

Exit status: 0 imported, 1 store error, 2 unreadable file or unusable store.`

func historyImport(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var dsn string
	fs := newFlagSet("history import", "history import FILE.json [FILE.json ...] [--db DSN]", historyImportDescription, stdout)
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

const historyRunsDescription = `
Lists the stored runs the filters select, oldest first: start time, run ID,
device, driver, kernel, A/B configuration, benchmark count and the file it
came from. --keys lists the fingerprint keys stored instead (any of them
works with --where, and with --by in 'history compare').

Exit status: 0, 1 store error, 2 usage error or unusable store.`

func historyRuns(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var dsn string
	var ff filterFlags
	var limit int
	var keys bool
	fs := newFlagSet("history runs", "history runs [filters] [--db DSN]", historyRunsDescription, stdout)
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

const historyTrendDescription = `
Prints one benchmark's series: a row per run with its median, the median's
95% interval, the number of samples and the change against the previous
run, one table per device and configuration. Change points (as 'history
detect' finds them) are marked. --chart writes the series as a chart (PNG
or SVG by the file's extension): run medians with their intervals, change
points marked and the fingerprint keys that changed there annotated.

BENCHMARK is a benchmark ID as 'radvbench compare' prints it (e.g.
peak/fma/type=fp32,width=vec4/n=...); a unique prefix is enough.

Exit status: 0, 1 store error, 2 usage error, unknown benchmark or unusable store.`

func historyTrend(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var dsn, chartPath string
	var ff filterFlags
	var df detectFlags
	fs := newFlagSet("history trend", "history trend BENCHMARK [filters] [--chart FILE.png|svg] [--db DSN]", historyTrendDescription, stdout)
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

const historyDetectDescription = `
Finds change points in every stored series (one benchmark on one device
and configuration; points are run medians) with E-Divisive means
(Matteson & James 2014, as MongoDB and Apache Otava use it): a series is
split where the energy distance between the two sides is largest, each
split must pass a permutation test (--alpha) and change the median by at
least --min-change percent.

Each change point shows the benchmark, its position (run number and
time), the median before and after, the change, the p-value, and the
fingerprint keys that were constant before it, constant after it and
different across it (Mesa version, kernel, command line,
amdgpu.vm_fragment_size, tool commit, labels): the likely cause.

Exit status: 0 (change points are information, not failure; use
'history gate' to fail a job), 1 store error, 2 usage error or unusable store.`

func historyDetect(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var dsn, bench string
	var ff filterFlags
	var df detectFlags
	fs := newFlagSet("history detect", "history detect [--benchmark PREFIX] [filters] [--db DSN]", historyDetectDescription, stdout)
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
