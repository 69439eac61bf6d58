package compare

// Comparing isa files ('radvbench isa'): what RADV compiled each benchmark
// into is deterministic, so two builds are compared exactly — no runs, no
// statistics. Every (benchmark@target, pipeline, executable, statistic) is
// a key; equal values are unchanged, any difference is real and the
// policy classifies it (regression, warning or info, see
// verdict.Policy.ISAClassFor).

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/radvbench/radvbench/core/results"
	"github.com/radvbench/radvbench/reports/verdict"
)

// WaveStat names the executable's wave (subgroup) size among its
// statistics: a change is information ("wave64→wave32"), and it changes
// what "Subgroups per SIMD" counts (waves of another size), so that change
// is information too, not an occupancy regression.
const WaveStat = "wave size"

// ISAVerdict is the outcome of one changed key.
type ISAVerdict string

// The verdicts of an isa comparison.
const (
	ISAVerdictRegression  ISAVerdict = "regression"
	ISAVerdictWarning     ISAVerdict = "warning"
	ISAVerdictImprovement ISAVerdict = "improvement"
	ISAVerdictInfo        ISAVerdict = "info"
	// ISAVerdictFailed: the benchmark compiled in the baseline and failed
	// in the other group (fails the gate).
	ISAVerdictFailed ISAVerdict = "failed"
	// ISAVerdictMissing and ISAVerdictAdded: a benchmark, pipeline,
	// executable or statistic on one side only.
	ISAVerdictMissing ISAVerdict = "missing"
	ISAVerdictAdded   ISAVerdict = "added"
)

// ISAChange is one key that differs between the baseline and a group.
type ISAChange struct {
	// Key is the benchmark: Result.ID() and "@target".
	Key        string `json:"key"`
	Group      string `json:"group"`
	Pipeline   string `json:"pipeline,omitempty"`
	Executable string `json:"executable,omitempty"`
	// Stat is RADV's statistic or verdict.DerivedPrefix + a count; "" for a
	// change of the whole benchmark (status, a missing pipeline).
	Stat    string        `json:"stat,omitempty"`
	Base    verdict.Float `json:"base"`
	New     verdict.Float `json:"new"`
	Verdict ISAVerdict    `json:"verdict"`
	// Fail is Fails(), stored for JSON readers.
	Fail        bool   `json:"fails"`
	Allowed     bool   `json:"allowed,omitempty"`
	AllowReason string `json:"allow_reason,omitempty"`
	// Note says what changed for a benchmark-level change, or why a
	// statistic's change is information only (another wave size).
	Note string `json:"note,omitempty"`
	// Hash is set when Stat is one of the driver's hashes (ACO's "Hash",
	// a CRC of the code): its values are identifiers, not counts.
	Hash bool `json:"hash,omitempty"`
	// Untimed is set for a pipeline the benchmark builds but does not
	// time (results.PipelineStats.Untimed on either side).
	Untimed bool `json:"untimed,omitempty"`
}

// Fails reports whether the change fails the gate.
func (c *ISAChange) Fails() bool {
	return (c.Verdict == ISAVerdictRegression || c.Verdict == ISAVerdictFailed) && !c.Allowed
}

// ISACounts tallies an isa comparison.
type ISACounts struct {
	Regressions  int `json:"regressions"`
	Allowed      int `json:"allowed"`
	Failed       int `json:"failed"`
	Warnings     int `json:"warnings"`
	Improvements int `json:"improvements"`
	Info         int `json:"info"`
	Missing      int `json:"missing"`
	Added        int `json:"added"`
	// Unchanged counts the statistics equal on both sides.
	Unchanged int `json:"unchanged"`
}

// ISAJSONSchema versions the JSON form of an isa comparison.
const ISAJSONSchema = "radvbench/compare-isa/v1"

// ISAReport is the outcome of comparing isa files.
type ISAReport struct {
	Schema      string      `json:"schema"`
	SummaryLine string      `json:"summary"`
	FailedGate  bool        `json:"failed"`
	By          string      `json:"by,omitempty"`
	Baseline    string      `json:"baseline"`
	Groups      []Group     `json:"groups"`
	Notes       []string    `json:"notes,omitempty"`
	Counts      ISACounts   `json:"counts"`
	Changes     []ISAChange `json:"changes"`
}

