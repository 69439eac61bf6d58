// Package history is 'radvbench history' and its subcommands (import,
// runs, trend, detect, export, gate, compare): every run in a history
// store (SQLite or PostgreSQL), its trends and change points, and stored
// runs judged as compare judges files.
package history

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/histdb"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/outpath"
	commanddoc "github.com/radvbench/radvbench/docs/commands"
	"github.com/radvbench/radvbench/internal/termtext"
	"github.com/radvbench/radvbench/reports/changepoint"
	"github.com/radvbench/radvbench/reports/history"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/spf13/pflag"
)

// Cmd is the 'history' command.
var Cmd = &base.Command{Name: "history", Summary: "every run in a database (SQLite or PostgreSQL): trends, change points", Run: runHistory}

// Subcommands are the 'radvbench history' subcommands, each a command of
// its own under history, listed by printHistoryUsage.
var Subcommands []base.Command

func init() {
	Subcommands = append(Subcommands,
		base.Command{Name: "import", Summary: "add results files to the store (a file already there adds nothing)", Run: historyImport},
		base.Command{Name: "runs", Summary: "list stored runs, filtered by device, driver, kernel, label or any fingerprint key", Run: historyRuns},
		base.Command{Name: "trend", Summary: "one benchmark's run medians over time, as a table or a chart", Run: historyTrend},
		base.Command{Name: "detect", Summary: "change points in every series, with what changed in the fingerprint", Run: historyDetect},
	)
}

func printHistoryUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage: radvbench history COMMAND [flags]\n\n%s\n\nCommands:\n", commanddoc.Description("history"))
	for _, s := range Subcommands {
		fmt.Fprintf(w, "  %-8s %s\n", s.Name, s.Summary)
	}
	fmt.Fprintln(w, "\nRun 'radvbench history COMMAND --help' for a command's flags.")
}

func runHistory(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	if len(args) == 0 {
		printHistoryUsage(stderr)
		return base.Usagef("")
	}
	switch args[0] {
	case "-h", "--help", "help":
		printHistoryUsage(stdout)
		return base.ErrHelpShown
	}
	for _, s := range Subcommands {
		if s.Name == args[0] {
			return s.Run(ctx, stdout, stderr, args[1:])
		}
	}
	names := make([]string, len(Subcommands))
	for i, s := range Subcommands {
		names[i] = s.Name
	}
	return base.Usagef("unknown history command %q: use one of %s (see 'radvbench history --help')", args[0], strings.Join(names, ", "))
}

// historyFlags are the flags the history subcommands share: --db and, for
// those that select runs, the run filters (as history.FilterArgs takes
// them).
type historyFlags struct {
	dsn     string
	filters history.FilterArgs
}

// flagSet makes a history subcommand's flag set (base.NewFlagSet) with --db as
// its first flag.
func (h *historyFlags) flagSet(name, usage string, stdout io.Writer) *pflag.FlagSet {
	fs := base.NewFlagSet(name, usage, stdout)
	fs.StringVar(&h.dsn, "db", "", "history store: a SQLite file or postgres://... (default $RADVBENCH_DB, else $XDG_DATA_HOME/radvbench/history.db)")
	return fs
}

// addFilters adds the run filter flags.
func (h *historyFlags) addFilters(fs *pflag.FlagSet) {
	fs.StringVar(&h.filters.Device, "device", "", "only runs on this device (its Vulkan name)")
	fs.StringVar(&h.filters.Driver, "driver", "", "only runs with this driver (driver info, e.g. 'Mesa 25.0.7')")
	fs.StringVar(&h.filters.Kernel, "kernel", "", "only runs on this kernel release")
	fs.StringVar(&h.filters.Config, "config", "", "only runs of this A/B configuration")
	fs.StringArrayVar(&h.filters.Labels, "label", nil, "only runs with this label, KEY=VALUE (repeatable)")
	fs.StringArrayVar(&h.filters.Where, "where", nil, "only runs whose fingerprint KEY has VALUE, KEY=VALUE, e.g. amdgpu.vm_fragment_size=9 (repeatable)")
	fs.StringVar(&h.filters.Since, "since", "", "only runs started at or after this time (2026-01-31 or RFC 3339)")
	fs.StringVar(&h.filters.Until, "until", "", "only runs started before this time")
}

// filter parses the filter flags; a value history refuses is a usage
// error naming its flag (history.FilterError's field is the flag's name).
func (h *historyFlags) filter() (history.Filter, error) {
	out, err := h.filters.Filter()
	if err != nil {
		return out, base.Usagef("--%v", err)
	}
	return out, nil
}

// read parses the filter flags (a usage error before any store is
// touched), then runs do with the store --db names, opened read-only
// (histdb.Use), and the filter.
func (h *historyFlags) read(ctx context.Context, do func(*history.Store, history.Filter) error) error {
	filter, err := h.filter()
	if err != nil {
		return err
	}
	return histdb.Use(ctx, h.dsn, true, func(s *history.Store) error {
		return do(s, filter)
	})
}

