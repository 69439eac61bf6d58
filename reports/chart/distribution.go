package chart

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/radvbench/radvbench/core/stats"
)

// box is the five-number summary of one benchmark's samples in one
// configuration, in percent of the reference median.
type box struct {
	row, cfg         int
	q1, med, q3      float64
	whiskLo, whiskHi float64
	outLo, outHi     []float64
	n                int
}

func makeBox(xs []float64) box {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	b := box{q1: stats.Quantile(s, 0.25), med: stats.Quantile(s, 0.5), q3: stats.Quantile(s, 0.75), n: len(s)}
	iqr := b.q3 - b.q1
	lo, hi := b.q1-1.5*iqr, b.q3+1.5*iqr
	b.whiskLo, b.whiskHi = b.q1, b.q3
	for _, v := range s {
		switch {
		case v < lo:
			b.outLo = append(b.outLo, v)
		case v > hi:
			b.outHi = append(b.outHi, v)
		default:
			b.whiskLo = math.Min(b.whiskLo, v)
			b.whiskHi = math.Max(b.whiskHi, v)
		}
	}
	return b
}

// distributionChart draws, per benchmark of the suite and per
// configuration, a box plot of the samples relative to the benchmark's
// reference median (its first configuration), so noise and shifts of
// different benchmarks share one axis.
func distributionChart(d *dataset, suite string) *Chart {
	ids, labels := distributionRows(d, suite)
	if len(ids) == 0 {
		return nil
	}
	nc := len(d.configs)
	boxes, data := distributionBoxes(d, ids)
	lo, hi := boxAxis(boxes)

	p := newPlot("sample ÷ reference median − 1 (%); reference = the benchmark's first configuration", "")
	p.X.Min, p.X.Max = lo, hi
	p.Y.Min, p.Y.Max = -0.6, float64(len(ids))-0.4
	var ticks []plot.Tick
	for i, id := range ids {
		ticks = append(ticks, plot.Tick{Value: float64(len(ids) - 1 - i), Label: labels[id]})
	}
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	p.Y.Tick.Label.Font = sans(10, false)
	p.Add(gridLines{vertical: true})
	p.Add(&boxPlot{boxes: boxes, rows: len(ids), configs: nc})
	leg := newLegend()
	leg.ThumbnailWidth = vg.Points(22)
	for j, cfg := range d.configs {
		name := cfg
		if name == "" {
			name = "samples"
		}
		leg.Add(name, &plotter.BarChart{Color: seriesColor(j), LineStyle: draw.LineStyle{Color: colorText, Width: vg.Points(0.8)}})
	}
	leg.Add("box: quartiles, bar: median", &plotter.Line{LineStyle: draw.LineStyle{Color: colorText, Width: vg.Points(2)}})
	leg.Add("whiskers: 1.5 IQR", &plotter.Line{LineStyle: draw.LineStyle{Color: colorText, Width: vg.Points(0.8)}})
	leg.Add("outlier (triangle: beyond the axis)", &plotter.Scatter{GlyphStyle: draw.GlyphStyle{Color: colorText, Radius: vg.Points(2), Shape: draw.RingGlyph{}}})

	rowPx := 10*nc + 12
	c := &Chart{
		Name:     "distribution-" + safeName(suite),
		Kind:     KindDistribution,
		Suite:    suite,
		Title:    fmt.Sprintf("%s: sample distributions", suite),
		Subtitle: d.subtitle(),
		Width:    Width,
		Height:   max(420, 150+rowPx*len(ids)),
		Data:     data,
	}
	c.Caption = fmt.Sprintf("Every timed sample of each %s benchmark, as a box plot relative to the benchmark's reference median, "+
		"one box per configuration. A wide box means a noisy benchmark; a box shifted away from 0%% means the configuration changed the figure.", suite)
	c.body = func(dc draw.Canvas) { drawWithSideLegend(dc, p, &leg) }
	return c
}

// distributionRows are the suite's measured benchmarks and their labels,
// grouped by variant (in order of appearance), sizes ascending within.
func distributionRows(d *dataset, suite string) (ids []string, labels map[string]string) {
	seen := map[string]bool{}
	labels = map[string]string{}
	for _, b := range d.benches {
		if b.r.Suite != suite || !b.ok() || seen[b.r.ID()] {
			continue
		}
		seen[b.r.ID()] = true
		ids = append(ids, b.r.ID())
		labels[b.r.ID()] = benchLabel(b.r)
	}
	series, first := map[string]int{}, map[string]*bench{}
	for _, b := range d.benches {
		if _, ok := series[seriesName(b.r)]; !ok {
			series[seriesName(b.r)] = len(series)
		}
		if first[b.r.ID()] == nil {
			first[b.r.ID()] = b
		}
	}
	sort.SliceStable(ids, func(i, j int) bool {
		a, b := first[ids[i]].r, first[ids[j]].r
		if sa, sb := series[seriesName(a)], series[seriesName(b)]; sa != sb {
			return sa < sb
		}
		return sizeMeasure(a.Params) < sizeMeasure(b.Params)
	})
	return ids, labels
}

