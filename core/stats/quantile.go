package stats

import (
	"math"
	"slices"
)

// Quantile is the q-quantile (0 <= q <= 1) of sorted (ascending) by linear
// interpolation between order statistics (Hyndman & Fan type 7, as R's and
// NumPy's defaults). It is NaN for an empty slice. This is radvbench's one
// quantile: charts, suites and comparisons use it.
func Quantile(sorted []float64, q float64) float64 {
	n := len(sorted)
	switch {
	case n == 0 || math.IsNaN(q):
		return math.NaN()
	case n == 1 || q <= 0:
		return sorted[0]
	case q >= 1:
		return sorted[n-1]
	}
	pos := q * float64(n-1)
	i := int(pos)
	if i >= n-1 {
		return sorted[n-1]
	}
	f := pos - float64(i)
	return sorted[i]*(1-f) + sorted[i+1]*f
}

// QuantileOf is Quantile of xs in any order (a sorted copy; xs is not
// modified).
func QuantileOf(xs []float64, q float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return Quantile(s, q)
}

// MedianInPlace is the median of xs (the mean of the two middle values for
// an even count), found by selection in expected linear time without
// sorting. It reorders xs. NaN for an empty slice.
func MedianInPlace(xs []float64) float64 {
	n := len(xs)
	switch n {
	case 0:
		return math.NaN()
	case 1:
		return xs[0]
	case 2:
		return (xs[0] + xs[1]) / 2
	}
	k := n / 2
	hi := selectK(xs, k)
	if n%2 == 1 {
		return hi
	}
	// After selection every element left of k is <= xs[k]: the lower
	// middle value is their maximum.
	lo := xs[0]
	for _, v := range xs[1:k] {
		if v > lo {
			lo = v
		}
	}
	return (lo + hi) / 2
}

// Median is the median of xs; xs is not modified.
func Median(xs []float64) float64 {
	return MedianInPlace(append([]float64(nil), xs...))
}

// selectK reorders xs so that xs[k] is the k-th smallest value, every
// element before it is <= and every element after it >=, and returns
// xs[k] (Hoare's quickselect with a median-of-three pivot).
func selectK(xs []float64, k int) float64 {
	lo, hi := 0, len(xs)-1
	for hi > lo {
		mid := lo + (hi-lo)/2
		// Median of three as pivot, moved to xs[mid].
		if xs[mid] < xs[lo] {
			xs[mid], xs[lo] = xs[lo], xs[mid]
		}
		if xs[hi] < xs[lo] {
			xs[hi], xs[lo] = xs[lo], xs[hi]
		}
		if xs[hi] < xs[mid] {
			xs[hi], xs[mid] = xs[mid], xs[hi]
		}
		pivot := xs[mid]
		i, j := lo, hi
		for i <= j {
			for xs[i] < pivot {
				i++
			}
			for xs[j] > pivot {
				j--
			}
			if i <= j {
				xs[i], xs[j] = xs[j], xs[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return xs[k]
		}
	}
	return xs[k]
}
