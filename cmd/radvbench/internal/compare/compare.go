// Package compare is 'radvbench compare': results files (or isa files)
// judged against each other, a verdict per benchmark, rendered as text,
// Markdown, JUnit or JSON, exit 1 when the gate fails; --plan sizes the
// runs instead.
package compare

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/judgeflags"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/loadfiles"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/outpath"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/termtext"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/comparefmt"
	"github.com/radvbench/radvbench/reports/fossil"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

// Cmd is the 'compare' command.
var Cmd = &base.Command{Name: "compare", Summary: "compare results files and gate regressions (exit 1 on regression)", Run: runCompare}

type compareFlags struct {
	judge    judgeflags.Flags
	by       string
	baseline string
	format   string
	out      string
	plan     bool
	detect   string
	isa      []string
	best     bool
}

func runCompare(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var f compareFlags
	fs := base.NewFlagSet("compare", "compare [flags] BASE.json NEW.json [MORE.json ...]\n       radvbench compare [flags] BASE1.json BASE2.json ... -- NEW1.json NEW2.json ...\n       radvbench compare --by KEY [--baseline VALUE] [flags] FILE.json ...", stdout)
	f.judge.Register(fs)
	fs.StringVar(&f.by, "by", "", "group by KEY: config, file, device, driver, label.NAME or a fingerprint key")
	fs.StringVar(&f.baseline, "baseline", "", "the group (value of --by, or file name) the others are compared with (default: the first)")
	fs.StringVar(&f.format, "format", "text", "output: "+strings.Join(comparefmt.Formats, ", ")+"; for two isa files also "+fossil.Format+" (the Totals blocks of Mesa's fossil report script, per target, paste-ready for a merge request) (--plan: text or json)")
	fs.StringVarP(&f.out, "out", "o", "", "write the output to FILE (atomically; '-' for stdout) instead of stdout; the summary line still goes to stdout")
	f.judge.RegisterDevice(fs)
	fs.StringSliceVar(&f.isa, "isa", nil, "the compiler's figures beside each verdict from isa files (written by 'radvbench isa'), one per group, baseline first: BASE-isa.json,NEW-isa.json; each verdict then names the statistics that changed (VGPRs 96→120) or says \"code unchanged\" (default: the figures the runs captured, where their driver reports them)")
	fs.BoolVar(&f.judge.Best, "best", false, "judge each kernel's best variant per size on each side against the other side's best, instead of variant by variant: a driver that makes the best configuration slower is a regression even when it changes which one is best (a tuning sweep's files)")
	fs.BoolVar(&f.plan, "plan", false, "print how many runs a side catch a --detect slowdown, instead of verdicts")
	fs.StringVar(&f.detect, "detect", "5", "with --plan: the slowdown, in percent, to catch with 95% power")
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	if !comparefmt.ValidFormat(f.format) && f.format != fossil.Format {
		return base.Usagef("unknown --format %q: use one of %s (or %s for isa files)", f.format, strings.Join(comparefmt.Formats, ", "), fossil.Format)
	}
	if err := outpath.CheckPath("-o", f.out); err != nil {
		return err
	}
	opts, err := f.judge.Options(fs)
	if err != nil {
		return err
	}

	paths := fs.Args()
	if err := outpath.NotInput("-o", f.out, slices.Concat(paths, f.isa, []string{f.judge.PolicyFile, opts.NoiseName})...); err != nil {
		return err
	}
	dash := fs.ArgsLenAtDash()
	switch {
	case len(paths) == 0:
		return base.Usagef("compare needs results files: radvbench compare BASE.json NEW.json (see 'radvbench compare --help')")
	case dash >= 0 && (dash == 0 || dash == len(paths)):
		return base.Usagef("'--' separates the baseline's files from the new ones: give files on both sides (radvbench compare B1.json B2.json -- N1.json N2.json)")
	case dash >= 0 && f.by != "":
		return base.Usagef("--by groups the files itself: use either --by or '--', not both")
	case len(paths) == 1 && f.by == "":
		return base.Usagef("compare needs two results files, or --by KEY to compare groups within %s (e.g. --by config for an A/B run)", paths[0])
	}
	inputs, err := loadfiles.Inputs(paths)
	if err != nil {
		return err
	}
	baseline := f.baseline
	if dash >= 0 {
		pooled := pairing.PoolSides(inputs, dash)
		if baseline != "" && baseline != pooled {
			return base.Usagef("--baseline with '--': the files before '--' are the baseline")
		}
		baseline = pooled
	} else if f.by == "" || f.by == "file" {
		for i, p := range paths {
			if p == baseline {
				baseline = inputs[i].Name
			}
		}
	}
	opts.By, opts.Baseline = f.by, baseline
	kind, err := pairing.Kind(inputs)
	if err != nil {
		return base.Usagef("%v", err)
	}
	if kind == resultsfile.KindISA {
		if len(f.isa) > 0 {
			return base.Usagef("--isa gives the compiler's figures beside timing verdicts; these are isa files already: drop --isa")
		}
		return compareISA(stdout, f, inputs, opts)
	}
	if len(f.isa) > 0 {
		if opts.ISA, err = loadfiles.Inputs(f.isa); err != nil {
			return err
		}
	}
	if f.format == fossil.Format {
		return base.Usagef("--format %s is for isa files (written by 'radvbench isa'); for run results use one of %s", fossil.Format, strings.Join(comparefmt.Formats, ", "))
	}
	rep, err := compare.Compare(inputs, opts)
	if err != nil {
		return advice.CompareError(err)
	}

	var buf bytes.Buffer
	summary := rep.Summary()
	if f.plan {
		d, err := verdict.ParsePercent(f.detect)
		if err != nil || d <= 0 {
			return base.Usagef("--detect %q: give the slowdown to catch in percent, e.g. --detect 5", f.detect)
		}
		pl := compare.PlanFromReport(rep, opts.Noise, d, compare.DefaultPower)
		format := "text"
		if f.format == "json" {
			format = "json"
		}
		pl.Word(advice.CompareAdvice)
		if err := comparefmt.WritePlan(&buf, pl, format); err != nil {
			return fmt.Errorf("render plan: %w", err)
		}
		summary = fmt.Sprintf("plan: %d runs a side", pl.Runs)
	} else {
		rep.Word(advice.CompareAdvice)
		if err := comparefmt.Write(&buf, rep, f.format); err != nil {
			return fmt.Errorf("render %s: %w", f.format, err)
		}
	}
	return writeJudged(stdout, f.out, buf.Bytes(), summary, !f.plan && rep.Failed())
}

