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
	"github.com/radvbench/radvbench/core/stats"
)

// Intensity returns a result's arithmetic intensity (work per byte moved
// to and from memory) and its work per dispatch. For matmul it is
// 2MNK / (bytes of A, B and C): 4-byte elements for fp32, 2-byte A and B
// for f16storage, 2-byte A, B and C for f16arith. Other suites state it
// through Extra["work_per_dispatch"] and Extra["bytes_per_dispatch"]. ok
// is false when the result does not say.
func Intensity(r *resultsfile.Result) (intensity, work float64, ok bool) {
	if r.Suite == "matmul" {
		m, n, k := float64(r.Params["M"]), float64(r.Params["N"]), float64(r.Params["K"])
		if m > 0 && n > 0 && k > 0 {
			ab, c := 4.0, 4.0
			switch r.Kernel {
			case "f16storage":
				ab = 2
			case "f16arith":
				ab, c = 2, 2
			}
			bytes := ab*(m*k+k*n) + c*m*n
			work = 2 * m * n * k
			return work / bytes, work, true
		}
	}
	w, b := r.Extra["work_per_dispatch"], r.Extra["bytes_per_dispatch"]
	if w > 0 && b > 0 {
		return w / b, w, true
	}
	return 0, 0, false
}

// achieved is the work rate in G-units/s: the metric itself when it is
// GFLOP/s, else work per dispatch over the median dispatch time.
func achieved(b *bench, work float64) float64 {
	if strings.EqualFold(b.r.Metric.Unit, "GFLOP/s") {
		return b.sum.Median
	}
	if len(b.r.SamplesNS) == 0 {
		return math.NaN()
	}
	ns := append([]float64(nil), b.r.SamplesNS...)
	sort.Float64s(ns)
	med := stats.Quantile(ns, 0.5)
	if med <= 0 {
		return math.NaN()
	}
	return work / med
}

// rooflineChart plots achieved throughput against arithmetic intensity
// for every benchmark that states both, with the device's compute and
// bandwidth roofs when the device table knows the device.
func rooflineChart(d *dataset) *Chart {
	groups, data, xlo, xhi, ylo, yhi := rooflinePoints(d)
	if len(groups) == 0 {
		return nil
	}
	sku := d.sku
	var compute, compute16, bw float64
	if sku != nil {
		compute, compute16, bw = sku.FP32TFLOPS*1000, sku.FP16TFLOPS*1000, sku.BandwidthGB
		if compute > 0 {
			yhi = math.Max(yhi, compute*1.5)
		}
		if compute16 > 0 {
			yhi = math.Max(yhi, compute16*1.5)
		}
		if compute > 0 && bw > 0 {
			ridge := compute / bw
			xlo, xhi = math.Min(xlo, ridge/8), math.Max(xhi, ridge*4)
			ylo = math.Min(ylo, bw*xlo)
		}
	}
	xlo, xhi = xlo/1.6, xhi*1.6
	ylo, yhi = ylo/1.6, yhi*1.6

	p := newPlot("arithmetic intensity (FLOP per byte of memory traffic, log scale)", "achieved throughput (GFLOP/s, log scale)")
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.TickerFunc(log10Ticks), plot.TickerFunc(log10Ticks)
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = xlo, xhi, ylo, yhi
	p.Add(gridLines{vertical: true, horizontal: true})
	leg := newLegend()
	leg.ThumbnailWidth = vg.Points(22)
	roofs := &roofPlot{compute: compute, compute16: compute16, bw: bw}
	if sku != nil && (compute > 0 || bw > 0) {
		p.Add(roofs)
	}
	addRooflinePoints(p, &leg, groups, d.configs)
	if compute > 0 {
		leg.Add(fmt.Sprintf("FP32 peak %s GFLOP/s", formatNumber(compute)), &plotter.Line{LineStyle: roofStyle(false)})
	}
	if compute16 > 0 {
		leg.Add(fmt.Sprintf("FP16 peak %s GFLOP/s", formatNumber(compute16)), &plotter.Line{LineStyle: roofStyle(true)})
	}
	if bw > 0 {
		leg.Add(fmt.Sprintf("memory bandwidth %s GB/s", formatNumber(bw)), &plotter.Line{LineStyle: roofStyle(false)})
	}

	c := &Chart{
		Name:     "roofline",
		Kind:     KindRoofline,
		Title:    "Roofline: achieved throughput vs arithmetic intensity",
		Subtitle: d.subtitle(),
		Width:    Width,
		Height:   720,
		Data:     data,
	}
	c.Caption = "Each point is one benchmark (kernel, variant and problem size) placed by its arithmetic intensity — " +
		"for matmul 2MNK FLOP over the bytes of A, B and C — and its achieved throughput; one colour per kernel."
	if sku != nil && (compute > 0 || bw > 0) {
		c.Caption += fmt.Sprintf(" The roofs are the %s's peak compute and memory bandwidth from the device table: "+
			"points under the sloped roof are bandwidth-bound, under the flat roof compute-bound; the gap to the roof is what is left to gain.", sku.Name)
	} else {
		c.Caption += " No roofs: the device is not in radvbench's device table (e.g. lavapipe), so its peak compute and bandwidth are unknown."
	}
	// plot centres a y label at the arithmetic midpoint of the range,
	// which on a log axis lies near the top and squashes the plot; the
	// label is drawn here instead.
	ylabel := p.Y.Label.Text
	p.Y.Label.Text = ""
	c.body = func(dc draw.Canvas) {
		sty := textStyle(12, false, colorText)
		sty.Rotation = math.Pi / 2
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
		dc.FillText(sty, vg.Point{X: dc.Min.X, Y: (dc.Min.Y + dc.Max.Y) / 2}, ylabel)
		drawWithSideLegend(draw.Crop(dc, vg.Points(20), 0, 0, 0), p, &leg)
	}
	return c
}

