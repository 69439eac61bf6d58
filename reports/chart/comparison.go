package chart

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/verdict"
)

// verdictColor colours a verdict: vermillion regressions, blue
// improvements, grey no change, orange noisy.
func verdictColor(v verdict.Verdict) color.Color {
	switch v {
	case verdict.Regression, verdict.Failed:
		return colorRegression
	case verdict.Improvement:
		return colorImprovement
	case verdict.Unsure:
		return colorNoisy
	}
	return colorSame
}

// changeRow is one benchmark's change with its interval, in percent.
type changeRow struct {
	label       string
	change      float64
	low, high   float64 // NaN when unknown
	verdict     verdict.Verdict
	allowed     bool
	threshold   float64
	betterLower bool
}

// ChangeInterval is the comparison's 95% interval of new/base-1 (the
// run-level bootstrap's); NaN when there is none (fewer than 3 runs).
func ChangeInterval(c *compare.Comparison) (low, high float64) {
	return float64(c.Low), float64(c.High)
}

// comparisonChart draws each benchmark's change against the baseline: a
// dot at the change of the median, whiskers for its interval, coloured by
// verdict, with the threshold drawn.
func comparisonChart(d *dataset, rep *compare.Report) *Chart {
	byKey := map[string]*resultsfile.Result{}
	for _, b := range d.benches {
		byKey[b.r.ID()] = b.r
		if b.r.Config != "" {
			byKey[b.r.ID()+"@"+b.r.Config] = b.r
		}
	}
	multiGroup := len(rep.Groups) > 2
	var rows []changeRow
	data := [][]string{{"benchmark", "group", "label", "metric", "unit", "change_pct", "ci_low_pct", "ci_high_pct", "p", "verdict", "threshold_pct"}}
	skipped := 0
	for i := range rep.Comparisons {
		c := &rep.Comparisons[i]
		if c.Change.NaN() {
			skipped++
			continue
		}
		label := c.Key
		if r := byKey[c.Key]; r != nil {
			label = benchLabel(r)
			if r.Config != "" && strings.HasSuffix(c.Key, "@"+r.Config) {
				label += " @" + r.Config
			}
			if len(d.suites) > 1 {
				label = r.Suite + " " + label
			}
		}
		if multiGroup {
			label += "  [" + c.Group + "]"
		}
		lo, hi := ChangeInterval(c)
		change := float64(c.Change)
		rows = append(rows, changeRow{label: label, change: change * 100, low: lo * 100, high: hi * 100, verdict: c.Verdict,
			allowed: c.Allowed, threshold: c.Limits.Threshold * 100, betterLower: c.Better == resultsfile.LowerIsBetter})
		data = append(data, []string{c.Key, c.Group, label, c.Metric, c.Unit, f64(change * 100), f64(lo * 100), f64(hi * 100), f64(float64(c.P)),
			string(c.Verdict), f64(c.Limits.Threshold * 100)})
	}
	if len(rows) == 0 {
		return nil
	}
	thr := rep.Policy.Threshold * 100

	// The axis spans the changes, the threshold and the intervals, but an
	// interval more than 3× wider than the largest change is cut at the
	// edge rather than squashing every other row.
	maxAbs := 2 * thr
	for _, r := range rows {
		maxAbs = math.Max(maxAbs, math.Abs(r.change)*1.15)
	}
	lim := maxAbs
	for _, r := range rows {
		for _, v := range []float64{r.low, r.high} {
			if !math.IsNaN(v) {
				lim = math.Max(lim, math.Min(math.Abs(v)*1.05, 3*maxAbs))
			}
		}
	}

	lower, higher := false, false
	for _, r := range rows {
		lower = lower || r.betterLower
		higher = higher || !r.betterLower
	}
	dir := "higher is better"
	switch {
	case lower && higher:
		dir = "the sign follows each metric"
	case lower:
		dir = "lower is better"
	}
	p := newPlot(fmt.Sprintf("change of the median vs baseline %s (%%; %s)", rep.Baseline, dir), "")
	p.X.Min, p.X.Max = -lim, lim
	p.Y.Min, p.Y.Max = -0.7, float64(len(rows))-0.3
	var ticks []plot.Tick
	for i, r := range rows {
		ticks = append(ticks, plot.Tick{Value: float64(len(rows) - 1 - i), Label: r.label})
	}
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	p.Y.Tick.Label.Font = sans(10, false)
	p.Add(gridLines{vertical: true})
	p.Add(&changePlot{rows: rows, thr: thr})

	leg := newLegend()
	leg.ThumbnailWidth = vg.Points(22)
	for _, e := range []struct {
		name string
		v    verdict.Verdict
	}{{"regression", verdict.Regression}, {"improvement", verdict.Improvement}, {"no change (~)", verdict.Same}, {"unsure (inconclusive)", verdict.Unsure}} {
		sc := &plotter.Scatter{GlyphStyle: draw.GlyphStyle{Color: verdictColor(e.v), Radius: vg.Points(4), Shape: draw.CircleGlyph{}}}
		leg.Add(e.name, sc)
	}
	leg.Add("95% interval of the change", &plotter.Line{LineStyle: draw.LineStyle{Color: colorText, Width: vg.Points(1.2)}})
	leg.Add(fmt.Sprintf("threshold ±%s", trimZeros(fmt.Sprintf("%.2f", thr))+"%"),
		&plotter.Line{LineStyle: thresholdStyle()})

	groups := make([]string, 0, len(rep.Groups))
	for _, g := range rep.Groups[1:] {
		groups = append(groups, g.Name)
	}
	c := &Chart{
		Name:     "comparison",
		Kind:     KindComparison,
		Title:    fmt.Sprintf("Change vs baseline %s: %s", rep.Baseline, strings.Join(groups, ", ")),
		Subtitle: d.subtitle(),
		Width:    Width,
		Height:   max(420, 150+24*len(rows)),
		Data:     data,
	}
	c.Caption = fmt.Sprintf("Change of each benchmark's median against the baseline (%s), with whiskers for the 95%% interval of the change. "+
		"Vermillion marks a regression, blue an improvement (significant at alpha %g and beyond the ±%s threshold, dashed lines); "+
		"grey is no change, orange is inconclusive (noisy).", rep.Baseline, rep.Policy.Alpha, compare.FormatPercent(rep.Policy.Threshold))
	if skipped > 0 {
		c.Caption += fmt.Sprintf(" %d benchmarks without a change figure (missing, added, failed or skipped) are listed in the table only.", skipped)
	}
	c.body = func(dc draw.Canvas) { drawWithSideLegend(dc, p, &leg) }
	return c
}

