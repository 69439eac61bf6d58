package verdict

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/radvbench/radvbench/internal/termtext"
)

// Policy defaults.
const (
	DefaultAlpha      = 0.01
	DefaultThreshold  = 0.03
	DefaultMinSamples = 10
)

// Policy decides when a change is a regression: on run-level evidence, the
// change's interval, each end of which misses with probability Alpha, must
// lie beyond the effective threshold (Threshold, or the benchmark's noise
// floor when larger) in the worse direction (see Decide and Assess).
// Noise is a warning limit on the run-to-run variation; Unsure says
// whether an unsure verdict fails the gate.
//
// Thresholds are fractions here (0.03 = 3%); the policy file and the CLI
// write them in percent.
type Policy struct {
	Alpha     float64 `json:"alpha"`
	Threshold float64 `json:"threshold"`
	// Noise is the largest run-to-run variation (between-run CV) that
	// passes without a warning; 0 means "equal to the threshold".
	Noise float64 `json:"noise,omitempty"`
	// MinSamples: a run with fewer samples gives a warning.
	MinSamples int `json:"min_samples"`
	// NoiseFile is the noise file (radvbench noise) whose per-benchmark
	// floors raise the threshold; "" for none. A relative path in a policy
	// file is relative to that file.
	NoiseFile string `json:"noise_file,omitempty"`
	// Rules override Alpha, Threshold and Noise for matching benchmarks;
	// later matching rules override earlier ones.
	Rules []Rule `json:"rules,omitempty"`
	// Allow lists known regressions: a matching regression (or a new
	// failure) is reported but does not fail the gate.
	Allow []Allow `json:"allow,omitempty"`
	// Unsure says whether an unsure verdict fails the gate: UnsurePass
	// (the default, also for "") or UnsureFail.
	Unsure string `json:"unsure,omitempty"`
	// AlphaPer says what Alpha bounds: AlphaPerComparison (the default,
	// also for "": the chance of any false alarm in the whole comparison,
	// shared among its benchmarks by Holm's step-down, see holm) or
	// AlphaPerBenchmark (each benchmark's own).
	AlphaPer string `json:"alpha_per,omitempty"`
	// ClockChanges says whether a regression in time that is the same in
	// cycles (the sampled shader clock fell) fails the gate: ClockFail
	// (the default, also for "") or ClockPass (see Cycles).
	ClockChanges string `json:"clock_changes,omitempty"`
}

// What the policy's alpha bounds (Policy.AlphaPer).
const (
	AlphaPerComparison = "comparison"
	AlphaPerBenchmark  = "benchmark"
)

// FamilyWise reports whether alpha bounds the whole comparison's false
// alarms rather than each benchmark's.
func (p *Policy) FamilyWise() bool { return p.AlphaPer != AlphaPerBenchmark }

// CheckAlphaPer checks a value for Policy.AlphaPer ("" is the default,
// comparison).
func CheckAlphaPer(v string) error {
	switch v {
	case "", AlphaPerComparison, AlphaPerBenchmark:
		return nil
	}
	return fmt.Errorf("alpha_per %q: use %s (alpha bounds any false alarm in the whole comparison; the default) or %s (each benchmark's own)", v, AlphaPerComparison, AlphaPerBenchmark)
}

// What an unsure verdict does to the gate (Policy.Unsure). Pass is the
// default: unsure means the runs could not tell, not that something got
// slower, and a gate that fails on it fails on every noisy machine; a
// gate that must prove "no slowdown" (a release check with a run budget,
// compare --until-decided) sets fail.
const (
	UnsurePass = "pass"
	UnsureFail = "fail"
)

// UnsureFails reports whether the policy fails the gate on an unsure
// verdict.
func (p *Policy) UnsureFails() bool { return p.Unsure == UnsureFail }

// Rule is a per-benchmark override. Nil fields keep the inherited value.
// ISA classifies statistics of isa comparisons for the matching
// benchmarks ("ID@target"): statistic name (RADV's, or "asm." and a count
// radvbench takes from the assembly) to class (see ISAClassFor).
type Rule struct {
	Match     Pattern             `json:"match"`
	Alpha     *float64            `json:"alpha,omitempty"`
	Threshold *float64            `json:"threshold,omitempty"`
	Noise     *float64            `json:"noise,omitempty"`
	ISA       map[string]ISAClass `json:"isa,omitempty"`
}

