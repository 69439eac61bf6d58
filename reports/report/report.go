// Package report writes radvbench's report directory: index.html (one
// self-contained page that works opened from disk, with no network and no
// JavaScript), summary.md, and every chart as PNG, SVG and CSV. It states
// the device, driver and kernel, the parameters that differ between the
// runs, the comparison table with verdicts (package compare) and each
// chart with a caption. It is pure Go: no cgo, no Vulkan.
package report

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/outfile"
	"github.com/radvbench/radvbench/reports/chart"
	"github.com/radvbench/radvbench/reports/codecompare"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/comparefmt"
	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/note"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

// Options select grouping and the gating policy of the comparison.
type Options struct {
	// By and Baseline are as in compare.Options.
	By       string
	Baseline string
	Policy   verdict.Policy
	// Noise holds per-benchmark noise floors (radvbench noise), nil for
	// none; NoiseName names its file.
	Noise     *noise.File
	NoiseName string
	// Extra charts (e.g. history trends) are drawn after the others.
	Extra []*chart.Chart
	// Advise words the advice the comparison's messages end with
	// (compare.Report.Word); nil leaves it out.
	Advise note.Adviser
	// ISA is compare.Options.ISA: the compiler's figures of each group
	// from isa files, for the code beside each verdict.
	ISA []pairing.Input
	// Explain is the text shown in place of a comparison that could not
	// be made (err from compare.Compare or CompareISA: one input and no
	// key is a *pairing.TooFewGroupsError), with what to do about it;
	// nil shows err's own text.
	Explain func(err error) string
	// Inputs are the paths of the files the report is made from (results,
	// isa, noise, policy, bisection files): no file of the report may be
	// one of them (outfile.NotInput; an *outfile.InputError before
	// anything is written).
	Inputs []string
}

// Output describes what Write wrote.
type Output struct {
	Dir     string
	Index   string // DIR/index.html
	Summary string // DIR/summary.md
	Charts  []*chart.Chart
	// Compare is the comparison; nil when there is nothing to compare.
	Compare *compare.Report
	// ISACompare is the comparison of isa files (Compare is nil then).
	ISACompare *codecompare.ISAReport
	// NoCompare says why there is no comparison.
	NoCompare string
	// Files lists every file written, relative to Dir.
	Files []string
}

// Run is one input file's row in the runs table.
type Run struct {
	Name    string
	Started string
	Device  string
	Driver  string
	Kernel  string
	Suites  string
	Quick   bool
	Labels  string
	Configs string
	Results int
}

// Param is a configuration parameter whose value differs between runs.
type Param struct {
	Key    string
	Values []string // one per run, "" when unset
}

// page is everything the HTML and Markdown need.
type page struct {
	Title   string
	Runs    []Run
	Differ  []Param
	Same    []Param // key with its single value in Values[0]
	Compare *compare.Report
	NoCmp   string
	Rows    []row
	// Footnotes are the remarks the rows refer to; Skips one line per
	// reason for the benchmarks skipped in every run (not rows).
	Footnotes []footnote
	Skips     []string
	Charts    []*chart.Chart
	CPU       bool
	Policy    string
	Summary   string
	Failed    bool
	Multi     bool
	Tool      string
	Baseline  string
	// ISA is set for isa files: what RADV compiled, and how it changed.
	ISA *isaSection
}

// InputError is a problem with what Write was given (no inputs, an
// unknown --by key, a baseline that is no group): the caller's to fix.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// WriteError is a file of the report that could not be written.
type WriteError struct {
	Path string
	Err  error
}

func (e *WriteError) Error() string { return fmt.Sprintf("write report: %v", e.Err) }
func (e *WriteError) Unwrap() error { return e.Err }

