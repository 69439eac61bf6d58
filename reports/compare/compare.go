// Package compare turns radvbench results files into verdicts: it groups
// runs (per file, or by a label, fingerprint key or A/B configuration),
// pairs benchmarks across groups, and judges each pair against a gating
// policy with golang.org/x/perf's benchmath (median, its confidence
// interval, Mann-Whitney U test). It also renders the outcome as a text
// table, Markdown, JUnit XML or JSON. It is pure Go: no cgo, no Vulkan.
package compare

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"golang.org/x/perf/benchmath"

	"github.com/radvbench/radvbench/reports/results"
	"github.com/radvbench/radvbench/reports/stats"
)

// Verdict is the outcome for one benchmark in one group against the
// baseline.
type Verdict string

const (
	// Regression: significant and worse by more than the threshold.
	Regression Verdict = "regression"
	// Improvement: significant and better by more than the threshold.
	Improvement Verdict = "improvement"
	// Same: no significant change beyond the threshold.
	Same Verdict = "~"
	// Noisy: not decisive, and a confidence interval is too wide to say
	// there is no change.
	Noisy Verdict = "noisy"
	// Failed: the benchmark was ok in the baseline and failed (e.g. did not
	// verify) in the other group. Fails the gate like a regression.
	Failed Verdict = "failed"
	// Missing: the benchmark is in the baseline only.
	Missing Verdict = "missing"
	// Added: the benchmark is in the other group only.
	Added Verdict = "added"
	// Incomparable: present on both sides but not comparable (skipped,
	// failed in the baseline, different metrics).
	Incomparable Verdict = "incomparable"
)

// Input is one results file and the name it is shown under.
type Input struct {
	Name string
	File *results.File
}

// Options select grouping and policy.
type Options struct {
	Policy Policy
	// By is the grouping key: "" (each input is a group, named by its
	// Name), "config" (Result.Config), "file", "label.KEY" (File.Labels),
	// "device" (Device.Name), "driver" (Device.DriverInfo), or any key of
	// File.Fingerprint (kernel.release, amdgpu.vm_fragment_size, ...).
	By string
	// Baseline is the group every other group is compared against; ""
	// means the first group (in input order).
	Baseline string
}

// Side is one group's view of a benchmark.
type Side struct {
	Status string  `json:"status"`
	Reason string  `json:"reason,omitempty"`
	N      int     `json:"n"`
	Median float64 `json:"median"`
	// Low and High bound the 95% CI of the median (±Inf when N is too
	// small for one).
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	// RelCI is the CI half-width relative to the median (+Inf when none).
	RelCI   float64   `json:"rel_ci"`
	CV      float64   `json:"cv"`
	Samples []float64 `json:"-"`
}

// Comparison is one benchmark in one group against the baseline group.
type Comparison struct {
	// Key identifies the benchmark: Result.ID(), plus "@CONFIG" when the
	// result carries an A/B configuration that is not the grouping key.
	Key    string `json:"key"`
	Group  string `json:"group"`
	Metric string `json:"metric"`
	Unit   string `json:"unit"`
	Better string `json:"better"`
	Base   *Side  `json:"base"`
	New    *Side  `json:"new"`
	// Change is New.Median/Base.Median - 1 (NaN when not computed).
	Change float64 `json:"change"`
	// P is the Mann-Whitney U p-value (NaN when not computed).
	P       float64 `json:"p"`
	Verdict Verdict `json:"verdict"`
	Limits  Limits  `json:"limits"`
	// Allowed is set on a regression or failure the policy's allow-list
	// accepts; AllowReason says why.
	Allowed     bool     `json:"allowed,omitempty"`
	AllowReason string   `json:"allow_reason,omitempty"`
	Warnings    []string `json:"warnings,omitempty"`
	// Note explains an Incomparable or Failed verdict.
	Note string `json:"note,omitempty"`
}

// Fails reports whether this comparison fails the gate.
func (c *Comparison) Fails() bool {
	return (c.Verdict == Regression || c.Verdict == Failed) && !c.Allowed
}

// Group is a set of inputs sharing one value of the grouping key.
type Group struct {
	Name  string   `json:"name"`
	Files []string `json:"files"`
}

// Counts tallies verdicts.
type Counts struct {
	Regressions  int `json:"regressions"`
	Allowed      int `json:"allowed"`
	Failed       int `json:"failed"`
	Improvements int `json:"improvements"`
	Same         int `json:"unchanged"`
	Noisy        int `json:"noisy"`
	Missing      int `json:"missing"`
	Added        int `json:"added"`
	Incomparable int `json:"incomparable"`
}

