// Package comparefmt renders the outcomes of reports/compare: a
// comparison as an aligned text table in the style of benchstat,
// Markdown for a pull-request comment, JUnit XML for CI test reporters or
// JSON (the report itself); an isa comparison (reports/codecompare) in the
// same formats; and a plan of runs as text or JSON. It judges nothing: the
// figures, verdicts and remarks are the reports'. It is pure Go: no cgo,
// no Vulkan.
package comparefmt

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/internal/termtext"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

// Rendering shared by the output formats: one file per format (text.go,
// markdown.go, junit.go, json.go), the table layout in table.go; isa.go
// renders an isa comparison, plan.go a plan.

// Formats are the output formats Write accepts.
var Formats = []string{"text", "markdown", "junit", "json"}

// ValidFormat reports whether format is one of Formats.
func ValidFormat(format string) bool { return slices.Contains(Formats, format) }

// Write renders the report in format (one of Formats).
func Write(w io.Writer, r *compare.Report, format string) error {
	switch format {
	case "text", "":
		return WriteText(w, r)
	case "markdown", "md":
		return WriteMarkdown(w, r)
	case "junit", "xml":
		return WriteJUnit(w, r)
	case "json":
		return WriteJSON(w, r)
	}
	return fmt.Errorf("unknown format %q: use one of %s", format, strings.Join(Formats, ", "))
}

// policyLine states the policy a reader needs to read the verdicts.
func policyLine(r *compare.Report) string {
	alpha := fmt.Sprintf("alpha %g", r.Policy.Alpha)
	if r.Family > 1 {
		alpha += fmt.Sprintf(" across %d benchmarks (Holm)", r.Family)
	}
	s := fmt.Sprintf("%s, threshold %s, interval %s", alpha, compare.FormatPercent(r.Policy.Threshold), intervalText(r))
	if r.NoiseFile != "" {
		s += ", noise floors from " + r.NoiseFile
		if n := moderated(r); n > 0 {
			s += fmt.Sprintf(", and for ~ its paired spreads (%d benchmark(s))", n)
		}
	}
	if r.Policy.UnsureFails() {
		s += ", unsure fails"
	}
	if r.Policy.Noise > 0 {
		s += ", noise limit " + compare.FormatPercent(r.Policy.Noise)
	}
	if n := len(r.Policy.Rules); n > 0 {
		s += fmt.Sprintf(", %d override rule(s)", n)
	}
	return s
}

// moderated counts the comparisons whose equivalence interval was
// moderated by the noise file's paired spread (compare.Comparison.Moderated).
func moderated(r *compare.Report) int {
	n := 0
	for _, c := range r.Comparisons {
		if c.Moderated {
			n++
		}
	}
	return n
}

// intervalText names the change interval's level: 1-2·alpha (each end
// misses with alpha) for runs fixed in advance; for a sequential design,
// the repeated intervals over its looks.
func intervalText(r *compare.Report) string {
	lvl := compare.FormatPercent(1 - 2*r.Policy.Alpha)
	if r.Family > 1 {
		lvl = "at each benchmark's share"
	}
	paired := ""
	for i := range r.Comparisons {
		if r.Comparisons[i].Paired {
			paired = ", runs paired by round"
			break
		}
	}
	if r.Design.MaxRuns > 0 {
		closed := ""
		if r.Design.Closed {
			closed = ", closed early: this look spends what the earlier looks left"
		}
		return fmt.Sprintf("%s repeated over looks up to %d runs a side%s%s", lvl, r.Design.MaxRuns, closed, paired)
	}
	return lvl + paired
}

