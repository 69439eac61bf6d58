package compare

import (
	"fmt"
	"math"
	"strings"

	"github.com/radvbench/radvbench/core/results"
	"github.com/radvbench/radvbench/core/stats"
)

// Best against best (Options.Best): each group keeps, per kernel, size
// and configuration, only its best variant, under the key
// suite/kernel/best/size; the two sides' best variants are then judged
// against each other. A driver that makes the best configuration slower
// is a regression even when it also changes which configuration is best
// (a tuning sweep's files: radvbench tune), and a kernel whose best
// variant got faster is an improvement whichever variant it is.

// BestVariant is the variant a side's figure came from, in a comparison
// of best against best.
const BestVariant = "best"

// bestOf keeps g's best variant of each kernel, size and configuration.
func bestOf(g *groupData) {
	entries := map[string]*entry{}
	var order []string
	for _, k := range g.order {
		e := g.entries[k]
		fam := familyKey(k, e.result)
		b, seen := entries[fam]
		if !seen {
			order = append(order, fam)
		}
		if !seen || better(e, b) {
			cp := *e
			cp.key, cp.best = fam, e.result.Variant["name"]
			entries[fam] = &cp
		}
	}
	g.entries, g.order = entries, order
}

// familyKey is key with the result's variant replaced by "best".
func familyKey(key string, r *results.Result) string {
	v := results.FormatVariant(r.Variant)
	if v == "" {
		return key
	}
	return strings.Replace(key, "/"+v, "/"+BestVariant, 1)
}

// better reports whether a's figure beats b's: a measured result beats
// one that is not, then the better geometric mean of the runs' figures
// (stats.RunEstimate) in the metric's direction.
func better(a, b *entry) bool {
	fa, fb := figureOf(a), figureOf(b)
	switch {
	case math.IsNaN(fb):
		return !math.IsNaN(fa)
	case math.IsNaN(fa):
		return false
	case a.result.Metric.Better == results.LowerIsBetter:
		return fa < fb
	}
	return fa > fb
}

// figureOf is an entry's figure: the geometric mean of its runs'
// figures, NaN when it has none (failed, skipped).
func figureOf(e *entry) float64 {
	if e.result.Status != results.StatusOK && e.result.Status != "" {
		return math.NaN()
	}
	higher := e.result.Metric.Better == results.HigherIsBetter
	var est []float64
	for i, r := range e.runs {
		var m []bool
		if i < len(e.marks) {
			m = e.marks[i]
		}
		if len(r) > 0 {
			est = append(est, stats.RunEstimate(r, m, higher))
		}
	}
	return geoMean(est)
}

// bestWarning names the variants the two sides' figures came from.
func bestWarning(base, new string) Warning {
	msg := fmt.Sprintf("best variant: %s on both sides", base)
	if base != new {
		msg = fmt.Sprintf("best variant: %s in the baseline, %s here (which configuration is best changed)", base, new)
	}
	return Warning{"best-of", msg}
}
