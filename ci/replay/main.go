// Command replay judges the gates of a decisiveness study again, round by
// round, with this build's verdict engine: for each results file of an
// until-decided gate (`run --until-decided --config A --config B`, as
// ci/decisiveness writes them), it compares the runs of the first r
// rounds of each side by config at every round r, as the gate's sequential
// design looked (MaxRuns --max-runs; the last round is the closing look),
// and freezes each benchmark at the first look that decides it, as the
// gate stops running it. It prints each gate's count of ~, regressions,
// improvements and unsure, and, with --slow, how many benchmarks slowed by
// that many percent (over all rounds) came out regressions.
//
// It replays the runs a gate took: a rule that decides a benchmark later
// than the gate's own did sees no runs beyond those, so it errs against
// the rule replayed. It is what to run, beside ci/decisiveness, before a
// change to judging lands: it needs no neighbour and no time, only
// recorded gates.
//
//	go run ./ci/replay [--noise N.json] [--max-runs 12] [--slow 10] GATE.json ...
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "replay:", err)
		os.Exit(1)
	}
}

func run() error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	noiseFile := fs.String("noise", "", "noise file the gates judged against")
	maxRuns := fs.Int("max-runs", 12, "the gates' --runs (the design's MaxRuns)")
	verbose := fs.Bool("v", false, "print each benchmark left unsure: its change, effective threshold and warnings")
	slow := fs.Float64("slow", 10, "a change of at least this many percent slower over all rounds counts as a slowdown to catch")
	baseline := fs.String("baseline", "", "the baseline config (default: A when there is one, else the first round's)")
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	opt := compare.Options{Policy: verdict.DefaultPolicy(), By: "config", Baseline: *baseline}
	if *noiseFile != "" {
		nf, err := noise.Load(*noiseFile)
		if err != nil {
			return err
		}
		opt.Noise, opt.NoiseName = nf, *noiseFile
	}
	for _, path := range fs.Args() {
		var unsure io.Writer
		if *verbose {
			unsure = os.Stdout
		}
		g, err := replay(path, opt, *maxRuns, *slow, unsure)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		fmt.Printf("%s: %d rounds; ~ %d, regression %d, improvement %d, unsure %d of %d; slowed ≥%g%%: %d, caught %d\n",
			path, g.rounds, g.counts[verdict.Same], g.counts[verdict.Regression], g.counts[verdict.Improvement], g.counts[verdict.Unsure], g.total, *slow, g.slowed, g.caught)
	}
	return nil
}

type outcome struct {
	rounds, total, slowed, caught int
	// runs is the most runs a side the last look judged.
	runs   int
	counts map[verdict.Verdict]int
}

// replay judges the gate in path round by round (see the package doc);
// unsure, when not nil, gets a line for each benchmark left unsure.
func replay(path string, opt compare.Options, maxRuns int, slow float64, unsure io.Writer) (outcome, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return outcome{}, err
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return outcome{}, err
	}
	// The rounds of each config, in the order they ran.
	byConfig := map[string][]int{}
	rs, _ := doc["rounds"].([]any)
	for _, r := range rs {
		m := r.(map[string]any)
		cfg, _ := m["config"].(string)
		byConfig[cfg] = append(byConfig[cfg], int(m["index"].(float64)))
	}
	if len(byConfig) != 2 {
		return outcome{}, errors.New("not a gate of two configs taken in rounds")
	}
	if opt.Baseline == "" {
		opt.Baseline = rs[0].(map[string]any)["config"].(string)
		if _, ok := byConfig["A"]; ok {
			opt.Baseline = "A"
		}
	}
	rounds := -1
	for _, idx := range byConfig {
		sort.Ints(idx)
		if rounds < 0 || len(idx) < rounds {
			rounds = len(idx)
		}
	}
	decided := map[string]verdict.Verdict{}
	var last *compare.Report
	for r := 1; r <= rounds; r++ {
		keep := map[int]bool{}
		for _, idx := range byConfig {
			for _, i := range idx[:r] {
				keep[i] = true
			}
		}
		f, err := truncate(raw, keep, path)
		if err != nil {
			return outcome{}, err
		}
		o := opt
		o.Design = verdict.Design{MaxRuns: maxRuns, Closed: r == rounds}
		rep, err := compare.Compare([]pairing.Input{{Name: path, File: f}}, o)
		if err != nil {
			return outcome{}, fmt.Errorf("round %d: %w", r, err)
		}
		for _, c := range rep.Comparisons {
			if _, ok := decided[c.Key]; !ok && c.Verdict != verdict.Unsure {
				decided[c.Key] = c.Verdict
			}
		}
		last = rep
	}
	out := outcome{rounds: rounds, counts: map[verdict.Verdict]int{}}
	for _, c := range last.Comparisons {
		v, ok := decided[c.Key]
		if !ok {
			v = c.Verdict
		}
		out.total++
		out.counts[v]++
		out.runs = max(out.runs, len(c.Base.RunEstimates), len(c.New.RunEstimates))
		if unsure != nil && v == verdict.Unsure {
			var kinds []string
			for _, w := range c.Warnings {
				kinds = append(kinds, string(w.Kind))
			}
			fmt.Fprintf(unsure, "  unsure %-62s %+6.2f%% [%+.2f%%, %+.2f%%] eff ±%.2f%% moderated %v %v\n", c.Key, 100*float64(c.Change), 100*float64(c.Low), 100*float64(c.High), 100*float64(c.Limits.Effective), c.Moderated, kinds)
		}
		// The change over every run (the last look's).
		if float64(c.Change)*100 <= -slow {
			out.slowed++
			if v == verdict.Regression {
				out.caught++
			}
		}
	}
	return out, nil
}

// truncate is the results file raw with only the samples (and runs,
// warm-ups, rounds) of the rounds in keep.
func truncate(raw []byte, keep map[int]bool, name string) (*resultsfile.File, error) {
	var cp map[string]any
	if err := json.Unmarshal(raw, &cp); err != nil {
		return nil, err
	}
	var rounds []any
	for _, r := range cp["rounds"].([]any) {
		if keep[int(r.(map[string]any)["index"].(float64))] {
			rounds = append(rounds, r)
		}
	}
	cp["rounds"] = rounds
	for _, r := range cp["results"].([]any) {
		res := r.(map[string]any)
		sr, _ := res["sample_rounds"].([]any)
		if len(sr) == 0 {
			continue
		}
		mask := make([]bool, len(sr))
		for i, x := range sr {
			mask[i] = keep[int(x.(float64))]
		}
		filterAligned(res, mask)
		if in, ok := res["interference"].(map[string]any); ok {
			filterAligned(in, mask)
		}
		if m, ok := res["metric"].(map[string]any); ok {
			filterAligned(m, mask)
		}
		for _, k := range []string{"runs", "warmup"} {
			xs, _ := res[k].([]any)
			var kept []any
			for _, x := range xs {
				if keep[int(x.(map[string]any)["round"].(float64))] {
					kept = append(kept, x)
				}
			}
			if xs != nil {
				res[k] = kept
			}
		}
	}
	data, err := json.Marshal(cp)
	if err != nil {
		return nil, err
	}
	return resultsfile.Decode(bytes.NewReader(data), name)
}

// filterAligned keeps, in every list of m as long as mask, the entries
// mask marks.
func filterAligned(m map[string]any, mask []bool) {
	for k, v := range m {
		xs, ok := v.([]any)
		if !ok || len(xs) != len(mask) {
			continue
		}
		var kept []any
		for i, x := range xs {
			if mask[i] {
				kept = append(kept, x)
			}
		}
		m[k] = kept
	}
}
