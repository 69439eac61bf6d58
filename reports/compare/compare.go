// Package compare judges the sides of a comparison: every benchmark of
// each group against the baseline group, on its runs, not its samples:
// samples of one run only carry the noise inside a process, and any
// between-run shift would look significant. The sides, and the runs they
// pair by round, are reports/pairing's (it reads, checks and groups the
// results files); the verdict engine (the policy, the decision rule, the
// sequential design) is reports/verdict's; this package is the glue
// between them: it feeds the engine each pair's runs and noise floor,
// shares a family-wise alpha among the benchmarks (Holm), judges again
// in cycles, runs until decided (core/rounds' judge), notes what a
// reader must know first and plans how many runs a gate needs. Beside
// each verdict it puts what changed in the compiled code, and it
// compares isa files exactly: both are reports/codecompare's. The
// outcome is data (Report, Plan); reports/comparefmt renders it. It is
// pure Go: no cgo, no Vulkan.
//
// The files: compare.go forms the report, judge.go turns a pair's runs
// into the verdict engine's evidence and its verdict, cycles.go judges
// again in cycles, family.go shares alpha (Holm), until.go is the judge
// of a run until decided, checks.go checks what was judged, notes.go
// states what a reader must know first, plan.go answers "how many runs",
// code.go gathers the compiler's figures, isa.go compares isa files,
// best.go words best against best, advice.go marks where the caller's
// advice goes, and numfmt.go formats numbers for the messages and the
// renderers.
package compare

import (
	"fmt"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/codecompare"
	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/note"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

// Options select grouping and policy.
type Options struct {
	Policy verdict.Policy
	// By is the grouping key (pairing.Groups): "" (each input is a
	// group, named by its Name or Group), "config" (Result.Config),
	// "file", "label.KEY" (File.Labels), "device" (Device.Name), "driver"
	// (Device.DriverInfo), or any key of File.Fingerprint
	// (kernel.release, ...). A group's files are pooled: their runs are
	// the group's runs.
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
	// Best judges each kernel's best variant per size on each side
	// against the other side's (see pairing.KeepBest) instead of variant by
	// variant.
	Best bool
	// ISA, when set, gives the compiler's figures of each group (one isa
	// file per group, baseline first) for Comparison.Code, in place of
	// what the runs captured (runs on a driver that captures nothing,
	// such as lavapipe in CI).
	ISA []pairing.Input
}

// Comparison is one benchmark in one group against the baseline group.
type Comparison struct {
	// Key identifies the benchmark: Result.ID(), plus "@CONFIG" when the
	// result carries an A/B configuration that is not the grouping key.
	Key    string        `json:"key"`
	Group  string        `json:"group"`
	Metric string        `json:"metric"`
	Unit   string        `json:"unit"`
	Better string        `json:"better"`
	Base   *pairing.Side `json:"base"`
	New    *pairing.Side `json:"new"`
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
	// Paired is set when both sides' runs were taken in rounds
	// (pairing.Input.Block, or the rounds of an A/B file): the change is
	// then judged on the runs of rounds that have one on each side, as
	// paired log ratios, so what moved both runs of a round alike cancels
	// (pairing.PairRuns, stats.PairedLogDiff).
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
	// ReasonAdvice is what Reason ends with, as data (Report.Word).
	ReasonAdvice note.Advice `json:"-"`
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
	Warnings []note.Note `json:"warnings,omitempty"`
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
// disturbed samples and runs; "more" marks what further runs may decide;
// v4: the notes at the top are objects with a kind and a message, as a
// comparison's warnings are, instead of strings).
const JSONSchema = "radvbench/compare/v4"

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
	// CPU (lavapipe) figures, changed shaders, unused allow entries (the
	// kinds in kinds.go, and reports/pairing's NoteDuplicateInput).
	Notes       []note.Note  `json:"notes,omitempty"`
	Counts      Counts       `json:"counts"`
	Comparisons []Comparison `json:"comparisons"`

	worded bool // Word has run
}

// Failed reports whether the gate fails: at least one regression or new
// failure the allow-list does not accept, or under the policy Unsure:
// fail, an unsure verdict.
func (r *Report) Failed() bool {
	return r.Counts.Regressions > 0 || r.Counts.Failed > 0 || (r.Counts.Unsure > 0 && r.Policy.UnsureFails())
}

// Compare groups the inputs, pairs benchmarks and judges every non-baseline
// group against the baseline. Errors are input or usage errors.
func Compare(inputs []pairing.Input, opt Options) (*Report, error) {
	if err := opt.Policy.Validate(); err != nil {
		return nil, err
	}
	if len(inputs) == 0 {
		return nil, fmt.Errorf("no results files to compare")
	}
	if kind, err := pairing.Kind(inputs); err != nil {
		return nil, err
	} else if kind == resultsfile.KindISA {
		return nil, errISAInputs
	}
	inputs, dupNotes, err := pairing.Dedupe(inputs, opt.By)
	if err != nil {
		return nil, err
	}
	ordered, err := pairing.Groups(inputs, opt.By, opt.Baseline, "results files")
	if err != nil {
		return nil, err
	}

	rep := &Report{Schema: JSONSchema, By: opt.By, Baseline: ordered[0].DisplayName(), Policy: opt.Policy, Design: opt.Design, Comparisons: []Comparison{}}
	if opt.Noise != nil {
		rep.NoiseFile = opt.NoiseName
		if rep.NoiseFile == "" {
			rep.NoiseFile = "(noise floors)"
		}
	}
	for _, g := range ordered {
		rep.Groups = append(rep.Groups, Group{Name: g.DisplayName(), Files: g.Files})
	}
	if !opt.AllowDeviceChange && opt.By != "device" {
		if err := pairing.CheckDevices(ordered); err != nil {
			return nil, err
		}
	}
	rep.Notes = append(notes(ordered, opt), dupNotes...)

	if opt.Best {
		for _, g := range ordered {
			pairing.KeepBest(g)
		}
	}
	allowUsed := make([]bool, len(opt.Policy.Allow))
	j := newJudge(&opt.Policy, opt.Noise)
	j.design = opt.Design
	bg := ordered[0]
	sides, codeNotes, err := codeSides(ordered, opt.ISA)
	if err != nil {
		return nil, err
	}
	rep.Notes = append(rep.Notes, codeNotes...)
	type pair struct {
		key, group string
		gi         int
		base, new  *pairing.Entry
	}
	var pairs []pair
	for gi, g := range ordered[1:] {
		for _, k := range pairing.UnionKeys(bg, g) {
			pairs = append(pairs, pair{k, g.DisplayName(), gi + 1, bg.Entries[k], g.Entries[k]})
			rep.Comparisons = append(rep.Comparisons, j.judge(k, g.DisplayName(), bg.Entries[k], g.Entries[k]))
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
		if p.base != nil && p.new != nil && p.base.Best != "" {
			c.Warnings = append(c.Warnings, bestWarning(p.base.Best, p.new.Best))
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
			rep.Notes = append(rep.Notes, note.Note{Kind: NoteAllowUnused, Message: fmt.Sprintf("allow entry %q matched no regression: remove it from the policy once the cause is fixed", opt.Policy.Allow[i].Match.Text)})
		}
	}
	if err := checkCompared(rep); err != nil {
		return nil, err
	}
	if n, ok := wideFloors(rep); ok {
		rep.Notes = append(rep.Notes, n)
	}
	rep.Counts = count(rep.Comparisons)
	rep.FailedGate = rep.Failed()
	rep.SummaryLine = rep.summary()
	return rep, nil
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
