package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Prior is a spread measured before the runs being judged: the standard
// deviation SD of the log differences of paired runs on the same machine
// (a noise file's A/A rounds) and the degrees of freedom DF it was
// estimated on. The zero Prior is none.
type Prior struct {
	SD, DF float64
}

// PriorFitAlpha is the level of the check that a comparison's own pairs
// scatter no more than its prior says (Moderate): a larger spread than an
// F test allows at this level means the machine is noisier than when the
// prior was measured, and the prior is not used.
const PriorFitAlpha = 0.01

// Moderate combines a paired LogDiff's spread with a prior spread measured
// on the same machine: the moderated variance of the pairs' log
// differences is (DF·s² + prior.DF·prior.SD²) / (DF + prior.DF), on
// DF + prior.DF degrees of freedom (Smyth 2004, "Linear models and
// empirical Bayes methods for assessing differential expression": the
// posterior variance when the true variance has a scaled inverse χ²
// prior). Four pairs estimate their spread on 3 degrees of freedom, so
// their interval is wide mostly for the t quantile and the luck of the
// spread; a prior of 20 or more degrees of freedom narrows both.
//
// The prior is used only when the pairs' own spread fits it: the one-sided
// F test of s² against prior.SD² (DF, prior.DF degrees of freedom) must
// not reject at PriorFitAlpha. A machine noisier now than when the prior
// was measured is judged on its own spread, so a stale prior cannot make
// the interval narrower than the noise it must cover. A spread below the
// prior's is raised toward it. ok reports whether the prior was used;
// fits is false only when the F test rejected it. The LogDiff is returned
// unchanged when it is not paired or not OK, or the prior is empty, and
// as is (ok) when it was moderated already.
func (d LogDiff) Moderate(p Prior) (m LogDiff, ok, fits bool) {
	if d.PriorDF > 0 {
		return d, true, true // moderated already
	}
	if !d.OK || !d.Paired || !(p.DF > 0) || !(p.SD > 0) || math.IsInf(p.SD, 0) || !(d.DF > 0) {
		return d, false, true
	}
	n := d.DF + 1 // pairs
	s2 := d.SE * d.SE * n
	p2 := p.SD * p.SD
	if exceedsPrior(s2, d.DF, p, PriorFitAlpha) {
		return d, false, false
	}
	v := (d.DF*s2 + p.DF*p2) / (d.DF + p.DF)
	d.SE = math.Sqrt(v / n)
	d.DF += p.DF
	d.PriorDF = p.DF
	return d, true, true
}

// exceedsPrior reports whether the variance s2, on df degrees of freedom,
// exceeds the prior's by more than the one-sided F test of s2 against
// p.SD² allows at level alpha.
func exceedsPrior(s2, df float64, p Prior, alpha float64) bool {
	p2 := p.SD * p.SD
	return s2 > p2 && (distuv.F{D1: df, D2: p.DF}).Survival(s2/p2) < alpha
}

// FitsPrior reports whether a paired LogDiff's spread fits the prior p at
// level alpha: the one-sided F test of its pairs' variance against
// p.SD² does not reject (Moderate's test, at PriorFitAlpha there). False
// when the LogDiff is not paired and OK or the prior is empty.
func (d LogDiff) FitsPrior(p Prior, alpha float64) bool {
	if d.PriorDF > 0 || !d.OK || !d.Paired || !(p.DF > 0) || !(p.SD > 0) || math.IsInf(p.SD, 0) || !(d.DF > 0) {
		return false
	}
	return !exceedsPrior(d.SE*d.SE*(d.DF+1), d.DF, p, alpha)
}