// changePlot draws the rows of a comparison chart.
type changePlot struct {
	rows []changeRow
	thr  float64
}

func (cp *changePlot) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	zero := draw.LineStyle{Color: colorSubtle, Width: vg.Points(1)}
	c.StrokeLine2(zero, trX(0), c.Min.Y, trX(0), c.Max.Y)
	th := thresholdStyle()
	for _, v := range []float64{-cp.thr, cp.thr} {
		if v >= p.X.Min && v <= p.X.Max {
			c.StrokeLine2(th, trX(v), c.Min.Y, trX(v), c.Max.Y)
		}
	}
	clamp := func(v float64) float64 { return math.Max(p.X.Min, math.Min(p.X.Max, v)) }
	n := len(cp.rows)
	cap := vg.Points(4)
	for i, r := range cp.rows {
		y := trY(float64(n - 1 - i))
		col := verdictColor(r.verdict)
		ws := draw.LineStyle{Color: col, Width: vg.Points(1.4)}
		if !math.IsNaN(r.low) && !math.IsNaN(r.high) {
			x0, x1 := trX(clamp(r.low)), trX(clamp(r.high))
			c.StrokeLine2(ws, x0, y, x1, y)
			if r.low >= p.X.Min {
				c.StrokeLine2(ws, x0, y-cap, x0, y+cap)
			}
			if r.high <= p.X.Max {
				c.StrokeLine2(ws, x1, y-cap, x1, y+cap)
			}
		}
		gs := draw.GlyphStyle{Color: col, Radius: vg.Points(4.5), Shape: draw.CircleGlyph{}}
		if r.allowed {
			gs.Shape = draw.RingGlyph{}
		}
		c.DrawGlyph(gs, vg.Point{X: trX(clamp(r.change)), Y: y})
	}
}

func thresholdStyle() draw.LineStyle {
	return draw.LineStyle{Color: colorText, Width: vg.Points(1.2), Dashes: dash(1)}
}
