// Package codecompare compares what the driver compiled each benchmark
// into, exactly: every (benchmark@target, pipeline, executable, statistic)
// of two sides is a key; equal values are unchanged, any difference is
// real and the policy classifies it (regression, warning or info, see
// verdict.Policy.ISAClassFor). It judges isa files ('radvbench isa' and
// 'radvbench compare' of isa files: CompareISA, on the groups
// reports/pairing forms) and says beside a timing verdict what changed in
// the compiled code (Code). It reads no files and renders nothing but the
// one-line summary and the code column's text. It is pure Go: no cgo, no
// Vulkan.
package codecompare

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/note"
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
	// time (resultsfile.PipelineStats.Untimed on either side).
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

// Group is one side of an isa comparison: its name and its files.
type Group struct {
	Name  string   `json:"name"`
	Files []string `json:"files"`
}

// ISAJSONSchema versions the JSON form of an isa comparison (v2: the
// notes are objects with a kind and a message instead of strings).
const ISAJSONSchema = "radvbench/compare-isa/v2"

// The kinds of note an isa comparison states (ISAReport.Notes), besides
// those of the notes CompareISA is given.
const (
	// NoteDrivers names the Mesa (driver information) each group's
	// files came from.
	NoteDrivers note.Kind = "drivers"
	// NoteEmulationDiffers: a target emulated by another mechanism
	// than the baseline's.
	NoteEmulationDiffers note.Kind = "emulation-differs"
)

// ISAReport is the outcome of comparing isa files.
type ISAReport struct {
	Schema      string      `json:"schema"`
	SummaryLine string      `json:"summary"`
	FailedGate  bool        `json:"failed"`
	By          string      `json:"by,omitempty"`
	Baseline    string      `json:"baseline"`
	Groups      []Group     `json:"groups"`
	Notes       []note.Note `json:"notes,omitempty"`
	Counts      ISACounts   `json:"counts"`
	Changes     []ISAChange `json:"changes"`
}

// Failed reports whether the gate fails: a regression or a new failure the
// allow-list does not accept.
func (r *ISAReport) Failed() bool { return r.Counts.Regressions > 0 || r.Counts.Failed > 0 }

// Side is one group of isa files, as reports/pairing groups them.
type Side struct {
	// Name is the group's name as shown; Files its files' names.
	Name  string
	Files []string
	// Inputs are the files (their drivers and emulated targets are
	// stated in the notes).
	Inputs []*resultsfile.File
	// Results holds the group's result of each benchmark, by key.
	Results map[string]*resultsfile.Result
	// Keys lists the benchmarks to compare with the baseline, in report
	// order: the baseline's, then those only this side has (unused for
	// the baseline).
	Keys []string
}

// CompareISA compares every side after the first (the baseline) with it,
// key by key, exactly. notes are stated after the comparison's own (each
// group's Mesa, targets emulated differently).
func CompareISA(sides []Side, by string, p *verdict.Policy, notes []note.Note) *ISAReport {
	rep := &ISAReport{Schema: ISAJSONSchema, By: by, Baseline: sides[0].Name, Changes: []ISAChange{}}
	for _, s := range sides {
		rep.Groups = append(rep.Groups, Group{Name: s.Name, Files: s.Files})
	}
	rep.Notes = append(isaNotes(sides), notes...)
	base := sides[0]
	for _, g := range sides[1:] {
		for _, k := range g.Keys {
			rep.Counts.Unchanged += compareEntry(rep, p, k, g.Name, base.Results[k], g.Results[k])
		}
	}
	for i := range rep.Changes {
		c := &rep.Changes[i]
		if c.Verdict == ISAVerdictRegression || c.Verdict == ISAVerdictFailed {
			if a := allowFor(p, c.Key); a != nil {
				c.Allowed, c.AllowReason = true, a.Reason
			}
		}
		c.Fail = c.Fails()
		rep.Counts.add(c)
	}
	rep.FailedGate = rep.Failed()
	rep.SummaryLine = rep.summary()
	return rep
}

