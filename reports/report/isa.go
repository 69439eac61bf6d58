package report

import (
	"fmt"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/codecompare"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

// isaSection is the report of isa files: the comparison's changes and
// every compiled executable's main statistics.
type isaSection struct {
	Report  *codecompare.ISAReport
	Changes []isaChangeRow
	Table   []isaRow
	Multi   bool
}

type isaChangeRow struct {
	Key, Group, Where, Stat, Base, New, Delta, Verdict, Class, Note string
}

// isaRow is one executable of one benchmark on one target in one file.
type isaRow struct {
	File, Key, Pipeline, Executable, Status                    string
	VGPRs, SGPRs, Occupancy, Spills, LDS, Scratch, Matrix, Ins string
}

// newISASection lists the comparison's changes (rep may be nil) and the
// main statistics of every compiled executable of the inputs.
func newISASection(inputs []pairing.Input, rep *codecompare.ISAReport) *isaSection {
	sec := &isaSection{Report: rep, Multi: len(inputs) > 1}
	if rep != nil {
		for i := range rep.Changes {
			c := &rep.Changes[i]
			where := strings.TrimSpace(c.Pipeline + " " + c.Executable)
			class := ""
			switch {
			case c.Fails():
				class = "bad"
			case c.Allowed:
				class = "allowed"
			case c.Verdict == codecompare.ISAVerdictImprovement:
				class = "good"
			case c.Verdict == codecompare.ISAVerdictWarning:
				class = "noisy"
			default:
				class = "same"
			}
			v := string(c.Verdict)
			if c.Allowed {
				v += " (allowed: " + c.AllowReason + ")"
			}
			row := isaChangeRow{Key: c.Key, Group: c.Group, Where: where, Stat: c.Stat, Verdict: v, Class: class, Note: c.Note,
				Base: num(c.Base), New: num(c.New)}
			if !c.Base.NaN() && !c.New.NaN() {
				row.Delta = fmt.Sprintf("%+g", float64(c.New-c.Base))
			}
			sec.Changes = append(sec.Changes, row)
		}
	}
	for _, in := range inputs {
		for i := range in.File.Results {
			r := &in.File.Results[i]
			key := r.ID() + "@" + r.Config
			if r.Status != resultsfile.StatusOK {
				sec.Table = append(sec.Table, isaRow{File: in.Name, Key: key, Status: r.Status + ": " + r.Reason})
				continue
			}
			for _, p := range r.Pipelines {
				for _, e := range p.Executables {
					st := func(n string) string {
						v, ok := e.Stats[n]
						if !ok {
							return ""
						}
						return fmt.Sprintf("%g", v)
					}
					d := func(n string) string {
						v, ok := e.Derived[n]
						if !ok {
							return ""
						}
						return fmt.Sprintf("%g", v)
					}
					sec.Table = append(sec.Table, isaRow{File: in.Name, Key: key, Pipeline: p.Name, Executable: e.Name, Status: r.Status,
						VGPRs: st("VGPRs"), SGPRs: st("SGPRs"), Occupancy: st("Subgroups per SIMD"),
						Spills: st("Spilled VGPRs") + " / " + st("Spilled SGPRs"), LDS: st("LDS size"), Scratch: st("Scratch size"),
						Matrix: d("matrix"), Ins: st("Instructions")})
				}
			}
		}
	}
	return sec
}

func num(f verdict.Float) string {
	if f.NaN() {
		return "—"
	}
	return fmt.Sprintf("%g", float64(f))
}

// statusIfNotOK is what a row of a benchmark that did not compile says.
func (r isaRow) statusIfNotOK() string {
	if r.Pipeline == "" {
		return r.Status
	}
	return ""
}
