package main

import (
	"bytes"
	"context"
	"fmt"
	"github.com/spf13/pflag"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/results"
)

func init() {
	register(&command{name: "compare", summary: "compare results files and gate regressions (exit 1 on regression)", run: runCompare})
}

const compareDescription = `
Pairs benchmarks across results files by suite, kernel, variant and
problem size (and A/B configuration), and judges each pair: both medians
with their 95% confidence intervals, the change, the p-value of a
Mann-Whitney U test on the raw samples, and a verdict:

  regression   significant (p < alpha) and worse by more than the threshold
  improvement  significant and better by more than the threshold
  ~            no significant change beyond the threshold
  noisy        not decisive, and a CI is wider than the noise limit
  FAILED       ok in the baseline, failed (did not verify) now

"Worse" follows the metric: lower GFLOP/s, higher ns. Benchmarks found on
one side only are listed as missing or added; different devices, drivers
or shaders are stated at the top.

With --by KEY the files (or, for --by config, the results of one A/B run)
are grouped by a key and every group is compared with the first group, or
with --baseline VALUE. Keys: config, file, device, driver, label.NAME
(from 'run --label NAME=VALUE'), or any fingerprint key such as
kernel.release, amdgpu.vm_fragment_size or driver.info.

--policy FILE (YAML) sets alpha, threshold, noise and min_samples, adds
per-benchmark overrides (rules) and an allow-list of known regressions;
flags given on the command line override the file's globals.

Exit status: 0 no regression, 1 at least one regression or new failure
(not allowed by the policy), 2 usage or input error.`

type compareFlags struct {
	threshold  string
	alpha      float64
	noise      string
	minSamples int
	policy     string
	by         string
	baseline   string
	format     string
	out        string
}

func runCompare(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var f compareFlags
	fs := newFlagSet("compare", "compare [flags] BASE.json NEW.json [MORE.json ...]\n       radvbench compare --by KEY [--baseline VALUE] [flags] FILE.json ...", compareDescription, stdout)
	f.policyFlags(fs)
	fs.StringVar(&f.by, "by", "", "group by KEY: config, file, device, driver, label.NAME or a fingerprint key")
	fs.StringVar(&f.baseline, "baseline", "", "the group (value of --by, or file name) the others are compared with (default: the first)")
	fs.StringVar(&f.format, "format", "text", "output: "+strings.Join(compare.Formats, ", "))
	fs.StringVarP(&f.out, "out", "o", "", "write the output to FILE (atomically) instead of stdout; the summary line still goes to stdout")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if !validFormat(f.format) {
		return usagef("unknown --format %q: use one of %s", f.format, strings.Join(compare.Formats, ", "))
	}

	pol, err := f.resolvePolicy(fs)
	if err != nil {
		return err
	}

	paths := fs.Args()
	switch {
	case len(paths) == 0:
		return usagef("compare needs results files: radvbench compare BASE.json NEW.json (see 'radvbench compare --help')")
	case len(paths) == 1 && f.by == "":
		return usagef("compare needs two results files, or --by KEY to compare groups within %s (e.g. --by config for an A/B run)", paths[0])
	}
	inputs, err := loadInputs(paths)
	if err != nil {
		return err
	}
	baseline := f.baseline
	if f.by == "" || f.by == "file" {
		for i, p := range paths {
			if p == baseline {
				baseline = inputs[i].Name
			}
		}
	}
	rep, err := compare.Compare(inputs, compare.Options{Policy: pol, By: f.by, Baseline: baseline})
	if err != nil {
		return usagef("%v", err)
	}

	var buf bytes.Buffer
	if err := compare.Write(&buf, rep, f.format); err != nil {
		return fmt.Errorf("render %s: %w", f.format, err)
	}
	if f.out != "" {
		if err := results.WriteFileAtomic(f.out, buf.Bytes(), 0o644); err != nil {
			return usagef("write %s: %v", f.out, err)
		}
		fmt.Fprintf(stdout, "radvbench compare: %s (%s written)\n", rep.Summary(), f.out)
	} else if _, err := stdout.Write(buf.Bytes()); err != nil {
		return err
	}
	if rep.Failed() {
		return &exitError{code: 1}
	}
	return nil
}

func validFormat(s string) bool {
	for _, f := range compare.Formats {
		if s == f {
			return true
		}
	}
	return false
}

// loadInputs reads every results file; any problem is an input error
// (exit 2) naming the file.
func loadInputs(paths []string) ([]compare.Input, error) {
	var inputs []compare.Input
	for _, p := range paths {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			return nil, usagef("%s is a directory: pass results files (e.g. %s/*.json)", p, strings.TrimSuffix(p, "/"))
		}
		rf, err := results.Load(p)
		if err != nil {
			return nil, usagef("%v", err)
		}
		if len(rf.Results) == 0 {
			return nil, usagef("%s holds no benchmark results: nothing to compare (was the run interrupted or its --filter too narrow?)", p)
		}
		inputs = append(inputs, compare.Input{Name: p, File: rf})
	}
	// Show base names when they tell the files apart, else the paths.
	seen := map[string]bool{}
	for _, in := range inputs {
		seen[filepath.Base(in.Name)] = true
	}
	if len(seen) == len(inputs) {
		for i := range inputs {
			inputs[i].Name = filepath.Base(inputs[i].Name)
		}
	}
	return inputs, nil
}

// policyFlags registers the gating-policy flags shared by compare and
// report.
func (f *compareFlags) policyFlags(fs *pflag.FlagSet) {
	fs.StringVar(&f.threshold, "threshold", "3", "smallest change, in percent, that counts as a regression or improvement")
	fs.Float64Var(&f.alpha, "alpha", compare.DefaultAlpha, "significance level of the Mann-Whitney U test")
	fs.StringVar(&f.noise, "noise", "", "widest CI half-width, in percent, still judged (default: the threshold)")
	fs.IntVar(&f.minSamples, "min-samples", compare.DefaultMinSamples, "warn when a side has fewer samples")
	fs.StringVar(&f.policy, "policy", "", "gating policy file (YAML): globals, per-benchmark rules, allow-list")
}

// resolvePolicy builds the policy: defaults, then the --policy file, then
// the flags given on the command line.
func (f *compareFlags) resolvePolicy(fs *pflag.FlagSet) (compare.Policy, error) {
	pol := compare.DefaultPolicy()
	if f.policy != "" {
		p, err := compare.LoadPolicy(f.policy, pol)
		if err != nil {
			return pol, usagef("%v", err)
		}
		pol = p
	}
	if fs.Changed("threshold") {
		v, err := compare.ParsePercent(f.threshold)
		if err != nil {
			return pol, usagef("--threshold: %v", err)
		}
		pol.Threshold = v
	}
	if fs.Changed("alpha") {
		pol.Alpha = f.alpha
	}
	if fs.Changed("noise") {
		v, err := compare.ParsePercent(f.noise)
		if err != nil {
			return pol, usagef("--noise: %v", err)
		}
		pol.Noise = v
	}
	if fs.Changed("min-samples") {
		pol.MinSamples = f.minSamples
	}
	if err := pol.Validate(); err != nil {
		return pol, usagef("%v", err)
	}
	return pol, nil
}
