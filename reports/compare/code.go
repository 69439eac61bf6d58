package compare

import (
	"fmt"
	"slices"
	"strings"

	"github.com/radvbench/radvbench/bench/amdchip"
	"github.com/radvbench/radvbench/reports/results"
)

// The compiler's side of a timing comparison: beside each verdict, what
// the driver compiled the benchmark into on each side, compared exactly
// as CompareISA compares isa files (compareISAEntry, the same isa policy
// per statistic). The figures come from the runs themselves where the run
// captured them (results.File.Capture) or from isa files given with the
// runs (Options.ISA), matched by benchmark and target.

// Code sources.
const (
	CodeCaptured = "captured"
	CodeISA      = "isa"
)

// Code is what changed in the compiled code of one benchmark between the
// baseline and a group.
type Code struct {
	// Source is CodeCaptured (the runs' own capture) or CodeISA (isa
	// files given with the runs); Target the isa target the figures are
	// of ("" for captured ones: the runs' device).
	Source string `json:"source"`
	Target string `json:"target,omitempty"`
	// Unchanged is set when every statistic is equal on both sides and
	// the SPIR-V is too (where both sides' files record its hash): the
	// timing change, if any, is not the compiler's.
	Unchanged bool `json:"unchanged"`
	// SPIRVChanged is set when the shader's SPIR-V hash differs.
	SPIRVChanged bool `json:"spirv_changed,omitempty"`
	// Changes are the statistics that differ, each with its isa verdict.
	Changes []ISAChange `json:"changes,omitempty"`
}

// HasCode reports whether any comparison carries the compiler's figures
// (renderers then add a code column).
func (r *Report) HasCode() bool {
	for i := range r.Comparisons {
		if r.Comparisons[i].Code != nil {
			return true
		}
	}
	return false
}

// codeShown is how many changed statistics Text lists before "+N more".
const codeShown = 3

// Text is the line printed beside a verdict: "code unchanged", or the
// changed statistics, worst first ("VGPRs 96→120, Subgroups per SIMD
// 16→8"), or that only the SPIR-V changed.
func (c *Code) Text() string {
	if c == nil {
		return ""
	}
	switch {
	case c.Unchanged:
		return "code unchanged"
	case len(c.Changes) == 0 && c.SPIRVChanged:
		return "SPIR-V changed, same statistics"
	case len(c.Changes) == 0:
		return ""
	}
	exes := map[string]bool{}
	for _, ch := range c.Changes {
		exes[ch.Pipeline+"\x00"+ch.Executable] = true
	}
	var parts []string
	for _, ch := range c.Changes[:min(len(c.Changes), codeShown)] {
		name := ch.Stat
		if name == "" {
			name = ch.Note
		}
		if len(exes) > 1 && ch.Pipeline != "" {
			name = ch.Pipeline + " " + name
		}
		switch {
		case ch.Stat == "":
			parts = append(parts, name)
		case ch.Base.NaN():
			parts = append(parts, fmt.Sprintf("%s new %s", name, isaValue(ch.New)))
		case ch.New.NaN():
			parts = append(parts, fmt.Sprintf("%s gone (was %s)", name, isaValue(ch.Base)))
		default:
			parts = append(parts, fmt.Sprintf("%s %s→%s", name, isaValue(ch.Base), isaValue(ch.New)))
		}
	}
	if n := len(c.Changes) - codeShown; n > 0 {
		parts = append(parts, fmt.Sprintf("+%d more", n))
	}
	return strings.Join(parts, ", ")
}

// codeRank orders changes worst first.
func codeRank(v ISAVerdict) int {
	return slices.Index([]ISAVerdict{ISAVerdictFailed, ISAVerdictRegression, ISAVerdictWarning, ISAVerdictImprovement,
		ISAVerdictInfo, ISAVerdictMissing, ISAVerdictAdded}, v)
}

// ISACountError: Options.ISA does not give one isa file per group.
type ISACountError struct {
	Files, Groups int
}

func (e *ISACountError) Error() string {
	return fmt.Sprintf("%d isa files for %d groups: give one isa file per group, baseline first", e.Files, e.Groups)
}

// codeSide is one group's static figures: by benchmark ID, the result
// that carries its pipelines.
type codeSide struct {
	source, target string
	byID           map[string]*results.Result
	// spirv maps a shader module to its SPIR-V hash, from the group's
	// run files (nil when they record none).
	spirv map[string]string
}

