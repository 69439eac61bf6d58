// Package compare turns radvbench results files into comparisons. It
// groups results files into sides (per file, pooled with '--', or by a
// label, fingerprint key or A/B configuration), pairs benchmarks across
// groups, and judges each pair on its runs, not its samples: samples of
// one run only carry the noise inside a process, and any between-run
// shift would look significant. The verdict engine it judges with (the
// policy, the decision rule, the sequential design) is reports/verdict;
// this package feeds it each pair's runs and noise floor. Beside each
// verdict it puts what changed in the compiled code, and it groups isa
// files for their exact comparison: both are reports/codecompare's. The
// outcome is data (Report, Plan); reports/comparefmt renders it. It is
// pure Go: no cgo, no Vulkan.
//
// The files: group.go pairs benchmarks into runs per side, sides.go
// summarises a side's runs, judge.go turns a pair's runs into the verdict
// engine's evidence and its verdict, notes.go states what a reader must
// know first, plan.go answers "how many runs", code.go gathers the
// compiler's figures, isa.go groups isa files, and numfmt.go formats
// numbers for the messages and the renderers.
package compare

import (
	"fmt"

	"github.com/radvbench/radvbench/core/results"
	"github.com/radvbench/radvbench/reports/codecompare"
	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/verdict"
)

// Input is one results file and the name it is shown under.
type Input struct {
	Name string
	File *results.File
	// Group, when set (and Options.By is empty), puts the input in the
	// named group: the runs of all its files are pooled as one side
	// ('compare BASE1 BASE2 -- NEW1 NEW2').
	Group string
	// Block, when set, says the input's runs were taken together with the
	// runs of the other side's input of the same Block (one round of
	// interleaved runs: Until sets "round N"): runs of one block on the
	// two sides are compared as pairs (Comparison.Paired). Runs of an A/B
	// file grouped by config pair by their round the same way.
	Block string
}

// Options select grouping and policy.
type Options struct {
	Policy verdict.Policy
	// By is the grouping key: "" (each input is a group, named by its
	// Name or Group), "config" (Result.Config), "file", "label.KEY"
	// (File.Labels), "device" (Device.Name), "driver" (Device.DriverInfo),
	// or any key of File.Fingerprint (kernel.release, ...). A group's
	// files are pooled: their runs are the group's runs.
	By string
	// Baseline is the group every other group is compared against; ""
	// means the first group (in input order).
	Baseline string
	// Noise holds per-benchmark noise floors (nil: none known); NoiseName
	// is its file name, for notes.
	Noise     *noise.File
	NoiseName string
	// Design is the run-level design the runs were collected under: the
	// zero Design for runs whose count was fixed in advance (one look);
	// a sequential Design (MaxRuns > 0) for runs added until decided
	// (see Until), whose every look spends part of the error budget.
	Design verdict.Design
	// AllowDeviceChange judges inputs from different GPU models against
	// each other (with a note); without it, and unless By is "device",
	// that is a *DeviceError.
	AllowDeviceChange bool
	// Advise words the advice some warnings, reasons and notes end with
	// (see Advice); nil leaves it out.
	Advise Adviser
	// Best judges each kernel's best variant per size on each side
	// against the other side's (see bestOf) instead of variant by
	// variant.
	Best bool
	// ISA, when set, gives the compiler's figures of each group (one isa
	// file per group, baseline first) for Comparison.Code, in place of
	// what the runs captured (runs on a driver that captures nothing,
	// such as lavapipe in CI).
	ISA []Input
}

