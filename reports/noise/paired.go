package noise

import (
	"maps"
	"math"
	"slices"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
)

// pairedSum is one benchmark's paired log ratios, summed over sources.
type pairedSum struct {
	ss        float64 // squared deviations from each source's mean ratio
	df, pairs int
}

// pairedSpreads gathers, per benchmark ID, the log ratios of the run
// figures of each source's first two configurations (File.Configs order)
// in the rounds where both have a run: the figure the comparison judges
// (stats.RunEstimate of the undisturbed samples), runs most of whose
// samples were disturbed set aside as the comparison sets them aside
// (stats.DisturbedRun) unless every run of a side was (then all are kept,
// as the comparison keeps them). Each source's mean ratio is taken out, so a
// constant difference between its configurations (an A/B file) is not
// spread, and a source gives nothing for an ID with fewer than 2 pairs
// in it; order lists the IDs in the order they first appear.
func pairedSpreads(srcs []Source) (map[string]*pairedSum, []string) {
	out := map[string]*pairedSum{}
	var order []string
	for _, s := range srcs {
		if len(s.File.Configs) < 2 {
			continue
		}
		a, b := s.File.Configs[0].Name, s.File.Configs[1].Name
		type run struct {
			xs    []float64
			marks []bool
		}
		runs := map[string]*[2]map[int]run{} // by ID, side and round
		higher := map[string]bool{}
		var ids []string
		for i := range s.File.Results {
			r := &s.File.Results[i]
			side := -1
			switch r.Config {
			case a:
				side = 0
			case b:
				side = 1
			}
			if side < 0 || r.Status != resultsfile.StatusOK || len(r.SampleRounds) != len(r.Metric.Samples) {
				continue
			}
			id := r.ID()
			if runs[id] == nil {
				runs[id] = &[2]map[int]run{{}, {}}
				ids = append(ids, id)
			}
			higher[id] = r.Metric.Better == resultsfile.HigherIsBetter
			rounds, groups := r.RunSamples()
			marks := r.RunDisturbed()
			for gi, g := range groups {
				runs[id][side][rounds[gi]] = run{g, marks[gi]}
			}
		}
		figs := map[string][2]map[int]float64{}
		aside := map[string]*[2]map[int]bool{} // runs disturbed throughout, by side and round
		disturbed := map[string]*[2]bool{}     // every run of the side disturbed throughout
		for _, id := range ids {
			f := [2]map[int]float64{{}, {}}
			figs[id] = f
			aside[id] = &[2]map[int]bool{{}, {}}
			disturbed[id] = &[2]bool{}
			for side := range 2 {
				disturbed[id][side] = len(runs[id][side]) > 0
				for round, ru := range runs[id][side] {
					// A round whose runs took turns sample by sample is
					// judged on the samples its two runs took together
					// (as pairing.SameSeconds cuts them for a comparison).
					if other, ok := runs[id][1-side][round]; ok {
						if n, cut := resultsfile.SampledTogether(s.File.RoundTurns(round, a), s.File.RoundTurns(round, b), len(ru.xs), len(other.xs)); cut {
							ru.xs = ru.xs[:n]
							if len(ru.marks) > n {
								ru.marks = ru.marks[:n]
							}
						}
					}
					if stats.DisturbedRun(ru.marks, len(ru.xs)) {
						aside[id][side][round] = true
					} else {
						disturbed[id][side] = false
					}
					if x := stats.RunEstimate(ru.xs, ru.marks, higher[id]); x > 0 && !math.IsInf(x, 0) {
						f[side][round] = x
					}
				}
			}
		}
		for _, id := range ids {
			f := figs[id]
			// Runs most of whose samples were disturbed are set aside, as
			// a comparison of runs paired by round sets them aside, by its
			// rule (stats.KeepDisturbedRuns): where every run of a side
			// was, the pairs are kept, the load having fallen on both runs
			// of each pair. A noise file measured under load otherwise
			// holds no paired spread at all, and its floors fall back to
			// the rounds' drift.
			if !stats.KeepDisturbedRuns(disturbed[id][0], disturbed[id][1], true) {
				for side := range 2 {
					for round := range aside[id][side] {
						delete(f[side], round)
					}
				}
			}
			var ds []float64
			for _, round := range slices.Sorted(maps.Keys(f[0])) {
				if y, ok := f[1][round]; ok {
					ds = append(ds, math.Log(y/f[0][round]))
				}
			}
			if len(ds) < 2 {
				continue
			}
			var mean float64
			for _, d := range ds {
				mean += d
			}
			mean /= float64(len(ds))
			p := out[id]
			if p == nil {
				p = &pairedSum{}
				out[id] = p
				order = append(order, id)
			}
			for _, d := range ds {
				p.ss += (d - mean) * (d - mean)
			}
			p.df += len(ds) - 1
			p.pairs += len(ds)
		}
	}
	return out, order
}

// PairedFloor is Floor for a comparison of n runs a side paired by round:
// the largest relative change an A/A comparison of n pairs produces with
// probability 1-alpha, exp(t(1-alpha, PairedDF) · PairedCV · √(2/n)) − 1
// (the mean of n pairs' log ratios has standard error PairedCV·√(2/n)),
// with PairedCV and PairedDF moderated by the file's other benchmarks
// (File.Pooled) when it was looked up in a file. NaN when the file
// measured no paired runs for the benchmark.
func (b *Bench) PairedFloor(n int, alpha float64) float64 {
	if !b.hasPaired() || n < 1 {
		return math.NaN()
	}
	sd, df := b.pairedSpread()
	return math.Expm1(stats.TQuantile(1-alpha, df) * sd * math.Sqrt(2/float64(n)))
}

// PairedPrior is the spread of one pair's log ratio the file measured
// (PairedCV is a run's share, so a ratio of two runs has √2 of it) on
// PairedDF degrees of freedom: the prior a comparison of paired runs
// moderates its own pairs' spread with (stats.LogDiff.Moderate). The zero
// Prior when the file measured no paired runs for the benchmark.
func (b *Bench) PairedPrior() stats.Prior {
	if !b.hasPaired() {
		return stats.Prior{}
	}
	sd, df := b.pairedSpread()
	return stats.Prior{SD: math.Sqrt2 * sd, DF: df}
}

func (b *Bench) hasPaired() bool { return b != nil && b.PairedDF >= 1 && b.PairedCV > 0 }