// verdictText is the verdict as a table shows it: "FAILED" for a new
// failure, the runs that would settle an unsure verdict, "(allowed)".
func verdictText(c *compare.Comparison) string {
	v := string(c.Verdict)
	switch {
	case c.Verdict == verdict.Failed:
		v = "FAILED"
	case c.Verdict == verdict.Unsure && c.SettleRuns > 0:
		v += fmt.Sprintf(" (~%d runs)", c.SettleRuns)
	case c.Verdict == verdict.Unsure && c.SettleRuns < 0:
		v += fmt.Sprintf(" (>%d runs)", verdict.MaxSettleRuns)
	}
	if c.Allowed {
		v += " (allowed)"
	}
	if c.ClockExplained() {
		v += " (clock)"
	}
	return v
}

// floorText is the threshold a verdict was judged against: the effective
// threshold, marked when a noise floor raised it.
func floorText(c *compare.Comparison) string {
	if c.Limits.Floor.NaN() {
		return "—"
	}
	return compare.FormatFloor(float64(c.Limits.Floor))
}

// runsText is "3" for a side's runs, "—" for an absent side.
func runsText(s *pairing.Side) string {
	if s == nil || s.Status != "ok" {
		return ""
	}
	return strconv.Itoa(s.Runs)
}

// footnotes numbers distinct remarks, so that a remark many rows share is
// printed once.
type footnotes struct {
	text []string
	idx  map[string]int
}

// numbers are the footnote numbers of msgs ("" skipped), numbering the
// new ones.
func (f *footnotes) numbers(msgs ...string) []int {
	if f.idx == nil {
		f.idx = map[string]int{}
	}
	var ns []int
	for _, m := range msgs {
		if m == "" {
			continue
		}
		n, ok := f.idx[m]
		if !ok {
			f.text = append(f.text, m)
			n = len(f.text)
			f.idx[m] = n
		}
		ns = append(ns, n)
	}
	return ns
}

func (f *footnotes) ref(msgs ...string) string { return refText(f.numbers(msgs...)) }

// refText is a footnote reference as the tables print it: "[1,3]", or "".
func refText(ns []int) string {
	if len(ns) == 0 {
		return ""
	}
	refs := make([]string, len(ns))
	for i, n := range ns {
		refs[i] = strconv.Itoa(n)
	}
	return "[" + strings.Join(refs, ",") + "]"
}

// Footnotes are a report's remarks (each comparison's note, reason,
// allowance and warnings), numbered once each in the text table's row
// order (benchmarks in order of first appearance, then groups): the text
// output and the HTML report number them alike.
type Footnotes struct {
	footnotes
	refs map[*compare.Comparison][]int
}

// FootnotesOf numbers r's remarks.
func FootnotesOf(r *compare.Report) *Footnotes {
	fn := &Footnotes{refs: map[*compare.Comparison][]int{}}
	keys, cell := cells(r)
	for _, k := range keys {
		for _, g := range r.Groups[1:] {
			if c := cell[k][g.Name]; c != nil {
				fn.refs[c] = fn.numbers(remarks(c)...)
			}
		}
	}
	return fn
}

// Numbers are the footnote numbers of c, one of the report's comparisons.
func (f *Footnotes) Numbers(c *compare.Comparison) []int { return f.refs[c] }

// Text is the remark numbered n (from 1).
func (f *Footnotes) Text(n int) string { return f.text[n-1] }

// write prints the footnotes: "[1] text".
func (f *footnotes) write(b *strings.Builder) {
	if len(f.text) == 0 {
		return
	}
	b.WriteString("\n")
	for i, t := range f.text {
		fmt.Fprintf(b, "[%d] %s\n", i+1, termtext.Escape(t))
	}
}

// remarks are a comparison's notes, reason, allowance and warnings.
func remarks(c *compare.Comparison) []string {
	var m []string
	if c.Note != "" {
		m = append(m, c.Note)
	}
	if c.Reason != "" {
		m = append(m, c.Reason)
	}
	if c.Allowed {
		m = append(m, "allowed by policy: "+c.AllowReason)
	}
	if c.Cycles != nil && c.Cycles.Text != "" {
		m = append(m, c.Cycles.Text)
	}
	for _, w := range c.Warnings {
		m = append(m, w.Message)
	}
	return m
}
