package noise

import "github.com/radvbench/radvbench/core/stats"

// Pooled paired spreads. A noise file measured from one A/A gate of a few
// rounds knows each benchmark's paired spread on 1–3 degrees of freedom,
// where the t quantile a floor needs at a family-wise alpha shared among
// 23 benchmarks is 740 (one), 34 (two) or 14 (three): floors of hundreds
// to billions of percent, which no slowdown clears. The benchmarks'
// pairs were taken on the same machine in the same minutes, so their
// spreads also say how noisy that machine was: each benchmark's paired
// spread is moderated with the prior all of them fit (stats.FitPrior,
// Smyth 2004's empirical Bayes, as limma does for genes), on its own
// degrees of freedom plus the prior's. A benchmark far noisier than the
// rest keeps its own spread (stats.Moderated), so pooling never lowers a
// spread that does not fit the others.
//
// The between-run spreads are not pooled: they come from runs taken at
// different times, whose drift depends on the benchmark's kind far more
// than on chance (on this project's 2-vCPU VM, 0.7% to 55% among the
// quick benchmarks of three stored runs), so a common prior would raise
// the steady benchmarks' floors far more than its degrees of freedom
// lower them.

// Pooled returns the prior that moderates the file's benchmarks' paired
// spreads; the zero Prior when fewer than three benchmarks have one.
func (f *File) Pooled() stats.Prior {
	f.pool()
	return f.pooled
}

// pool fits the prior once and moderates every benchmark's paired spread.
func (f *File) pool() {
	if f == nil || f.poolDone {
		return
	}
	f.poolDone = true
	var sd, df []float64
	for _, b := range f.Benchmarks {
		if b.hasPaired() {
			sd, df = append(sd, b.PairedCV), append(df, float64(b.PairedDF))
		}
	}
	f.pooled = stats.FitPrior(sd, df)
	for i := range f.Benchmarks {
		if b := &f.Benchmarks[i]; b.hasPaired() {
			s, d := stats.Moderated(b.PairedCV, float64(b.PairedDF), f.pooled)
			b.paired = &stats.Prior{SD: s, DF: d}
		}
	}
}

// pairedSpread is the benchmark's paired spread and its degrees of
// freedom: moderated when its file pooled them, its own otherwise.
func (b *Bench) pairedSpread() (sd, df float64) {
	if b.paired != nil {
		return b.paired.SD, b.paired.DF
	}
	return b.PairedCV, float64(b.PairedDF)
}
