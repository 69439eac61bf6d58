package pairing

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/noise"
)

// Grouping (benchproc's job in golang.org/x/perf): which results form a
// side, and which runs each benchmark has on it.

// Entry is a benchmark's pooled data within one group: its runs.
type Entry struct {
	// Key names the benchmark within its group: noise.Key of its result
	// (Result.ID() when grouped by config; suite/kernel/best/size for a
	// kernel's best variant, see KeepBest).
	Key string
	// Result is the first ok result seen, for the metric and status.
	Result *resultsfile.Result
	// Runs holds the samples of each run; Marks each run's disturbed
	// marks (nil: none).
	Runs  [][]float64
	Marks [][]bool
	// Blocks names the round each run was taken in, for pairing with the
	// other side's run of that round ("" when the runs are not paired).
	Blocks []string
	// Turns says, for each run, how it took turns with the other side's
	// run of its round (resultsfile.Round.Turns; "" when it ran alone or the
	// file does not say): see SameSeconds.
	Turns []string
	// Secs is the time each run spent on the benchmark (DurationS split
	// over the result's runs).
	Secs []float64
	// Files names the inputs the runs came from, in order.
	Files []string
	// Clocks holds each run's per-sample shader clocks (MHz), aligned
	// with Runs; a run without them has nil (see InCycles).
	Clocks [][]float64
	// Best is the variant this entry stands for in a comparison of best
	// against best (KeepBest); "" otherwise.
	Best string
	// CPU says a run came from a CPU implementation (its file's
	// Device.CPU).
	CPU bool
}

// addRuns appends the runs of result r: every round of it is one run.
// block, when not "", names the rounds: a run's block is block#ROUND.
func (e *Entry) addRuns(f *resultsfile.File, r *resultsfile.Result, block string) {
	rounds, groups := r.RunSamples()
	marks := r.RunDisturbed()
	clocks := runClocks(r)
	e.CPU = e.CPU || f.Device.CPU
	for i, g := range groups {
		e.Runs = append(e.Runs, g)
		e.Marks = append(e.Marks, marks[i])
		var clk []float64
		if i < len(clocks) {
			clk = clocks[i]
		}
		e.Clocks = append(e.Clocks, clk)
		b := ""
		if block != "" {
			b = block + "#" + strconv.Itoa(rounds[i])
		}
		e.Blocks = append(e.Blocks, b)
		e.Turns = append(e.Turns, f.RoundTurns(rounds[i], r.Config))
		if r.DurationS > 0 {
			e.Secs = append(e.Secs, r.DurationS/float64(len(groups)))
		}
	}
}

// Group is the inputs sharing one value of the grouping key: one side of
// a comparison, its runs pooled per benchmark.
type Group struct {
	// Name is the key's value ("" for inputs that lack the key: see
	// DisplayName).
	Name string
	// Files and Inputs are the group's inputs, in input order.
	Files  []string
	Inputs []Input
	// Entries holds each benchmark's runs by key; Order lists the keys as
	// first seen.
	Entries map[string]*Entry
	Order   []string
}

// unsetGroup names the group of inputs that lack the grouping key.
const unsetGroup = "(unset)"