// compareISA judges isa files exactly (compare.CompareISA): every change
// of a statistic is real, and the policy says what fails the gate.
func compareISA(stdout io.Writer, f compareFlags, inputs []pairing.Input, opts compare.Options) error {
	if f.plan {
		return base.Usagef("--plan sizes runs against noise; isa files are exact (one compile a side decides): drop --plan")
	}
	rep, err := compare.CompareISA(inputs, opts)
	if err != nil {
		return advice.CompareError(err)
	}
	var buf bytes.Buffer
	if f.format == fossil.Format {
		if len(inputs) != 2 {
			return base.Usagef("--format %s compares two isa files (old, new), got %d", fossil.Format, len(inputs))
		}
		if err := fossil.WriteReport(&buf, inputs[0].File, inputs[1].File); err != nil {
			return fmt.Errorf("render %s: %w", f.format, err)
		}
	} else if err := comparefmt.WriteISA(&buf, rep, f.format); err != nil {
		return fmt.Errorf("render %s: %w", f.format, err)
	}
	return writeJudged(stdout, f.out, buf.Bytes(), rep.Summary(), rep.Failed())
}

// writeJudged writes a rendered comparison to out (-o; "" or "-" for
// stdout), prints compare's summary line when out is a file, and exits 1
// when the gate failed.
func writeJudged(stdout io.Writer, out string, rendered []byte, summary string, failed bool) error {
	if err := outpath.Write(stdout, "-o", out, rendered); err != nil {
		return err
	}
	if outpath.ToFile(out) {
		fmt.Fprintf(stdout, "radvbench compare: %s (%s written)\n", summary, termtext.Escape(out))
	}
	if failed {
		return &base.ExitError{Code: 1}
	}
	return nil
}
