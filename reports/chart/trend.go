package chart

import (
	"fmt"
	"math"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// KindTrend is a benchmark's run medians over time.
const KindTrend = "trend"

// TrendPoint is one run: its start time, median and 95% interval.
type TrendPoint struct {
	Time              time.Time
	Median, Low, High float64
}

// TrendMark is a change point: the index of the first run after it and
// what to write beside it (the change and the fingerprint keys that
// changed there).
type TrendMark struct {
	Index int
	Label string
}

// TrendSeries is one line of a trend chart.
type TrendSeries struct {
	Name   string
	Points []TrendPoint
	Marks  []TrendMark
}

// Trend draws run medians over time with their intervals, one line per
// series, change points as dashed vertical lines with their labels. name
// is the file stem.
func Trend(name, title, subtitle, unit string, series []TrendSeries) *Chart {
	c := &Chart{Name: name, Kind: KindTrend, Title: title, Subtitle: subtitle, Width: Width, Height: 560,
		Caption: "Each dot is one run's median, whiskers its 95% interval; dashed lines mark change points (E-Divisive means, permutation test) with the change and the fingerprint keys that changed there."}
	c.Data = [][]string{{"series", "time", "median", "low", "high", "change_point"}}
	for _, s := range series {
		marks := map[int]string{}
		for _, m := range s.Marks {
			marks[m.Index] = m.Label
		}
		for i, p := range s.Points {
			c.Data = append(c.Data, []string{s.Name, p.Time.UTC().Format(time.RFC3339), fmtG(p.Median), fmtG(p.Low), fmtG(p.High), marks[i]})
		}
	}
	c.body = func(dc draw.Canvas) {
		p := newPlot("run start (UTC)", unit)
		p.Add(gridLines{horizontal: true})
		span := time.Duration(0)
		var first, last time.Time
		for _, s := range series {
			for _, pt := range s.Points {
				if first.IsZero() || pt.Time.Before(first) {
					first = pt.Time
				}
				if pt.Time.After(last) {
					last = pt.Time
				}
			}
		}
		span = last.Sub(first)
		format := "2006-01-02"
		if span < 72*time.Hour {
			format = "01-02 15:04"
		}
		p.X.Tick.Marker = plot.TimeTicks{Format: format, Time: func(t float64) time.Time { return time.Unix(int64(t), 0).UTC() }}
		legend := newLegend()
		for i, s := range series {
			xys := make(plotter.XYs, len(s.Points))
			errs := make(plotter.YErrors, len(s.Points))
			for j, pt := range s.Points {
				xys[j] = plotter.XY{X: float64(pt.Time.Unix()), Y: pt.Median}
				errs[j].Low, errs[j].High = nonNeg(pt.Median-pt.Low), nonNeg(pt.High-pt.Median)
			}
			line, _ := plotter.NewLine(xys)
			line.Color, line.Width = seriesColor(i), vg.Points(1)
			sc, _ := plotter.NewScatter(xys)
			sc.GlyphStyle.Color, sc.GlyphStyle.Shape, sc.GlyphStyle.Radius = seriesColor(i), seriesGlyph(i), vg.Points(2.2)
			eb := &plotter.YErrorBars{XYs: xys, YErrors: errs, LineStyle: draw.LineStyle{Color: seriesColor(i), Width: vg.Points(0.8)}, CapWidth: vg.Points(3)}
			p.Add(line, eb, sc)
			legend.Add(s.Name, line, sc)
			for _, m := range s.Marks {
				if m.Index <= 0 || m.Index >= len(s.Points) {
					continue
				}
				x := (float64(s.Points[m.Index-1].Time.Unix()) + float64(s.Points[m.Index].Time.Unix())) / 2
				p.Add(&vmark{x: x, label: m.Label, color: seriesColor(i)})
			}
		}
		drawWithSideLegend(dc, p, &legend)
	}
	return c
}

func nonNeg(x float64) float64 {
	if x < 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	return x
}

func fmtG(x float64) string { return fmt.Sprintf("%.6g", x) }

// vmark is a dashed vertical line at x with a label at its top.
type vmark struct {
	x     float64
	label string
	color interface{ RGBA() (r, g, b, a uint32) }
}

func (v *vmark) Plot(c draw.Canvas, p *plot.Plot) {
	trX, _ := p.Transforms(&c)
	x := trX(v.x)
	sty := draw.LineStyle{Color: v.color, Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}
	c.StrokeLine2(sty, x, c.Min.Y, x, c.Max.Y)
	ts := textStyle(9.5, false, colorText)
	ts.XAlign, ts.YAlign = draw.XLeft, draw.YTop
	y := c.Max.Y - vg.Points(2)
	for _, line := range strings.Split(v.label, "\n") {
		c.FillText(ts, vg.Point{X: x + vg.Points(3), Y: y}, line)
		y -= ts.Height(line)
	}
}