// Report is the outcome of a comparison.
type Report struct {
	By       string  `json:"by,omitempty"`
	Baseline string  `json:"baseline"`
	Groups   []Group `json:"groups"`
	// Notes are facts stated at the top: device or driver mismatches,
	// CPU (lavapipe) figures, changed shaders, unused allow entries.
	Notes       []string     `json:"notes,omitempty"`
	Policy      Policy       `json:"-"`
	Comparisons []Comparison `json:"comparisons"`
	Counts      Counts       `json:"counts"`
}

// Failed reports whether the gate fails: at least one regression or new
// failure the allow-list does not accept.
func (r *Report) Failed() bool {
	return r.Counts.Regressions > 0 || r.Counts.Failed > 0
}

// entry is a benchmark's pooled data within one group.
type entry struct {
	key     string
	result  *results.Result // first result seen, for metric and status
	samples []float64
	files   []string
}

type groupData struct {
	name    string
	files   []string
	inputs  []Input
	entries map[string]*entry
	order   []string
}

// Compare groups the inputs, pairs benchmarks and judges every non-baseline
// group against the baseline. Errors are input or usage errors.
func Compare(inputs []Input, opt Options) (*Report, error) {
	if err := opt.Policy.Validate(); err != nil {
		return nil, err
	}
	if len(inputs) == 0 {
		return nil, fmt.Errorf("no results files to compare")
	}
	groups, err := group(inputs, opt.By)
	if err != nil {
		return nil, err
	}
	if len(groups) < 2 {
		if opt.By == "" {
			return nil, fmt.Errorf("need at least two results files to compare (or --by KEY to compare groups within them)")
		}
		return nil, fmt.Errorf("all results have the same %s (%q): nothing to compare; pick another --by key", opt.By, displayGroup(groups[0].name))
	}
	base := 0
	if opt.Baseline != "" {
		base = -1
		var names []string
		for i, g := range groups {
			names = append(names, displayGroup(g.name))
			if g.name == opt.Baseline || (opt.Baseline == unsetGroup && g.name == "") {
				base = i
			}
		}
		if base < 0 {
			return nil, &BaselineError{Baseline: opt.Baseline, Groups: names}
		}
	}
	// Baseline first, the others in input order.
	ordered := append([]*groupData{groups[base]}, append(append([]*groupData{}, groups[:base]...), groups[base+1:]...)...)

	rep := &Report{By: opt.By, Baseline: displayGroup(ordered[0].name), Policy: opt.Policy}
	for _, g := range ordered {
		rep.Groups = append(rep.Groups, Group{Name: displayGroup(g.name), Files: g.files})
	}
	rep.Notes = notes(ordered, opt.By)

	allowUsed := make([]bool, len(opt.Policy.Allow))
	bg := ordered[0]
	for _, g := range ordered[1:] {
		keys := unionKeys(bg, g)
		for _, k := range keys {
			c := judge(k, displayGroup(g.name), bg.entries[k], g.entries[k], &opt.Policy)
			if c.Allowed {
				for i := range opt.Policy.Allow {
					if opt.Policy.Allow[i].Match.Match(k) {
						allowUsed[i] = true
						break
					}
				}
			}
			rep.Comparisons = append(rep.Comparisons, c)
		}
	}
	for i, used := range allowUsed {
		if !used {
			rep.Notes = append(rep.Notes, fmt.Sprintf("allow entry %q matched no regression: remove it from the policy once the cause is fixed", opt.Policy.Allow[i].Match.Text))
		}
	}
	for i := range rep.Comparisons {
		c := &rep.Comparisons[i]
		switch c.Verdict {
		case Regression:
			if c.Allowed {
				rep.Counts.Allowed++
			} else {
				rep.Counts.Regressions++
			}
		case Failed:
			if c.Allowed {
				rep.Counts.Allowed++
			} else {
				rep.Counts.Failed++
			}
		case Improvement:
			rep.Counts.Improvements++
		case Same:
			rep.Counts.Same++
		case Noisy:
			rep.Counts.Noisy++
		case Missing:
			rep.Counts.Missing++
		case Added:
			rep.Counts.Added++
		case Incomparable:
			rep.Counts.Incomparable++
		}
	}
	return rep, nil
}