// Side is one group's view of a benchmark: its runs and their figures.
type Side struct {
	Status string `json:"status"`
	Reason string `json:"reason,omitempty"`
	// Runs counts the runs with samples; N the samples over all of them.
	Runs int `json:"runs"`
	N    int `json:"n"`
	// Disturbed counts the samples the observer marked disturbed;
	// DisturbedRuns the runs set aside because most of their samples were
	// (stats.DisturbedRun): they are no evidence.
	Disturbed     int `json:"disturbed,omitempty"`
	DisturbedRuns int `json:"disturbed_runs,omitempty"`
	// Median is the side's figure: the geometric mean of its runs'
	// figures (RunEstimates). (Schema v2 held the median of run medians
	// here; the name stays for readers.)
	Median verdict.Float `json:"median"`
	// Low and High bound the 95% t-interval of Median over the runs; null
	// with fewer than 3 runs (no run-level interval).
	Low  verdict.Float `json:"low"`
	High verdict.Float `json:"high"`
	// RelCI is the interval's half-width relative to Median (null when
	// there is no interval).
	RelCI verdict.Float `json:"rel_ci"`
	// RunCV is the between-run variation of the runs' figures (standard
	// deviation of their logarithms; null with one run); WithinCV the
	// median of the runs' own CVs over their undisturbed samples.
	RunCV    verdict.Float `json:"run_cv"`
	WithinCV verdict.Float `json:"within_cv"`
	// WithinSE is the median over runs of the standard error a run's
	// figure owes to its own samples, relative to it
	// (stats.RunEstimateSE: read from the fast tenth's neighbourhood, not
	// from the CV, which the slow tail sets; null when unknown). The plan
	// floors the runs' spread at it.
	WithinSE verdict.Float `json:"within_se"`
	// RunEstimates lists the figure of each run that was not set aside,
	// in run order: stats.RunEstimate, the fast tenth of its
	// undisturbed samples.
	RunEstimates []float64 `json:"run_estimates,omitempty"`
	// RunMedians lists each run's median over all its samples, in run
	// order (for readers; the verdict uses RunEstimates).
	RunMedians []float64 `json:"run_medians,omitempty"`
	// RunSeconds is the median time one run spent on the benchmark (0 when
	// the files do not say).
	RunSeconds float64 `json:"run_seconds,omitempty"`
	// LevelRatio is the highest run level (median) over the lowest when
	// the runs each sat steady at levels far apart (stats.RunLevels): a
	// power state or clock, not the code; 0 otherwise.
	LevelRatio float64 `json:"level_ratio,omitempty"`

	runs [][]float64
	// blocks names the round of each RunEstimates run ("" unpaired).
	blocks []string
}

// Comparison is one benchmark in one group against the baseline group.
type Comparison struct {
	// Key identifies the benchmark: Result.ID(), plus "@CONFIG" when the
	// result carries an A/B configuration that is not the grouping key.
	Key    string `json:"key"`
	Group  string `json:"group"`
	Metric string `json:"metric"`
	Unit   string `json:"unit"`
	Better string `json:"better"`
	Base   *Side  `json:"base"`
	New    *Side  `json:"new"`
	// Change is New.Median/Base.Median - 1 (the ratio of the geometric
	// means of the run figures); Low and High bound its alarm interval
	// (Welch's t on the log run figures, or the paired t when Paired, each end missing with the
	// benchmark's alpha, Limits.Alpha (the policy's, or under a
	// family-wise alpha its Holm share), or the share of it the design's
	// look spent; null
	// with fewer than 3 runs on a side). See verdict.Assess.
	Change verdict.Float `json:"change"`
	Low    verdict.Float `json:"change_low"`
	High   verdict.Float `json:"change_high"`
	// P is the two-sided p-value of Welch's t-test on the logarithms of the
	// run figures, or of the paired t-test when Paired (null with fewer
	// than 2 runs on a side); reported, the verdict rests on the intervals.
	P verdict.Float `json:"p"`
	// Paired is set when both sides' runs were taken in rounds (Input.Block,
	// or the rounds of an A/B file): the change is then judged on the runs
	// of rounds that have one on each side, as paired log ratios, so what
	// moved both runs of a round alike cancels (stats.PairedLogDiff).
	Paired bool `json:"paired,omitempty"`
	// Moderated is set when the equivalence interval (the one ~ rests
	// on) has the paired log ratios' spread combined with the noise
	// file's paired spread, on their summed degrees of freedom
	// (stats.LogDiff.Moderate); the alarm interval rests on the pairs'
	// own spread alone. A comparison whose pairs scatter more than the
	// noise file allows is not moderated, with a warning.
	Moderated bool            `json:"moderated,omitempty"`
	Verdict   verdict.Verdict `json:"verdict"`
	// Fails is Fails(), stored for JSON readers.
	Fail bool `json:"fails"`
	// Reason says why a verdict is unsure; SettleRuns is how many runs a
	// side would settle it if the change and the noise stay as measured
	// (-1: more than 200; 0 when unknown: then the reason says what to
	// do).
	Reason     string `json:"reason,omitempty"`
	SettleRuns int    `json:"settle_runs,omitempty"`
	// More is set on an Unsure verdict that a sequential design can still
	// decide with more runs (Until keeps running its benchmark).
	More   bool           `json:"more,omitempty"`
	Limits verdict.Limits `json:"limits"`
	// Allowed is set on a regression or failure the policy's allow-list
	// accepts; AllowReason says why.
	Allowed     bool   `json:"allowed,omitempty"`
	AllowReason string `json:"allow_reason,omitempty"`
	// Warnings are statistical caveats, as data; renderers print each
	// distinct one once, as a footnote.
	Warnings []Warning `json:"warnings,omitempty"`
	// Note explains an Incomparable or Failed verdict.
	Note string `json:"note,omitempty"`
	// Cycles is the change judged again in cycles (time × the sampled
	// shader clock), where every sample of both sides carries its clock;
	// ClockAccepted marks a regression in time that is the same in
	// cycles, which the policy's ClockChanges lets pass.
	Cycles        *Cycles `json:"cycles,omitempty"`
	ClockAccepted bool    `json:"clock_accepted,omitempty"`
	// Code is what changed in the compiled code between the two sides
	// (nil when either side has no compiler figures for the benchmark):
	// the "why" beside the verdict.
	Code *codecompare.Code `json:"code,omitempty"`

	// tested is set when the runs were judged (both sides ran, with
	// comparable metrics): the comparison is one of the family a
	// family-wise alpha is shared among. alarmScale is the smallest
	// multiple of its policy alpha at which its alarm interval would
	// call a change (+Inf when none would).
	tested     bool
	alarmScale float64
}

