package chart

import (
	"fmt"
	"image/color"
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// viridis is a perceptually uniform, colour-blind-safe sequential map.
var viridis = []color.RGBA{
	{0x44, 0x01, 0x54, 255}, {0x47, 0x2c, 0x7a, 255}, {0x3b, 0x51, 0x8b, 255},
	{0x2c, 0x71, 0x8e, 255}, {0x21, 0x90, 0x8d, 255}, {0x27, 0xad, 0x81, 255},
	{0x5c, 0xc8, 0x63, 255}, {0xaa, 0xdc, 0x32, 255}, {0xfd, 0xe7, 0x25, 255},
}

// viridisAt maps t in [0,1] to a colour.
func viridisAt(t float64) color.RGBA {
	t = math.Max(0, math.Min(1, t))
	pos := t * float64(len(viridis)-1)
	i := int(pos)
	if i >= len(viridis)-1 {
		return viridis[len(viridis)-1]
	}
	f := pos - float64(i)
	a, b := viridis[i], viridis[i+1]
	mix := func(x, y uint8) uint8 { return uint8(float64(x)*(1-f) + float64(y)*f + 0.5) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 255}
}

// heatmapSuites are the suites whose variants are tile configurations.
var heatmapSuites = map[string]bool{"matmul": true}

// heatmapCharts draws, per configuration, the matmul variants × sizes
// grid of median throughput.
func heatmapCharts(d *dataset) []*Chart {
	var out []*Chart
	for _, suite := range d.suites {
		if !heatmapSuites[suite] {
			continue
		}
		for _, cfg := range d.configs {
			if c := heatmapChart(d, suite, cfg); c != nil {
				out = append(out, c)
			}
		}
	}
	return out
}

type cell struct {
	value, pct float64
	status     string
}

func heatmapChart(d *dataset, suite, cfg string) *Chart {
	var rows []string
	rowIdx := map[string]int{}
	type col struct {
		label   string
		measure float64
		params  map[string]int64
	}
	var cols []col
	colIdx := map[string]int{}
	cells := map[[2]string]cell{}
	unit := ""
	for _, b := range d.benches {
		if b.r.Suite != suite || b.cfg != cfg {
			continue
		}
		if unit == "" && b.ok() {
			unit = b.r.Metric.Unit
		}
		s, z := seriesName(b.r), sizeLabel(b.r.Params)
		if _, ok := rowIdx[s]; !ok {
			rowIdx[s] = len(rows)
			rows = append(rows, s)
		}
		if _, ok := colIdx[z]; !ok {
			colIdx[z] = len(cols)
			cols = append(cols, col{z, sizeMeasure(b.r.Params), b.r.Params})
		}
		ce := cell{status: b.r.Status, value: math.NaN()}
		if b.ok() {
			ce.value = b.sum.Median
			if b.r.PercentOfPeak > 0 && b.r.Metric.Value > 0 {
				ce.pct = b.r.PercentOfPeak * b.sum.Median / b.r.Metric.Value
			}
		}
		cells[[2]string{s, z}] = ce
	}
	if len(rows) == 0 || unit == "" {
		return nil
	}
	sort.SliceStable(cols, func(i, j int) bool { return cols[i].measure < cols[j].measure })
	colNames := make([]string, len(cols))
	for i, c := range cols {
		colNames[i] = c.label
	}
	title := fmt.Sprintf("%s: variant × size, median %s", suite, unit)
	name := "heatmap-" + safeName(suite)
	if len(d.configs) > 1 {
		title += " — " + cfg
		name += "-" + safeName(cfg)
	}
	return newHeatmap(heatmapSpec{
		name: name, suite: suite, title: title, subtitle: d.subtitle(), xLabel: "problem size (M×N×K)", legend: "median " + unit,
		rows: rows, cols: colNames, cells: cells, higherBetter: true, logScale: true,
		header: []string{"variant", "size", "configuration", "median", "unit", "percent_of_peak", "status", "best_in_column"},
		row: func(r, c string, ce cell, best bool) []string {
			return []string{r, c, cfg, f64(ce.value), unit, f64(ce.pct), ce.status, fmt.Sprint(best)}
		},
		caption: func(logScale bool) string {
			scaleNote := "linear"
			if logScale {
				scaleNote = "logarithmic"
			}
			caption := fmt.Sprintf("Median %s of each %s kernel variant (tile or workgroup configuration) at each problem size; "+
				"the colour scale is %s, the best variant of each size is outlined, and %% of the device's peak is shown where the device table knows it. "+
				"Grey cells did not run (skipped or failed).", unit, suite, scaleNote)
			if cfg != "" && len(d.configs) > 1 {
				caption += " Configuration: " + cfg + "."
			}
			return caption
		},
	})
}

// heatmapSpec is a grid to draw as a heat map: rows × columns of cells
// (a missing cell is drawn "—", a cell without a value shows its status).
type heatmapSpec struct {
	name, suite, title, subtitle, xLabel string
	// legend heads the colour bar.
	legend     string
	rows, cols []string
	cells      map[[2]string]cell
	// higherBetter outlines the highest value of each column (else the
	// lowest); logScale allows a logarithmic colour scale when the values
	// span more than a factor of 8.
	higherBetter, logScale bool
	// header and row make the chart's data table (row gets whether the
	// cell is its column's best); caption its caption.
	header  []string
	row     func(r, c string, ce cell, best bool) []string
	caption func(logScale bool) string
}

// newHeatmap draws spec: the throughput heatmap of the matmul variants and
// the isa heatmaps of registers and occupancy per target.
func newHeatmap(spec heatmapSpec) *Chart {
	rows, colNames, cells := spec.rows, spec.cols, spec.cells
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, ce := range cells {
		if !math.IsNaN(ce.value) && ce.value > 0 {
			lo, hi = math.Min(lo, ce.value), math.Max(hi, ce.value)
		}
	}
	logScale := spec.logScale && hi/lo > 8
	norm := func(v float64) float64 {
		if hi == lo {
			return 0.5
		}
		if logScale {
			return math.Log(v/lo) / math.Log(hi/lo)
		}
		return (v - lo) / (hi - lo)
	}
	best := map[string]string{} // column -> best row
	for _, c := range colNames {
		bv := math.Inf(-1)
		for _, r := range rows {
			if ce, ok := cells[[2]string{r, c}]; ok && !math.IsNaN(ce.value) {
				v := ce.value
				if !spec.higherBetter {
					v = -v
				}
				if v > bv {
					bv, best[c] = v, r
				}
			}
		}
	}
	data := [][]string{spec.header}
	for _, r := range rows {
		for _, c := range colNames {
			ce, ok := cells[[2]string{r, c}]
			if !ok {
				continue
			}
			data = append(data, spec.row(r, c, ce, best[c] == r))
		}
	}

	p := newPlot(spec.xLabel, "")
	p.X.Min, p.X.Max = -0.5, float64(len(colNames))-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(len(rows))-0.5
	var xt, yt []plot.Tick
	for i, c := range colNames {
		xt = append(xt, plot.Tick{Value: float64(i), Label: c})
	}
	for i, r := range rows {
		yt = append(yt, plot.Tick{Value: float64(len(rows) - 1 - i), Label: r})
	}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.ConstantTicks(xt), plot.ConstantTicks(yt)
	p.X.Tick.Length, p.Y.Tick.Length = 0, 0
	p.X.LineStyle.Width, p.Y.LineStyle.Width = 0, 0
	p.X.Tick.Label.Font.Size, p.Y.Tick.Label.Font.Size = vg.Points(10.5), vg.Points(10.5)
	hm := &heatPlot{rows: rows, cols: colNames, cells: cells, norm: norm, best: best}
	p.Add(hm)

	c := &Chart{
		Name:     spec.name,
		Kind:     KindHeatmap,
		Suite:    spec.suite,
		Title:    spec.title,
		Subtitle: spec.subtitle,
		Width:    Width,
		Height:   max(400, 190+34*len(rows)),
		Data:     data,
		Caption:  spec.caption(logScale),
	}
	c.body = func(dc draw.Canvas) {
		barW := vg.Points(150)
		p.Draw(draw.Crop(dc, 0, -barW, 0, 0))
		drawColorBar(draw.Crop(dc, dc.Max.X-dc.Min.X-barW+vg.Points(20), 0, vg.Points(40), -vg.Points(10)), lo, hi, logScale, spec.legend)
	}
	return c
}

type heatPlot struct {
	rows, cols []string
	cells      map[[2]string]cell
	norm       func(float64) float64
	best       map[string]string
}

func (h *heatPlot) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	n := len(h.rows)
	val := textStyle(10.5, false, colorText)
	val.XAlign, val.YAlign = draw.XCenter, draw.YCenter
	bold := textStyle(10.5, true, colorText)
	bold.XAlign, bold.YAlign = draw.XCenter, draw.YCenter
	for i, r := range h.rows {
		for j, col := range h.cols {
			x0, x1 := trX(float64(j)-0.5), trX(float64(j)+0.5)
			y0, y1 := trY(float64(n-1-i)-0.5), trY(float64(n-1-i)+0.5)
			rect := vg.Rectangle{Min: vg.Point{X: x0 + 1, Y: y0 + 1}, Max: vg.Point{X: x1 - 1, Y: y1 - 1}}
			ce, ok := h.cells[[2]string{r, col}]
			txt := ""
			var fill color.Color = rgb(0xEE, 0xEE, 0xEE)
			tc := colorSubtle
			switch {
			case !ok:
				txt = "—"
			case math.IsNaN(ce.value):
				txt = ce.status
			default:
				cv := viridisAt(h.norm(ce.value))
				fill = cv
				// Dark text on the bright end, white on the dark end.
				if 0.299*float64(cv.R)+0.587*float64(cv.G)+0.114*float64(cv.B) > 140 {
					tc = rgb(0, 0, 0)
				} else {
					tc = rgb(0xFF, 0xFF, 0xFF)
				}
				txt = formatNumber(ce.value)
				if ce.pct > 0 {
					txt += fmt.Sprintf(" (%s%%)", formatNumber(ce.pct))
				}
			}
			c.SetColor(fill)
			c.Fill(rect.Path())
			st := val
			if ok && h.best[col] == r {
				st = bold
				strokeRect(c, draw.LineStyle{Color: colorText, Width: vg.Points(2.5)}, rect)
			}
			st.Color = tc
			c.FillText(st, vg.Point{X: (x0 + x1) / 2, Y: (y0 + y1) / 2}, txt)
		}
	}
}

