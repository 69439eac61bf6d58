package compare

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Formats are the output formats Write accepts.
var Formats = []string{"text", "markdown", "junit", "json"}

// Write renders the report in format (one of Formats).
func Write(w io.Writer, r *Report, format string) error {
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

// Summary is the one-line verdict: "1 regression, 2 improvements, ...".
func (r *Report) Summary() string {
	c := r.Counts
	var parts []string
	add := func(n int, one, many string) {
		switch {
		case n == 1:
			parts = append(parts, "1 "+one)
		case n > 1:
			parts = append(parts, fmt.Sprintf("%d %s", n, many))
		}
	}
	if c.Regressions == 0 && c.Failed == 0 {
		parts = append(parts, "no regression")
	}
	add(c.Regressions, "regression", "regressions")
	add(c.Failed, "new failure", "new failures")
	add(c.Allowed, "allowed regression", "allowed regressions")
	add(c.Improvements, "improvement", "improvements")
	add(c.Same, "unchanged", "unchanged")
	add(c.Noisy, "noisy", "noisy")
	add(c.Missing, "missing", "missing")
	add(c.Added, "added", "added")
	add(c.Incomparable, "incomparable", "incomparable")
	return strings.Join(parts, ", ")
}

// policyLine states the policy a reader needs to read the verdicts.
func (r *Report) policyLine() string {
	s := fmt.Sprintf("alpha %g, threshold %s", r.Policy.Alpha, FormatPercent(r.Policy.Threshold))
	if r.Policy.Noise > 0 {
		s += ", noise limit " + FormatPercent(r.Policy.Noise)
	}
	if n := len(r.Policy.Rules); n > 0 {
		s += fmt.Sprintf(", %d override rule(s)", n)
	}
	return s
}

// FormatValue renders a figure with four significant digits and no
// exponent: 1234.5 -> "1235", 12.345 -> "12.35", 0.0012345 -> "0.001235".
func FormatValue(v float64) string {
	switch {
	case math.IsNaN(v):
		return "?"
	case math.IsInf(v, 1):
		return "∞"
	case math.IsInf(v, -1):
		return "-∞"
	case v == 0:
		return "0"
	}
	mag := int(math.Floor(math.Log10(math.Abs(v))))
	dec := 3 - mag
	if dec < 0 {
		dec = 0
	}
	return strconv.FormatFloat(v, 'f', dec, 64)
}

// FormatChange renders a fractional change as a signed percentage.
func FormatChange(f float64) string {
	if math.IsNaN(f) {
		return ""
	}
	return fmt.Sprintf("%+.2f%%", f*100)
}

// FormatP renders a p-value.
func FormatP(p float64) string {
	if math.IsNaN(p) {
		return ""
	}
	return fmt.Sprintf("p=%.3f", p)
}

func sideCell(s *Side) (median, ci string) {
	if s == nil {
		return "—", ""
	}
	if s.Status != "ok" {
		return s.Status, ""
	}
	return FormatValue(s.Median), "± " + FormatPercent(s.RelCI)
}

func verdictText(c *Comparison) string {
	v := string(c.Verdict)
	if c.Verdict == Failed {
		v = "FAILED"
	}
	if c.Allowed {
		v += " (allowed)"
	}
	return v
}

// footnotes numbers distinct remarks.
type footnotes struct {
	text []string
	idx  map[string]int
}

func (f *footnotes) ref(msgs ...string) string {
	if f.idx == nil {
		f.idx = map[string]int{}
	}
	var refs []string
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
		refs = append(refs, strconv.Itoa(n))
	}
	if len(refs) == 0 {
		return ""
	}
	return "[" + strings.Join(refs, ",") + "]"
}

func remarks(c *Comparison) []string {
	var m []string
	if c.Note != "" {
		m = append(m, c.Note)
	}
	if c.Allowed {
		m = append(m, "allowed by policy: "+c.AllowReason)
	}
	return append(m, c.Warnings...)
}