// Warning is a statistical caveat attached to a comparison. Its Message is
// the same for every comparison it applies to, so that a table prints it
// once.
type Warning struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
}

func (w Warning) Error() string { return w.Message }

// TooFewGroupsError: the inputs make fewer than two groups to compare:
// fewer than two inputs (By ""), or every input has the same value
// (Group) of the key By.
type TooFewGroupsError struct {
	What  string // the inputs: "results files", "isa files"
	ISA   bool   // the inputs are isa files
	By    string
	Group string
}

func (e *TooFewGroupsError) Error() string {
	if e.By == "" {
		return fmt.Sprintf("need at least two %s to compare", e.What)
	}
	return fmt.Sprintf("all results have the same %s (%q): nothing to compare", e.By, e.Group)
}

// Fails reports whether this comparison fails the gate.
func (c *Comparison) Fails() bool {
	return (c.Verdict == verdict.Regression || c.Verdict == verdict.Failed) && !c.Allowed && !c.ClockAccepted
}

// Group is a set of inputs sharing one value of the grouping key.
type Group struct {
	Name  string   `json:"name"`
	Files []string `json:"files"`
}

// Counts tallies verdicts.
type Counts struct {
	Regressions  int `json:"regressions"`
	Allowed      int `json:"allowed"`
	Failed       int `json:"failed"`
	Improvements int `json:"improvements"`
	Same         int `json:"unchanged"`
	Unsure       int `json:"unsure"`
	Missing      int `json:"missing"`
	Added        int `json:"added"`
	Incomparable int `json:"incomparable"`
	// ClockChanges counts regressions in time the cycles do not show,
	// let pass by the policy (Comparison.ClockAccepted).
	ClockChanges int `json:"clock_changes,omitempty"`
}

// JSONSchema versions the JSON output of compare (v2: run-level figures;
// v3: a side's median is the geometric mean of its runs' figures, each
// the fast tenth (stats.RunQuantile) of the run's undisturbed samples;
// the change interval is a t-interval at the policy's alpha; sides count
// disturbed samples and runs; "more" marks what further runs may decide).
const JSONSchema = "radvbench/compare/v3"