// unsetGroup names the group of inputs that lack the grouping key.
const unsetGroup = "(unset)"

func displayGroup(name string) string {
	if name == "" {
		return unsetGroup
	}
	return name
}

// groupValue returns the value of the grouping key for a file, and
// whether the file has the key.
func groupValue(in Input, by string) (value string, ok bool) {
	f := in.File
	switch {
	case by == "file":
		return in.Name, true
	case by == "device":
		return f.Device.Name, f.Device.Name != ""
	case by == "driver":
		return f.Device.DriverInfo, f.Device.DriverInfo != ""
	case strings.HasPrefix(by, "label."):
		v, ok := f.Labels[strings.TrimPrefix(by, "label.")]
		return v, ok
	}
	v, ok := f.Fingerprint[by]
	return v, ok
}

// group assigns results to groups in order of first appearance.
func group(inputs []Input, by string) ([]*groupData, error) {
	var groups []*groupData
	index := map[string]*groupData{}
	get := func(name string) *groupData {
		g := index[name]
		if g == nil {
			g = &groupData{name: name, entries: map[string]*entry{}}
			index[name] = g
			groups = append(groups, g)
		}
		return g
	}
	add := func(g *groupData, in Input, r *results.Result, key string) {
		e := g.entries[key]
		if e == nil {
			e = &entry{key: key, result: r}
			g.entries[key] = e
			g.order = append(g.order, key)
		} else if e.result.Status != results.StatusOK && r.Status == results.StatusOK {
			e.result = r
		}
		if r.Status == results.StatusOK {
			e.samples = append(e.samples, r.Metric.Samples...)
		}
		if len(e.files) == 0 || e.files[len(e.files)-1] != in.Name {
			e.files = append(e.files, in.Name)
		}
		if len(g.files) == 0 || g.files[len(g.files)-1] != in.Name {
			g.files = append(g.files, in.Name)
			g.inputs = append(g.inputs, in)
		}
	}
	switch by {
	case "":
		for i, in := range inputs {
			name := in.Name
			if _, dup := index[name]; dup {
				name = fmt.Sprintf("%s#%d", in.Name, i+1)
			}
			g := get(name)
			for j := range in.File.Results {
				r := &in.File.Results[j]
				add(g, in, r, resultKey(r))
			}
		}
	case "config":
		// Configurations in the order the files declare them, then as seen.
		for _, in := range inputs {
			for _, c := range in.File.Configs {
				get(c.Name)
			}
		}
		for _, in := range inputs {
			for j := range in.File.Results {
				r := &in.File.Results[j]
				add(get(r.Config), in, r, r.ID())
			}
		}
		// Drop declared configurations that have no results.
		kept := groups[:0]
		for _, g := range groups {
			if len(g.entries) > 0 {
				kept = append(kept, g)
			}
		}
		groups = kept
	default:
		found := false
		for _, in := range inputs {
			v, ok := groupValue(in, by)
			found = found || ok
			g := get(v)
			for j := range in.File.Results {
				r := &in.File.Results[j]
				add(g, in, r, resultKey(r))
			}
		}
		if !found {
			return nil, fmt.Errorf("no results file has the key %q: %s", by, availableKeys(inputs))
		}
	}
	if len(groups) == 0 {
		return nil, fmt.Errorf("the results files hold no benchmarks")
	}
	return groups, nil
}

// availableKeys lists the grouping keys the inputs offer, for an error.
func availableKeys(inputs []Input) string {
	set := map[string]bool{"file": true, "device": true, "driver": true}
	for _, in := range inputs {
		for k := range in.File.Labels {
			set["label."+k] = true
		}
		for k := range in.File.Fingerprint {
			set[k] = true
		}
		for _, r := range in.File.Results {
			if r.Config != "" {
				set["config"] = true
			}
		}
	}
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return "use one of " + strings.Join(keys, ", ")
}

// resultKey pairs results: the benchmark ID, plus the A/B configuration.
func resultKey(r *results.Result) string {
	if r.Config != "" {
		return r.ID() + "@" + r.Config
	}
	return r.ID()
}

// unionKeys lists the baseline's benchmarks in its order, then those only
// the other group has, in its order.
func unionKeys(a, b *groupData) []string {
	keys := append([]string(nil), a.order...)
	for _, k := range b.order {
		if _, ok := a.entries[k]; !ok {
			keys = append(keys, k)
		}
	}
	return keys
}

