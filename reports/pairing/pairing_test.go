package pairing

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// runFile is a results file of n runs (rounds 1..n; one run without
// rounds when n is 1) of each kernel of suite "s", every sample of run k
// at k·base, on the device named dev. (reports/compare's tests judge
// realistic fixtures; these only group and pair.)
func runFile(dev string, n int, base float64, kernels ...string) *resultsfile.File {
	f := &resultsfile.File{Schema: resultsfile.Schema, Tool: resultsfile.Tool{Name: "radvbench", Version: "0.1.0-dev"},
		Started: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), Device: resultsfile.Device{Name: dev, TimestampPeriodNS: 1}}
	for _, k := range kernels {
		r := resultsfile.Result{Suite: "s", Kernel: k, Status: resultsfile.StatusOK, Params: map[string]int64{"n": 64},
			Metric: resultsfile.Metric{Name: "throughput", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter}}
		for run := 1; run <= n; run++ {
			for range 3 {
				r.Metric.Samples = append(r.Metric.Samples, base*float64(run))
				if n > 1 {
					r.SampleRounds = append(r.SampleRounds, run)
				}
			}
		}
		f.Results = append(f.Results, r)
	}
	if n > 1 {
		for run := 1; run <= n; run++ {
			t := f.Started.Add(time.Duration(run) * time.Minute)
			f.Rounds = append(f.Rounds, resultsfile.Round{Index: run, Started: t, Finished: t.Add(time.Second)})
		}
	}
	return f
}

// abFile is one file of two A/B configurations, a and b, with n runs
// each, run interleaved.
func abFile(n int) *resultsfile.File {
	f := runFile("gpu", 1, 1)
	f.Configs = []resultsfile.Config{{Name: "a"}, {Name: "b"}}
	for _, cfg := range f.Configs {
		r := resultsfile.Result{Suite: "s", Kernel: "k", Config: cfg.Name, Status: resultsfile.StatusOK,
			Metric: resultsfile.Metric{Name: "throughput", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter}}
		for run := 1; run <= n; run++ {
			r.Metric.Samples = append(r.Metric.Samples, float64(run), float64(run))
			r.SampleRounds = append(r.SampleRounds, run, run)
			f.Rounds = append(f.Rounds, resultsfile.Round{Index: run, Config: cfg.Name, Started: f.Started, Finished: f.Started})
		}
		f.Results = append(f.Results, r)
	}
	return f
}