// Report is the outcome of a comparison. Its JSON form is the compare
// command's JSON output.
type Report struct {
	Schema string `json:"schema"`
	// SummaryLine is Summary(), FailedGate is Failed(): stored for JSON
	// readers.
	SummaryLine string         `json:"summary"`
	FailedGate  bool           `json:"failed"`
	By          string         `json:"by,omitempty"`
	Baseline    string         `json:"baseline"`
	Groups      []Group        `json:"groups"`
	Policy      verdict.Policy `json:"policy"`
	// Design is the run-level design the verdicts used (Options.Design).
	Design verdict.Design `json:"design"`
	// Family is the number of benchmarks the policy's alpha was shared
	// among (Policy.AlphaPer "comparison", see holm); 0 when each
	// benchmark had its own.
	Family int `json:"family,omitempty"`
	// NoiseFile names the noise floors used ("" when none).
	NoiseFile string `json:"noise_file,omitempty"`
	// Notes are facts stated at the top: device or driver mismatches,
	// CPU (lavapipe) figures, changed shaders, unused allow entries.
	Notes       []string     `json:"notes,omitempty"`
	Counts      Counts       `json:"counts"`
	Comparisons []Comparison `json:"comparisons"`

	// advise is Options.Advise, for PlanFromReport.
	advise Adviser
}

// Failed reports whether the gate fails: at least one regression or new
// failure the allow-list does not accept, or under the policy Unsure:
// fail, an unsure verdict.
func (r *Report) Failed() bool {
	return r.Counts.Regressions > 0 || r.Counts.Failed > 0 || (r.Counts.Unsure > 0 && r.Policy.UnsureFails())
}

// Compare groups the inputs, pairs benchmarks and judges every non-baseline
// group against the baseline. Errors are input or usage errors.
func Compare(inputs []Input, opt Options) (*Report, error) {
	if err := opt.Policy.Validate(); err != nil {
		return nil, err
	}
	if len(inputs) == 0 {
		return nil, fmt.Errorf("no results files to compare")
	}
	if kind, err := Kind(inputs); err != nil {
		return nil, err
	} else if kind == results.KindISA {
		return nil, errISAInputs
	}
	inputs, dupNotes, err := Dedupe(inputs, opt.By)
	if err != nil {
		return nil, err
	}
	ordered, err := orderedGroups(inputs, opt, "results files")
	if err != nil {
		return nil, err
	}

	rep := &Report{Schema: JSONSchema, By: opt.By, Baseline: displayGroup(ordered[0].name), Policy: opt.Policy, Design: opt.Design, Comparisons: []Comparison{}}
	if opt.Noise != nil {
		rep.NoiseFile = opt.NoiseName
		if rep.NoiseFile == "" {
			rep.NoiseFile = "(noise floors)"
		}
	}
	for _, g := range ordered {
		rep.Groups = append(rep.Groups, Group{Name: displayGroup(g.name), Files: g.files})
	}
	if !opt.AllowDeviceChange && opt.By != "device" {
		if err := checkDevices(ordered); err != nil {
			return nil, err
		}
	}
	rep.Notes = append(notes(ordered, opt), dupNotes...)

	if opt.Best {
		for _, g := range ordered {
			bestOf(g)
		}
	}
	allowUsed := make([]bool, len(opt.Policy.Allow))
	j := newJudge(&opt.Policy, opt.Noise, opt.Advise)
	j.design = opt.Design
	bg := ordered[0]
	sides, codeNotes, err := codeSides(ordered, opt.ISA, opt.Advise)
	if err != nil {
		return nil, err
	}
	rep.Notes = append(rep.Notes, codeNotes...)
	type pair struct {
		key, group string
		gi         int
		base, new  *entry
	}
	var pairs []pair
	for gi, g := range ordered[1:] {
		for _, k := range unionKeys(bg, g) {
			pairs = append(pairs, pair{k, displayGroup(g.name), gi + 1, bg.entries[k], g.entries[k]})
			rep.Comparisons = append(rep.Comparisons, j.judge(k, displayGroup(g.name), bg.entries[k], g.entries[k]))
		}
	}
	if opt.Policy.FamilyWise() {
		scales, n := holm(rep.Comparisons)
		rep.Family = n
		for i, s := range scales {
			if s > 0 && s != 1 {
				p := pairs[i]
				rep.Comparisons[i] = j.judgeAt(p.key, p.group, p.base, p.new, s)
			}
		}
	}
	for i := range rep.Comparisons {
		c := &rep.Comparisons[i]
		p := pairs[i]
		c.Code = codeOf(c, &opt, sides[0], sides[p.gi], p.base, p.new)
		if p.base != nil && p.new != nil && p.base.best != "" {
			c.Warnings = append(c.Warnings, bestWarning(p.base.best, p.new.best))
		}
		if c.Allowed {
			for a := range opt.Policy.Allow {
				if opt.Policy.Allow[a].Match.Match(c.Key) {
					allowUsed[a] = true
					break
				}
			}
		}
		c.Fail = c.Fails() || (c.Verdict == verdict.Unsure && opt.Policy.UnsureFails())
	}
	for i, used := range allowUsed {
		if !used {
			rep.Notes = append(rep.Notes, fmt.Sprintf("allow entry %q matched no regression: remove it from the policy once the cause is fixed", opt.Policy.Allow[i].Match.Text))
		}
	}
	if err := checkCompared(rep); err != nil {
		return nil, err
	}
	if n := wideFloors(rep, opt.Advise); n != "" {
		rep.Notes = append(rep.Notes, n)
	}
	rep.Counts = count(rep.Comparisons)
	rep.FailedGate = rep.Failed()
	rep.SummaryLine = rep.summary()
	rep.advise = opt.Advise
	return rep, nil
}