func side(e *entry) *Side {
	s := &Side{Status: e.result.Status, Reason: e.result.Reason, N: len(e.samples), Samples: e.samples}
	if s.Status == "" {
		s.Status = results.StatusOK
	}
	if s.Status != results.StatusOK || len(e.samples) == 0 {
		s.Median, s.Low, s.High, s.RelCI = math.NaN(), math.NaN(), math.NaN(), math.NaN()
		return s
	}
	sum := stats.Summarize(e.samples)
	s.Median, s.Low, s.High, s.RelCI, s.CV = sum.Median, sum.Low, sum.High, sum.RelWidth(), sum.CV
	return s
}

// judge compares one benchmark of group g against the baseline.
func judge(key, group string, be, ge *entry, p *Policy) Comparison {
	lim, allow := p.For(key)
	c := Comparison{Key: key, Group: group, Change: math.NaN(), P: math.NaN(), Limits: lim}
	ref := be
	if ref == nil {
		ref = ge
	}
	c.Metric, c.Unit, c.Better = ref.result.Metric.Name, ref.result.Metric.Unit, ref.result.Metric.Better
	if be != nil {
		c.Base = side(be)
	}
	if ge != nil {
		c.New = side(ge)
	}
	allowIt := func() {
		if allow != nil {
			c.Allowed, c.AllowReason = true, allow.Reason
		}
	}
	switch {
	case be == nil:
		c.Verdict = Added
		return c
	case ge == nil:
		c.Verdict = Missing
		return c
	}
	bs, ns := c.Base.Status, c.New.Status
	if bs != results.StatusOK || ns != results.StatusOK {
		c.Verdict = Incomparable
		switch {
		case bs == results.StatusOK && ns == results.StatusFailed:
			c.Verdict = Failed
			c.Note = "failed: " + c.New.Reason
			allowIt()
		case bs == results.StatusFailed && ns == results.StatusOK:
			c.Note = "failed in the baseline, ok now"
		case bs == results.StatusSkipped || ns == results.StatusSkipped:
			c.Note = "skipped: " + firstNonEmpty(c.New.Reason, c.Base.Reason)
		default:
			c.Note = fmt.Sprintf("status %s in the baseline, %s here", bs, ns)
		}
		return c
	}
	bm, nm := be.result.Metric, ge.result.Metric
	if bm.Unit != nm.Unit || bm.Better != nm.Better {
		c.Verdict = Incomparable
		c.Note = fmt.Sprintf("metric differs: %s (%s, %s is better) in the baseline, %s (%s, %s is better) here", bm.Name, bm.Unit, bm.Better, nm.Name, nm.Unit, nm.Better)
		return c
	}
	dir := 0
	switch bm.Better {
	case results.HigherIsBetter:
		dir = 1
	case results.LowerIsBetter:
		dir = -1
	default:
		c.Verdict = Incomparable
		c.Note = fmt.Sprintf("metric %s has no direction (better: %q): cannot tell a regression from an improvement", bm.Name, bm.Better)
		return c
	}
	if c.Base.Median == 0 || math.IsNaN(c.Base.Median) {
		c.Verdict = Incomparable
		c.Note = "baseline median is zero"
		return c
	}

	thr := benchmath.Thresholds{CompareAlpha: lim.Alpha}
	s1 := benchmath.NewSample(append([]float64(nil), be.samples...), &thr)
	s2 := benchmath.NewSample(append([]float64(nil), ge.samples...), &thr)
	cmp := benchmath.AssumeNothing.Compare(s1, s2)
	c.P = cmp.P
	c.Change = c.New.Median/c.Base.Median - 1
	c.Verdict = Decide(c.Change, c.P, dir, c.Base.RelCI, c.New.RelCI, lim)
	if c.Verdict == Regression {
		allowIt()
	}

	if p.MinSamples > 0 && (c.Base.N < p.MinSamples || c.New.N < p.MinSamples) {
		c.Warnings = append(c.Warnings, fmt.Sprintf("few samples (%d vs %d, want >= %d): small changes can go unseen", c.Base.N, c.New.N, p.MinSamples))
	}
	for _, w := range cmp.Warnings {
		c.Warnings = append(c.Warnings, w.Error())
	}
	if c.Verdict == Noisy {
		c.Warnings = append(c.Warnings, fmt.Sprintf("confidence interval ±%s wider than the ±%s limit: rerun with more samples or a quieter machine",
			FormatPercent(math.Max(c.Base.RelCI, c.New.RelCI)), FormatPercent(lim.Noise)))
	}
	return c
}

