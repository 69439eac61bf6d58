package chart

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// KindBisect is a bisection's chart.
const KindBisect = "bisect"

// BisectPoint is one gate of a bisection: the candidate's position and
// name, the change against the good end with its interval (fractions),
// the step that gated it (0: the verification) and its mark.
type BisectPoint struct {
	Position          int
	Candidate         string
	Change, Low, High float64
	Step              int
	Mark              string
}

// Bisection draws a bisection: the change of each gated candidate
// against the good end (percent) at its position in the list, whiskers
// its interval, each dot labelled with the step that gated it and its
// mark; candidates lists every name in order (the x ticks). A dashed
// line between lastGood and firstBad marks the answer (none when
// firstBad < 0).
func Bisection(name, title, subtitle string, candidates []string, points []BisectPoint, lastGood, firstBad int) *Chart {
	c := &Chart{Name: name, Kind: KindBisect, Title: title, Subtitle: subtitle, Width: Width, Height: 520,
		Caption: "Each dot is one step's gate of a candidate against the good end: the change of the judged benchmark, whiskers its alarm interval, labelled with the step (0: the verification of the bad end) and its mark; the dashed line falls between the last good and the first bad candidate."}
	c.Data = [][]string{{"position", "candidate", "step", "mark", "change", "low", "high"}}
	for _, p := range points {
		c.Data = append(c.Data, []string{fmt.Sprint(p.Position), p.Candidate, fmt.Sprint(p.Step), p.Mark, fmtG(p.Change), fmtG(p.Low), fmtG(p.High)})
	}
	c.body = func(dc draw.Canvas) {
		p := newPlot("candidate (in order)", "change against the good end (%)")
		p.Add(gridLines{horizontal: true})
		var ticks []plot.Tick
		for i, n := range candidates {
			ticks = append(ticks, plot.Tick{Value: float64(i), Label: n})
		}
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
		p.X.Min, p.X.Max = -0.5, float64(len(candidates))-0.5
		legend := newLegend()
		for i, mark := range []string{"good", "bad", "unsure", "skip"} {
			var xys plotter.XYs
			var errs plotter.YErrors
			var labels []string
			for _, pt := range points {
				if pt.Mark != mark || math.IsNaN(pt.Change) || math.IsInf(pt.Change, 0) {
					continue
				}
				y := 100 * pt.Change
				xys = append(xys, plotter.XY{X: float64(pt.Position), Y: y})
				errs = append(errs, struct{ Low, High float64 }{nonNeg(y - 100*pt.Low), nonNeg(100*pt.High - y)})
				labels = append(labels, fmt.Sprintf("step %d", pt.Step))
			}
			if len(xys) == 0 {
				continue
			}
			sc, _ := plotter.NewScatter(xys)
			sc.GlyphStyle.Color, sc.GlyphStyle.Shape, sc.GlyphStyle.Radius = seriesColor(i), seriesGlyph(i), vg.Points(3)
			eb := &plotter.YErrorBars{XYs: xys, YErrors: errs, LineStyle: draw.LineStyle{Color: seriesColor(i), Width: vg.Points(0.8)}, CapWidth: vg.Points(4)}
			lb, _ := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: labels})
			for j := range lb.TextStyle {
				lb.TextStyle[j].Font.Size = vg.Points(8)
			}
			lb.Offset = vg.Point{X: vg.Points(5), Y: vg.Points(3)}
			p.Add(eb, sc, lb)
			legend.Add(mark, sc)
		}
		if firstBad >= 0 {
			p.Add(&vmark{x: (float64(lastGood) + float64(firstBad)) / 2, label: "first bad: " + candidates[firstBad], color: seriesColor(1)})
		}
		drawWithSideLegend(dc, p, &legend)
	}
	return c
}
