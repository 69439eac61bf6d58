package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/radvbench/radvbench/internal/termtext"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/history"
)

// The history subcommands that judge stored runs as 'radvbench compare'
// judges files: 'history gate' (new results against the store) and
// 'history compare' (stored runs grouped by a key).

func init() {
	historySubs = append(historySubs,
		historySub{"gate", "judge new results against the last N matching runs in the store (exit 1 on regression)", historyGate},
		historySub{"compare", "compare stored runs grouped by any key (--by KEY), as 'radvbench compare' does", historyCompare},
	)
}

func historyGate(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var dsn, format string
	var last int
	var ff filterFlags
	var cf compareFlags
	fs := newFlagSet("history gate", "history gate NEW.json [NEW.json ...] [--last N] [filters] [policy flags] [--db DSN]", stdout)
	dbFlag(fs, &dsn)
	fs.IntVar(&last, "last", 10, "baseline: the newest N matching runs in the store")
	ff.add(fs)
	cf.policyFlags(fs)
	cf.deviceFlag(fs)
	fs.StringVar(&format, "format", "text", "output: "+strings.Join(compare.Formats, ", "))
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usagef("history gate needs the new results: radvbench history gate NEW.json (see 'radvbench history gate --help')")
	}
	if last < 1 {
		return usagef("--last %d: want at least 1 baseline run", last)
	}
	if !compare.ValidFormat(format) {
		return usagef("unknown --format %q: use one of %s", format, strings.Join(compare.Formats, ", "))
	}
	opts, err := cf.options(fs)
	if err != nil {
		return err
	}
	filter, err := ff.filter()
	if err != nil {
		return err
	}
	news, err := loadInputs(fs.Args())
	if err != nil {
		return err
	}
	s, err := readHistory(ctx, dsn)
	if err != nil {
		return err
	}
	defer s.Close()
	g, err := s.Gate(ctx, news, filter, last)
	var nb *history.NoBaselineError
	if errors.As(err, &nb) {
		return usagef("%v: import baseline results first ('radvbench history import')", err)
	} else if err != nil {
		return storeErr(err)
	}
	runs := g.Runs
	header := fmt.Sprintf("baseline: %d run(s) from %s (%s .. %s, device %s); new: %d run(s) in %d file(s)\n\n", len(runs), termtext.Escape(s.DSN),
		runs[0].Started.Format("2006-01-02 15:04"), runs[len(runs)-1].Started.Format("2006-01-02 15:04"), termtext.Escape(g.Device), g.NewRuns, len(news))
	opts.By, opts.Baseline = history.SideKey, history.SideBaseline
	return judgeStored(stdout, header, g.Inputs, opts, format)
}

// judgeStored judges stored runs (and new files) as compare does (opts
// from compareFlags.options) and prints header and the report in format;
// a failed gate exits 1.
func judgeStored(stdout io.Writer, header string, inputs []compare.Input, opts compare.Options, format string) error {
	rep, err := compare.Compare(inputs, opts)
	if err != nil {
		return compareError(err)
	}
	io.WriteString(stdout, header)
	if err := compare.Write(stdout, rep, format); err != nil {
		return fmt.Errorf("render %s: %w", format, err)
	}
	if rep.Failed() {
		return &exitError{code: 1}
	}
	return nil
}

func historyCompare(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var dsn, by, baseline, format string
	var last int
	var ff filterFlags
	var cf compareFlags
	fs := newFlagSet("history compare", "history compare --by KEY [--baseline VALUE] [filters] [policy flags] [--db DSN]", stdout)
	dbFlag(fs, &dsn)
	fs.StringVar(&by, "by", "", "group runs by KEY: config, device, driver, label.NAME or a fingerprint key (required)")
	fs.StringVar(&baseline, "baseline", "", "the group the others are compared with (default: the group of the oldest run)")
	fs.IntVar(&last, "last", 0, "only the newest N matching runs (0: all)")
	ff.add(fs)
	cf.policyFlags(fs)
	cf.deviceFlag(fs)
	fs.StringVar(&format, "format", "text", "output: "+strings.Join(compare.Formats, ", "))
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if by == "" {
		return usagef("history compare needs --by KEY (e.g. --by amdgpu.vm_fragment_size; 'history runs --keys' lists the keys)")
	}
	if fs.NArg() > 0 {
		return usagef("history compare takes no files (got %q): it reads the store; use 'radvbench compare' for files", fs.Arg(0))
	}
	if !compare.ValidFormat(format) {
		return usagef("unknown --format %q: use one of %s", format, strings.Join(compare.Formats, ", "))
	}
	opts, err := cf.options(fs)
	if err != nil {
		return err
	}
	s, filter, err := ff.open(ctx, dsn)
	if err != nil {
		return err
	}
	defer s.Close()
	runs, err := s.Runs(ctx, filter, last)
	if err != nil {
		return storeErr(err)
	}
	if len(runs) == 0 {
		return usagef("no stored runs match the filters")
	}
	inputs, err := s.Inputs(ctx, runs)
	if err != nil {
		return storeErr(err)
	}
	header := fmt.Sprintf("%d stored run(s) from %s, grouped by %s\n\n", len(runs), termtext.Escape(s.DSN), termtext.Escape(by))
	opts.By, opts.Baseline = by, baseline
	return judgeStored(stdout, header, inputs, opts, format)
}