// Decide is the gating rule. change is new/base-1 of the medians, p the U
// test's p-value, dir +1 when higher is better and -1 when lower is, and
// baseCI/newCI the relative CI half-widths of the two medians.
//
//   - p < alpha and the change is worse than the threshold: Regression;
//   - p < alpha and the change is better than the threshold: Improvement;
//   - otherwise Noisy when either CI half-width exceeds the noise limit
//     (the data could hide a threshold-sized change), else Same.
//
// A significant change within the threshold is Same: real but too small
// to matter.
func Decide(change, p float64, dir int, baseCI, newCI float64, l Limits) Verdict {
	if p < l.Alpha && math.Abs(change) > l.Threshold {
		if float64(dir)*change < 0 {
			return Regression
		}
		return Improvement
	}
	if baseCI > l.Noise || newCI > l.Noise || math.IsNaN(baseCI) || math.IsNaN(newCI) {
		return Noisy
	}
	return Same
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// notes states what the reader must know before trusting the table.
func notes(groups []*groupData, by string) []string {
	var out []string
	type ident struct{ device, driver string }
	idOf := func(f *results.File) ident {
		d := f.Device
		drv := strings.TrimSpace(d.DriverName + " " + d.DriverInfo)
		if drv == "" {
			drv = d.DriverVersion
		}
		return ident{d.Name, drv}
	}
	first := groups[0].inputsFirst()
	if first == nil {
		return nil
	}
	base := idOf(first.File)
	seenDev := map[string]bool{}
	seenDrv := map[string]bool{}
	cpu := false
	for _, g := range groups {
		for _, in := range g.inputsAll() {
			id := idOf(in.File)
			cpu = cpu || in.File.Device.CPU
			if id.device != base.device && !seenDev[id.device] && by != "device" {
				seenDev[id.device] = true
				out = append(out, fmt.Sprintf("device differs: %s has %q, baseline %s has %q", in.Name, id.device, first.Name, base.device))
			}
			if id.driver != base.driver && !seenDrv[id.driver] && by != "driver" && by != "driver.info" {
				seenDrv[id.driver] = true
				out = append(out, fmt.Sprintf("driver differs: %s has %q, baseline %s has %q", in.Name, id.driver, first.Name, base.driver))
			}
		}
	}
	if cpu {
		out = append(out, "figures come from a CPU implementation (lavapipe): they describe the host processor, not a GPU")
	}
	// Shaders whose hash changed: the code measured is not the same.
	baseSh := map[string]string{}
	for _, in := range groups[0].inputsAll() {
		for k, v := range in.File.Shaders {
			baseSh[k] = v
		}
	}
	changed := map[string]bool{}
	for _, g := range groups[1:] {
		for _, in := range g.inputsAll() {
			for k, v := range in.File.Shaders {
				if b, ok := baseSh[k]; ok && b != v {
					changed[k] = true
				}
			}
		}
	}
	if len(changed) > 0 {
		names := make([]string, 0, len(changed))
		for k := range changed {
			names = append(names, k)
		}
		sort.Strings(names)
		out = append(out, "shaders differ from the baseline's (the code measured changed): "+strings.Join(names, ", "))
	}
	quick := map[bool]bool{}
	for _, g := range groups {
		for _, in := range g.inputsAll() {
			quick[in.File.Quick] = true
		}
	}
	if len(quick) > 1 {
		out = append(out, "some runs used --quick and others did not: problem sizes and budgets differ")
	}
	return out
}

func (g *groupData) inputsFirst() *Input {
	if len(g.inputs) == 0 {
		return nil
	}
	return &g.inputs[0]
}

func (g *groupData) inputsAll() []Input { return g.inputs }

// FormatPercent renders a fraction as a percentage with two significant
// decimals where it matters: 0.0312 -> "3.1%", 0.5 -> "50%".
func FormatPercent(f float64) string {
	switch {
	case math.IsNaN(f):
		return "?"
	case math.IsInf(f, 0):
		return "∞"
	}
	v := f * 100
	a := math.Abs(v)
	switch {
	case a >= 10:
		return fmt.Sprintf("%.0f%%", v)
	case a >= 1:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", v), ".0") + "%"
	default:
		return fmt.Sprintf("%.2f%%", v)
	}
}