// distributionBoxes makes a box per row and configuration in percent of the
// row's reference median (its first configuration's); data: the figures.
func distributionBoxes(d *dataset, ids []string) (boxes []box, data [][]string) {
	cfgIdx := d.configIndex()
	data = [][]string{{"benchmark", "configuration", "n", "median", "ref_median", "q1_pct", "median_pct", "q3_pct", "whisker_low_pct", "whisker_high_pct", "outliers", "cv"}}
	for row, id := range ids {
		var ref float64
		for _, cfg := range d.configs {
			if b := d.get(cfg, id); b != nil && b.ok() {
				ref = b.sum.Median
				break
			}
		}
		if ref == 0 {
			continue
		}
		for _, cfg := range d.configs {
			b := d.get(cfg, id)
			if b == nil || !b.ok() {
				continue
			}
			rel := make([]float64, len(b.samples))
			for i, v := range b.samples {
				rel[i] = (v/ref - 1) * 100
			}
			bx := makeBox(rel)
			bx.row, bx.cfg = row, cfgIdx[cfg]
			boxes = append(boxes, bx)
			data = append(data, []string{id, cfg, fmt.Sprint(bx.n), f64(b.sum.Median), f64(ref), f64(bx.q1), f64(bx.med), f64(bx.q3),
				f64(bx.whiskLo), f64(bx.whiskHi), fmt.Sprint(len(bx.outLo) + len(bx.outHi)), f64(b.sum.CV)})
		}
	}
	return boxes, data
}

// boxAxis spans 0 ± 1%, every box and whisker and outliers up to one more
// whisker span (farther ones get a marker at the edge), plus a 4% margin.
func boxAxis(boxes []box) (lo, hi float64) {
	olo, ohi := 0.0, 0.0
	for _, bx := range boxes {
		lo, hi = math.Min(lo, bx.whiskLo), math.Max(hi, bx.whiskHi)
		for _, v := range bx.outLo {
			olo = math.Min(olo, v)
		}
		for _, v := range bx.outHi {
			ohi = math.Max(ohi, v)
		}
	}
	span := math.Max(hi-lo, 2)
	lo, hi = math.Min(lo, math.Max(olo, lo-span)), math.Max(hi, math.Min(ohi, hi+span))
	lo, hi = math.Min(lo, -1), math.Max(hi, 1)
	span = hi - lo
	return lo - 0.04*span, hi + 0.04*span
}

// boxPlot draws horizontal boxes, nc per row.
type boxPlot struct {
	boxes         []box
	rows, configs int
}

func (bp *boxPlot) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	zero := draw.LineStyle{Color: colorSubtle, Width: vg.Points(1)}
	c.StrokeLine2(zero, trX(0), c.Min.Y, trX(0), c.Max.Y)
	band := (trY(1) - trY(0)) * 0.8 // a row's height
	if band < 0 {
		band = -band
	}
	bh := band / vg.Length(bp.configs)
	edge := draw.LineStyle{Color: colorText, Width: vg.Points(0.8)}
	for _, b := range bp.boxes {
		yc := trY(float64(bp.rows-1-b.row)) + band/2 - bh*(vg.Length(b.cfg)+0.5)
		h := bh * 0.42
		col := seriesColor(b.cfg)
		in := func(v float64) bool { return v >= p.X.Min && v <= p.X.Max }
		cl := func(v float64) vg.Length { return trX(math.Max(p.X.Min, math.Min(p.X.Max, v))) }
		c.StrokeLine2(edge, cl(b.whiskLo), yc, cl(b.q1), yc)
		c.StrokeLine2(edge, cl(b.q3), yc, cl(b.whiskHi), yc)
		if in(b.whiskLo) {
			c.StrokeLine2(edge, trX(b.whiskLo), yc-h*0.6, trX(b.whiskLo), yc+h*0.6)
		}
		if in(b.whiskHi) {
			c.StrokeLine2(edge, trX(b.whiskHi), yc-h*0.6, trX(b.whiskHi), yc+h*0.6)
		}
		rect := vg.Rectangle{Min: vg.Point{X: cl(b.q1), Y: yc - h}, Max: vg.Point{X: cl(b.q3), Y: yc + h}}
		if rect.Max.X-rect.Min.X < vg.Points(1) {
			rect.Max.X = rect.Min.X + vg.Points(1)
		}
		c.SetColor(col)
		c.Fill(rect.Path())
		strokeRect(c, edge, rect)
		ms := draw.LineStyle{Color: colorText, Width: vg.Points(2)}
		c.StrokeLine2(ms, cl(b.med), yc-h, cl(b.med), yc+h)
		og := draw.GlyphStyle{Color: colorText, Radius: vg.Points(1.6), Shape: draw.RingGlyph{}}
		arrow := draw.GlyphStyle{Color: colorText, Radius: vg.Points(3), Shape: draw.TriangleGlyph{}}
		beyond := false
		for _, v := range append(append([]float64(nil), b.outLo...), b.outHi...) {
			if in(v) {
				c.DrawGlyph(og, vg.Point{X: trX(v), Y: yc})
			} else {
				beyond = true
			}
		}
		if beyond {
			// A marker at the edge: some outliers lie beyond the axis.
			if len(b.outHi) > 0 && !in(b.outHi[len(b.outHi)-1]) {
				c.DrawGlyph(arrow, vg.Point{X: c.Max.X - vg.Points(4), Y: yc})
			}
			if len(b.outLo) > 0 && !in(b.outLo[0]) {
				c.DrawGlyph(arrow, vg.Point{X: c.Min.X + vg.Points(4), Y: yc})
			}
		}
	}
}