// rooflineGroup is one kernel's points in one configuration: idx picks
// the colour (kernels in order of appearance), cfg the marker.
type rooflineGroup struct {
	name string
	cfg  int
	idx  int
	pts  plotter.XYs
}

// rooflinePoints places each measured benchmark that states its intensity
// and achieved a positive rate, grouped by kernel and configuration; data
// is the figures drawn, x and y the points' ranges.
func rooflinePoints(d *dataset) (groups []*rooflineGroup, data [][]string, xlo, xhi, ylo, yhi float64) {
	gIdx := map[string]*rooflineGroup{}
	kernels := map[string]int{}
	cfgIdx := d.configIndex()
	data = [][]string{{"suite", "kernel", "variant", "size", "configuration", "intensity_per_byte", "work_per_dispatch", "achieved_g_per_s"}}
	xlo, xhi, ylo, yhi = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, b := range d.benches {
		if !b.ok() {
			continue
		}
		ai, work, ok := Intensity(b.r)
		if !ok {
			continue
		}
		y := achieved(b, work)
		if math.IsNaN(y) || y <= 0 {
			continue
		}
		kn := b.r.Suite + "/" + b.r.Kernel
		if _, ok := kernels[kn]; !ok {
			kernels[kn] = len(kernels)
		}
		key := kn + "\x00" + b.cfg
		g := gIdx[key]
		if g == nil {
			g = &rooflineGroup{name: kn, cfg: cfgIdx[b.cfg], idx: kernels[kn]}
			gIdx[key] = g
			groups = append(groups, g)
		}
		g.pts = append(g.pts, plotter.XY{X: ai, Y: y})
		xlo, xhi, ylo, yhi = math.Min(xlo, ai), math.Max(xhi, ai), math.Min(ylo, y), math.Max(yhi, y)
		data = append(data, []string{b.r.Suite, b.r.Kernel, variantName(b.r), sizeLabel(b.r.Params), b.cfg, f64(ai), f64(work), f64(y)})
	}
	return groups, data, xlo, xhi, ylo, yhi
}

// addRooflinePoints adds the groups' points to p and each kernel once to
// the legend, then the configurations' markers when there are several.
func addRooflinePoints(p *plot.Plot, leg *plot.Legend, groups []*rooflineGroup, configs []string) {
	done := map[string]bool{}
	for _, g := range groups {
		sort.Slice(g.pts, func(i, j int) bool { return g.pts[i].X < g.pts[j].X })
		sc, err := plotter.NewScatter(g.pts)
		if err != nil {
			continue
		}
		sc.Color = seriesColor(g.idx)
		sc.Shape = glyphs[g.cfg%len(glyphs)]
		sc.Radius = vg.Points(4)
		p.Add(sc)
		if !done[g.name] {
			done[g.name] = true
			th := *sc
			th.Shape = draw.CircleGlyph{}
			leg.Add(g.name, &th)
		}
	}
	if len(configs) > 1 {
		for j, c := range configs {
			leg.Add("config: "+c, &plotter.Scatter{GlyphStyle: draw.GlyphStyle{Color: colorText, Radius: vg.Points(4), Shape: glyphs[j%len(glyphs)]}})
		}
	}
}

func roofStyle(fp16 bool) draw.LineStyle {
	s := draw.LineStyle{Color: colorText, Width: vg.Points(2)}
	if fp16 {
		s.Dashes = dash(1)
		s.Color = colorSubtle
	}
	return s
}

// roofPlot draws min(compute, bw·x) for fp32 (and fp16, dashed).
type roofPlot struct{ compute, compute16, bw float64 }

func (r *roofPlot) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	line := func(peak float64, fp16 bool) {
		var pts []vg.Point
		steps := 200
		for i := 0; i <= steps; i++ {
			x := p.X.Min * math.Pow(p.X.Max/p.X.Min, float64(i)/float64(steps))
			y := peak
			if r.bw > 0 {
				y = math.Min(peak, r.bw*x)
			}
			if y < p.Y.Min || y > p.Y.Max {
				continue
			}
			pts = append(pts, vg.Point{X: trX(x), Y: trY(y)})
		}
		if len(pts) > 1 {
			c.StrokeLines(roofStyle(fp16), pts)
		}
	}
	switch {
	case r.compute > 0:
		line(r.compute, false)
		if r.compute16 > 0 {
			line(r.compute16, true)
		}
	case r.bw > 0:
		line(math.Inf(1), false)
	}
}
