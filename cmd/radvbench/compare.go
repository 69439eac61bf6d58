package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/core/results"
	"github.com/radvbench/radvbench/internal/termtext"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/comparefmt"
	"github.com/radvbench/radvbench/reports/fossil"
	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/verdict"
	"github.com/spf13/pflag"
)

func init() {
	register(&base.Command{Name: "compare", Summary: "compare results files and gate regressions (exit 1 on regression)", Run: runCompare})
}

type compareFlags struct {
	// allowDevice is --allow-device-change (compare, history gate,
	// history compare).
	allowDevice bool
	policy      string
	by          string
	baseline    string
	format      string
	out         string
	plan        bool
	detect      string
	isa         []string
	best        bool
}

func runCompare(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var f compareFlags
	fs := base.NewFlagSet("compare", "compare [flags] BASE.json NEW.json [MORE.json ...]\n       radvbench compare [flags] BASE1.json BASE2.json ... -- NEW1.json NEW2.json ...\n       radvbench compare --by KEY [--baseline VALUE] [flags] FILE.json ...", stdout)
	f.policyFlags(fs)
	fs.StringVar(&f.by, "by", "", "group by KEY: config, file, device, driver, label.NAME or a fingerprint key")
	fs.StringVar(&f.baseline, "baseline", "", "the group (value of --by, or file name) the others are compared with (default: the first)")
	fs.StringVar(&f.format, "format", "text", "output: "+strings.Join(comparefmt.Formats, ", ")+"; for two isa files also "+fossil.Format+" (the Totals blocks of Mesa's fossil report script, per target, paste-ready for a merge request) (--plan: text or json)")
	fs.StringVarP(&f.out, "out", "o", "", "write the output to FILE (atomically; '-' for stdout) instead of stdout; the summary line still goes to stdout")
	f.deviceFlag(fs)
	fs.StringSliceVar(&f.isa, "isa", nil, "the compiler's figures beside each verdict from isa files (written by 'radvbench isa'), one per group, baseline first: BASE-isa.json,NEW-isa.json; each verdict then names the statistics that changed (VGPRs 96→120) or says \"code unchanged\" (default: the figures the runs captured, where their driver reports them)")
	fs.BoolVar(&f.best, "best", false, "judge each kernel's best variant per size on each side against the other side's best, instead of variant by variant: a driver that makes the best configuration slower is a regression even when it changes which one is best (a tuning sweep's files)")
	fs.BoolVar(&f.plan, "plan", false, "print how many runs a side catch a --detect slowdown, instead of verdicts")
	fs.StringVar(&f.detect, "detect", "5", "with --plan: the slowdown, in percent, to catch with 95% power")
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	if !comparefmt.ValidFormat(f.format) && f.format != fossil.Format {
		return base.Usagef("unknown --format %q: use one of %s (or %s for isa files)", f.format, strings.Join(comparefmt.Formats, ", "), fossil.Format)
	}
	if err := checkOutputPath("-o", f.out); err != nil {
		return err
	}
	opts, err := f.options(fs)
	if err != nil {
		return err
	}

	paths := fs.Args()
	if err := notInput("-o", f.out, slices.Concat(paths, f.isa, []string{f.policy, opts.NoiseName})...); err != nil {
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
	inputs, err := loadInputs(paths)
	if err != nil {
		return err
	}
	baseline := f.baseline
	if dash >= 0 {
		pooled := compare.PoolSides(inputs, dash)
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
	kind, err := compare.Kind(inputs)
	if err != nil {
		return base.Usagef("%v", err)
	}
	if kind == results.KindISA {
		if len(f.isa) > 0 {
			return base.Usagef("--isa gives the compiler's figures beside timing verdicts; these are isa files already: drop --isa")
		}
		return compareISA(stdout, f, inputs, opts)
	}
	if len(f.isa) > 0 {
		if opts.ISA, err = loadInputs(f.isa); err != nil {
			return err
		}
	}
	if f.format == fossil.Format {
		return base.Usagef("--format %s is for isa files (written by 'radvbench isa'); for run results use one of %s", fossil.Format, strings.Join(comparefmt.Formats, ", "))
	}
	rep, err := compare.Compare(inputs, opts)
	if err != nil {
		return compareError(err)
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
		if err := comparefmt.WritePlan(&buf, pl, format); err != nil {
			return fmt.Errorf("render plan: %w", err)
		}
		summary = fmt.Sprintf("plan: %d runs a side", pl.Runs)
	} else if err := comparefmt.Write(&buf, rep, f.format); err != nil {
		return fmt.Errorf("render %s: %w", f.format, err)
	}
	return writeJudged(stdout, f.out, buf.Bytes(), summary, !f.plan && rep.Failed())
}

// compareISA judges isa files exactly (compare.CompareISA): every change
// of a statistic is real, and the policy says what fails the gate.
func compareISA(stdout io.Writer, f compareFlags, inputs []compare.Input, opts compare.Options) error {
	if f.plan {
		return base.Usagef("--plan sizes runs against noise; isa files are exact (one compile a side decides): drop --plan")
	}
	rep, err := compare.CompareISA(inputs, opts)
	if err != nil {
		return compareError(err)
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
	if err := writeOutput(stdout, "-o", out, rendered); err != nil {
		return err
	}
	if toFile(out) {
		fmt.Fprintf(stdout, "radvbench compare: %s (%s written)\n", summary, termtext.Escape(out))
	}
	if failed {
		return &base.ExitError{Code: 1}
	}
	return nil
}

// loadNoise reads the noise file at path ("" for none) as an input error.
func loadNoise(path string) (*noise.File, error) {
	if path == "" {
		return nil, nil
	}
	nf, err := noise.Load(path)
	if err != nil {
		return nil, noiseFileError(err)
	}
	return nf, nil
}

// loadInputs reads every results file (compare.LoadInputs); any problem
// is an input error (exit 2) naming the file.
func loadInputs(paths []string) ([]compare.Input, error) {
	inputs, err := compare.LoadInputs(paths)
	if err != nil {
		return nil, inputError(err, "compare")
	}
	return inputs, nil
}

// deviceFlag registers --allow-device-change.
func (f *compareFlags) deviceFlag(fs *pflag.FlagSet) {
	fs.BoolVar(&f.allowDevice, "allow-device-change", false, "judge results from different GPU models (PCI vendor/device ID) against each other; without it that is an input error (or group with --by device)")
}

// policyFlags registers the gating-policy flags shared by compare and
// report. Their values are read back by resolvePolicy (policyKeys).
func (f *compareFlags) policyFlags(fs *pflag.FlagSet) {
	fs.String("threshold", "3", "smallest change, in percent, that counts as a regression or improvement")
	fs.Float64("alpha", verdict.DefaultAlpha, "significance level of the run-level test (a t interval on the log run figures: each run's fast tenth, paired by round when the runs were taken in rounds): the chance of any false alarm in the whole comparison, see --alpha-per")
	fs.String("alpha-per", verdict.AlphaPerComparison, "what --alpha bounds: comparison (any false alarm among all its benchmarks; alpha is shared among them by Holm's step-down) or benchmark (each benchmark's own: a gate of 20 benchmarks then has 20 chances to fail on nothing)")
	fs.String("noise", "", "noise file from 'radvbench noise': per-benchmark noise floors that raise the threshold (and, for runs paired by round, the paired spread a ~ verdict also leans on)")
	fs.String("noise-limit", "", "warn when runs wander by more than this, in percent (default: the threshold)")
	fs.Int("min-samples", verdict.DefaultMinSamples, "warn when a run has fewer samples")
	fs.String("unsure", verdict.UnsurePass, "whether an unsure verdict fails the gate: fail or pass")
	fs.String("clock-changes", verdict.ClockFail, "where both sides sampled the GPU's shader clock, each change is judged again in cycles (time × clock): whether a slowdown in time that is the same in cycles (the clock fell, not the code) fails the gate: fail or pass")
	fs.StringVar(&f.policy, "policy", "", "gating policy file (YAML): globals, noise_file, per-benchmark rules, allow-list")
}

// policyKeys maps the policy flags to the policy-file keys they set
// (verdict.Policy.Set), in the order they apply: --noise-limit after
// --noise. --noise names a noise file (noise_file), or a noise limit in
// percent as it did before noise files.
var policyKeys = []struct{ flag, key string }{
	{"threshold", "threshold"},
	{"alpha", "alpha"},
	{"noise", "noise_file"},
	{"noise-limit", "noise"},
	{"min-samples", "min_samples"},
	{"unsure", "unsure"},
	{"clock-changes", "clock_changes"},
	{"alpha-per", "alpha_per"},
}

// options builds the judging options of compare, history gate, history
// compare and run --until-decided: the policy (resolvePolicy), its noise
// file loaded, --allow-device-change and the CLI's advice.
func (f *compareFlags) options(fs *pflag.FlagSet) (compare.Options, error) {
	pol, err := f.resolvePolicy(fs)
	if err != nil {
		return compare.Options{}, err
	}
	nf, err := loadNoise(pol.NoiseFile)
	if err != nil {
		return compare.Options{}, err
	}
	return compare.Options{Policy: pol, Noise: nf, NoiseName: pol.NoiseFile, AllowDeviceChange: f.allowDevice, Advise: compareAdvice, Best: f.best}, nil
}

// resolvePolicy builds the policy: defaults, then the --policy file, then
// the flags given on the command line.
func (f *compareFlags) resolvePolicy(fs *pflag.FlagSet) (verdict.Policy, error) {
	pol := verdict.DefaultPolicy()
	if f.policy != "" {
		p, err := verdict.LoadPolicy(f.policy, pol)
		if err != nil {
			return pol, base.Usagef("%v", err)
		}
		pol = p
	}
	for _, pk := range policyKeys {
		fl := fs.Lookup(pk.flag)
		if fl == nil || !fl.Changed {
			continue
		}
		key, v := pk.key, fl.Value.String()
		if pk.flag == "noise" {
			// Before noise files, --noise was the noise limit in percent:
			// a percentage that names no file keeps meaning that.
			if _, statErr := os.Stat(v); statErr != nil {
				if _, err := verdict.ParsePercent(v); err == nil {
					key = "noise"
				}
			}
		}
		if err := pol.Set(key, v); err != nil {
			return pol, base.Usagef("--%s: %v", pk.flag, err)
		}
	}
	if err := pol.Validate(); err != nil {
		return pol, base.Usagef("%v", err)
	}
	return pol, nil
}
