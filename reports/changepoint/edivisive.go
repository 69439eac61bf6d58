// Package changepoint finds the points where a benchmark's run medians
// moved: E-Divisive means (Matteson & James, "A Nonparametric Approach for
// Multiple Change Point Analysis of Multivariate Data", JASA 2014), the
// method MongoDB's and Apache Otava's (Hunter's) performance trackers use.
//
// Segments are split recursively at the point that maximises the
// divergence-in-energy statistic (alpha = 1); each split must pass a
// permutation test (the same statistic on shuffled segments, with
// Besag-Clifford sequential stopping so a clearly insignificant split costs
// a few permutations) and a minimum magnitude (the medians of the segments
// on either side must differ by at least MinChange), so noise and
// variance-only changes are not reported as steps. The statistic is
// computed for all split points of a segment in O(n log n) with a Fenwick
// tree over ranks, so a 10,000-run series costs milliseconds per pass.
// It is pure Go.
package changepoint

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
)

// Options tune the detection.
type Options struct {
	// Alpha is the significance level of each split's permutation test.
	Alpha float64
	// Permutations is the most permutations a test draws.
	Permutations int
	// MinSize is the fewest points a segment may have.
	MinSize int
	// MinChange is the smallest relative change of the median between
	// adjacent segments that is reported (0.02 = 2%).
	MinChange float64
	// Seed makes the permutations reproducible.
	Seed uint64
}

// DefaultOptions: 1% significance with 99 permutations (the fewest that
// can show p <= 0.01), segments of at
// least 5 runs, changes of at least 2%.
func DefaultOptions() Options {
	return Options{Alpha: 0.01, Permutations: 99, MinSize: 5, MinChange: 0.02, Seed: 1}
}

// WithAlpha returns o at significance level alpha, with at least the
// permutations a test needs to show p <= alpha (1/alpha - 1, rounded up).
func (o Options) WithAlpha(alpha float64) Options {
	o.Alpha = alpha
	if need := int(math.Ceil(1/alpha)) - 1; need > o.Permutations {
		o.Permutations = need
	}
	return o
}

// Change is one change point.
type Change struct {
	// Index is the position of the first point after the change.
	Index int
	// Before and After are the medians of the segments on either side
	// (bounded by the neighbouring change points).
	Before, After float64
	// Change is After/Before - 1.
	Change float64
	// P is the permutation test's p-value of the split, Q its energy
	// statistic.
	P, Q float64
}

// Detect returns the change points of xs in order of position.
func Detect(xs []float64, opt Options) []Change {
	if opt.MinSize < 2 {
		opt.MinSize = 2
	}
	if opt.Permutations <= 0 {
		opt.Permutations = 99
	}
	n := len(xs)
	if n < 2*opt.MinSize {
		return nil
	}
	rng := rand.New(rand.NewPCG(opt.Seed, uint64(n)))
	type seg struct {
		lo, hi int // [lo, hi)
		tau    int
		q      float64
	}
	var ws workspace
	// best is the segment's strongest split; tau = 0 when it has none
	// (too short to hold two segments of MinSize).
	best := func(lo, hi int) seg {
		tau, q := ws.bestSplit(xs[lo:hi], opt.MinSize)
		if tau <= 0 || math.IsInf(q, 0) || math.IsNaN(q) {
			return seg{lo: lo, hi: hi}
		}
		return seg{lo: lo, hi: hi, tau: lo + tau, q: q}
	}
	segs := []seg{best(0, n)}
	var found []Change
	for {
		// The segment whose best split is strongest goes first.
		bi := -1
		for i, s := range segs {
			if s.tau > 0 && (bi < 0 || s.q > segs[bi].q) {
				bi = i
			}
		}
		if bi < 0 {
			break
		}
		s := segs[bi]
		p := ws.permutationP(xs[s.lo:s.hi], s.q, opt, rng)
		if p > opt.Alpha {
			break
		}
		found = append(found, Change{Index: s.tau, P: p, Q: s.q})
		segs = append(segs[:bi], segs[bi+1:]...)
		segs = append(segs, best(s.lo, s.tau), best(s.tau, s.hi))
	}
	sort.Slice(found, func(a, b int) bool { return found[a].Index < found[b].Index })
	return prune(xs, found, opt.MinChange)
}

