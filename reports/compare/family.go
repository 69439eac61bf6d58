package compare

import "sort"

// The family-wise false-alarm rate. A gate judges many benchmarks at once,
// and the policy's alpha bounds each one's chance of a false alarm: a
// gate of 23 benchmarks at 1% each has 23 chances to fail on nothing (on
// the 2-vCPU VM, 2 of 16 A/A invocations of 23 benchmarks called a
// regression; docs/verdicts.md section 3). With Policy.AlphaPer
// "comparison" (the default) alpha bounds the chance that the comparison
// calls any false alarm, however many benchmarks it holds: Holm's
// step-down (Holm, "A simple sequentially rejective multiple test
// procedure", 1979).
//
// Each benchmark starts at its alpha (the policy's, or its rule's)
// divided by the m benchmarks of the comparison (Bonferroni); the one
// whose alarm needs the smallest multiple of its alpha goes first, and
// once it is called a change the others are judged at alpha/(m-1), and
// so on, until the next one's alarm would need more than its share. A
// real change in many benchmarks is therefore caught almost as by alpha
// a benchmark once the clearest ones are called, while a comparison with
// no change calls a false alarm with probability at most alpha (the
// largest alpha where rules differ: the first true null to be called
// was judged at no more than its alpha over the number of true nulls).
//
// Under a sequential design (Until) the step-down runs at every look on
// each benchmark's latest look: a benchmark called a change gives its
// share to the others for their later looks (the graphical procedure of
// Maurer & Bretz, "Multiple testing in group sequential trials using
// graphical approaches", 2013, with equal weights), and every benchmark's
// boundaries are those of its own design at its current share.

// holm returns the multiple of its policy alpha at which each comparison
// is to be judged (0 for one outside the family: not tested) and the
// family's size.
func holm(cs []Comparison) (scales []float64, family int) {
	scales = make([]float64, len(cs))
	var order []int
	for i := range cs {
		if cs[i].tested {
			order = append(order, i)
		}
	}
	m := len(order)
	sort.SliceStable(order, func(a, b int) bool { return cs[order[a]].alarmScale < cs[order[b]].alarmScale })
	k := 0
	for ; k < m; k++ {
		share := 1 / float64(m-k)
		if !(cs[order[k]].alarmScale <= share) {
			break
		}
		scales[order[k]] = share
	}
	for _, i := range order[k:] {
		scales[i] = 1 / float64(m-k)
	}
	return scales, m
}