// codeSides collects each group's figures: from isa (one file per group,
// when given) or else from the runs' captured pipelines. A group without
// figures gets nil.
func codeSides(groups []*groupData, isa []Input) ([]*codeSide, []string, error) {
	if len(isa) > 0 && len(isa) != len(groups) {
		return nil, nil, &ISACountError{Files: len(isa), Groups: len(groups)}
	}
	var notes []string
	out := make([]*codeSide, len(groups))
	for i, g := range groups {
		s := &codeSide{byID: map[string]*results.Result{}}
		for _, in := range g.inputs {
			for m, h := range in.File.Shaders {
				if s.spirv == nil {
					s.spirv = map[string]string{}
				}
				s.spirv[m] = h
			}
		}
		if len(isa) > 0 {
			f := isa[i].File
			if f.Kind() != results.KindISA {
				return nil, nil, fmt.Errorf("%s is %s, not an isa file: give the isa files the runs' kernels were compiled into", isa[i].Name, results.KindName(f.Kind()))
			}
			target, note := isaTarget(f, g)
			if note != "" {
				notes = append(notes, fmt.Sprintf("%s: the compiler's figures are %s's from %s (%s)", displayGroup(g.name), target, isa[i].Name, note))
			}
			s.source, s.target = CodeISA, target
			for j := range f.Results {
				r := &f.Results[j]
				if r.Config == target {
					s.byID[r.ID()] = r
				}
			}
		} else {
			s.source = CodeCaptured
			for _, k := range g.order {
				if e := g.entries[k]; e != nil && len(e.result.Pipelines) > 0 {
					s.byID[e.result.ID()] = e.result
				}
			}
		}
		if len(s.byID) > 0 {
			out[i] = s
		}
	}
	return out, notes, nil
}

// isaTarget picks the isa file's target for a group of runs: the one
// whose chip the runs' GPU is, else the file's only or first target, with
// a note saying so.
func isaTarget(f *results.File, g *groupData) (target, note string) {
	var targets []string
	for _, c := range f.Configs {
		targets = append(targets, c.Name)
	}
	for _, in := range g.inputs {
		if chip, ok := amdchip.FromDeviceName(in.File.Device.Name); ok {
			for _, t := range targets {
				if tc, ok := amdchip.Lookup(t); ok && tc.Family == chip.Family {
					return t, ""
				}
			}
		}
	}
	if len(targets) == 0 {
		return "", "it has no targets"
	}
	dev := ""
	if len(g.inputs) > 0 {
		dev = g.inputs[0].File.Device.Name
	}
	if len(targets) == 1 {
		return targets[0], fmt.Sprintf("its only target; the runs' device is %s", dev)
	}
	return targets[0], fmt.Sprintf("its first target of %s; the runs' device %s is none of them", strings.Join(targets, ", "), dev)
}

// codeOf compares one benchmark's compiled code between the baseline's
// side and a group's; nil when either side has no figures for it.
func codeOf(p *Policy, key string, bs, gs *codeSide, be, ge *entry) *Code {
	if bs == nil || gs == nil || be == nil || ge == nil {
		return nil
	}
	br, gr := bs.byID[be.result.ID()], gs.byID[ge.result.ID()]
	if br == nil || gr == nil || br.Status != results.StatusOK && gr.Status != results.StatusOK {
		return nil // nothing compiled on either side (a skip on both: the reason is the verdict's)
	}
	c := &Code{Source: bs.source, Target: bs.target}
	if bs.target != gs.target {
		c.Target = bs.target + " vs " + gs.target
	}
	var rep ISAReport
	unchanged := compareISAEntry(&rep, p, key, "", &entry{result: br}, &entry{result: gr})
	c.Changes = rep.Changes
	slices.SortStableFunc(c.Changes, func(a, b ISAChange) int { return codeRank(a.Verdict) - codeRank(b.Verdict) })
	bh, gh := bs.spirv[be.result.Shader], gs.spirv[ge.result.Shader]
	c.SPIRVChanged = bh != "" && gh != "" && bh != gh
	c.Unchanged = len(c.Changes) == 0 && !c.SPIRVChanged && unchanged > 0
	for i := range c.Changes {
		c.Changes[i].Fail = c.Changes[i].Fails()
	}
	return c
}
