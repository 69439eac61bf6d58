package comparefmt

import (
	"fmt"
	"io"
	"strings"

	"github.com/radvbench/radvbench/internal/termtext"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/pairing"
)

// WriteText writes an aligned table in the style of benchstat: one row per
// benchmark; the baseline's median of run medians and its runs; then for
// every other group its figure and runs, the change with its interval,
// the p-value of the run-level test, the noise floor and the verdict.
// Remarks are numbered footnotes, each printed once.
func WriteText(w io.Writer, r *compare.Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "radvbench compare: %s (%s)\n", r.Summary(), policyLine(r))
	by := ""
	if r.By != "" {
		by = " (by " + r.By + ")"
	}
	fmt.Fprintf(&b, "baseline: %s%s\n", termtext.Escape(r.Baseline), termtext.Escape(by))
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "note: %s\n", termtext.Escape(n.Message))
	}
	b.WriteString("\n")

	others := r.Groups[1:]
	keys, cell := cells(r)
	fn := FootnotesOf(r)
	header1 := []string{"", "", r.Baseline, ""}
	header2 := []string{"benchmark", "unit", "figure", "runs"}
	block := 7
	if r.HasCode() {
		block = 8
	}
	for _, g := range others {
		header1 = append(header1, g.Name, "", "", "", "", "", "")
		header2 = append(header2, "figure", "runs", "change", "interval", "p", "floor", "verdict")
		if block == 8 {
			header1 = append(header1, "")
			header2 = append(header2, "code")
		}
	}
	rows := [][]string{header1, header2}
	for _, k := range keys {
		var first *compare.Comparison
		for _, g := range others {
			if c := cell[k][g.Name]; c != nil {
				first = c
				break
			}
		}
		row := []string{k, first.Unit, sideMedian(first.Base), runsText(first.Base)}
		for _, g := range others {
			c := cell[k][g.Name]
			if c == nil {
				row = append(row, make([]string, block)...)
				continue
			}
			v := verdictText(c)
			if ref := refText(fn.Numbers(c)); ref != "" {
				v += " " + ref
			}
			row = append(row, sideMedian(c.New), runsText(c.New), compare.FormatChange(float64(c.Change)),
				compare.FormatInterval(float64(c.Low), float64(c.High)), compare.FormatP(float64(c.P)), floorText(c), v)
			if block == 8 {
				row = append(row, c.Code.Text())
			}
		}
		rows = append(rows, row)
	}
	writeTable(&b, rows, &tableLayout{lead: 2, blocks: []int{2, block}})
	fn.write(&b)
	_, err := io.WriteString(w, b.String())
	return err
}

// cells indexes the comparisons by benchmark (in first-appearance order)
// and group.
func cells(r *compare.Report) (keys []string, cell map[string]map[string]*compare.Comparison) {
	cell = map[string]map[string]*compare.Comparison{}
	for i := range r.Comparisons {
		c := &r.Comparisons[i]
		if cell[c.Key] == nil {
			keys = append(keys, c.Key)
			cell[c.Key] = map[string]*compare.Comparison{}
		}
		cell[c.Key][c.Group] = c
	}
	return keys, cell
}

func sideMedian(s *pairing.Side) string {
	switch {
	case s == nil:
		return "—"
	case s.Status != "ok":
		return s.Status
	}
	return compare.FormatValue(float64(s.Median))
}