// prune drops, one at a time, the change point with the smallest median
// change while it is below minChange (merging its two segments), then
// fills in the medians of the survivors.
func prune(xs []float64, cps []Change, minChange float64) []Change {
	for {
		if len(cps) == 0 {
			return nil
		}
		bounds := make([]int, 0, len(cps)+2)
		bounds = append(bounds, 0)
		for _, c := range cps {
			bounds = append(bounds, c.Index)
		}
		bounds = append(bounds, len(xs))
		meds := make([]float64, len(bounds)-1)
		for i := range meds {
			meds[i] = median(xs[bounds[i]:bounds[i+1]])
		}
		worst, worstAbs := -1, math.Inf(1)
		for i := range cps {
			cps[i].Before, cps[i].After = meds[i], meds[i+1]
			cps[i].Change = relChange(meds[i], meds[i+1])
			if a := math.Abs(cps[i].Change); a < minChange && a < worstAbs {
				worst, worstAbs = i, a
			}
		}
		if worst < 0 {
			return cps
		}
		cps = append(cps[:worst], cps[worst+1:]...)
	}
}

func relChange(before, after float64) float64 {
	if before == 0 {
		if after == 0 {
			return 0
		}
		return math.Inf(1)
	}
	return after/before - 1
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n == 0 {
		return math.NaN()
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// workspace holds the buffers one detection reuses.
type workspace struct {
	rank   []int     // rank of each point of the scanned prefix (0-based, unique)
	prefix []float64 // prefix sums of the prefix's sorted values
	cnt    []float64 // Fenwick tree: count of X points by rank
	sum    []float64 // Fenwick tree: sum of X values by rank
	order  []int
	grank  []int     // rank of each point in the whole segment
	sorted []float64 // the segment's values in rank order
	local  []int     // global rank -> rank within the prefix, -1 outside
}

// rankAll ranks the values of z in the whole segment (ties broken by
// position, so ranks are unique).
func (w *workspace) rankAll(z []float64) {
	n := len(z)
	w.order = resize(w.order, n)
	for i := range w.order {
		w.order[i] = i
	}
	sort.SliceStable(w.order, func(a, b int) bool { return z[w.order[a]] < z[w.order[b]] })
	w.grank = resize(w.grank, n)
	w.sorted = resizeF(w.sorted, n)
	for r, i := range w.order {
		w.grank[i] = r
		w.sorted[r] = z[i]
	}
}

// preparePrefix sets rank and prefix for z[:k] from the segment ranks
// grank (of the current order of z) in O(n), without sorting.
func (w *workspace) preparePrefix(grank []int, k int) {
	n := len(grank)
	w.local = resize(w.local, n)
	for r := range w.local {
		w.local[r] = -1
	}
	for i := 0; i < k; i++ {
		w.local[grank[i]] = 0
	}
	w.prefix = resizeF(w.prefix, k+1)
	w.prefix[0] = 0
	c := 0
	for r := 0; r < n; r++ {
		if w.local[r] < 0 {
			continue
		}
		w.local[r] = c
		w.prefix[c+1] = w.prefix[c] + w.sorted[r]
		c++
	}
	w.rank = resize(w.rank, k)
	for i := 0; i < k; i++ {
		w.rank[i] = w.local[grank[i]]
	}
}

// prepare ranks the values of z (the whole of it).
func (w *workspace) prepare(z []float64) {
	w.rankAll(z)
	w.preparePrefix(w.grank, len(z))
}

// scan returns the split tau in [minSize, n-minSize] of z maximising the
// energy statistic Q, and Q; rank gives each value's rank.
func (w *workspace) scan(z []float64, rank []int, minSize int) (int, float64) {
	n := len(z)
	w.cnt = resizeF(w.cnt, n+1)
	w.sum = resizeF(w.sum, n+1)
	clear(w.cnt)
	clear(w.sum)
	total := w.prefix[n]
	// Sum over all pairs of |a_i - a_j|, from the sorted order.
	var sy float64
	for r := 0; r < n; r++ {
		sy += (w.prefix[r+1] - w.prefix[r]) * float64(2*r-n+1)
	}
	var sx, cross, sumX float64
	bestTau, bestQ := 0, math.Inf(-1)
	for t := 0; t < n-minSize; t++ {
		p, r := z[t], rank[t]
		// Distances from p to the points already in X.
		cb, sb := w.query(r) // X points with rank < r
		m := float64(t)
		dX := p*cb - sb + (sumX - sb) - p*(m-cb)
		// Distances from p to the rest of Y (all points minus X minus p).
		allBelowC, allBelowS := float64(r), w.prefix[r]
		yb, ybs := allBelowC-cb, allBelowS-sb
		ya := float64(n-1-r) - (m - cb)
		yas := (total - w.prefix[r+1]) - (sumX - sb)
		dY := p*yb - ybs + yas - p*ya
		sx += dX
		sy -= dY
		cross += dY - dX
		w.add(r, p)
		sumX += p
		tau := t + 1
		k := n - tau
		if tau < minSize {
			continue
		}
		mf, kf := float64(tau), float64(k)
		e := 2*cross/(mf*kf) - sx/(mf*(mf-1)/2) - sy/(kf*(kf-1)/2)
		q := mf * kf / (mf + kf) * e
		if q > bestQ {
			bestTau, bestQ = tau, q
		}
	}
	return bestTau, bestQ
}

// kappaGrid is how many segment ends (kappa) the statistic is maximised
// over in segments of at most kappaMaxN points: Matteson & James maximise
// over every kappa, which finds a short excursion (a regression fixed a
// few runs later) that a split against the whole rest of the segment
// dilutes. Longer segments use kappa = their end only, to stay O(n log n).
const (
	kappaGrid = 8
	kappaMaxN = 1000
)

// bestSplit returns the split tau of z maximising the energy statistic Q
// over tau (and kappa on a grid, for short segments), and Q.
func (w *workspace) bestSplit(z []float64, minSize int) (int, float64) {
	if len(z) < 2*minSize {
		return 0, 0
	}
	w.rankAll(z)
	return w.bestRanked(z, slices.Clone(w.grank), minSize)
}

// bestRanked is bestSplit for z whose segment ranks are grank (and whose
// sorted values are in w.sorted).
func (w *workspace) bestRanked(z []float64, grank []int, minSize int) (int, float64) {
	n := len(z)
	if n < 2*minSize {
		return 0, math.Inf(-1)
	}
	if n > kappaMaxN {
		w.preparePrefix(grank, n)
		return w.scan(z, w.rank, minSize)
	}
	bestTau, bestQ := 0, math.Inf(-1)
	last := -1
	for g := 1; g <= kappaGrid; g++ {
		k := n * g / kappaGrid
		if k < 2*minSize || k == last {
			continue
		}
		last = k
		w.preparePrefix(grank, k)
		if tau, q := w.scan(z[:k], w.rank, minSize); q > bestQ {
			bestTau, bestQ = tau, q
		}
	}
	return bestTau, bestQ
}

// permutationP is the p-value of the observed statistic q for segment z:
// the share of random orderings whose best split is at least as strong.
// It stops early once the test cannot be significant at opt.Alpha.
func (w *workspace) permutationP(z []float64, q float64, opt Options, rng *rand.Rand) float64 {
	n := len(z)
	perm := slices.Clone(z)
	w.rankAll(z)
	pr := slices.Clone(w.grank)
	// Most exceedances still compatible with p <= Alpha.
	limit := int(math.Floor(opt.Alpha*float64(opt.Permutations+1))) - 1
	exceed, done := 0, 0
	for done < opt.Permutations {
		rng.Shuffle(n, func(i, j int) {
			perm[i], perm[j] = perm[j], perm[i]
			pr[i], pr[j] = pr[j], pr[i]
		})
		_, qp := w.bestRanked(perm, pr, opt.MinSize)
		done++
		if qp >= q {
			exceed++
			if exceed > limit {
				break
			}
		}
	}
	return float64(exceed+1) / float64(done+1)
}

// query returns the count and sum of X points with rank < r.
func (w *workspace) query(r int) (float64, float64) {
	var c, s float64
	for i := r; i > 0; i -= i & -i {
		c += w.cnt[i]
		s += w.sum[i]
	}
	return c, s
}

func (w *workspace) add(r int, v float64) {
	for i := r + 1; i < len(w.cnt); i += i & -i {
		w.cnt[i]++
		w.sum[i] += v
	}
}

func resize(b []int, n int) []int {
	if cap(b) < n {
		return make([]int, n)
	}
	return b[:n]
}

func resizeF(b []float64, n int) []float64 {
	if cap(b) < n {
		return make([]float64, n)
	}
	return b[:n]
}