// Write loads nothing: it takes the inputs, compares them when there are
// at least two groups, draws the charts and writes the report to dir.
// Errors are *InputError (an unknown --by key, a bad baseline), *WriteError
// or a failure to render.
func Write(dir string, inputs []pairing.Input, opt Options) (*Output, error) {
	if len(inputs) == 0 {
		return nil, &InputError{errors.New("no results files to report on")}
	}
	if opt.Policy.Threshold == 0 && opt.Policy.Alpha == 0 {
		p := verdict.DefaultPolicy()
		p.Rules, p.Allow = opt.Policy.Rules, opt.Policy.Allow
		opt.Policy = p
	}
	out := &Output{Dir: dir, Index: filepath.Join(dir, "index.html"), Summary: filepath.Join(dir, "summary.md")}
	if opt.By != "" && opt.By != "config" && opt.By != "file" && !hasKey(inputs, opt.By) {
		return nil, &InputError{fmt.Errorf("no results file has the key %q: use file, device, driver, config, label.NAME or a fingerprint key (%s)",
			opt.By, strings.Join(keysOf(inputs), ", "))}
	}
	kind, err := pairing.Kind(inputs)
	if err != nil {
		return nil, &InputError{err}
	}
	copt := compare.Options{Policy: opt.Policy, By: opt.By, Baseline: opt.Baseline, Noise: opt.Noise, NoiseName: opt.NoiseName, ISA: opt.ISA}
	explain := opt.Explain
	if explain == nil {
		explain = func(err error) string { return err.Error() }
	}
	var be *pairing.BaselineError
	if kind == resultsfile.KindISA {
		rep, err := compare.CompareISA(inputs, copt)
		switch {
		case err == nil:
			out.ISACompare = rep
		case errors.As(err, &be):
			return nil, &InputError{err}
		default:
			out.NoCompare = explain(err)
		}
		out.Charts = append(chart.ISA(inputs), opt.Extra...)
	} else {
		rep, err := compare.Compare(inputs, copt)
		var ice *compare.ISACountError
		switch {
		case err == nil:
			rep.Word(opt.Advise)
			out.Compare = rep
		case errors.As(err, &be), errors.As(err, &ice):
			return nil, &InputError{err}
		default:
			out.NoCompare = explain(err)
		}
		out.Charts = append(chart.All(inputs, chart.Options{By: opt.By, Report: out.Compare}), opt.Extra...)
	}

	names := []string{"summary.md", "index.html"}
	for _, c := range out.Charts {
		names = append(names, c.Name+".png", c.Name+".svg", c.Name+".csv")
	}
	for _, name := range names {
		if err := outfile.NotInput("-o", filepath.Join(dir, name), opt.Inputs...); err != nil {
			return nil, err
		}
	}
	write := func(name string, data []byte) error {
		if err := resultsfile.WriteFileAtomic(filepath.Join(dir, name), data, 0o644); err != nil {
			return &WriteError{Path: filepath.Join(dir, name), Err: err}
		}
		out.Files = append(out.Files, name)
		return nil
	}
	for _, c := range out.Charts {
		png, err := c.PNG()
		if err != nil {
			return nil, err
		}
		svg, err := c.SVG()
		if err != nil {
			return nil, err
		}
		for _, f := range []struct {
			ext  string
			data []byte
		}{{".png", png}, {".svg", svg}, {".csv", c.CSV()}} {
			if err := write(c.Name+f.ext, f.data); err != nil {
				return nil, err
			}
		}
	}
	pg := buildPage(inputs, out, opt)
	var html, md bytes.Buffer
	if err := writeHTML(&html, pg); err != nil {
		return nil, fmt.Errorf("render index.html: %w", err)
	}
	if err := writeMarkdown(&md, pg); err != nil {
		return nil, fmt.Errorf("render summary.md: %w", err)
	}
	if err := write("summary.md", md.Bytes()); err != nil {
		return nil, err
	}
	// index.html last: once it exists, everything it references does.
	if err := write("index.html", html.Bytes()); err != nil {
		return nil, err
	}
	return out, nil
}

func hasKey(inputs []pairing.Input, by string) bool {
	for _, in := range inputs {
		f := in.File
		switch {
		case by == "device", by == "driver":
			return true
		case strings.HasPrefix(by, "label."):
			if _, ok := f.Labels[strings.TrimPrefix(by, "label.")]; ok {
				return true
			}
		default:
			if _, ok := f.Fingerprint[by]; ok {
				return true
			}
		}
	}
	return false
}

func keysOf(inputs []pairing.Input) []string {
	set := map[string]bool{}
	for _, in := range inputs {
		for k := range in.File.Labels {
			set["label."+k] = true
		}
		for k := range in.File.Fingerprint {
			set[k] = true
		}
	}
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if len(keys) > 12 {
		keys = append(keys[:12], "...")
	}
	return keys
}