// Failed reports whether the gate fails: a regression or a new failure the
// allow-list does not accept.
func (r *ISAReport) Failed() bool { return r.Counts.Regressions > 0 || r.Counts.Failed > 0 }

// KindError reports inputs of different kinds (run results and isa
// files): their figures cannot be compared. It is a usage error.
type KindError struct {
	// Run and ISA name the inputs of each kind.
	Run, ISA []string
}

func (e *KindError) Error() string {
	return fmt.Sprintf("cannot compare %s (%s) with %s (%s): compare run files with run files and isa files with isa files",
		strings.Join(e.ISA, ", "), results.KindName(results.KindISA), strings.Join(e.Run, ", "), results.KindName(results.KindRun))
}

// Kind returns the kind the inputs share (results.KindRun or
// results.KindISA), or a *KindError when they mix.
func Kind(inputs []Input) (string, error) {
	var e KindError
	for _, in := range inputs {
		if in.File.Kind() == results.KindISA {
			e.ISA = append(e.ISA, in.Name)
		} else {
			e.Run = append(e.Run, in.Name)
		}
	}
	switch {
	case len(e.ISA) > 0 && len(e.Run) > 0:
		return "", &e
	case len(e.ISA) > 0:
		return results.KindISA, nil
	}
	return results.KindRun, nil
}

// errISAInputs is Compare's answer to isa files.
var errISAInputs = errors.New("these are isa files: compare them with CompareISA, exactly, not as timings")

// CompareISA compares isa files: groups are formed as in Compare (each
// input, or by a key: "driver" pairs two Mesa versions, "config" one
// target with another), every non-baseline group is compared with the
// baseline key by key, exactly. Errors are input or usage errors; inputs
// that are not all isa files are a *KindError (or an error for run files).
func CompareISA(inputs []Input, opt Options) (*ISAReport, error) {
	if len(inputs) == 0 {
		return nil, fmt.Errorf("no isa files to compare")
	}
	kind, err := Kind(inputs)
	if err != nil {
		return nil, err
	}
	if kind != results.KindISA {
		return nil, fmt.Errorf("%s is %s: compare it with Compare", inputs[0].Name, results.KindName(kind))
	}
	inputs, dupNotes, err := Dedupe(inputs, opt.By)
	if err != nil {
		return nil, err
	}
	ordered, err := orderedGroups(inputs, opt, "isa files")
	if err != nil {
		return nil, err
	}
	rep := &ISAReport{Schema: ISAJSONSchema, By: opt.By, Baseline: displayGroup(ordered[0].name), Changes: []ISAChange{}}
	for _, g := range ordered {
		rep.Groups = append(rep.Groups, Group{Name: displayGroup(g.name), Files: g.files})
	}
	rep.Notes = append(append(isaNotes(ordered), envNotes(ordered, opt.By)...), dupNotes...)
	bg := ordered[0]
	for _, g := range ordered[1:] {
		for _, k := range unionKeys(bg, g) {
			rep.Counts.Unchanged += compareISAEntry(rep, &opt.Policy, k, displayGroup(g.name), bg.entries[k], g.entries[k])
		}
	}
	for i := range rep.Changes {
		c := &rep.Changes[i]
		if c.Verdict == ISAVerdictRegression || c.Verdict == ISAVerdictFailed {
			if a := allowFor(&opt.Policy, c.Key); a != nil {
				c.Allowed, c.AllowReason = true, a.Reason
			}
		}
		c.Fail = c.Fails()
		switch {
		case c.Allowed:
			rep.Counts.Allowed++
		case c.Verdict == ISAVerdictRegression:
			rep.Counts.Regressions++
		case c.Verdict == ISAVerdictFailed:
			rep.Counts.Failed++
		case c.Verdict == ISAVerdictWarning:
			rep.Counts.Warnings++
		case c.Verdict == ISAVerdictImprovement:
			rep.Counts.Improvements++
		case c.Verdict == ISAVerdictInfo:
			rep.Counts.Info++
		case c.Verdict == ISAVerdictMissing:
			rep.Counts.Missing++
		case c.Verdict == ISAVerdictAdded:
			rep.Counts.Added++
		}
	}
	rep.FailedGate = rep.Failed()
	rep.SummaryLine = rep.summary()
	return rep, nil
}