// add counts one change.
func (n *ISACounts) add(c *ISAChange) {
	switch {
	case c.Allowed:
		n.Allowed++
	case c.Verdict == ISAVerdictRegression:
		n.Regressions++
	case c.Verdict == ISAVerdictFailed:
		n.Failed++
	case c.Verdict == ISAVerdictWarning:
		n.Warnings++
	case c.Verdict == ISAVerdictImprovement:
		n.Improvements++
	case c.Verdict == ISAVerdictInfo:
		n.Info++
	case c.Verdict == ISAVerdictMissing:
		n.Missing++
	case c.Verdict == ISAVerdictAdded:
		n.Added++
	}
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

// compareEntry adds the changes of one benchmark, b on the baseline's
// side and g on the group's (nil where a side lacks it), and returns how
// many of its statistics are unchanged.
func compareEntry(rep *ISAReport, p *verdict.Policy, key, group string, b, g *resultsfile.Result) int {
	nan := verdict.Float(math.NaN())
	add := func(c ISAChange) {
		c.Key, c.Group = key, group
		if c.Stat == "" {
			c.Base, c.New = nan, nan
		}
		rep.Changes = append(rep.Changes, c)
	}
	switch {
	case b == nil:
		add(ISAChange{Verdict: ISAVerdictAdded, Note: "only in " + group})
		return 0
	case g == nil:
		add(ISAChange{Verdict: ISAVerdictMissing, Note: "only in the baseline"})
		return 0
	}
	switch {
	case b.Status == resultsfile.StatusOK && g.Status == resultsfile.StatusFailed:
		add(ISAChange{Verdict: ISAVerdictFailed, Note: "compiled in the baseline, failed: " + g.Reason})
		return 0
	case b.Status == resultsfile.StatusOK && g.Status != resultsfile.StatusOK:
		add(ISAChange{Verdict: ISAVerdictWarning, Note: "compiled in the baseline, skipped: " + g.Reason})
		return 0
	case b.Status != resultsfile.StatusOK && g.Status == resultsfile.StatusOK:
		add(ISAChange{Verdict: ISAVerdictAdded, Note: fmt.Sprintf("compiles now (baseline: %s: %s)", b.Status, b.Reason)})
		return 0
	case b.Status != resultsfile.StatusOK:
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
func flattenISA(r *resultsfile.Result) isaStats {
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
func isaNotes(groups []Side) []note.Note {
	var out []note.Note
	mech := func(g Side) map[string]string {
		m := map[string]string{}
		for _, f := range g.Inputs {
			for _, c := range f.Configs {
				if c.Device != nil && c.Device.Emulated != nil {
					m[c.Name] = c.Device.Emulated.Mechanism
				}
			}
		}
		return m
	}
	for _, g := range groups {
		var drivers []string
		for _, f := range g.Inputs {
			if d := f.Device.DriverInfo; d != "" && !slices.Contains(drivers, d) {
				drivers = append(drivers, d)
			}
		}
		if len(drivers) > 0 {
			out = append(out, note.Note{Kind: NoteDrivers, Message: fmt.Sprintf("%s: %s", g.Name, strings.Join(drivers, ", "))})
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
				out = append(out, note.Note{Kind: NoteEmulationDiffers, Message: fmt.Sprintf("%s is emulated by %s in %s and by %s in the baseline: RADV's null winsys hard-codes chip facts (register file, wave limits), so its occupancy figures can differ for that reason alone",
					t, m[t], g.Name, b)})
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
	return verdict.SummaryLine(c.Regressions == 0 && c.Failed == 0, []verdict.Tally{
		{N: c.Regressions, One: "regression", Many: "regressions"},
		{N: c.Failed, One: "new failure", Many: "new failures"},
		{N: c.Allowed, One: "allowed regression", Many: "allowed regressions"},
		{N: c.Warnings, One: "warning", Many: "warnings"},
		{N: c.Improvements, One: "improvement", Many: "improvements"},
		{N: c.Info, One: "other change", Many: "other changes"},
		{N: c.Missing, One: "missing", Many: "missing"},
		{N: c.Added, One: "added", Many: "added"},
		{N: c.Unchanged, One: "statistic unchanged", Many: "statistics unchanged"},
	})
}
