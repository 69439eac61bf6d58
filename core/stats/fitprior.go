package stats

import (
	"math"

	"gonum.org/v1/gonum/mathext"
)

// FitPrior estimates, from many benchmarks' spreads measured on the same
// machine at the same time, the prior their true spreads are drawn from:
// sd[i] is benchmark i's standard deviation on df[i] degrees of freedom,
// and the result is the scaled inverse χ² prior (SD² its scale, DF its
// degrees of freedom) that fits them, by the method of moments of Smyth
// 2004 ("Linear models and empirical Bayes methods for assessing
// differential expression in microarray experiments", §6.2; limma's
// fitFDist): the logarithm of a variance on d degrees of freedom has mean
// log σ² + ψ(d/2) − log(d/2) and variance ψ′(d/2), so what the logs
// scatter beyond ψ′ is the spread of the true variances, ψ′(DF/2).
//
// A benchmark's own spread then moderates with it (Moderated): one A/A
// gate of three rounds measures each benchmark's spread on 2 degrees of
// freedom, where a one-sided 99.96% t quantile is 34; pooled with twenty
// others it is about 4. DF is at most the benchmarks' summed degrees of
// freedom (when the spreads scatter no more than sampling explains, the
// moments put it at infinity: the prior cannot know more than the data it
// came from). The zero Prior when fewer than three benchmarks have a
// spread (sd > 0, df ≥ 1): too few to tell the prior's own scatter.
func FitPrior(sd, df []float64) Prior {
	var es, tri []float64
	total := 0.0
	for i := range sd {
		s, d := sd[i], df[i]
		if !(s > 0) || math.IsInf(s, 0) || !(d >= 1) || math.IsInf(d, 0) {
			continue
		}
		es = append(es, math.Log(s*s)-mathext.Digamma(d/2)+math.Log(d/2))
		tri = append(tri, trigamma(d/2))
		total += d
	}
	n := float64(len(es))
	if n < 3 {
		return Prior{}
	}
	var mean, meanTri float64
	for i := range es {
		mean += es[i] / n
		meanTri += tri[i] / n
	}
	var ss float64
	for _, e := range es {
		ss += (e - mean) * (e - mean)
	}
	excess := ss/(n-1) - meanTri
	d0 := total
	if excess > 0 {
		d0 = math.Min(2*trigammaInverse(excess), total)
	}
	s02 := math.Exp(mean + mathext.Digamma(d0/2) - math.Log(d0/2))
	return Prior{SD: math.Sqrt(s02), DF: d0}
}

// Moderated is a spread sd on df degrees of freedom moderated with the
// prior p (FitPrior): the posterior standard deviation
// √((df·sd² + p.DF·p.SD²) / (df + p.DF)) on df + p.DF degrees of freedom.
// A spread that exceeds the prior's by more than the F test of Moderate
// allows at PriorFitAlpha is not drawn from it (a benchmark far noisier
// than the rest): it is returned unchanged, so pooling never lowers it. sd
// and df are also unchanged with the zero Prior, or without a spread of
// its own.
func Moderated(sd, df float64, p Prior) (float64, float64) {
	if !(p.DF > 0) || !(p.SD > 0) || !(df >= 1) || !(sd >= 0) || math.IsInf(sd, 0) || exceedsPrior(sd*sd, df, p, PriorFitAlpha) {
		return sd, df
	}
	v := (df*sd*sd + p.DF*p.SD*p.SD) / (df + p.DF)
	return math.Sqrt(v), df + p.DF
}

// trigamma is ψ′(x) = ζ(2, x), for x > 0.
func trigamma(x float64) float64 { return mathext.Zeta(2, x) }

// trigammaInverse solves ψ′(y) = x for y > 0 by Newton's method on 1/ψ′
// from y = 0.5 + 1/x, as limma's trigammaInverse does (ψ″(y) = −2ζ(3, y)).
func trigammaInverse(x float64) float64 {
	switch {
	case x > 1e7:
		return 1 / math.Sqrt(x)
	case x < 1e-6:
		return 1 / x
	}
	y := 0.5 + 1/x
	for range 50 {
		tri := trigamma(y)
		dif := tri * (1 - tri/x) / (-2 * mathext.Zeta(3, y))
		y += dif
		if -dif/y < 1e-8 {
			break
		}
	}
	return y
}