// Allow is an allow-list entry: a known regression and why it is accepted.
type Allow struct {
	Match  Pattern `json:"match"`
	Reason string  `json:"reason"`
}

// Pattern matches benchmark IDs (resultsfile.Result.ID, plus "@config" when the
// result carries an A/B configuration: see reports/compare's
// Comparison.Key). A pattern is a glob in which '*' matches any run of
// characters (including '/') and '?' one character, anchored at both ends; with the prefix "re:" it is a Go
// regular expression, unanchored.
type Pattern struct {
	Text string
	re   *regexp.Regexp
}

// MarshalJSON writes the pattern as its text.
func (p Pattern) MarshalJSON() ([]byte, error) { return json.Marshal(p.Text) }

// ParsePattern compiles a glob or "re:" pattern.
func ParsePattern(s string) (Pattern, error) {
	if strings.TrimSpace(s) == "" {
		return Pattern{}, errors.New("empty match pattern")
	}
	var expr string
	if rest, ok := strings.CutPrefix(s, "re:"); ok {
		expr = rest
	} else {
		var b strings.Builder
		b.WriteString("^")
		for _, r := range s {
			switch r {
			case '*':
				b.WriteString(".*")
			case '?':
				b.WriteString(".")
			default:
				b.WriteString(regexp.QuoteMeta(string(r)))
			}
		}
		b.WriteString("$")
		expr = b.String()
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		// regexp's message quotes the expression raw (newlines and all).
		var se *syntax.Error
		if errors.As(err, &se) {
			return Pattern{}, fmt.Errorf("bad pattern %q: %s: %q", s, se.Code, se.Expr)
		}
		return Pattern{}, fmt.Errorf("bad pattern %q: %v", s, err)
	}
	return Pattern{Text: s, re: re}, nil
}

// MustPattern is ParsePattern that panics; for tests and literals.
func MustPattern(s string) Pattern {
	p, err := ParsePattern(s)
	if err != nil {
		panic(err)
	}
	return p
}

// Match reports whether the benchmark key (ID, or ID@config) matches. A
// key with a configuration also matches patterns written for the bare ID.
func (p Pattern) Match(key string) bool {
	if p.re == nil {
		return false
	}
	if p.re.MatchString(key) {
		return true
	}
	if i := strings.LastIndexByte(key, '@'); i >= 0 {
		return p.re.MatchString(key[:i])
	}
	return false
}

// DefaultPolicy returns the default policy: alpha 0.01, threshold 3%,
// noise limit equal to the threshold, warning below 10 samples a run.
func DefaultPolicy() Policy {
	return Policy{Alpha: DefaultAlpha, Threshold: DefaultThreshold, MinSamples: DefaultMinSamples}
}

// Limits are the effective figures for one benchmark.
type Limits struct {
	// Alpha is the benchmark's alpha: the policy's or its rule's, and in
	// a comparison's verdicts under a family-wise alpha its Holm share.
	Alpha     float64 `json:"alpha"`
	Threshold float64 `json:"threshold"`
	Noise     float64 `json:"noise"`
	// Floor is the benchmark's noise floor for the comparison's run counts
	// (null without a noise file); Effective the threshold the change was
	// judged against (see Evidence.Effective; null when nothing could be
	// decided).
	Floor     Float `json:"floor"`
	Effective Float `json:"effective_threshold"`
}

