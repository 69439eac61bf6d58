package pairing

import (
	"math"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
)

// Best against best: each group keeps, per kernel, size and
// configuration, only its best variant, under the key
// suite/kernel/best/size; the two sides' best variants are then judged
// against each other. A driver that makes the best configuration slower
// is a regression even when it also changes which configuration is best
// (a tuning sweep's files: radvbench tune), and a kernel whose best
// variant got faster is an improvement whichever variant it is.

// BestVariant is the variant a side's figure came from, in a comparison
// of best against best.
const BestVariant = "best"

// KeepBest keeps g's best variant of each kernel, size and
// configuration, under the key suite/kernel/best/size; each kept entry
// names its variant (Entry.Best).
func KeepBest(g *Group) {
	entries := map[string]*Entry{}
	var order []string
	for _, k := range g.Order {
		e := g.Entries[k]
		fam := familyKey(k, e.Result)
		b, seen := entries[fam]
		if !seen {
			order = append(order, fam)
		}
		if !seen || better(e, b) {
			cp := *e
			cp.Key, cp.Best = fam, e.Result.Variant["name"]
			entries[fam] = &cp
		}
	}
	g.Entries, g.Order = entries, order
}

// familyKey is key with the result's variant replaced by "best".
func familyKey(key string, r *resultsfile.Result) string {
	v := resultsfile.FormatVariant(r.Variant)
	if v == "" {
		return key
	}
	return strings.Replace(key, "/"+v, "/"+BestVariant, 1)
}

// better reports whether a's figure beats b's: a measured result beats
// one that is not, then the better geometric mean of the runs' figures
// (stats.RunEstimate) in the metric's direction.
func better(a, b *Entry) bool {
	fa, fb := figureOf(a), figureOf(b)
	switch {
	case math.IsNaN(fb):
		return !math.IsNaN(fa)
	case math.IsNaN(fa):
		return false
	case a.Result.Metric.Better == resultsfile.LowerIsBetter:
		return fa < fb
	}
	return fa > fb
}

// figureOf is an entry's figure: the geometric mean of its runs'
// figures, NaN when it has none (failed, skipped).
func figureOf(e *Entry) float64 {
	if e.Result.Status != resultsfile.StatusOK && e.Result.Status != "" {
		return math.NaN()
	}
	higher := e.Result.Metric.Better == resultsfile.HigherIsBetter
	var est []float64
	for i, r := range e.Runs {
		var m []bool
		if i < len(e.Marks) {
			m = e.Marks[i]
		}
		if len(r) > 0 {
			est = append(est, stats.RunEstimate(r, m, higher))
		}
	}
	return geoMean(est)
}
