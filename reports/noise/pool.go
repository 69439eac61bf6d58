package noise

import (
	"math"
	"strings"

	"github.com/radvbench/radvbench/core/stats"
)

// Pooled spreads. A noise file measured from one A/A gate of a few rounds
// knows each benchmark's spread on 1–3 degrees of freedom, where the t
// quantile a floor needs at a family-wise alpha shared among 23
// benchmarks is 740 (one), 34 (two) or 14 (three): a floor of thousands
// of percent, which no slowdown clears. The benchmarks were measured on
// the same machine in the same minutes, so their spreads also say how
// noisy that machine was: each benchmark's spread is moderated with the
// prior all of them fit (stats.FitPrior, Smyth 2004's empirical Bayes, as
// limma does for genes), on its own degrees of freedom plus the prior's.
// A benchmark that is truly noisier than the rest keeps most of its own
// spread when the spreads scatter widely (the prior's degrees of freedom
// are then few).

// PooledSpreads are a file's priors for its benchmarks' spreads.
type PooledSpreads struct {
	// Between is fitted to the benchmarks' run-to-run spreads (BetweenCV,
	// on Runs-1 degrees of freedom), Paired to their paired spreads
	// (PairedCV, on PairedDF). The zero Prior when fewer than three
	// benchmarks have one.
	Between, Paired stats.Prior
}

// Pooled returns the priors that moderate the file's benchmarks' spreads.
func (f *File) Pooled() PooledSpreads {
	f.pool()
	return f.pooled
}

// pool fits the priors once and moderates every benchmark's spreads.
func (f *File) pool() {
	if f == nil || f.poolDone {
		return
	}
	f.poolDone = true
	// A comparison by configuration pools each configuration's runs under
	// the bare ID too (Measure): fit on the configurations' entries, not
	// on the same runs twice.
	split := map[string]bool{}
	for _, b := range f.Benchmarks {
		if i := strings.LastIndexByte(b.Key, '@'); i >= 0 {
			split[b.Key[:i]] = true
		}
	}
	var bsd, bdf, psd, pdf []float64
	for _, b := range f.Benchmarks {
		if !split[b.Key] && b.Runs >= 2 {
			bsd, bdf = append(bsd, b.BetweenCV), append(bdf, float64(b.Runs-1))
		}
		if b.hasPaired() {
			psd, pdf = append(psd, b.PairedCV), append(pdf, float64(b.PairedDF))
		}
	}
	f.pooled = PooledSpreads{Between: stats.FitPrior(bsd, bdf), Paired: stats.FitPrior(psd, pdf)}
	for i := range f.Benchmarks {
		b := &f.Benchmarks[i]
		if b.Runs >= 2 && !math.IsNaN(b.BetweenCV) {
			sd, df := stats.Moderated(b.BetweenCV, float64(b.Runs-1), f.pooled.Between)
			b.between = &stats.Prior{SD: sd, DF: df}
		}
		if b.hasPaired() {
			sd, df := stats.Moderated(b.PairedCV, float64(b.PairedDF), f.pooled.Paired)
			b.paired = &stats.Prior{SD: sd, DF: df}
		}
	}
}

// betweenSpread is the benchmark's run-to-run spread and its degrees of
// freedom: moderated when its file pooled them, its own otherwise.
func (b *Bench) betweenSpread() (sd, df float64) {
	if b.between != nil {
		return b.between.SD, b.between.DF
	}
	return b.BetweenCV, float64(b.Runs - 1)
}

// pairedSpread is betweenSpread for the paired spread (PairedCV on
// PairedDF degrees of freedom).
func (b *Bench) pairedSpread() (sd, df float64) {
	if b.paired != nil {
		return b.paired.SD, b.paired.DF
	}
	return b.PairedCV, float64(b.PairedDF)
}
