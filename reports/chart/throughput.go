package chart

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// throughputChart draws the suite's metric against problem size: one line
// per kernel variant (colour and marker), one line style per
// configuration, one panel per metric unit.
func throughputChart(d *dataset, suite string) *Chart {
	panels, data := throughputPanels(d, suite)
	if len(panels) == 0 {
		return nil
	}
	cfgIdx := d.configIndex()
	var plots []builtPanel
	height := 0.0
	for _, pn := range panels {
		plots = append(plots, throughputPanelPlot(pn, d.configs, cfgIdx))
		height += plots[len(plots)-1].h
	}
	c := &Chart{
		Name:     "throughput-" + safeName(suite),
		Kind:     KindThroughput,
		Suite:    suite,
		Title:    fmt.Sprintf("%s: throughput vs problem size", suite),
		Subtitle: d.subtitle(),
		Width:    Width,
		Height:   int(height) + 70,
		Data:     data,
	}
	var cfgNote string
	if len(d.configs) > 1 {
		cfgNote = fmt.Sprintf(" Line style distinguishes the %d configurations (%s).", len(d.configs), strings.Join(d.configs, ", "))
	}
	c.Caption = fmt.Sprintf("Median %s of every %s kernel variant at each problem size (log-scaled size axis); one colour and marker per variant.%s "+
		"Lines that rise and flatten show where a variant saturates the device; the highest line at the right is the best variant for large problems.", panels[0].metric, suite, cfgNote)
	c.body = func(dc draw.Canvas) {
		top := dc.Max.Y
		total := dc.Max.Y - dc.Min.Y
		for _, b := range plots {
			h := total * vg.Length(b.h/height)
			sub := draw.Canvas{Canvas: dc.Canvas, Rectangle: vg.Rectangle{Min: vg.Point{X: dc.Min.X, Y: top - h}, Max: vg.Point{X: dc.Max.X, Y: top}}}
			leg := b.legend
			drawWithSideLegend(sub, b.p, &leg)
			top -= h
		}
	}
	return c
}

// throughputLine is one variant's medians by size in one configuration.
type throughputLine struct {
	series, cfg string
	pts         plotter.XYs
}

// throughputPanel is one unit's lines, variants and sizes (for the axis).
type throughputPanel struct {
	unit, metric, better string
	lines                []*throughputLine
	index                map[string]*throughputLine
	series               []string
	seriesIdx            map[string]int
	params               []map[string]int64
}

// throughputPanels groups the suite's sized benchmarks into panels by unit
// and lines by variant and configuration; data is the figures drawn.
func throughputPanels(d *dataset, suite string) (panels []*throughputPanel, data [][]string) {
	byUnit := map[string]*throughputPanel{}
	data = [][]string{{"suite", "kernel", "variant", "size", "size_measure", "configuration", "metric", "unit", "median", "ci_low", "ci_high"}}
	for _, b := range d.benches {
		if b.r.Suite != suite || !b.ok() {
			continue
		}
		x := sizeMeasure(b.r.Params)
		if math.IsNaN(x) {
			continue
		}
		u := b.r.Metric.Unit
		p := byUnit[u]
		if p == nil {
			p = &throughputPanel{unit: u, metric: b.r.Metric.Name, better: b.r.Metric.Better, index: map[string]*throughputLine{}, seriesIdx: map[string]int{}}
			byUnit[u] = p
			panels = append(panels, p)
		}
		s := seriesName(b.r)
		if _, ok := p.seriesIdx[s]; !ok {
			p.seriesIdx[s] = len(p.series)
			p.series = append(p.series, s)
		}
		k := s + "\x00" + b.cfg
		l := p.index[k]
		if l == nil {
			l = &throughputLine{series: s, cfg: b.cfg}
			p.index[k] = l
			p.lines = append(p.lines, l)
		}
		l.pts = append(l.pts, plotter.XY{X: x, Y: b.sum.Median})
		p.params = append(p.params, b.r.Params)
		data = append(data, []string{suite, b.r.Kernel, variantName(b.r), sizeLabel(b.r.Params), f64(x), b.cfg,
			b.r.Metric.Name, u, f64(b.sum.Median), f64(b.sum.Low), f64(b.sum.High)})
	}
	return panels, data
}

// builtPanel is one of stacked panels: plot, side legend, height in px.
type builtPanel struct {
	p      *plot.Plot
	legend plot.Legend
	h      float64
}

// throughputPanelPlot draws one panel on a log size axis: a line per variant
// and configuration, each variant once (solid) in the legend, then the
// configurations' dashes, and a height that fits the legend.
func throughputPanelPlot(pn *throughputPanel, configs []string, cfgIdx map[string]int) builtPanel {
	dir := "higher is better"
	if pn.better == resultsfile.LowerIsBetter {
		dir = "lower is better"
	}
	p := newPlot(sizeAxisLabel(pn.params), fmt.Sprintf("%s (%s), median — %s", pn.metric, pn.unit, dir))
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = plot.TickerFunc(log2Ticks)
	p.Y.Min = 0
	p.Add(gridLines{vertical: true, horizontal: true})
	leg := newLegend()
	legendDone := map[string]bool{}
	for _, l := range pn.lines {
		sort.Slice(l.pts, func(i, j int) bool { return l.pts[i].X < l.pts[j].X })
		i := pn.seriesIdx[l.series]
		ln, sc, err := plotter.NewLinePoints(l.pts)
		if err != nil {
			continue
		}
		ln.Color = seriesColor(i)
		ln.Width = vg.Points(1.8)
		ln.Dashes = dash(cfgIdx[l.cfg])
		sc.Color = seriesColor(i)
		sc.Shape = seriesGlyph(i)
		sc.Radius = vg.Points(3.5)
		p.Add(ln, sc)
		if !legendDone[l.series] {
			legendDone[l.series] = true
			// The variant's entry shows colour and marker, solid.
			th := &plotter.Line{XYs: l.pts, LineStyle: ln.LineStyle}
			th.Dashes = nil
			leg.Add(l.series, th, sc)
		}
	}
	if len(configs) > 1 {
		for j, c := range configs {
			ls := &plotter.Line{LineStyle: draw.LineStyle{Color: colorText, Width: vg.Points(1.8), Dashes: dash(j)}}
			leg.Add("config: "+c, ls)
		}
	}
	p.X.Min, p.X.Max = padLog(p.X.Min, p.X.Max)
	p.Y.Max *= 1.05
	h := 520.0
	// A tall legend needs a taller panel.
	lr := leg.Rectangle(draw.Canvas{})
	h = math.Max(h, float64(lr.Max.Y-lr.Min.Y)*DPI/72+80)
	return builtPanel{p, leg, h}
}

// padLog widens a log range a little on both sides so end markers are not
// cut.
func padLog(min, max float64) (float64, float64) {
	if min <= 0 || max <= 0 {
		return min, max
	}
	if min == max {
		return min / 2, max * 2
	}
	f := math.Pow(max/min, 0.04)
	return min / f, max * f
}