// TestGroups: inputs grouped by each kind of key, the baseline first,
// each benchmark's runs pooled on its side and named by their round
// where they pair; too few groups, an unknown key and an unknown
// baseline are errors.
func TestGroups(t *testing.T) {
	labelled := func(f *resultsfile.File, v string) *resultsfile.File {
		f.Labels = map[string]string{"host": v}
		return f
	}
	a, b := runFile("gpu", 2, 1, "k", "only-a"), runFile("gpu", 3, 2, "k", "only-b")
	for _, tc := range []struct {
		name     string
		inputs   []Input
		by, base string
		groups   []string // display names, baseline first
		keys     []string // UnionKeys of the baseline and the second group
		runs     []int    // each group's runs of the first key
		blocks   []string // the baseline's blocks of the first key
		err      string
	}{
		{name: "each input", inputs: []Input{{Name: "a.json", File: a}, {Name: "b.json", File: b}},
			groups: []string{"a.json", "b.json"}, keys: []string{"s/k/n=64", "s/only-a/n=64", "s/only-b/n=64"}, runs: []int{2, 3}, blocks: []string{"", ""}},
		{name: "baseline named", inputs: []Input{{Name: "a.json", File: a}, {Name: "b.json", File: b}}, base: "b.json",
			groups: []string{"b.json", "a.json"}, keys: []string{"s/k/n=64", "s/only-b/n=64", "s/only-a/n=64"}, runs: []int{3, 2}, blocks: []string{"", "", ""}},
		{name: "pooled with --", inputs: []Input{{Name: "a.json", File: a, Group: "A"}, {Name: "a2.json", File: runFile("gpu", 2, 1.5, "k"), Group: "A"}, {Name: "b.json", File: b, Group: "B"}},
			groups: []string{"A", "B"}, keys: []string{"s/k/n=64", "s/only-a/n=64", "s/only-b/n=64"}, runs: []int{4, 3}, blocks: []string{"", "", "", ""}},
		{name: "in rounds", inputs: []Input{{Name: "a.json", File: a, Group: "A", Block: "round 1"}, {Name: "b.json", File: b, Group: "B", Block: "round 1"}},
			groups: []string{"A", "B"}, keys: []string{"s/k/n=64", "s/only-a/n=64", "s/only-b/n=64"}, runs: []int{2, 3}, blocks: []string{"round 1#1", "round 1#2"}},
		{name: "by label", by: "label.host", inputs: []Input{{Name: "a.json", File: labelled(runFile("gpu", 2, 1, "k"), "x")}, {Name: "b.json", File: labelled(runFile("gpu", 2, 2, "k"), "y")}, {Name: "c.json", File: runFile("gpu", 2, 3, "k")}},
			groups: []string{"x", "y", "(unset)"}, keys: []string{"s/k/n=64"}, runs: []int{2, 2, 2}, blocks: []string{"", ""}},
		{name: "unset as baseline", by: "label.host", base: "(unset)", inputs: []Input{{Name: "a.json", File: labelled(runFile("gpu", 2, 1, "k"), "x")}, {Name: "c.json", File: runFile("gpu", 1, 3, "k")}},
			groups: []string{"(unset)", "x"}, keys: []string{"s/k/n=64"}, runs: []int{1, 2}, blocks: []string{""}},
		{name: "by config: one file's rounds pair", by: "config", inputs: []Input{{Name: "ab.json", File: abFile(3)}},
			groups: []string{"a", "b"}, keys: []string{"s/k"}, runs: []int{3, 3}, blocks: []string{"file ab.json#1", "file ab.json#2", "file ab.json#3"}},
		{name: "one input", inputs: []Input{{Name: "a.json", File: a}}, err: "need at least two results files to compare"},
		{name: "one value of the key", by: "device", inputs: []Input{{Name: "a.json", File: a}, {Name: "b.json", File: b}}, err: `all results have the same device ("gpu"): nothing to compare`},
		{name: "unknown key", by: "label.nope", inputs: []Input{{Name: "a.json", File: a}, {Name: "b.json", File: b}}, err: `no results file has the key "label.nope": use one of device, driver, file`},
		{name: "unknown baseline", base: "c.json", inputs: []Input{{Name: "a.json", File: a}, {Name: "b.json", File: b}}, err: `baseline "c.json" is not one of the groups (a.json, b.json)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gs, err := Groups(tc.inputs, tc.by, tc.base, "results files")
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			var runs []int
			for _, g := range gs {
				names = append(names, g.DisplayName())
				runs = append(runs, len(g.Entries[g.Order[0]].Runs))
			}
			if !slices.Equal(names, tc.groups) {
				t.Errorf("groups %q, want %q", names, tc.groups)
			}
			if keys := UnionKeys(gs[0], gs[1]); !slices.Equal(keys, tc.keys) {
				t.Errorf("keys %q, want %q", keys, tc.keys)
			}
			if !slices.Equal(runs, tc.runs) {
				t.Errorf("runs %v, want %v", runs, tc.runs)
			}
			if blocks := gs[0].Entries[gs[0].Order[0]].Blocks; !slices.Equal(blocks, tc.blocks) {
				t.Errorf("blocks %q, want %q", blocks, tc.blocks)
			}
		})
	}
}

// TestTooFewGroupsErrorIsa: the error names isa files as such.
func TestTooFewGroupsErrorIsa(t *testing.T) {
	_, err := Groups([]Input{{Name: "a.json", File: runFile("gpu", 1, 1, "k")}}, "", "", "isa files")
	var e *TooFewGroupsError
	if !errors.As(err, &e) || !e.ISA || !strings.Contains(err.Error(), "two isa files") {
		t.Errorf("err = %v, want a TooFewGroupsError of isa files", err)
	}
}

// TestPairRuns: runs pair by round when every run names one and enough
// of the smaller side's have a partner (MinPairedShare), base[i] and
// new[i] from one round in the baseline's order; otherwise every run of
// each side, unpaired.
func TestPairRuns(t *testing.T) {
	side := func(blocks ...string) *Side {
		s := &Side{blocks: blocks}
		for i := range blocks {
			s.RunEstimates = append(s.RunEstimates, float64(10*(i+1)))
		}
		return s
	}
	for _, tc := range []struct {
		name      string
		b, n      *Side
		base, new []float64
		paired    bool
	}{
		{"every round on both", side("r1", "r2", "r3"), side("r3", "r1", "r2"), []float64{10, 20, 30}, []float64{20, 30, 10}, true},
		{"three of four pair", side("r1", "r2", "r3", "r4"), side("r1", "r2", "r4", "r5"), []float64{10, 20, 40}, []float64{10, 20, 30}, true},
		{"too few pair", side("r1", "r2", "r3", "r4"), side("r1", "r5", "r6", "r7"), []float64{10, 20, 30, 40}, []float64{10, 20, 30, 40}, false},
		{"a run without a round", side("r1", ""), side("r1", "r2"), []float64{10, 20}, []float64{10, 20}, false},
		{"no rounds", side("", ""), side("", "", ""), []float64{10, 20}, []float64{10, 20, 30}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base, next, paired := PairRuns(tc.b, tc.n)
			if !slices.Equal(base, tc.base) || !slices.Equal(next, tc.new) || paired != tc.paired {
				t.Errorf("PairRuns = %v, %v, %v; want %v, %v, %v", base, next, paired, tc.base, tc.new, tc.paired)
			}
		})
	}
}

// TestKeepBest: each kernel and size keeps its best variant's runs
// under the "best" key, naming the variant.
func TestKeepBest(t *testing.T) {
	f := runFile("gpu", 1, 1, "k")
	slow, fast := f.Results[0], f.Results[0]
	slow.Variant, fast.Variant = map[string]string{"name": "slow"}, map[string]string{"name": "fast"}
	fast.Metric.Samples = []float64{5, 5, 5}
	f.Results = []resultsfile.Result{slow, fast}
	gs, err := Groups([]Input{{Name: "a.json", File: f}, {Name: "b.json", File: runFile("gpu", 1, 1, "k")}}, "", "", "results files")
	if err != nil {
		t.Fatal(err)
	}
	KeepBest(gs[0])
	if len(gs[0].Order) != 1 {
		t.Fatalf("keys %q, want one", gs[0].Order)
	}
	e := gs[0].Entries[gs[0].Order[0]]
	if e.Best != "fast" || !strings.Contains(e.Key, "/"+BestVariant) || e.Runs[0][0] != 5 {
		t.Errorf("kept %q (variant %q, runs %v), want the fast variant under the best key", e.Key, e.Best, e.Runs)
	}
	if got := slices.Sorted(maps.Keys(gs[0].Entries)); !slices.Equal(got, gs[0].Order) {
		t.Errorf("entries %q, order %q", got, gs[0].Order)
	}
}

// TestSideCPU: a side whose runs came from a CPU implementation says so
// (its run levels are worded for it, not blamed on a GPU's clock); a
// GPU's side does not.
func TestSideCPU(t *testing.T) {
	for _, cpu := range []bool{false, true} {
		f := runFile("dev", 3, 1, "k")
		f.Device.CPU = cpu
		gs, err := Groups([]Input{{Name: "a.json", File: f}, {Name: "b.json", File: runFile("gpu", 3, 1, "k")}}, "file", "", "results files")
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range gs[0].Entries {
			if s := NewSide(e, false); s.CPU != cpu {
				t.Errorf("Device.CPU %v: side's CPU %v", cpu, s.CPU)
			}
		}
		for _, e := range gs[1].Entries {
			if NewSide(e, false).CPU {
				t.Errorf("the GPU's side says CPU")
			}
		}
	}
}