// allowFor is the allow-list entry covering key, or nil.
func allowFor(p *verdict.Policy, key string) *verdict.Allow {
	for i := range p.Allow {
		if p.Allow[i].Match.Match(key) {
			return &p.Allow[i]
		}
	}
	return nil
}

// compareISAEntry adds the changes of one benchmark and returns how many
// of its statistics are unchanged.
func compareISAEntry(rep *ISAReport, p *verdict.Policy, key, group string, be, ge *entry) int {
	nan := verdict.Float(math.NaN())
	add := func(c ISAChange) {
		c.Key, c.Group = key, group
		if c.Stat == "" {
			c.Base, c.New = nan, nan
		}
		rep.Changes = append(rep.Changes, c)
	}
	switch {
	case be == nil:
		add(ISAChange{Verdict: ISAVerdictAdded, Note: "only in " + group})
		return 0
	case ge == nil:
		add(ISAChange{Verdict: ISAVerdictMissing, Note: "only in the baseline"})
		return 0
	}
	b, g := be.result, ge.result
	switch {
	case b.Status == results.StatusOK && g.Status == results.StatusFailed:
		add(ISAChange{Verdict: ISAVerdictFailed, Note: "compiled in the baseline, failed: " + g.Reason})
		return 0
	case b.Status == results.StatusOK && g.Status != results.StatusOK:
		add(ISAChange{Verdict: ISAVerdictWarning, Note: "compiled in the baseline, skipped: " + g.Reason})
		return 0
	case b.Status != results.StatusOK && g.Status == results.StatusOK:
		add(ISAChange{Verdict: ISAVerdictAdded, Note: fmt.Sprintf("compiles now (baseline: %s: %s)", b.Status, b.Reason)})
		return 0
	case b.Status != results.StatusOK:
		return 0 // skipped or failed on both sides: nothing compiled to compare
	}
	bs, gs := flattenISA(b), flattenISA(g)
	unchanged := 0
	for _, k := range unionISAKeys(bs, gs) {
		class, worseUp := p.ISAClassFor(key, k.stat)
		if class == verdict.ISAIgnore {
			continue
		}
		bv, bok := bs.vals[k]
		gv, gok := gs.vals[k]
		c := ISAChange{Pipeline: k.pipeline, Executable: k.executable, Stat: k.stat, Base: nan, New: nan,
			Hash: bs.hash[k] || gs.hash[k], Untimed: bs.untimed[k.pipeline] || gs.untimed[k.pipeline]}
		switch {
		case !gok:
			c.Base, c.Verdict = verdict.Float(bv), ISAVerdictMissing
		case !bok:
			c.New, c.Verdict = verdict.Float(gv), ISAVerdictAdded
		case c.Hash && bs.exact[k] == gs.exact[k], !c.Hash && bv == gv:
			unchanged++
			continue
		case c.Hash:
			c.Base, c.New, c.Verdict = verdict.Float(bv), verdict.Float(gv), ISAVerdictInfo
		default:
			c.Base, c.New = verdict.Float(bv), verdict.Float(gv)
			worse := (gv > bv) == worseUp
			wave := isaKey{k.pipeline, k.executable, WaveStat}
			otherWave := k.stat == "Subgroups per SIMD" && bs.vals[wave] != gs.vals[wave]
			if otherWave {
				c.Note = fmt.Sprintf("waves of %g lanes, not %g: not comparable", gs.vals[wave], bs.vals[wave])
			}
			switch {
			case class == verdict.ISAInfo, otherWave:
				c.Verdict = ISAVerdictInfo
			case !worse:
				c.Verdict = ISAVerdictImprovement
			case class == verdict.ISARegression:
				c.Verdict = ISAVerdictRegression
			default:
				c.Verdict = ISAVerdictWarning
			}
		}
		add(c)
	}
	return unchanged
}

// isaKey is one statistic of one executable of one pipeline.
type isaKey struct{ pipeline, executable, stat string }

type isaStats struct {
	vals  map[isaKey]float64
	order []isaKey
	// hash marks the driver's hashes, exact their values.
	hash  map[isaKey]bool
	exact map[isaKey]uint64
	// untimed are the pipelines (by their flattened name) the benchmark
	// does not time.
	untimed map[string]bool
}