// DisplayName is the group's name as reports show it: "(unset)" for the
// group of inputs that lack the grouping key.
func (g *Group) DisplayName() string {
	if g.Name == "" {
		return unsetGroup
	}
	return g.Name
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

// group assigns results to groups in order of first appearance. A group
// holding several files pools their runs.
func group(inputs []Input, by string) ([]*Group, error) {
	var groups []*Group
	index := map[string]*Group{}
	get := func(name string) *Group {
		g := index[name]
		if g == nil {
			g = &Group{Name: name, Entries: map[string]*Entry{}}
			index[name] = g
			groups = append(groups, g)
		}
		return g
	}
	add := func(g *Group, in Input, r *resultsfile.Result, key string) {
		e := g.Entries[key]
		if e == nil {
			e = &Entry{Key: key, Result: r}
			g.Entries[key] = e
			g.Order = append(g.Order, key)
		} else if e.Result.Status != resultsfile.StatusOK && r.Status == resultsfile.StatusOK {
			e.Result = r
		}
		if r.Status == resultsfile.StatusOK {
			block := in.Block
			if block == "" && by == "config" {
				// One file's A/B runs: round k ran each configuration once,
				// one after the other.
				block = "file " + in.Name
			}
			e.addRuns(in.File, r, block)
		}
		if len(e.Files) == 0 || e.Files[len(e.Files)-1] != in.Name {
			e.Files = append(e.Files, in.Name)
		}
		if len(g.Files) == 0 || g.Files[len(g.Files)-1] != in.Name {
			g.Files = append(g.Files, in.Name)
			g.Inputs = append(g.Inputs, in)
		}
	}
	switch by {
	case "":
		for i, in := range inputs {
			name := in.Group
			if name == "" {
				name = in.Name
				if _, dup := index[name]; dup {
					name = fmt.Sprintf("%s#%d", in.Name, i+1)
				}
			}
			g := get(name)
			for j := range in.File.Results {
				r := &in.File.Results[j]
				add(g, in, r, noise.Key(r))
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
			if len(g.Entries) > 0 {
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
				add(g, in, r, noise.Key(r))
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

// UnionKeys lists the baseline's benchmarks in its order, then those only
// the other group has, in its order.
func UnionKeys(a, b *Group) []string {
	keys := append([]string(nil), a.Order...)
	for _, k := range b.Order {
		if _, ok := a.Entries[k]; !ok {
			keys = append(keys, k)
		}
	}
	return keys
}

// TooFewGroupsError: the inputs make fewer than two groups to compare:
// fewer than two inputs (By ""), or every input has the same value
// (Group) of the key By.
type TooFewGroupsError struct {
	What  string // the inputs: "results files", "isa files"
	ISA   bool   // the inputs are isa files
	By    string
	Group string
}

func (e *TooFewGroupsError) Error() string {
	if e.By == "" {
		return fmt.Sprintf("need at least two %s to compare", e.What)
	}
	return fmt.Sprintf("all results have the same %s (%q): nothing to compare", e.By, e.Group)
}

// BaselineError is the answer to a baseline that names none of the
// groups; callers tell it from other input errors with errors.As.
type BaselineError struct {
	Baseline string
	Groups   []string // the groups there are, as displayed
}

func (e *BaselineError) Error() string {
	return fmt.Sprintf("baseline %q is not one of the groups (%s)", e.Baseline, strings.Join(e.Groups, ", "))
}

// Groups groups the inputs by the key by: "" (each input is a group,
// named by its Name or Group), "config" (Result.Config), "file",
// "label.KEY" (File.Labels), "device" (Device.Name), "driver"
// (Device.DriverInfo), or any key of File.Fingerprint (kernel.release,
// ...); a group's files are pooled, their runs the group's runs. The
// group named baseline comes first ("" means the first in input order;
// "(unset)" the inputs that lack the key), the others in input order.
// what names the inputs in errors ("results files", "isa files"): fewer
// than two groups is a *TooFewGroupsError, a baseline that names none a
// *BaselineError.
func Groups(inputs []Input, by, baseline, what string) ([]*Group, error) {
	groups, err := group(inputs, by)
	if err != nil {
		return nil, err
	}
	if len(groups) < 2 {
		e := &TooFewGroupsError{What: what, ISA: what == "isa files", By: by}
		if by != "" {
			e.Group = groups[0].DisplayName()
		}
		return nil, e
	}
	base := 0
	if baseline != "" {
		base = -1
		var names []string
		for i, g := range groups {
			names = append(names, g.DisplayName())
			if g.Name == baseline || (baseline == unsetGroup && g.Name == "") {
				base = i
			}
		}
		if base < 0 {
			return nil, &BaselineError{Baseline: baseline, Groups: names}
		}
	}
	return append([]*Group{groups[base]}, append(append([]*Group{}, groups[:base]...), groups[base+1:]...)...), nil
}
