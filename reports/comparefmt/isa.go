package comparefmt

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/radvbench/radvbench/reports/codecompare"
	"github.com/radvbench/radvbench/reports/verdict"
)

// WriteISA renders an isa comparison in format (one of Formats).
func WriteISA(w io.Writer, r *codecompare.ISAReport, format string) error {
	switch format {
	case "text", "":
		return WriteISAText(w, r)
	case "markdown", "md":
		return WriteISAMarkdown(w, r)
	case "junit", "xml":
		return WriteISAJUnit(w, r)
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	return fmt.Errorf("unknown format %q: use one of %s", format, strings.Join(Formats, ", "))
}

// isaBlock is the changes of one benchmark in one group, in report order.
type isaBlock struct {
	key, group string
	changes    []*codecompare.ISAChange
}

func isaBlocks(r *codecompare.ISAReport) []isaBlock {
	var out []isaBlock
	for i := range r.Changes {
		c := &r.Changes[i]
		if n := len(out); n == 0 || out[n-1].key != c.Key || out[n-1].group != c.Group {
			out = append(out, isaBlock{key: c.Key, group: c.Group})
		}
		out[len(out)-1].changes = append(out[len(out)-1].changes, c)
	}
	return out
}

// isaCell formats one side of a change: a hash in hex, else
// codecompare.ValueText.
func isaCell(c *codecompare.ISAChange, f verdict.Float) string {
	if c.Hash && !f.NaN() {
		return fmt.Sprintf("%#x", uint64(f))
	}
	return codecompare.ValueText(f)
}

// isaDelta is new-base with its sign ("" unless both are present, and for
// a hash, which has no difference).
func isaDelta(c *codecompare.ISAChange) string {
	if c.Base.NaN() || c.New.NaN() || c.Hash {
		return ""
	}
	return fmt.Sprintf("%+g", float64(c.New-c.Base))
}

func isaVerdictText(c *codecompare.ISAChange) string {
	v := string(c.Verdict)
	if c.Allowed {
		v += " (allowed: " + c.AllowReason + ")"
	}
	if c.Stat != "" && c.Note != "" {
		v += " (" + c.Note + ")"
	}
	return v
}

// WriteISAText writes, per benchmark and group, the statistics that
// differ, old → new and the difference, exact, like benchstat's rows.
func WriteISAText(w io.Writer, r *codecompare.ISAReport) error {
	var b strings.Builder
	fmt.Fprintf(&b, "radvbench compare (isa, exact): %s\n", r.Summary())
	by := ""
	if r.By != "" {
		by = " (by " + r.By + ")"
	}
	fmt.Fprintf(&b, "baseline: %s%s\n", r.Baseline, by)
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "note: %s\n", n.Message)
	}
	multi := len(r.Groups) > 2
	for _, bl := range isaBlocks(r) {
		title := bl.key
		if multi {
			title += "  [" + bl.group + "]"
		}
		fmt.Fprintf(&b, "\n%s\n", title)
		var rows [][]string
		exe := ""
		for _, c := range bl.changes {
			if c.Stat == "" {
				what := c.Pipeline
				if c.Executable != "" {
					what += " " + c.Executable
				}
				rows = append(rows, []string{"  " + strings.TrimSpace(what+" "+c.Note), "", "", "", "", isaVerdictText(c)})
				continue
			}
			if e := c.Pipeline + " " + c.Executable; e != exe {
				exe = e
				if c.Untimed {
					e += " (untimed: built, not timed by the benchmark)"
				}
				rows = append(rows, []string{"  " + e})
			}
			rows = append(rows, []string{"    " + c.Stat, isaCell(c, c.Base), "→", isaCell(c, c.New), isaDelta(c), isaVerdictText(c)})
		}
		writeTable(&b, rows, nil)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteISAMarkdown writes the same as a Markdown table per benchmark.
func WriteISAMarkdown(w io.Writer, r *codecompare.ISAReport) error {
	var b strings.Builder
	fmt.Fprintf(&b, "**radvbench compare (isa, exact):** %s\n\nBaseline: %s", mdEscape(r.Summary()), mdEscape(r.Baseline))
	if r.By != "" {
		fmt.Fprintf(&b, " (by %s)", mdEscape(r.By))
	}
	b.WriteString("\n")
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "\n> %s\n", mdEscape(n.Message))
	}
	for _, bl := range isaBlocks(r) {
		fmt.Fprintf(&b, "\n#### %s (%s)\n\n| pipeline | executable | statistic | %s | %s | change | verdict |\n|---|---|---|--:|--:|--:|---|\n",
			mdCode(bl.key), mdEscape(bl.group), mdEscape(r.Baseline), mdEscape(bl.group))
		for _, c := range bl.changes {
			stat := c.Stat
			if stat == "" {
				stat = c.Note
			}
			pipe := c.Pipeline
			if c.Untimed {
				pipe += " (untimed)"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", mdEscape(pipe), mdEscape(c.Executable), mdEscape(stat),
				isaCell(c, c.Base), isaCell(c, c.New), isaDelta(c), mdEscape(isaVerdictText(c)))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteISAJUnit writes one test case per changed key: a regression or a
// new failure fails it; the others pass with the change in system-out.
func WriteISAJUnit(w io.Writer, r *codecompare.ISAReport) error {
	out := junitSuites{Name: "radvbench compare (isa)"}
	idx := map[string]int{}
	for _, g := range r.Groups[1:] {
		idx[g.Name] = len(out.Suites)
		out.Suites = append(out.Suites, junitSuite{Name: fmt.Sprintf("%s vs %s", g.Name, r.Baseline),
			Props: &junitProps{Props: []junitProp{{"baseline", r.Baseline}, {"group", g.Name}}}})
	}
	for i := range r.Changes {
		c := &r.Changes[i]
		s := &out.Suites[idx[c.Group]]
		name := strings.TrimSpace(strings.Join([]string{c.Key, c.Pipeline, c.Executable, c.Stat}, " "))
		tc := junitCase{Classname: "radvbench.isa", Name: name}
		msg := fmt.Sprintf("%s: %s → %s %s", isaVerdictText(c), isaCell(c, c.Base), isaCell(c, c.New), c.Note)
		if c.Fails() {
			tc.Failure = &junitMessage{Message: msg, Type: string(c.Verdict)}
			s.Failures++
		} else {
			tc.SystemOut = msg
		}
		s.Tests++
		s.Cases = append(s.Cases, tc)
	}
	return writeJUnitSuites(w, out)
}
