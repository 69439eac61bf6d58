package history

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/histdb"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/judgeflags"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/loadfiles"
	"github.com/radvbench/radvbench/internal/termtext"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/comparefmt"
	"github.com/radvbench/radvbench/reports/history"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/spf13/pflag"
)

// The history subcommands that judge stored runs as 'radvbench compare'
// judges files: 'history gate' (new results against the store) and
// 'history compare' (stored runs grouped by a key).

func init() {
	Subcommands = append(Subcommands,
		base.Command{Name: "gate", Summary: "judge new results against the last N matching runs in the store (exit 1 on regression)", Run: historyGate},
		base.Command{Name: "compare", Summary: "compare stored runs grouped by any key (--by KEY), as 'radvbench compare' does", Run: historyCompare},
	)
}

// judgeFlags are the flags of 'history gate' and 'history compare': the
// judging flags and --format, and history compare's grouping.
type judgeFlags struct {
	judgeflags.Flags
	format, by, baseline string
}

func historyGate(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var last int
	var hf historyFlags
	var cf judgeFlags
	fs := hf.flagSet("history gate", "history gate NEW.json [NEW.json ...] [--last N] [filters] [policy flags] [--db DSN]", stdout)
	fs.IntVar(&last, "last", 10, "baseline: the newest N matching runs in the store")
	addJudgeFlags(fs, &hf, &cf)
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return base.Usagef("history gate needs the new results: radvbench history gate NEW.json (see 'radvbench history gate --help')")
	}
	if last < 1 {
		return base.Usagef("--last %d: want at least 1 baseline run", last)
	}
	opts, err := judgeOptions(fs, &cf)
	if err != nil {
		return err
	}
	// A bad filter is a usage error before the files are read.
	filter, err := hf.filter()
	if err != nil {
		return err
	}
	news, err := loadfiles.Inputs(fs.Args())
	if err != nil {
		return err
	}
	return histdb.Use(ctx, hf.dsn, true, func(s *history.Store) error {
		g, err := s.Gate(ctx, news, filter, last)
		if _, ok := errors.AsType[*history.NoBaselineError](err); ok {
			return base.Usagef("%v: import baseline results first ('radvbench history import')", err)
		} else if err != nil {
			return err
		}
		runs := g.Runs
		header := fmt.Sprintf("baseline: %d run(s) from %s (%s .. %s, device %s); new: %d run(s) in %d file(s)\n\n", len(runs), termtext.Escape(s.DSN),
			runs[0].Started.Format("2006-01-02 15:04"), runs[len(runs)-1].Started.Format("2006-01-02 15:04"), termtext.Escape(g.Device), g.NewRuns, len(news))
		opts.By, opts.Baseline = history.SideKey, history.SideBaseline
		return judgeStored(stdout, header, g.Inputs, opts, cf.format)
	})
}

// addJudgeFlags adds the flags 'history gate' and 'history compare' share
// after their own: the run filters, compare's policy flags,
// --allow-device-change and --format (into cf.format).
func addJudgeFlags(fs *pflag.FlagSet, hf *historyFlags, cf *judgeFlags) {
	hf.addFilters(fs)
	cf.Register(fs)
	cf.RegisterDevice(fs)
	fs.StringVar(&cf.format, "format", "text", "output: "+strings.Join(comparefmt.Formats, ", "))
}

// judgeOptions checks --format and returns compare's options
// (judgeflags.Flags.Options), both usage errors before any store is opened.
func judgeOptions(fs *pflag.FlagSet, cf *judgeFlags) (compare.Options, error) {
	if !comparefmt.ValidFormat(cf.format) {
		return compare.Options{}, base.Usagef("unknown --format %q: use one of %s", cf.format, strings.Join(comparefmt.Formats, ", "))
	}
	return cf.Options(fs)
}

// judgeStored judges stored runs (and new files) as compare does (opts
// from judgeflags.Flags.Options) and prints header and the report in format;
// a failed gate exits 1.
func judgeStored(stdout io.Writer, header string, inputs []pairing.Input, opts compare.Options, format string) error {
	rep, err := compare.Compare(inputs, opts)
	if err != nil {
		return advice.CompareError(err)
	}
	io.WriteString(stdout, header)
	rep.Word(advice.CompareAdvice)
	if err := comparefmt.Write(stdout, rep, format); err != nil {
		return fmt.Errorf("render %s: %w", format, err)
	}
	if rep.Failed() {
		return &base.ExitError{Code: 1}
	}
	return nil
}

func historyCompare(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var last int
	var hf historyFlags
	var cf judgeFlags
	fs := hf.flagSet("history compare", "history compare --by KEY [--baseline VALUE] [filters] [policy flags] [--db DSN]", stdout)
	fs.StringVar(&cf.by, "by", "", "group runs by KEY: config, device, driver, label.NAME or a fingerprint key (required)")
	fs.StringVar(&cf.baseline, "baseline", "", "the group the others are compared with (default: the group of the oldest run)")
	fs.IntVar(&last, "last", 0, "only the newest N matching runs (0: all)")
	addJudgeFlags(fs, &hf, &cf)
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	if cf.by == "" {
		return base.Usagef("history compare needs --by KEY (e.g. --by amdgpu.vm_fragment_size; 'history runs --keys' lists the keys)")
	}
	if fs.NArg() > 0 {
		return base.Usagef("history compare takes no files (got %q): it reads the store; use 'radvbench compare' for files", fs.Arg(0))
	}
	opts, err := judgeOptions(fs, &cf)
	if err != nil {
		return err
	}
	return hf.read(ctx, func(s *history.Store, filter history.Filter) error {
		runs, err := s.Runs(ctx, filter, last)
		if err != nil {
			return err
		}
		if len(runs) == 0 {
			return base.Usagef("no stored runs match the filters")
		}
		inputs, err := s.Inputs(ctx, runs)
		if err != nil {
			return err
		}
		header := fmt.Sprintf("%d stored run(s) from %s, grouped by %s\n\n", len(runs), termtext.Escape(s.DSN), termtext.Escape(cf.by))
		opts.By, opts.Baseline = cf.by, cf.baseline
		return judgeStored(stdout, header, inputs, opts, cf.format)
	})
}