func historyImport(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var hf historyFlags
	fs := hf.flagSet("history import", "history import FILE.json [FILE.json ...] [--db DSN]", stdout)
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return base.Usagef("history import needs results files: radvbench history import RUN.json [RUN.json ...]")
	}
	inputs, err := pairing.LoadInputs(fs.Args())
	if err != nil {
		return advice.InputError(err, "import")
	}
	return histdb.Use(ctx, hf.dsn, false, func(s *history.Store) error {
		added := 0
		// The store records each file by the path given, not by its
		// input's Name (LoadInputs may shorten that to the base name).
		for i, p := range fs.Args() {
			got, err := s.Import(ctx, inputs[i].File, p)
			if err != nil {
				return err
			}
			if got.New {
				added += got.Runs
			}
			history.WriteImported(stdout, p, got)
		}
		fmt.Fprintf(stdout, "%d new run(s) in %s\n", added, termtext.Escape(s.DSN))
		return nil
	})
}

func historyRuns(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var hf historyFlags
	var limit int
	var keys bool
	fs := hf.flagSet("history runs", "history runs [filters] [--db DSN]", stdout)
	hf.addFilters(fs)
	fs.IntVar(&limit, "last", 0, "only the newest N runs (0: all)")
	fs.BoolVar(&keys, "keys", false, "list the stored fingerprint keys and how many values each has")
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return base.Usagef("history runs takes no arguments (got %q): filter with --where KEY=VALUE", fs.Arg(0))
	}
	return hf.read(ctx, func(s *history.Store, filter history.Filter) error {
		if keys {
			ks, err := s.Keys(ctx)
			if err != nil {
				return err
			}
			return history.WriteKeys(stdout, ks)
		}
		runs, err := s.Runs(ctx, filter, limit)
		if err != nil {
			return err
		}
		return history.WriteRuns(stdout, runs)
	})
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
		return o, base.Usagef("--alpha %g: want a level between 0 and 1, e.g. 0.01", d.alpha)
	}
	if d.minChange < 0 {
		return o, base.Usagef("--min-change %g: want a percentage >= 0", d.minChange)
	}
	if d.minSize < 2 {
		return o, base.Usagef("--min-runs %d: want at least 2", d.minSize)
	}
	o.MinChange, o.MinSize = d.minChange/100, d.minSize
	return o.WithAlpha(d.alpha), nil
}

func historyTrend(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var chartPath string
	var hf historyFlags
	var df detectFlags
	fs := hf.flagSet("history trend", "history trend BENCHMARK [filters] [--chart FILE.png|svg] [--db DSN]", stdout)
	hf.addFilters(fs)
	fs.StringVar(&chartPath, "chart", "", "also write the series as a chart: FILE.png or FILE.svg")
	df.add(fs)
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return base.Usagef("history trend needs one benchmark ID: radvbench history trend BENCHMARK (the stored IDs are the benchmark column of 'radvbench history export')")
	}
	ext := strings.ToLower(filepath.Ext(chartPath))
	if chartPath != "" && ext != ".png" && ext != ".svg" {
		return base.Usagef("--chart %s: the file must end in .png or .svg", chartPath)
	}
	if err := outpath.Check("--chart", chartPath, histdb.File(hf.dsn)); err != nil {
		return err
	}
	opt, err := df.options()
	if err != nil {
		return err
	}
	return hf.read(ctx, func(s *history.Store, filter history.Filter) error {
		tr, err := s.Trend(ctx, fs.Arg(0), filter, opt)
		if errors.Is(err, history.ErrUnknownBenchmark) {
			return advice.UnknownBenchmarkError(err)
		} else if err != nil {
			return err
		}
		if len(tr.Series) == 0 {
			return base.Usagef("no runs of %s match the filters", termtext.Escape(tr.Benchmark))
		}
		if err := history.WriteTrends(stdout, tr.Series, tr.ChangePoints); err != nil {
			return err
		}
		if chartPath == "" {
			return nil
		}
		data, err := history.EncodeTrendChart(chartPath, tr.Series, tr.ChangePoints)
		if err != nil {
			return err
		}
		if err := outpath.Write(nil, "--chart", chartPath, data); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "chart: %s\n", termtext.Escape(chartPath))
		return nil
	})
}

func historyDetect(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var bench string
	var hf historyFlags
	var df detectFlags
	fs := hf.flagSet("history detect", "history detect [--benchmark PREFIX] [filters] [--db DSN]", stdout)
	fs.StringVar(&bench, "benchmark", "", "only benchmarks whose ID starts with this")
	hf.addFilters(fs)
	df.add(fs)
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return base.Usagef("history detect takes no arguments (got %q): use --benchmark PREFIX", fs.Arg(0))
	}
	opt, err := df.options()
	if err != nil {
		return err
	}
	return hf.read(ctx, func(s *history.Store, filter history.Filter) error {
		series, cps, err := s.DetectAll(ctx, bench, filter, opt)
		if err != nil {
			return err
		}
		return history.WriteDetect(stdout, series, cps, opt)
	})
}