// drawColorBar draws a vertical colour scale with labelled ends and
// intermediate ticks: the heatmap's legend.
func drawColorBar(c draw.Canvas, lo, hi float64, logScale bool, legend string) {
	head := textStyle(10.5, true, colorText)
	head.XAlign, head.YAlign = draw.XLeft, draw.YTop
	c.FillText(head, vg.Point{X: c.Min.X, Y: c.Max.Y}, legend)
	top := c.Max.Y - vg.Points(22)
	bot := c.Min.Y + vg.Points(10)
	w := vg.Points(18)
	steps := 64
	for i := 0; i < steps; i++ {
		t0 := float64(i) / float64(steps)
		y0 := bot + (top-bot)*vg.Length(t0)
		y1 := bot + (top-bot)*vg.Length(float64(i+1)/float64(steps))
		c.SetColor(viridisAt(t0 + 0.5/float64(steps)))
		r := vg.Rectangle{Min: vg.Point{X: c.Min.X, Y: y0}, Max: vg.Point{X: c.Min.X + w, Y: y1 + 0.8}}
		c.Fill(r.Path())
	}
	lab := textStyle(10, false, colorText)
	lab.XAlign, lab.YAlign = draw.XLeft, draw.YCenter
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return
	}
	vals := []float64{lo, hi}
	if hi > lo {
		for k := 1; k < 4; k++ {
			t := float64(k) / 4
			if logScale {
				vals = append(vals, lo*math.Pow(hi/lo, t))
			} else {
				vals = append(vals, lo+(hi-lo)*t)
			}
		}
	}
	for _, v := range vals {
		t := 0.5
		if hi > lo {
			if logScale {
				t = math.Log(v/lo) / math.Log(hi/lo)
			} else {
				t = (v - lo) / (hi - lo)
			}
		}
		y := bot + (top-bot)*vg.Length(t)
		c.StrokeLine2(draw.LineStyle{Color: colorText, Width: vg.Points(0.8)}, c.Min.X+w, y, c.Min.X+w+vg.Points(4), y)
		c.FillText(lab, vg.Point{X: c.Min.X + w + vg.Points(6), Y: y}, formatNumber(v))
	}
}
