package report

import (
	"fmt"
	"html/template"
	"io"
	"sort"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/chart"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/comparefmt"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

// row is one line of the verdict table.
type row struct {
	// Key is the comparison's full key (the page shows it on hover); Name
	// and Size the short name that tells the rows apart (chart.TableName),
	// Config the A/B configuration when the key carries one.
	Key, Name, Size, Config string
	Group, Metric           string
	Base, New               sideCell
	Change, P               string
	Floor                   string
	Verdict                 string
	// Code is what changed in the compiled code (codecompare.Code.Text),
	// shown under the verdict.
	Code  string
	Class string
	// Notes are the footnote numbers of the row's remarks
	// (comparefmt.Footnotes: the text output's numbers).
	Notes []int
}

// sideCell is one side's median with its unit, and its interval and runs.
type sideCell struct{ Value, Detail string }

// footnote is one numbered remark under the verdict table.
type footnote struct {
	N    int
	Text string
}

func side(s *pairing.Side, unit string) sideCell {
	if s == nil {
		return sideCell{Value: "—"}
	}
	if s.Status != "ok" {
		return sideCell{Value: s.Status}
	}
	runs := fmt.Sprintf("%d runs", s.Runs)
	if s.Runs == 1 {
		runs = "1 run"
	}
	if !s.RelCI.NaN() {
		runs = "±" + compare.FormatPercent(float64(s.RelCI)) + ", " + runs
	}
	return sideCell{Value: compare.FormatValue(float64(s.Median)) + " " + unit, Detail: runs}
}

// VerdictClass is the CSS class (and Markdown emphasis) of a verdict.
func verdictClass(c *compare.Comparison) string {
	switch {
	case c.Fails():
		return "bad"
	case c.Allowed:
		return "allowed"
	case c.Verdict == verdict.Improvement:
		return "good"
	case c.Verdict == verdict.Unsure:
		return "noisy"
	}
	return "same"
}

func verdictLabel(c *compare.Comparison) string {
	v := string(c.Verdict)
	switch c.Verdict {
	case verdict.Same:
		v = "~ (no change)"
	case verdict.Failed:
		v = "FAILED"
	}
	if c.Allowed {
		v += " (allowed)"
	}
	return v
}

// rows orders the table: failures and regressions first, then
// improvements, then the rest in the comparison's order. Comparisons whose
// key is in hidden (benchmarks skipped in every run, which the page lists
// by reason instead) are left out. names maps a key to a result, for the
// short name; fn numbers the remarks.
func rows(rep *compare.Report, names map[string]*resultsfile.Result, hidden map[string]bool, fn *comparefmt.Footnotes) []row {
	rank := func(c *compare.Comparison) int {
		switch {
		case c.Fails():
			return 0
		case c.Allowed:
			return 1
		case c.Verdict == verdict.Improvement:
			return 2
		case c.Verdict == verdict.Unsure:
			return 3
		}
		return 4
	}
	var out []row
	for r := 0; r <= 4; r++ {
		for i := range rep.Comparisons {
			c := &rep.Comparisons[i]
			if rank(c) != r || hidden[c.Key] {
				continue
			}
			p := ""
			if !c.P.NaN() {
				p = fmt.Sprintf("%.3g", float64(c.P))
			}
			rw := row{
				Key: c.Key, Name: c.Key, Group: c.Group, Metric: c.Metric,
				Base: side(c.Base, c.Unit), New: side(c.New, c.Unit),
				Change: compare.FormatChange(float64(c.Change)), P: p, Floor: compare.FormatFloor(float64(c.Limits.Floor)),
				Verdict: verdictLabel(c), Code: c.Code.Text(), Class: verdictClass(c), Notes: fn.Numbers(c),
			}
			if res := names[c.Key]; res != nil {
				rw.Name, rw.Size = chart.TableName(res)
				if _, cfg, ok := strings.Cut(c.Key, "@"); ok {
					rw.Config = cfg
				}
			}
			out = append(out, rw)
		}
	}
	return out
}

// footnotesOf lists, in number order, the remarks the rows refer to.
func footnotesOf(rs []row, fn *comparefmt.Footnotes) []footnote {
	seen := map[int]bool{}
	var out []footnote
	for _, r := range rs {
		for _, n := range r.Notes {
			if !seen[n] {
				seen[n] = true
				out = append(out, footnote{N: n, Text: fn.Text(n)})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].N < out[j].N })
	return out
}

var funcs = template.FuncMap{
	"inc": func(i int) int { return i + 1 },
	"kind": func(k string) string {
		switch k {
		case chart.KindThroughput:
			return "Throughput vs problem size"
		case chart.KindComparison:
			return "Comparison"
		case chart.KindDistribution:
			return "Sample distributions"
		case chart.KindHeatmap:
			return "Tile-configuration heatmap"
		case chart.KindRoofline:
			return "Roofline"
		case chart.KindClock:
			return "Shader clock over samples"
		}
		return k
	},
}

var htmlTmpl = template.Must(template.New("index").Funcs(funcs).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body { font-family: "Liberation Sans", Arial, Helvetica, sans-serif; margin: 1.5em auto; max-width: 1240px; padding: 0 1em; color: #222; line-height: 1.4; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.25em; margin-top: 1.8em; border-bottom: 1px solid #ddd; padding-bottom: 0.2em; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.92em; }
th, td { border: 1px solid #ddd; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #f4f4f4; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
code { font-family: "Liberation Mono", Consolas, monospace; font-size: 0.95em; }
/* A wide table scrolls inside its box, never the page. */
.scroll { overflow-x: auto; }
td code { overflow-wrap: break-word; }
.detail { display: block; color: #666; font-size: 0.85em; }
.verdict { font-weight: bold; white-space: nowrap; }
.verdict .code { font-weight: normal; white-space: normal; min-width: 12em; }
#verdict-table { width: 100%; }
#verdict-table td.head { min-width: 14em; }
#verdict-table .size { white-space: nowrap; color: #444; }
#verdict-table td.notes { white-space: nowrap; }
/* Okabe-Ito: vermillion regressions, blue improvements, orange noisy. */
tr.bad td.verdict { color: #fff; background: #D55E00; }
tr.allowed td.verdict { color: #D55E00; }
tr.good td.verdict { color: #fff; background: #0072B2; }
tr.noisy td.verdict { background: #fbe3b0; }
tr.same td.verdict { color: #666; }
ol.footnotes { padding-left: 2.5em; }
ol.footnotes li { margin: 0.2em 0; }
.summary { font-size: 1.1em; padding: 0.5em 0.8em; border-left: 6px solid #999; background: #f7f7f7; }
.summary.fail { border-color: #D55E00; }
.summary.pass { border-color: #0072B2; }
.note { padding: 0.3em 0.8em; border-left: 4px solid #E69F00; background: #fdf6e6; margin: 0.4em 0; }
figure { margin: 1.2em 0 2em 0; }
figure img { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption { margin-top: 0.4em; color: #333; }
figcaption .files { color: #666; font-size: 0.9em; }
nav ul { columns: 2; }
/* Phones: a table of class "cards" shows each row as a card, each cell
   labelled (data-label); "head" and "wide" cells take a line of their own. */
@media (max-width: 720px) {
  body { padding: 0 0.5em; }
  nav ul { columns: 1; }
  table.cards, table.cards tbody { display: block; }
  table.cards thead { display: none; }
  table.cards tr { display: flex; flex-wrap: wrap; border: 1px solid #ccc; margin: 0.6em 0; }
  table.cards td { display: block; flex: 1 1 auto; border: none; text-align: left; min-width: 0; }
  table.cards td.head { order: -1; flex-basis: 100%; background: #f4f4f4; font-weight: bold; }
  table.cards td.wide { flex-basis: 100%; }
  table.cards td:empty { display: none; }
  table.cards td[data-label]::before { content: attr(data-label) ": "; color: #555; font-weight: normal; }
  table.cards td.num .detail { display: inline; margin-left: 0.4em; }
}
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p>{{if .Tool}}Written by {{.Tool}} from {{len .Runs}} results file{{if ne (len .Runs) 1}}s{{end}}.{{end}}
{{if .CPU}} <strong>Some figures come from a CPU implementation (lavapipe): they describe the host processor, not a GPU.</strong>{{end}}</p>

<nav><ul>
<li><a href="#runs">Runs: device, driver, kernel</a></li>
<li><a href="#verdicts">Comparison and verdicts</a></li>
{{range .Charts}}<li><a href="#{{.Name}}">{{kind .Kind}}{{if .Suite}}: {{.Suite}}{{end}}</a></li>
{{end}}<li><a href="summary.md">summary.md</a></li>
</ul></nav>

<h2 id="runs">Runs</h2>
<div class="scroll"><table class="cards">
<thead><tr><th>#</th><th>File</th><th>Started</th><th>Device</th><th>Driver</th><th>Kernel</th><th>Suites</th><th>Labels</th>{{if .Runs}}<th>Benchmarks</th>{{end}}</tr></thead>
<tbody>
{{range $i, $r := .Runs}}<tr><td class="num" data-label="Run">{{inc $i}}</td><td class="head"><code>{{$r.Name}}</code></td><td data-label="Started">{{$r.Started}}</td><td class="wide" data-label="Device">{{$r.Device}}</td><td class="wide" data-label="Driver">{{$r.Driver}}</td><td data-label="Kernel">{{$r.Kernel}}</td><td data-label="Suites">{{$r.Suites}}{{if $r.Quick}} (quick){{end}}</td><td data-label="Labels">{{$r.Labels}}{{if $r.Configs}}<br>A/B: {{$r.Configs}}{{end}}</td><td class="num" data-label="Benchmarks">{{$r.Results}}</td></tr>
{{end}}</tbody>
</table></div>

<h3>Parameters that differ between runs</h3>
{{if .Differ}}<div class="scroll"><table>
<thead><tr><th>Key</th>{{range $i, $r := .Runs}}<th>#{{inc $i}}</th>{{end}}</tr></thead>
<tbody>
{{range .Differ}}<tr><td><code>{{.Key}}</code></td>{{range .Values}}<td>{{if .}}<code>{{.}}</code>{{else}}<em>unset</em>{{end}}</td>{{end}}</tr>
{{end}}</tbody>
</table></div>{{else}}<p>None: every run has the same fingerprint and labels{{if eq (len .Runs) 1}} (there is one run){{end}}.</p>{{end}}
{{if .Same}}<details><summary>Parameters all runs share ({{len .Same}})</summary>
<div class="scroll"><table><tbody>
{{range .Same}}<tr><td><code>{{.Key}}</code></td><td><code>{{index .Values 0}}</code></td></tr>
{{end}}</tbody></table></div>
</details>{{end}}

{{if .ISA}}{{template "isa" .}}{{else}}<h2 id="verdicts">Comparison and verdicts</h2>
{{if .Compare}}<p class="summary {{if .Failed}}fail{{else}}pass{{end}}"><strong>{{.Summary}}</strong> against baseline <code>{{.Baseline}}</code>{{if .Compare.By}} (grouped by <code>{{.Compare.By}}</code>){{end}}; {{.Policy}}.</p>
{{range .Compare.Notes}}<p class="note">{{.Message}}</p>
{{end}}
{{if .Rows}}<div class="scroll">
<table id="verdict-table" class="cards">
<thead><tr><th>Benchmark</th>{{if .Multi}}<th>Group</th>{{end}}<th>Baseline</th><th>New</th><th>Change</th><th>p</th><th>Noise floor</th><th>Verdict</th><th>Notes</th></tr></thead>
<tbody>
{{range .Rows}}<tr class="{{.Class}}"><td class="head" title="{{.Key}}"><code>{{.Name}}</code>{{if .Size}} <span class="size">{{.Size}}</span>{{end}}{{if .Config}} <code>@{{.Config}}</code>{{end}}</td>{{if $.Multi}}<td data-label="Group"><code>{{.Group}}</code></td>{{end}}<td class="num wide" data-label="Baseline">{{.Base.Value}}{{if .Base.Detail}}<span class="detail">{{.Base.Detail}}</span>{{end}}</td><td class="num wide" data-label="New">{{.New.Value}}{{if .New.Detail}}<span class="detail">{{.New.Detail}}</span>{{end}}</td><td class="num" data-label="Change">{{.Change}}</td><td class="num" data-label="p">{{.P}}</td><td class="num" data-label="Noise floor">{{.Floor}}</td><td class="verdict" data-label="Verdict">{{.Verdict}}{{if .Code}}<span class="detail code">{{.Code}}</span>{{end}}</td><td class="notes" data-label="Notes">{{range $i, $n := .Notes}}{{if $i}}, {{end}}<a href="#note-{{$n}}">[{{$n}}]</a>{{end}}</td></tr>
{{end}}</tbody>
</table>
</div>
{{if .Footnotes}}<ol class="footnotes">
{{range .Footnotes}}<li id="note-{{.N}}" value="{{.N}}">{{.Text}}</li>
{{end}}</ol>{{end}}{{end}}
<p>Runs (processes), not samples, are the evidence: each run's figure is the fast tenth of its samples that no interference touched (interference only slows a benchmark down), and a side's figure the geometric mean of its runs'. A regression needs the change's alarm interval (Student's t on the log run figures: paired by round when the runs were taken in rounds, else Welch's) to lie wholly beyond the effective threshold (the policy's, or the benchmark's noise floor when larger); "~" needs its equivalence interval within ±the threshold; "unsure" means the runs cannot tell (too few, or too noisy). Alpha bounds the whole comparison, shared among its benchmarks by Holm's step-down, unless the policy gives each benchmark its own (alpha_per: benchmark). Figures are shown with the half-width of their 95% interval over the runs (with 3 or more runs). docs/verdicts.md explains each step.</p>
{{else}}<p>No comparison: {{.NoCmp}}.</p>{{end}}
{{if .Skips}}<h3 id="skipped">Skipped in every run</h3>
<ul>
{{range .Skips}}<li>{{.}}</li>
{{end}}</ul>
<p>Each skipped benchmark, with its reason: <code>radvbench list --skipped {{(index .Runs 0).Name}}</code>.</p>{{end}}{{end}}

{{range .Charts}}<h2 id="{{.Name}}">{{kind .Kind}}{{if .Suite}}: {{.Suite}}{{end}}</h2>
<figure>
<img src="{{.Name}}.png" width="{{.Width}}" height="{{.Height}}" alt="{{.Title}}">
<figcaption>{{.Caption}} <span class="files">Files: <a href="{{.Name}}.svg">SVG</a>, <a href="{{.Name}}.png">PNG</a>, <a href="{{.Name}}.csv">data (CSV)</a>.</span></figcaption>
</figure>
{{end}}
</body>
</html>
{{define "isa"}}<h2 id="verdicts">Compiled code: comparison</h2>
<p>These are isa files: RADV compiled radvbench's kernels for chips emulated through Mesa's no-op DRM shim or RADV's null winsys; nothing ran. Two builds are compared exactly, statistic by statistic: any difference is real, and the policy says whether it is a regression (a new or larger spill, more scratch, lower occupancy), a warning (more registers) or information.</p>
{{if .ISA.Report}}<p class="summary {{if .Failed}}fail{{else}}pass{{end}}"><strong>{{.Summary}}</strong> against baseline <code>{{.Baseline}}</code>{{if .ISA.Report.By}} (grouped by <code>{{.ISA.Report.By}}</code>){{end}}.</p>
{{range .ISA.Report.Notes}}<p class="note">{{.Message}}</p>
{{end}}{{if .ISA.Changes}}<table id="isa-changes">
<thead><tr><th>Benchmark</th><th>Group</th><th>Pipeline, executable</th><th>Statistic</th><th>Baseline</th><th>New</th><th>Change</th><th>Verdict</th><th>Remarks</th></tr></thead>
<tbody>
{{range .ISA.Changes}}<tr class="{{.Class}}"><td><code>{{.Key}}</code></td><td><code>{{.Group}}</code></td><td><code>{{.Where}}</code></td><td>{{.Stat}}</td><td class="num">{{.Base}}</td><td class="num">{{.New}}</td><td class="num">{{.Delta}}</td><td class="verdict">{{.Verdict}}</td><td>{{.Note}}</td></tr>
{{end}}</tbody>
</table>{{end}}{{else}}<p>No comparison: {{.NoCmp}}.</p>{{end}}
<h2 id="isa-table">Compiled code: statistics</h2>
<table>
<thead><tr>{{if .ISA.Multi}}<th>File</th>{{end}}<th>Benchmark@target</th><th>Pipeline</th><th>Executable</th><th>VGPRs</th><th>SGPRs</th><th>Subgroups per SIMD</th><th>Spilled VGPRs / SGPRs</th><th>LDS bytes</th><th>Scratch bytes</th><th>Matrix instructions</th><th>Instructions</th></tr></thead>
<tbody>
{{range .ISA.Table}}<tr>{{if $.ISA.Multi}}<td><code>{{.File}}</code></td>{{end}}<td><code>{{.Key}}</code></td>{{if .Pipeline}}<td><code>{{.Pipeline}}</code></td><td>{{.Executable}}</td><td class="num">{{.VGPRs}}</td><td class="num">{{.SGPRs}}</td><td class="num">{{.Occupancy}}</td><td class="num">{{.Spills}}</td><td class="num">{{.LDS}}</td><td class="num">{{.Scratch}}</td><td class="num">{{.Matrix}}</td><td class="num">{{.Ins}}</td>{{else}}<td colspan="10">{{.Status}}</td>{{end}}</tr>
{{end}}</tbody>
</table>
{{end}}`))

func writeHTML(w io.Writer, pg *page) error { return htmlTmpl.Execute(w, pg) }

func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

func writeMarkdown(w io.Writer, pg *page) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", pg.Title)
	if pg.CPU {
		b.WriteString("> Some figures come from a CPU implementation (lavapipe): they describe the host processor, not a GPU.\n\n")
	}
	b.WriteString("## Runs\n\n| # | File | Started | Device | Driver | Kernel | Labels |\n|--:|---|---|---|---|---|---|\n")
	for i, r := range pg.Runs {
		fmt.Fprintf(&b, "| %d | `%s` | %s | %s | %s | %s | %s |\n", i+1, mdCell(r.Name), r.Started, mdCell(r.Device), mdCell(r.Driver), mdCell(r.Kernel), mdCell(r.Labels))
	}
	b.WriteString("\n### Parameters that differ between runs\n\n")
	if len(pg.Differ) == 0 {
		b.WriteString("None.\n\n")
	} else {
		b.WriteString("| Key |")
		for i := range pg.Runs {
			fmt.Fprintf(&b, " #%d |", i+1)
		}
		b.WriteString("\n|---|" + strings.Repeat("---|", len(pg.Runs)) + "\n")
		for _, p := range pg.Differ {
			fmt.Fprintf(&b, "| `%s` |", mdCell(p.Key))
			for _, v := range p.Values {
				if v == "" {
					v = "*unset*"
				}
				fmt.Fprintf(&b, " %s |", mdCell(v))
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	if pg.ISA != nil {
		b.WriteString("## Compiled code: comparison\n\n")
		if pg.ISA.Report != nil {
			if err := comparefmt.WriteISAMarkdown(&b, pg.ISA.Report); err != nil {
				return err
			}
			b.WriteString("\n")
		} else {
			fmt.Fprintf(&b, "No comparison: %s.\n\n", pg.NoCmp)
		}
		b.WriteString("## Compiled code: statistics\n\n| File | Benchmark@target | Pipeline | Executable | VGPRs | SGPRs | Subgroups per SIMD | Spilled VGPRs / SGPRs | LDS | Scratch | Matrix | Instructions |\n|---|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|\n")
		for _, r := range pg.ISA.Table {
			fmt.Fprintf(&b, "| `%s` | `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", mdCell(r.File), mdCell(r.Key), mdCell(r.Pipeline),
				mdCell(r.Executable+r.statusIfNotOK()), r.VGPRs, r.SGPRs, r.Occupancy, r.Spills, r.LDS, r.Scratch, r.Matrix, r.Ins)
		}
		b.WriteString("\n")
	} else {
		b.WriteString("## Comparison and verdicts\n\n")
		if pg.Compare != nil {
			if err := comparefmt.WriteMarkdown(&b, pg.Compare); err != nil {
				return err
			}
			b.WriteString("\n")
		} else {
			fmt.Fprintf(&b, "No comparison: %s.\n\n", pg.NoCmp)
		}
	}
	b.WriteString("## Charts\n\n")
	for _, c := range pg.Charts {
		fmt.Fprintf(&b, "### %s\n\n![%s](%s.png)\n\n%s ([SVG](%s.svg), [data](%s.csv))\n\n", c.Title, mdCell(c.Title), c.Name, c.Caption, c.Name, c.Name)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