// For returns the effective limits for a benchmark key, and the allow-list
// entry that covers it (nil when none).
func (p *Policy) For(key string) (Limits, *Allow) {
	l := Limits{Alpha: p.Alpha, Threshold: p.Threshold, Noise: p.Noise, Floor: Float(math.NaN()), Effective: Float(p.Threshold)}
	noiseSet := p.Noise > 0
	for _, r := range p.Rules {
		if !r.Match.Match(key) {
			continue
		}
		if r.Alpha != nil {
			l.Alpha = *r.Alpha
		}
		if r.Threshold != nil {
			l.Threshold = *r.Threshold
		}
		if r.Noise != nil {
			l.Noise = *r.Noise
			noiseSet = true
		}
	}
	if !noiseSet {
		l.Noise = l.Threshold
	}
	l.Effective = Float(l.Threshold)
	var allow *Allow
	for i := range p.Allow {
		if p.Allow[i].Match.Match(key) {
			allow = &p.Allow[i]
			break
		}
	}
	return l, allow
}

// MaxThreshold bounds a threshold (1 = 100%): a larger one can never
// flag a drop in throughput, and a damaged policy (threshold: 1e300)
// would pass every regression. MaxNoiseLimit bounds the noise warning
// limit.
const (
	MaxThreshold  = 1.0
	MaxNoiseLimit = 10.0
)

// Validate checks the policy's figures, its rules' included.
func (p *Policy) Validate() error {
	if err := checkAlpha(p.Alpha); err != nil {
		return err
	}
	if err := checkLimits("", p.Threshold, p.Noise); err != nil {
		return err
	}
	if p.MinSamples < 0 {
		return fmt.Errorf("min_samples %d is negative", p.MinSamples)
	}
	if err := CheckUnsure(p.Unsure); err != nil {
		return err
	}
	if err := CheckAlphaPer(p.AlphaPer); err != nil {
		return err
	}
	if err := CheckClockChanges(p.ClockChanges); err != nil {
		return err
	}
	for i, r := range p.Rules {
		at := fmt.Sprintf("rule %d (%s): ", i+1, termtext.Escape(r.Match.Text))
		if r.Alpha != nil {
			if err := checkAlpha(*r.Alpha); err != nil {
				return fmt.Errorf("%s%v", at, err)
			}
		}
		if r.Threshold != nil {
			if err := checkLimits(at, *r.Threshold, 0); err != nil {
				return err
			}
		}
		if r.Noise != nil {
			if err := checkLimits(at, 0, *r.Noise); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkLimits: a threshold within 0..MaxThreshold, a noise limit within
// 0..MaxNoiseLimit (at prefixes the message).
func checkLimits(at string, threshold, noise float64) error {
	switch {
	case threshold < 0 || math.IsNaN(threshold):
		return fmt.Errorf("%sthreshold %v is negative", at, threshold*100)
	case threshold > MaxThreshold:
		return fmt.Errorf("%sthreshold %g%% is above %g%%: no drop in throughput could ever exceed it", at, threshold*100, MaxThreshold*100)
	case noise < 0 || math.IsNaN(noise):
		return fmt.Errorf("%snoise limit %v%% is negative", at, noise*100)
	case noise > MaxNoiseLimit:
		return fmt.Errorf("%snoise limit %g%% is above %g%%", at, noise*100, MaxNoiseLimit*100)
	}
	return nil
}

// CheckUnsure checks a value for Policy.Unsure ("" is the default, pass).
func CheckUnsure(v string) error {
	switch v {
	case "", UnsurePass, UnsureFail:
		return nil
	}
	return fmt.Errorf("unsure %q: use %s (an unsure verdict fails the gate) or %s (it does not; the default)", v, UnsureFail, UnsurePass)
}

func checkAlpha(a float64) error {
	if !(a > 0 && a < 1) {
		return fmt.Errorf("alpha %v is outside (0, 1): use a significance level such as 0.01", a)
	}
	return nil
}

// policyFile is the YAML form of a policy file:
//
//	alpha: 0.01          # significance level of the run-level t-test
//	threshold: 3%        # smallest change that counts (percent)
//	noise: 5%            # warn when runs wander by more (percent)
//	min_samples: 10      # warn when a run has fewer samples
//	noise_file: noise.json  # per-benchmark noise floors (radvbench noise)
//	unsure: pass         # does an unsure verdict fail the gate? (pass|fail)
//	alpha_per: comparison  # alpha bounds the whole comparison (Holm) or each benchmark
//	clock_changes: fail  # does a slowdown the sampled clock explains fail? (fail|pass)
//	rules:
//	  - match: "latency/*"
//	    threshold: 10%
//	  - match: "matmul/coopmat-*@gfx1201"   # isa files: statistic classes
//	    isa:
//	      VGPRs: regression                 # RADV's statistic names
//	      Code size: ignore
//	      asm.waits: warning                # counts from the assembly
//	allow:
//	  - match: "re:^memory/copy/.*size=4096"
//	    reason: "Mesa !31234 trades copy bandwidth for ...; see #42"
type policyFile struct {
	Alpha      *float64  `yaml:"alpha"`
	Threshold  *percent  `yaml:"threshold"`
	Noise      *percent  `yaml:"noise"`
	MinSamples *int      `yaml:"min_samples"`
	NoiseFile  *string   `yaml:"noise_file"`
	Unsure     *string   `yaml:"unsure"`
	AlphaPer   *string   `yaml:"alpha_per"`
	Clock      *string   `yaml:"clock_changes"`
	Rules      []ruleYML `yaml:"rules"`
	Allow      []struct {
		Match  string `yaml:"match"`
		Reason string `yaml:"reason"`
	} `yaml:"allow"`
}

type ruleYML struct {
	Match     string            `yaml:"match"`
	Alpha     *float64          `yaml:"alpha"`
	Threshold *percent          `yaml:"threshold"`
	Noise     *percent          `yaml:"noise"`
	ISA       map[string]string `yaml:"isa"`
}

// percent is a percentage written "3%" or 3 (both mean 3%), stored as a
// fraction.
type percent float64

func (p *percent) UnmarshalYAML(n *yaml.Node) error {
	v, err := ParsePercent(n.Value)
	if err != nil {
		return fmt.Errorf("line %d: %v", n.Line, err)
	}
	*p = percent(v)
	return nil
}

// ParsePercent parses "3", "3%" or "0.5%" into a fraction (0.03, 0.005).
// A bare number is a percentage, as in the CLI's --threshold.
func ParsePercent(s string) (float64, error) {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "%"))
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a percentage: write e.g. 3 or 3%%", s)
	}
	if v < 0 {
		return 0, fmt.Errorf("percentage %q is negative", s)
	}
	return v / 100, nil
}

