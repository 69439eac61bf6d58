// Package judgeflags registers and reads the judging flags that compare,
// report, run --until-decided, noise, history gate and history compare
// (and bisect, through run's) share: the gating policy (--threshold,
// --alpha, --unsure, --noise, --policy, ...), --allow-device-change and
// --best, resolved into a verdict.Policy and compare.Options.
package judgeflags

import (
	"os"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/loadfiles"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/verdict"
	"github.com/spf13/pflag"
)

// Flags are the values of the judging flags a command registered that are
// not read back through the flag set.
type Flags struct {
	// PolicyFile is --policy: a gating policy file (YAML), "" for none.
	PolicyFile string
	// AllowDeviceChange is --allow-device-change.
	AllowDeviceChange bool
	// Best is compare's --best: judge each kernel's best variant.
	Best bool
}

// RegisterDevice registers --allow-device-change (compare, history gate,
// history compare).
func (f *Flags) RegisterDevice(fs *pflag.FlagSet) {
	fs.BoolVar(&f.AllowDeviceChange, "allow-device-change", false, "judge results from different GPU models (PCI vendor/device ID) against each other; without it that is an input error (or group with --by device)")
}

// Register registers the gating-policy flags: --threshold, --alpha,
// --alpha-per, --noise, --noise-limit, --min-samples, --unsure,
// --clock-changes and --policy. Their values are read back by Policy
// (policyKeys).
func (f *Flags) Register(fs *pflag.FlagSet) {
	fs.String("threshold", "3", "smallest change, in percent, that counts as a regression or improvement")
	fs.Float64("alpha", verdict.DefaultAlpha, "significance level of the run-level test (a t interval on the log run figures: each run's fast tenth, paired by round when the runs were taken in rounds): the chance of any false alarm in the whole comparison, see --alpha-per")
	fs.String("alpha-per", verdict.AlphaPerComparison, "what --alpha bounds: comparison (any false alarm among all its benchmarks; alpha is shared among them by Holm's step-down) or benchmark (each benchmark's own: a gate of 20 benchmarks then has 20 chances to fail on nothing)")
	fs.String("noise", "", "noise file from 'radvbench noise': per-benchmark noise floors that raise the threshold (and, for runs paired by round, the paired spread a ~ verdict also leans on)")
	fs.String("noise-limit", "", "warn when runs wander by more than this, in percent (default: the threshold)")
	fs.Int("min-samples", verdict.DefaultMinSamples, "warn when a run has fewer samples")
	fs.String("unsure", verdict.UnsurePass, "whether an unsure verdict fails the gate: fail or pass")
	fs.String("clock-changes", verdict.ClockFail, "where both sides sampled the GPU's shader clock, each change is judged again in cycles (time × clock): whether a slowdown in time that is the same in cycles (the clock fell, not the code) fails the gate: fail or pass")
	fs.StringVar(&f.PolicyFile, "policy", "", "gating policy file (YAML): globals, noise_file, per-benchmark rules, allow-list")
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

// Options builds the judging options of compare, history gate, history
// compare and run --until-decided: the policy (Policy), its noise file
// loaded, --allow-device-change, --best and the CLI's advice.
func (f *Flags) Options(fs *pflag.FlagSet) (compare.Options, error) {
	pol, err := f.Policy(fs)
	if err != nil {
		return compare.Options{}, err
	}
	nf, err := loadfiles.Noise(pol.NoiseFile)
	if err != nil {
		return compare.Options{}, err
	}
	return compare.Options{Policy: pol, Noise: nf, NoiseName: pol.NoiseFile, AllowDeviceChange: f.AllowDeviceChange, Best: f.Best}, nil
}

// Policy builds the policy: defaults, then the --policy file, then the
// flags given on the command line.
func (f *Flags) Policy(fs *pflag.FlagSet) (verdict.Policy, error) {
	pol := verdict.DefaultPolicy()
	if f.PolicyFile != "" {
		p, err := verdict.LoadPolicy(f.PolicyFile, pol)
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
