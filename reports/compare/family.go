package compare

import (
	"math"
	"sort"
)

// The family-wise false-alarm rate. A gate judges many benchmarks at once,
// and the policy's alpha bounds each one's chance of a false alarm: a
// gate of 23 benchmarks at 1% each has 23 chances to fail on nothing (on
// the 2-vCPU VM, 2 of 16 A/A invocations of 23 benchmarks called a
// regression; docs/verdicts.md section 3). With Policy.AlphaPer
// "comparison" (the default) alpha bounds the chance that the comparison
// calls any false alarm, however many benchmarks it holds: Holm's
// step-down (Holm, "A simple sequentially rejective multiple test
// procedure", 1979), weighted by each benchmark's own alpha (a policy
// rule may give one a larger or smaller share).
//
// Each benchmark starts with its alpha's share of the whole,
// alpha_i·alpha/Σalpha_j (alpha/m when all are equal: Bonferroni); the
// benchmark whose alarm needs the smallest multiple of its alpha goes
// first, and once it is called a change its share passes to the others
// (alpha/(m-1) each, and so on), until the next one's alarm would need
// more than the share it has. A real change in many benchmarks is
// therefore caught almost as by a per-benchmark alpha once the clearest
// ones are called, while a comparison with no change keeps the whole
// family's false-alarm rate at alpha.
//
// Under a sequential design (Until) the step-down runs at every look on
// each benchmark's latest look: a benchmark called a change gives its
// share to the others for their later looks (the graphical procedure of
// Maurer & Bretz, "Multiple testing in group sequential trials using
// graphical approaches", 2013, with equal weights), and the shares of
// every benchmark's looks still add up to at most alpha.

// holm returns the multiple of its policy alpha at which each comparison
// is to be judged (0 for one outside the family: not tested) and the
// family's size.
func holm(cs []Comparison, p *Policy) (scales []float64, family int) {
	scales = make([]float64, len(cs))
	var order []int
	alpha := make([]float64, len(cs))
	var weight float64 // the alpha of the benchmarks not yet called
	for i := range cs {
		if !cs[i].tested {
			continue
		}
		lim, _ := p.For(cs[i].Key)
		alpha[i] = lim.Alpha
		weight += lim.Alpha
		order = append(order, i)
	}
	if len(order) == 0 {
		return scales, 0
	}
	sort.SliceStable(order, func(a, b int) bool { return cs[order[a]].alarmScale < cs[order[b]].alarmScale })
	k := 0
	for ; k < len(order); k++ {
		i := order[k]
		share := p.Alpha / weight
		if !(cs[i].alarmScale <= share) {
			break
		}
		scales[i] = share
		weight -= alpha[i]
	}
	rest := math.Inf(1)
	if weight > 0 {
		rest = p.Alpha / weight
	}
	for _, i := range order[k:] {
		scales[i] = rest
	}
	return scales, len(order)
}