// ReadPolicy reads a YAML policy file over base (the defaults, or the
// defaults with command-line values): fields the file sets replace base's.
func ReadPolicy(r io.Reader, name string, base Policy) (Policy, error) {
	name = termtext.Escape(name) // it is only ever printed, in errors
	data, err := io.ReadAll(r)
	if err != nil {
		return base, fmt.Errorf("read policy %s: %w", name, err)
	}
	var pf policyFile
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&pf); err != nil && !errors.Is(err, io.EOF) {
		msg := strings.ReplaceAll(err.Error(), "yaml: ", "")
		msg = strings.Join(strings.Fields(strings.ReplaceAll(msg, "\n", "; ")), " ")
		msg = strings.ReplaceAll(msg, "unmarshal errors:; ", "")
		return base, fmt.Errorf("policy %s: %s (see the policy file format in the README)", name, msg)
	}
	p := base
	p.Rules = append([]Rule(nil), base.Rules...)
	p.Allow = append([]Allow(nil), base.Allow...)
	if pf.Alpha != nil {
		p.Alpha = *pf.Alpha
	}
	if pf.Threshold != nil {
		p.Threshold = float64(*pf.Threshold)
	}
	if pf.Noise != nil {
		p.Noise = float64(*pf.Noise)
	}
	if pf.MinSamples != nil {
		p.MinSamples = *pf.MinSamples
	}
	if pf.NoiseFile != nil {
		p.NoiseFile = *pf.NoiseFile
		if p.NoiseFile != "" && !filepath.IsAbs(p.NoiseFile) && name != "" {
			p.NoiseFile = filepath.Join(filepath.Dir(name), p.NoiseFile)
		}
	}
	if pf.AlphaPer != nil {
		p.AlphaPer = *pf.AlphaPer
	}
	if pf.Unsure != nil {
		p.Unsure = *pf.Unsure
	}
	if pf.Clock != nil {
		p.ClockChanges = *pf.Clock
	}
	for i, ry := range pf.Rules {
		pat, err := ParsePattern(ry.Match)
		if err != nil {
			return base, fmt.Errorf("policy %s: rule %d: %v", name, i+1, err)
		}
		r := Rule{Match: pat, Alpha: ry.Alpha}
		if ry.Alpha != nil {
			if err := checkAlpha(*ry.Alpha); err != nil {
				return base, fmt.Errorf("policy %s: rule %d (%s): %v", name, i+1, termtext.Escape(ry.Match), err)
			}
		}
		if ry.Threshold != nil {
			v := float64(*ry.Threshold)
			r.Threshold = &v
		}
		if ry.Noise != nil {
			v := float64(*ry.Noise)
			r.Noise = &v
		}
		for stat, class := range ry.ISA {
			c, err := ParseISAClass(class)
			if err != nil {
				return base, fmt.Errorf("policy %s: rule %d (%s): %s: %v", name, i+1, termtext.Escape(ry.Match), termtext.Escape(stat), err)
			}
			if r.ISA == nil {
				r.ISA = map[string]ISAClass{}
			}
			r.ISA[stat] = c
		}
		if r.Alpha == nil && r.Threshold == nil && r.Noise == nil && len(r.ISA) == 0 {
			return base, fmt.Errorf("policy %s: rule %d (%s) sets nothing: give alpha, threshold, noise or isa", name, i+1, termtext.Escape(ry.Match))
		}
		p.Rules = append(p.Rules, r)
	}
	for i, a := range pf.Allow {
		pat, err := ParsePattern(a.Match)
		if err != nil {
			return base, fmt.Errorf("policy %s: allow entry %d: %v", name, i+1, err)
		}
		if strings.TrimSpace(a.Reason) == "" {
			return base, fmt.Errorf("policy %s: allow entry %d (%s) has no reason: say why the regression is accepted", name, i+1, termtext.Escape(a.Match))
		}
		p.Allow = append(p.Allow, Allow{Match: pat, Reason: a.Reason})
	}
	if err := p.Validate(); err != nil {
		return base, fmt.Errorf("policy %s: %v", name, err)
	}
	return p, nil
}

