package comparefmt

import (
	"fmt"
	"io"
	"strings"

	"github.com/radvbench/radvbench/internal/termtext"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/pairing"
)

// WriteMarkdown writes a pull-request comment: the summary line first, the
// notes, a table of regressions and new failures, then every comparison
// collapsed in a <details> block.
func WriteMarkdown(w io.Writer, r *compare.Report) error {
	var b strings.Builder
	mark := "✅"
	if r.Failed() {
		mark = "❌"
	}
	by := ""
	if r.By != "" {
		by = fmt.Sprintf(" (by `%s`)", mdCode(r.By))
	}
	fmt.Fprintf(&b, "%s **radvbench: %s** against baseline `%s`%s (%s)\n\n", mark, r.Summary(), mdCode(r.Baseline), by, mdEscape(policyLine(r)))
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "> **Note:** %s\n>\n", mdEscape(n.Message))
	}
	if len(r.Notes) > 0 {
		b.WriteString("\n")
	}
	multi := len(r.Groups) > 2
	var bad, allowed []*compare.Comparison
	for i := range r.Comparisons {
		c := &r.Comparisons[i]
		switch {
		case c.Fails():
			bad = append(bad, c)
		case c.Allowed:
			allowed = append(allowed, c)
		}
	}
	var fn footnotes
	if len(bad) > 0 {
		fmt.Fprintf(&b, "### Regressions (%d)\n\n", len(bad))
		mdTable(&b, bad, multi, &fn)
		b.WriteString("\n")
	}
	if len(allowed) > 0 {
		fmt.Fprintf(&b, "### Allowed by policy (%d)\n\n", len(allowed))
		mdTable(&b, allowed, multi, &fn)
		b.WriteString("\n")
	}
	all := make([]*compare.Comparison, len(r.Comparisons))
	for i := range r.Comparisons {
		all[i] = &r.Comparisons[i]
	}
	groups := make([]string, 0, len(r.Groups))
	for _, g := range r.Groups {
		groups = append(groups, "`"+mdCode(g.Name)+"`")
	}
	fmt.Fprintf(&b, "<details><summary>All %d comparisons (%s)</summary>\n\n", len(all), strings.Join(groups, " vs "))
	mdTable(&b, all, multi, &fn)
	b.WriteString("\n</details>\n")
	if len(fn.text) > 0 {
		b.WriteString("\n")
		for i, t := range fn.text {
			fmt.Fprintf(&b, "%d. %s\n", i+1, mdEscape(t))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func mdTable(b *strings.Builder, cs []*compare.Comparison, multi bool, fn *footnotes) {
	code := false
	for _, c := range cs {
		code = code || c.Code != nil
	}
	codeHead, codeRule := "", ""
	if code {
		codeHead, codeRule = " Code |", "---|"
	}
	if multi {
		b.WriteString("| Benchmark | Group | Baseline | This group | Change | Interval | p | Floor | Verdict |" + codeHead + " Notes |\n|---|---|--:|--:|--:|--:|--:|--:|---|" + codeRule + "---|\n")
	} else {
		b.WriteString("| Benchmark | Baseline | New | Change | Interval | p | Floor | Verdict |" + codeHead + " Notes |\n|---|--:|--:|--:|--:|--:|--:|---|" + codeRule + "---|\n")
	}
	for _, c := range cs {
		cells := []string{"`" + mdCode(c.Key) + "`"}
		if multi {
			cells = append(cells, "`"+mdCode(c.Group)+"`")
		}
		v := verdictText(c)
		if c.Fails() {
			v = "**" + v + "**"
		}
		p := ""
		if !c.P.NaN() {
			p = fmt.Sprintf("%.3f", float64(c.P))
		}
		cells = append(cells, mdSide(c.Base, c.Unit), mdSide(c.New, c.Unit), compare.FormatChange(float64(c.Change)),
			compare.FormatInterval(float64(c.Low), float64(c.High)), p, floorText(c), v)
		if code {
			cells = append(cells, mdEscape(c.Code.Text()))
		}
		cells = append(cells, fn.ref(remarks(c)...))
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
}

func mdSide(s *pairing.Side, unit string) string {
	if s == nil {
		return "—"
	}
	if s.Status != "ok" {
		return s.Status
	}
	runs := "runs"
	if s.Runs == 1 {
		runs = "run"
	}
	return fmt.Sprintf("%s %s (%d %s)", compare.FormatValue(float64(s.Median)), mdEscape(unit), s.Runs, runs)
}

func mdEscape(s string) string {
	r := strings.NewReplacer("|", `\|`, "\n", " ", "<", "&lt;", ">", "&gt;", "*", `\*`, "_", `\_`, "`", "'")
	return r.Replace(termtext.Escape(s))
}

func mdCode(s string) string {
	return strings.NewReplacer("`", "'", "|", `\|`, "\n", " ").Replace(termtext.Escape(s))
}
