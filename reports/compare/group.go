package compare

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/core/results"
	"github.com/radvbench/radvbench/reports/noise"
)

// Grouping (benchproc's job in golang.org/x/perf): which results form a
// side, and which runs each benchmark has on it.

// entry is a benchmark's pooled data within one group: its runs.
type entry struct {
	key    string
	result *results.Result // first ok result seen, for metric and status
	runs   [][]float64     // samples of each run
	marks  [][]bool        // each run's disturbed marks (nil: none)
	// blocks names the round each run was taken in, for pairing with the
	// other side's run of that round ("" when the runs are not paired).
	blocks []string
	// secs is the time each run spent on the benchmark (DurationS split
	// over the result's runs).
	secs  []float64
	files []string
	// clocks holds each run's per-sample shader clocks (MHz), aligned
	// with runs; a run without them has nil (see inCycles).
	clocks [][]float64
	// best is the variant this entry stands for in a comparison of best
	// against best (bestOf); "" otherwise.
	best string
}

// addRuns appends the runs of result r: every round of it is one run.
// block, when not "", names the rounds: a run's block is block#ROUND.
func (e *entry) addRuns(r *results.Result, block string) {
	rounds, groups := r.RunSamples()
	marks := r.RunDisturbed()
	clocks := runClocks(r)
	for i, g := range groups {
		e.runs = append(e.runs, g)
		e.marks = append(e.marks, marks[i])
		var clk []float64
		if i < len(clocks) {
			clk = clocks[i]
		}
		e.clocks = append(e.clocks, clk)
		b := ""
		if block != "" {
			b = block + "#" + strconv.Itoa(rounds[i])
		}
		e.blocks = append(e.blocks, b)
		if r.DurationS > 0 {
			e.secs = append(e.secs, r.DurationS/float64(len(groups)))
		}
	}
}

type groupData struct {
	name    string
	files   []string
	inputs  []Input
	entries map[string]*entry
	order   []string
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

// group assigns results to groups in order of first appearance. A group
// holding several files pools their runs.
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
			block := in.Block
			if block == "" && by == "config" {
				// One file's A/B runs: round k ran each configuration once,
				// one after the other.
				block = "file " + in.Name
			}
			e.addRuns(r, block)
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