// WriteText writes an aligned table in the style of benchstat: one row per
// benchmark, the baseline's median and CI, then for every other group its
// median, CI, change, p-value and verdict. Remarks are numbered footnotes.
func WriteText(w io.Writer, r *Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "radvbench compare: %s (%s)\n", r.Summary(), r.policyLine())
	by := ""
	if r.By != "" {
		by = " (by " + r.By + ")"
	}
	fmt.Fprintf(&b, "baseline: %s%s\n", r.Baseline, by)
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	b.WriteString("\n")

	others := r.Groups[1:]
	// Rows in first-appearance order across all comparisons.
	var keys []string
	seen := map[string]bool{}
	cell := map[string]map[string]*Comparison{} // key -> group -> comparison
	for i := range r.Comparisons {
		c := &r.Comparisons[i]
		if !seen[c.Key] {
			seen[c.Key] = true
			keys = append(keys, c.Key)
			cell[c.Key] = map[string]*Comparison{}
		}
		cell[c.Key][c.Group] = c
	}
	var fn footnotes
	header1 := []string{"", "", r.Baseline, ""}
	header2 := []string{"benchmark", "unit", "median", "CI"}
	for _, g := range others {
		header1 = append(header1, g.Name, "", "", "", "")
		header2 = append(header2, "median", "CI", "change", "p", "verdict")
	}
	rows := [][]string{header1, header2}
	for _, k := range keys {
		var base *Comparison
		for _, g := range others {
			if c := cell[k][g.Name]; c != nil {
				base = c
				break
			}
		}
		unit := base.Unit
		bm, bci := sideCell(base.Base)
		row := []string{k, unit, bm, bci}
		for _, g := range others {
			c := cell[k][g.Name]
			if c == nil {
				row = append(row, "", "", "", "", "")
				continue
			}
			nm, nci := sideCell(c.New)
			v := verdictText(c)
			if ref := fn.ref(remarks(c)...); ref != "" {
				v += " " + ref
			}
			row = append(row, nm, nci, FormatChange(c.Change), FormatP(c.P), v)
		}
		rows = append(rows, row)
	}
	writeAligned(&b, rows, 4, 5)
	if len(fn.text) > 0 {
		b.WriteString("\n")
		for i, t := range fn.text {
			fmt.Fprintf(&b, "[%d] %s\n", i+1, t)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeAligned pads cells to column widths. Columns after the first lead
// ones come in blocks of blockW; a group name in the first header row spans
// its block. Lines carry no trailing spaces.
func writeAligned(b *strings.Builder, rows [][]string, lead, blockW int) {
	ncol := 0
	for _, r := range rows {
		ncol = max(ncol, len(r))
	}
	width := make([]int, ncol)
	for ri, r := range rows {
		for i, c := range r {
			if ri == 0 {
				continue // spanning header, handled below
			}
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	// Widen a block's last column when its spanning title is longer.
	span := func(start, n int) int {
		w := 0
		for i := start; i < start+n && i < ncol; i++ {
			w += width[i]
		}
		return w + 2*(n-1)
	}
	blocks := [][2]int{{2, 2}}
	for s := lead; s < ncol; s += blockW {
		blocks = append(blocks, [2]int{s, blockW})
	}
	for _, bl := range blocks {
		title := rows[0][bl[0]]
		if d := utf8.RuneCountInString(title) - span(bl[0], bl[1]); d > 0 {
			last := min(bl[0]+bl[1], ncol) - 1
			width[last] += d
		}
	}
	sep := "  "
	for ri, r := range rows {
		var line strings.Builder
		if ri == 0 {
			line.WriteString(pad("", span(0, 2)))
			for _, bl := range blocks {
				line.WriteString(" │ ")
				line.WriteString(pad(r[bl[0]], span(bl[0], bl[1])))
			}
		} else {
			for i := 0; i < ncol; i++ {
				c := ""
				if i < len(r) {
					c = r[i]
				}
				if i > 0 {
					if i == 2 || (i >= lead && (i-lead)%blockW == 0) {
						line.WriteString(" │ ")
					} else {
						line.WriteString(sep)
					}
				}
				line.WriteString(pad(c, width[i]))
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteString("\n")
	}
}

func pad(s string, w int) string {
	if n := utf8.RuneCountInString(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// WriteMarkdown writes a pull-request comment: the summary line first, the
// notes, a table of regressions and new failures, then every comparison
// collapsed in a <details> block.
func WriteMarkdown(w io.Writer, r *Report) error {
	var b strings.Builder
	mark := "✅"
	if r.Failed() {
		mark = "❌"
	}
	by := ""
	if r.By != "" {
		by = fmt.Sprintf(" (by `%s`)", mdCode(r.By))
	}
	fmt.Fprintf(&b, "%s **radvbench: %s** against baseline `%s`%s (%s)\n\n", mark, r.Summary(), mdCode(r.Baseline), by, r.policyLine())
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "> **Note:** %s\n>\n", mdEscape(n))
	}
	if len(r.Notes) > 0 {
		b.WriteString("\n")
	}
	multi := len(r.Groups) > 2
	var bad, allowed []*Comparison
	for i := range r.Comparisons {
		c := &r.Comparisons[i]
		switch {
		case c.Fails():
			bad = append(bad, c)
		case c.Allowed:
			allowed = append(allowed, c)
		}
	}
	if len(bad) > 0 {
		fmt.Fprintf(&b, "### Regressions (%d)\n\n", len(bad))
		mdTable(&b, bad, multi)
		b.WriteString("\n")
	}
	if len(allowed) > 0 {
		fmt.Fprintf(&b, "### Allowed by policy (%d)\n\n", len(allowed))
		mdTable(&b, allowed, multi)
		b.WriteString("\n")
	}
	all := make([]*Comparison, len(r.Comparisons))
	for i := range r.Comparisons {
		all[i] = &r.Comparisons[i]
	}
	groups := make([]string, 0, len(r.Groups))
	for _, g := range r.Groups {
		groups = append(groups, "`"+mdCode(g.Name)+"`")
	}
	fmt.Fprintf(&b, "<details><summary>All %d comparisons (%s)</summary>\n\n", len(all), strings.Join(groups, " vs "))
	mdTable(&b, all, multi)
	b.WriteString("\n</details>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func mdTable(b *strings.Builder, cs []*Comparison, multi bool) {
	if multi {
		b.WriteString("| Benchmark | Group | Baseline | This group | Change | p | Verdict | Remarks |\n|---|---|--:|--:|--:|--:|---|---|\n")
	} else {
		b.WriteString("| Benchmark | Baseline | New | Change | p | Verdict | Remarks |\n|---|--:|--:|--:|--:|---|---|\n")
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
		cells = append(cells, mdSide(c.Base, c.Unit), mdSide(c.New, c.Unit), FormatChange(c.Change), pOnly(c.P), v, mdEscape(strings.Join(remarks(c), "; ")))
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
}

func pOnly(p float64) string {
	if math.IsNaN(p) {
		return ""
	}
	return fmt.Sprintf("%.3f", p)
}

func mdSide(s *Side, unit string) string {
	if s == nil {
		return "—"
	}
	if s.Status != "ok" {
		return s.Status
	}
	return fmt.Sprintf("%s %s ±%s", FormatValue(s.Median), mdEscape(unit), FormatPercent(s.RelCI))
}

func mdEscape(s string) string {
	r := strings.NewReplacer("|", `\|`, "\n", " ", "<", "&lt;", ">", "&gt;", "*", `\*`, "_", `\_`, "`", "'")
	return r.Replace(s)
}

func mdCode(s string) string {
	return strings.NewReplacer("`", "'", "|", `\|`, "\n", " ").Replace(s)
}

// JUnit XML, as read by GitLab, Jenkins and GitHub test reporters.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Props    *junitProps `xml:"properties,omitempty"`
	Cases    []junitCase `xml:"testcase"`
}

type junitProps struct {
	Props []junitProp `xml:"property"`
}

type junitProp struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Classname string        `xml:"classname,attr"`
	Name      string        `xml:"name,attr"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Skipped   *junitMessage `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

// figures is a one-line statement of a comparison's numbers.
func figures(c *Comparison) string {
	side := func(s *Side) string {
		if s == nil {
			return "absent"
		}
		if s.Status != "ok" {
			return s.Status
		}
		return fmt.Sprintf("%s %s ±%s (n=%d)", FormatValue(s.Median), c.Unit, FormatPercent(s.RelCI), s.N)
	}
	s := fmt.Sprintf("%s: %s -> %s", c.Metric, side(c.Base), side(c.New))
	if !math.IsNaN(c.Change) {
		s += fmt.Sprintf(", change %s (%s is better), p=%.3f, alpha %g, threshold %s", FormatChange(c.Change), c.Better, c.P, c.Limits.Alpha, FormatPercent(c.Limits.Threshold))
	}
	return s
}

// WriteJUnit writes one testsuite per compared group and one testcase per
// benchmark: regressions and new failures are failures with the figures in
// the message; benchmarks on one side only and incomparable ones are
// skipped; allowed regressions pass with the reason in system-out.
func WriteJUnit(w io.Writer, r *Report) error {
	out := junitSuites{Name: "radvbench compare"}
	idx := map[string]int{}
	for _, g := range r.Groups[1:] {
		idx[g.Name] = len(out.Suites)
		out.Suites = append(out.Suites, junitSuite{
			Name: fmt.Sprintf("%s vs %s", g.Name, r.Baseline),
			Props: &junitProps{Props: []junitProp{
				{"baseline", r.Baseline}, {"group", g.Name},
				{"alpha", strconv.FormatFloat(r.Policy.Alpha, 'g', -1, 64)},
				{"threshold", FormatPercent(r.Policy.Threshold)},
			}},
		})
	}
	for i := range r.Comparisons {
		c := &r.Comparisons[i]
		s := &out.Suites[idx[c.Group]]
		suite := c.Key
		if j := strings.IndexByte(suite, '/'); j >= 0 {
			suite = suite[:j]
		}
		tc := junitCase{Classname: "radvbench." + suite, Name: c.Key}
		msg := string(c.Verdict) + ": " + figures(c)
		rem := strings.Join(remarks(c), "; ")
		switch {
		case c.Fails():
			tc.Failure = &junitMessage{Message: msg, Type: string(c.Verdict), Text: rem}
			s.Failures++
		case c.Verdict == Missing:
			tc.Skipped = &junitMessage{Message: "only in the baseline " + r.Baseline}
			s.Skipped++
		case c.Verdict == Added:
			tc.Skipped = &junitMessage{Message: "not in the baseline " + r.Baseline}
			s.Skipped++
		case c.Verdict == Incomparable:
			tc.Skipped = &junitMessage{Message: "incomparable: " + c.Note}
			s.Skipped++
		default:
			tc.SystemOut = msg
			if rem != "" {
				tc.SystemOut += "\n" + rem
			}
		}
		s.Tests++
		s.Cases = append(s.Cases, tc)
	}
	for _, s := range out.Suites {
		out.Tests += s.Tests
		out.Failures += s.Failures
		out.Skipped += s.Skipped
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// JSON output: floats that are not finite (a CI with too few samples, a
// change that was not computed) become null.
type jsonReport struct {
	Schema      string     `json:"schema"`
	Summary     string     `json:"summary"`
	Failed      bool       `json:"failed"`
	By          string     `json:"by,omitempty"`
	Baseline    string     `json:"baseline"`
	Groups      []Group    `json:"groups"`
	Policy      jsonPolicy `json:"policy"`
	Notes       []string   `json:"notes,omitempty"`
	Counts      Counts     `json:"counts"`
	Comparisons []jsonCmp  `json:"comparisons"`
}

type jsonPolicy struct {
	Alpha      float64 `json:"alpha"`
	Threshold  float64 `json:"threshold"`
	Noise      float64 `json:"noise,omitempty"`
	MinSamples int     `json:"min_samples"`
	Rules      int     `json:"rules"`
	Allow      int     `json:"allow"`
}

type jsonSide struct {
	Status string   `json:"status"`
	Reason string   `json:"reason,omitempty"`
	N      int      `json:"n"`
	Median *float64 `json:"median"`
	Low    *float64 `json:"low"`
	High   *float64 `json:"high"`
	RelCI  *float64 `json:"rel_ci"`
	CV     *float64 `json:"cv,omitempty"`
}

type jsonCmp struct {
	Key         string    `json:"key"`
	Group       string    `json:"group"`
	Metric      string    `json:"metric"`
	Unit        string    `json:"unit"`
	Better      string    `json:"better"`
	Base        *jsonSide `json:"base"`
	New         *jsonSide `json:"new"`
	Change      *float64  `json:"change"`
	P           *float64  `json:"p"`
	Verdict     Verdict   `json:"verdict"`
	Fails       bool      `json:"fails"`
	Limits      Limits    `json:"limits"`
	Allowed     bool      `json:"allowed,omitempty"`
	AllowReason string    `json:"allow_reason,omitempty"`
	Note        string    `json:"note,omitempty"`
	Warnings    []string  `json:"warnings,omitempty"`
}

// JSONSchema versions the JSON output of compare.
const JSONSchema = "radvbench/compare/v1"

func finite(f float64) *float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil
	}
	return &f
}

func jside(s *Side) *jsonSide {
	if s == nil {
		return nil
	}
	j := &jsonSide{Status: s.Status, Reason: s.Reason, N: s.N, Median: finite(s.Median), Low: finite(s.Low), High: finite(s.High), RelCI: finite(s.RelCI)}
	if s.CV != 0 {
		j.CV = finite(s.CV)
	}
	return j
}

// WriteJSON writes the report as JSON (schema JSONSchema).
func WriteJSON(w io.Writer, r *Report) error {
	out := jsonReport{
		Schema: JSONSchema, Summary: r.Summary(), Failed: r.Failed(), By: r.By, Baseline: r.Baseline,
		Groups: r.Groups, Notes: r.Notes, Counts: r.Counts,
		Policy: jsonPolicy{Alpha: r.Policy.Alpha, Threshold: r.Policy.Threshold, Noise: r.Policy.Noise,
			MinSamples: r.Policy.MinSamples, Rules: len(r.Policy.Rules), Allow: len(r.Policy.Allow)},
		Comparisons: []jsonCmp{},
	}
	for i := range r.Comparisons {
		c := &r.Comparisons[i]
		out.Comparisons = append(out.Comparisons, jsonCmp{
			Key: c.Key, Group: c.Group, Metric: c.Metric, Unit: c.Unit, Better: c.Better,
			Base: jside(c.Base), New: jside(c.New), Change: finite(c.Change), P: finite(c.P),
			Verdict: c.Verdict, Fails: c.Fails(), Limits: c.Limits, Allowed: c.Allowed, AllowReason: c.AllowReason,
			Note: c.Note, Warnings: c.Warnings,
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