func buildPage(inputs []pairing.Input, out *Output, opt Options) *page {
	pg := &page{Compare: out.Compare, NoCmp: out.NoCompare, Charts: out.Charts}
	suites := map[string]bool{}
	for _, in := range inputs {
		f := in.File
		pg.CPU = pg.CPU || f.Device.CPU
		r := Run{
			Name:    in.Name,
			Device:  f.Device.Name,
			Driver:  strings.TrimSpace(f.Device.DriverName + " " + f.Device.DriverInfo),
			Kernel:  f.Fingerprint["kernel.release"],
			Suites:  strings.Join(f.Suites, ", "),
			Quick:   f.Quick,
			Results: len(f.Results),
		}
		if f.Device.SKU != nil {
			r.Device += " (" + f.Device.SKU.Name + ", " + f.Device.SKU.GFX + ")"
		}
		if !f.Started.IsZero() {
			r.Started = f.Started.UTC().Format("2006-01-02 15:04 UTC")
		}
		var labels []string
		for k, v := range f.Labels {
			labels = append(labels, k+"="+v)
		}
		sort.Strings(labels)
		r.Labels = strings.Join(labels, ", ")
		var cfgs []string
		for _, c := range f.Configs {
			var env []string
			for k, v := range c.Env {
				env = append(env, k+"="+v)
			}
			sort.Strings(env)
			cfgs = append(cfgs, c.Name+" ("+strings.Join(env, " ")+")")
		}
		r.Configs = strings.Join(cfgs, "; ")
		for _, s := range f.Suites {
			suites[s] = true
		}
		pg.Runs = append(pg.Runs, r)
	}
	var ss []string
	for s := range suites {
		ss = append(ss, s)
	}
	sort.Strings(ss)
	pg.Title = "radvbench report"
	if len(ss) > 0 {
		pg.Title += ": " + strings.Join(ss, ", ")
	}
	pg.Differ, pg.Same = params(inputs)
	names, skipped, hidden := resultsByKey(inputs)
	for _, g := range resultsfile.GroupSkipped(skipped) {
		pg.Skips = append(pg.Skips, g.String())
	}
	if rep := out.Compare; rep != nil {
		pg.Summary = rep.Summary()
		pg.Failed = rep.Failed()
		pg.Multi = len(rep.Groups) > 2
		pg.Baseline = rep.Baseline
		alpha := fmt.Sprintf("alpha %g", rep.Policy.Alpha)
		if rep.Family > 1 {
			alpha += fmt.Sprintf(" across %d benchmarks (Holm)", rep.Family)
		}
		pg.Policy = fmt.Sprintf("threshold ±%s, %s, noise limit ±%s", compare.FormatPercent(rep.Policy.Threshold), alpha,
			compare.FormatPercent(noiseLimit(rep.Policy)))
		if rep.NoiseFile != "" {
			pg.Policy += ", noise floors from " + rep.NoiseFile
		}
		fn := comparefmt.FootnotesOf(rep)
		pg.Rows = rows(rep, names, hidden, fn)
		pg.Footnotes = footnotesOf(pg.Rows, fn)
	}
	if kind, _ := pairing.Kind(inputs); kind == resultsfile.KindISA {
		pg.ISA = newISASection(inputs, out.ISACompare)
		pg.Title = strings.Replace(pg.Title, "radvbench report", "radvbench isa report", 1)
		if out.ISACompare != nil {
			pg.Summary, pg.Failed, pg.Baseline = out.ISACompare.Summary(), out.ISACompare.Failed(), out.ISACompare.Baseline
		}
	}
	if inputs[0].File.Tool.Version != "" {
		pg.Tool = inputs[0].File.Tool.Name + " " + inputs[0].File.Tool.Version
	}
	return pg
}

// resultsByKey maps every comparison key (Result.ID and noise.Key) of the
// inputs to a result, and lists the benchmarks skipped in every run that
// has them, one result each, with their keys (hidden: the verdict table
// leaves them out; the page lists them by reason).
func resultsByKey(inputs []pairing.Input) (names map[string]*resultsfile.Result, skipped []resultsfile.Result, hidden map[string]bool) {
	names = map[string]*resultsfile.Result{}
	everywhere := map[string]bool{}
	var order []string
	for _, in := range inputs {
		for i := range in.File.Results {
			r := &in.File.Results[i]
			id := r.ID()
			for _, k := range []string{id, noise.Key(r)} {
				if names[k] == nil {
					names[k] = r
				}
			}
			all, seen := everywhere[id]
			if !seen {
				order = append(order, id)
				all = true
			}
			everywhere[id] = all && r.Status == resultsfile.StatusSkipped
		}
	}
	for _, id := range order {
		if everywhere[id] {
			skipped = append(skipped, *names[id])
		}
	}
	hidden = map[string]bool{}
	for k, r := range names {
		hidden[k] = everywhere[r.ID()]
	}
	return names, skipped, hidden
}

func noiseLimit(p verdict.Policy) float64 {
	if p.Noise > 0 {
		return p.Noise
	}
	return p.Threshold
}

// params splits the configuration keys (fingerprint and labels) into
// those whose values differ between runs and those all runs share.
func params(inputs []pairing.Input) (differ, same []Param) {
	keys := map[string]bool{}
	get := func(f *resultsfile.File, k string) string {
		if strings.HasPrefix(k, "label.") {
			return f.Labels[strings.TrimPrefix(k, "label.")]
		}
		return f.Fingerprint[k]
	}
	for _, in := range inputs {
		for k := range in.File.Fingerprint {
			keys[k] = true
		}
		for k := range in.File.Labels {
			keys["label."+k] = true
		}
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		p := Param{Key: k}
		diff := false
		for i, in := range inputs {
			v := get(in.File, k)
			p.Values = append(p.Values, v)
			diff = diff || (i > 0 && v != p.Values[0])
		}
		if diff {
			differ = append(differ, p)
		} else {
			same = append(same, Param{Key: k, Values: p.Values[:1]})
		}
	}
	return differ, same
}