// LoadPolicy reads the policy file at path over base.
func LoadPolicy(path string, base Policy) (Policy, error) {
	fh, err := os.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return base, fmt.Errorf("policy file %s does not exist: check the path", path)
		}
		return base, fmt.Errorf("open policy file: %w", err)
	}
	defer fh.Close()
	return ReadPolicy(fh, path, base)
}

// Set sets one of the policy's globals by its policy-file key (threshold,
// alpha, alpha_per, noise, min_samples, unsure, clock_changes,
// noise_file) from its text, as a command line gives it: percentages as
// ParsePercent reads them, alpha and min_samples as numbers. The words
// (unsure, clock_changes, alpha_per) are checked here; the figures'
// ranges are Validate's, over the whole policy. On an error the policy
// is left as it was.
func (p *Policy) Set(key, value string) error {
	q := *p
	var err error
	switch key {
	case "threshold":
		q.Threshold, err = ParsePercent(value)
	case "noise":
		q.Noise, err = ParsePercent(value)
	case "alpha":
		if q.Alpha, err = strconv.ParseFloat(value, 64); err != nil {
			err = fmt.Errorf("alpha %q is not a number: use a significance level such as 0.01", value)
		}
	case "min_samples":
		if q.MinSamples, err = strconv.Atoi(value); err != nil {
			err = fmt.Errorf("min_samples %q is not a whole number", value)
		}
	case "unsure":
		q.Unsure, err = value, CheckUnsure(value)
	case "clock_changes":
		q.ClockChanges, err = value, CheckClockChanges(value)
	case "alpha_per":
		q.AlphaPer, err = value, CheckAlphaPer(value)
	case "noise_file":
		q.NoiseFile = value
	default:
		err = fmt.Errorf("unknown policy key %q", key)
	}
	if err != nil {
		return err
	}
	*p = q
	return nil
}
