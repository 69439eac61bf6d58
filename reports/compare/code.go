package compare

import (
	"fmt"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/codecompare"
	"github.com/radvbench/radvbench/reports/note"
	"github.com/radvbench/radvbench/reports/pairing"
)

// The code column: beside each verdict, what the driver compiled the
// benchmark into on each side (Comparison.Code), compared by
// reports/codecompare. This file gathers each group's figures: the runs'
// own capture (resultsfile.File.Capture) or the isa files given with the runs
// (Options.ISA).

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

// ISACountError: Options.ISA does not give one isa file per group.
type ISACountError struct {
	Files, Groups int
}

func (e *ISACountError) Error() string {
	return fmt.Sprintf("%d isa files for %d groups: give one isa file per group, baseline first", e.Files, e.Groups)
}

// codeSides collects each group's figures: from isa (one file per group,
// when given) or else from the runs' captured pipelines. A group without
// figures gets nil.
func codeSides(groups []*pairing.Group, isa []pairing.Input) ([]*codecompare.Figures, []note.Note, error) {
	if len(isa) > 0 && len(isa) != len(groups) {
		return nil, nil, &ISACountError{Files: len(isa), Groups: len(groups)}
	}
	var notes []note.Note
	out := make([]*codecompare.Figures, len(groups))
	for i, g := range groups {
		s := &codecompare.Figures{ByID: map[string]*resultsfile.Result{}}
		for _, in := range g.Inputs {
			for m, h := range in.File.Shaders {
				if s.SPIRV == nil {
					s.SPIRV = map[string]string{}
				}
				s.SPIRV[m] = h
			}
		}
		if len(isa) > 0 {
			n, err := isaFigures(s, isa[i], g)
			if err != nil {
				return nil, nil, err
			}
			if n != "" {
				notes = append(notes, note.Note{Kind: NoteISAFigures, Message: n})
			}
		} else {
			s.Source = codecompare.CodeCaptured
			if len(g.Inputs) > 0 {
				s.Device = codecompare.CapturedDevice(g.Inputs[0].File.Device)
			}
			for _, k := range g.Order {
				if e := g.Entries[k]; e != nil && len(e.Result.Pipelines) > 0 {
					s.ByID[e.Result.ID()] = e.Result
				}
			}
		}
		if len(s.ByID) > 0 {
			out[i] = s
		}
	}
	if len(isa) == 0 {
		if n, ok := noCodeNote(groups, out); ok {
			notes = append(notes, n)
		}
	}
	return out, notes, nil
}

// isaFigures fills s with a group's figures from its isa file: the
// target whose chip the runs' GPU is (codecompare.ISATarget), with a note
// when the figures are of another.
func isaFigures(s *codecompare.Figures, isa pairing.Input, g *pairing.Group) (note string, err error) {
	f := isa.File
	if f.Kind() != resultsfile.KindISA {
		return "", fmt.Errorf("%s is %s, not an isa file: give the isa files the runs' kernels were compiled into", isa.Name, resultsfile.KindName(f.Kind()))
	}
	var devices []string
	for _, in := range g.Inputs {
		devices = append(devices, in.File.Device.Name)
	}
	target, why := codecompare.ISATarget(f, devices)
	s.Device, s.Other = codecompare.ISADevice(target, f), why != ""
	if why != "" {
		note = fmt.Sprintf("%s: the compiler's figures are %s's from %s (%s)", g.DisplayName(), target, isa.Name, why)
	}
	s.Source, s.Target = codecompare.CodeISA, target
	for j := range f.Results {
		r := &f.Results[j]
		if r.Config == target {
			s.ByID[r.ID()] = r
		}
	}
	return note, nil
}

// noCodeNote explains a missing code column: the groups whose runs
// captured no compiler figures, why (their capture: a driver without
// VK_KHR_pipeline_executable_properties, or capture turned off), and
// (as advice) what to give.
func noCodeNote(groups []*pairing.Group, sides []*codecompare.Figures) (note.Note, bool) {
	var why []string
	for i, g := range groups {
		if sides[i] != nil {
			continue
		}
		capture := ""
		for _, in := range g.Inputs {
			if capture = in.File.Capture; capture != "" {
				break
			}
		}
		if capture == "" {
			continue // written before runs captured: nothing to explain
		}
		why = append(why, fmt.Sprintf("%s (capture: %s)", g.DisplayName(), capture))
	}
	if len(why) == 0 {
		return note.Note{}, false
	}
	return note.Note{Kind: NoteNoCode, Message: "no code column: no compiler figures from " + strings.Join(why, ", "), Advice: note.Advice{Kind: note.AdviceISAFiles}}, true
}

// codeOf compares one benchmark's compiled code between the baseline's
// figures and a group's (codecompare.CodeOf); nil when either side lacks
// the benchmark or its figures.
func codeOf(c *Comparison, opt *Options, bs, gs *codecompare.Figures, be, ge *pairing.Entry) *codecompare.Code {
	if be == nil || ge == nil {
		return nil
	}
	return codecompare.CodeOf(&opt.Policy, c.Key, bs, gs, be.Result, ge.Result)
}