// flattenISA lists a result's statistics in its order; a pipeline (or an
// executable of one pipeline) whose name was seen before gets "#2", "#3".
func flattenISA(r *results.Result) isaStats {
	s := isaStats{vals: map[isaKey]float64{}, hash: map[isaKey]bool{}, exact: map[isaKey]uint64{}, untimed: map[string]bool{}}
	nth := func(seen map[string]int, name string) string {
		seen[name]++
		if n := seen[name]; n > 1 {
			return fmt.Sprintf("%s#%d", name, n)
		}
		return name
	}
	pipes := map[string]int{}
	for _, p := range r.Pipelines {
		pn := nth(pipes, p.Name)
		s.untimed[pn] = p.Untimed
		exes := map[string]int{}
		for _, e := range p.Executables {
			en := nth(exes, e.Name)
			if e.SubgroupSize != 0 {
				k := isaKey{pn, en, WaveStat}
				s.vals[k] = float64(e.SubgroupSize)
				s.order = append(s.order, k)
			}
			put := func(m map[string]float64, prefix string) {
				names := make([]string, 0, len(m))
				for n := range m {
					names = append(names, n)
				}
				sort.Strings(names)
				for _, n := range names {
					k := isaKey{pn, en, prefix + n}
					s.vals[k] = m[n]
					s.order = append(s.order, k)
				}
			}
			put(e.Stats, "")
			put(e.Derived, verdict.DerivedPrefix)
			names := make([]string, 0, len(e.Hashes))
			for n := range e.Hashes {
				names = append(names, n)
			}
			sort.Strings(names)
			for _, n := range names {
				k := isaKey{pn, en, n}
				s.vals[k], s.exact[k], s.hash[k] = float64(e.Hashes[n]), e.Hashes[n], true
				s.order = append(s.order, k)
			}
		}
	}
	return s
}

func unionISAKeys(a, b isaStats) []isaKey {
	keys := append([]isaKey(nil), a.order...)
	for _, k := range b.order {
		if _, ok := a.vals[k]; !ok {
			keys = append(keys, k)
		}
	}
	return keys
}

// isaNotes: the Mesa of each group, and targets emulated by another
// mechanism than the baseline's (the null winsys's hard-coded chip facts
// change occupancy on their own).
func isaNotes(groups []*groupData) []string {
	var out []string
	mech := func(g *groupData) map[string]string {
		m := map[string]string{}
		for _, in := range g.inputs {
			for _, c := range in.File.Configs {
				if c.Device != nil && c.Device.Emulated != nil {
					m[c.Name] = c.Device.Emulated.Mechanism
				}
			}
		}
		return m
	}
	for _, g := range groups {
		var drivers []string
		for _, in := range g.inputs {
			if d := in.File.Device.DriverInfo; d != "" && !slices.Contains(drivers, d) {
				drivers = append(drivers, d)
			}
		}
		if len(drivers) > 0 {
			out = append(out, fmt.Sprintf("%s: %s", displayGroup(g.name), strings.Join(drivers, ", ")))
		}
	}
	base := mech(groups[0])
	for _, g := range groups[1:] {
		m := mech(g)
		targets := make([]string, 0, len(m))
		for t := range m {
			targets = append(targets, t)
		}
		sort.Strings(targets)
		for _, t := range targets {
			if b, ok := base[t]; ok && b != m[t] {
				out = append(out, fmt.Sprintf("%s is emulated by %s in %s and by %s in the baseline: RADV's null winsys hard-codes chip facts (register file, wave limits), so its occupancy figures can differ for that reason alone",
					t, m[t], displayGroup(g.name), b))
			}
		}
	}
	return out
}

// Summary is the one-line verdict.
func (r *ISAReport) Summary() string {
	if r.SummaryLine == "" {
		return r.summary()
	}
	return r.SummaryLine
}

func (r *ISAReport) summary() string {
	c := r.Counts
	return summaryLine(c.Regressions == 0 && c.Failed == 0, []tally{
		{c.Regressions, "regression", "regressions"},
		{c.Failed, "new failure", "new failures"},
		{c.Allowed, "allowed regression", "allowed regressions"},
		{c.Warnings, "warning", "warnings"},
		{c.Improvements, "improvement", "improvements"},
		{c.Info, "other change", "other changes"},
		{c.Missing, "missing", "missing"},
		{c.Added, "added", "added"},
		{c.Unchanged, "statistic unchanged", "statistics unchanged"},
	})
}