// orderedGroups groups the inputs by opt.By and puts the baseline group
// first, the others in input order; what names the inputs in errors
// ("results files", "isa files").
func orderedGroups(inputs []Input, opt Options, what string) ([]*groupData, error) {
	groups, err := group(inputs, opt.By)
	if err != nil {
		return nil, err
	}
	if len(groups) < 2 {
		e := &TooFewGroupsError{What: what, ISA: what == "isa files", By: opt.By}
		if opt.By != "" {
			e.Group = displayGroup(groups[0].name)
		}
		return nil, e
	}
	base := 0
	if opt.Baseline != "" {
		base = -1
		var names []string
		for i, g := range groups {
			names = append(names, displayGroup(g.name))
			if g.name == opt.Baseline || (opt.Baseline == unsetGroup && g.name == "") {
				base = i
			}
		}
		if base < 0 {
			return nil, &BaselineError{Baseline: opt.Baseline, Groups: names}
		}
	}
	return append([]*groupData{groups[base]}, append(append([]*groupData{}, groups[:base]...), groups[base+1:]...)...), nil
}

func count(cs []Comparison) Counts {
	var n Counts
	for i := range cs {
		c := &cs[i]
		switch c.Verdict {
		case verdict.Regression:
			switch {
			case c.Allowed:
				n.Allowed++
			case c.ClockAccepted:
				n.ClockChanges++
			default:
				n.Regressions++
			}
		case verdict.Failed:
			if c.Allowed {
				n.Allowed++
			} else {
				n.Failed++
			}
		case verdict.Improvement:
			n.Improvements++
		case verdict.Same:
			n.Same++
		case verdict.Unsure:
			n.Unsure++
		case verdict.Missing:
			n.Missing++
		case verdict.Added:
			n.Added++
		case verdict.Incomparable:
			n.Incomparable++
		}
	}
	return n
}

// Summary is the one-line verdict: "1 regression, 2 improvements, ...".
func (r *Report) Summary() string {
	if r.SummaryLine == "" {
		return r.summary()
	}
	return r.SummaryLine
}

// summary is the one-line verdict: "1 regression, 2 improvements, ...".
func (r *Report) summary() string {
	c := r.Counts
	unsureFails := ""
	if r.Policy.UnsureFails() {
		unsureFails = " (fails the gate)"
	}
	return verdict.SummaryLine(c.Regressions == 0 && c.Failed == 0, []verdict.Tally{
		{N: c.Regressions, One: "regression", Many: "regressions"},
		{N: c.Failed, One: "new failure", Many: "new failures"},
		{N: c.Allowed, One: "allowed regression", Many: "allowed regressions"},
		{N: c.ClockChanges, One: "slowdown of the clock", Many: "slowdowns of the clock"},
		{N: c.Improvements, One: "improvement", Many: "improvements"},
		{N: c.Same, One: "unchanged", Many: "unchanged"},
		{N: c.Unsure, One: "unsure" + unsureFails, Many: "unsure" + unsureFails},
		{N: c.Missing, One: "missing", Many: "missing"},
		{N: c.Added, One: "added", Many: "added"},
		{N: c.Incomparable, One: "incomparable", Many: "incomparable"},
	})
}
