// Package chart draws radvbench results as charts with gonum.org/v1/plot:
// throughput against problem size, A/B comparisons with confidence
// whiskers, sample distributions, the matmul tile heatmap, a roofline and
// the GPU's shader clock over the samples.
// Every chart has a title, a device/driver subtitle, axis units and a
// legend, uses the Okabe-Ito colour-blind-safe palette, is 1200 px wide and
// renders to PNG and SVG. Each chart also carries the figures it draws as
// a table (Data), so tests and readers can check what a picture shows.
// It is pure Go: no cgo, no Vulkan.
package chart

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	xfont "golang.org/x/image/font"
)

// Width is the width of every chart in pixels; charts are drawn at DPI, so
// 1 pt = DPI/72 px.
const (
	Width = 1200
	DPI   = 96
)

// Kinds of chart.
const (
	KindThroughput   = "throughput"
	KindComparison   = "comparison"
	KindDistribution = "distribution"
	KindHeatmap      = "heatmap"
	KindRoofline     = "roofline"
)

// Chart is one figure, ready to render.
type Chart struct {
	// Name is the file stem (e.g. "throughput-matmul"): safe in a path.
	Name string
	Kind string
	// Suite is the suite the chart shows, "" when it spans suites.
	Suite    string
	Title    string
	Subtitle string
	// Caption says in a sentence or two what the chart shows and how to
	// read it.
	Caption string
	// Width and Height in pixels of the PNG (the SVG has the same size).
	Width, Height int
	// Data holds the figures drawn: a header row, then one row per mark.
	Data [][]string

	body func(c draw.Canvas)
}

func pt(px float64) vg.Length { return vg.Length(px * 72 / DPI) }

// draw renders the header (title, subtitle) and the body.
func (c *Chart) draw(dc draw.Canvas) {
	pad := vg.Points(10)
	title := textStyle(15, true, colorText)
	title.XAlign, title.YAlign = draw.XLeft, draw.YTop
	sub := textStyle(11, false, colorSubtle)
	sub.XAlign, sub.YAlign = draw.XLeft, draw.YTop
	y := dc.Max.Y - pad
	dc.FillText(title, vg.Point{X: dc.Min.X + pad, Y: y}, c.Title)
	y -= title.Height(c.Title) + vg.Points(3)
	if c.Subtitle != "" {
		dc.FillText(sub, vg.Point{X: dc.Min.X + pad, Y: y}, c.Subtitle)
		y -= sub.Height(c.Subtitle)
	}
	body := draw.Crop(dc, pad, -pad, pad, y-dc.Max.Y-vg.Points(12))
	c.body(body)
}

// PNG renders the chart as a PNG image of Width × Height pixels.
func (c *Chart) PNG() ([]byte, error) {
	img := vgimg.NewWith(vgimg.UseWH(pt(float64(c.Width)), pt(float64(c.Height))), vgimg.UseDPI(DPI), vgimg.UseBackgroundColor(color.White))
	c.draw(draw.New(img))
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("render %s as PNG: %w", c.Name, err)
	}
	return buf.Bytes(), nil
}

// Encode renders the chart in the format the extension of a file name
// says: SVG for .svg (in any case), else PNG.
func (c *Chart) Encode(name string) ([]byte, error) {
	if strings.EqualFold(filepath.Ext(name), ".svg") {
		return c.SVG()
	}
	return c.PNG()
}

// SVG renders the chart as SVG of the same size.
func (c *Chart) SVG() ([]byte, error) {
	s := vgsvg.NewWith(vgsvg.UseWH(pt(float64(c.Width)), pt(float64(c.Height))))
	dc := draw.New(s)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	c.draw(dc)
	var buf bytes.Buffer
	if _, err := s.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("render %s as SVG: %w", c.Name, err)
	}
	return buf.Bytes(), nil
}

// CSV renders Data as CSV.
func (c *Chart) CSV() []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.WriteAll(c.Data) // a bytes.Buffer does not fail
	return buf.Bytes()
}

// Okabe-Ito palette (Okabe & Ito 2008), ordered for lines on white: yellow
// last because it is faint.
var (
	okabeIto = []color.Color{
		rgb(0x00, 0x72, 0xB2), // blue
		rgb(0xE6, 0x9F, 0x00), // orange
		rgb(0x00, 0x9E, 0x73), // bluish green
		rgb(0xD5, 0x5E, 0x00), // vermillion
		rgb(0xCC, 0x79, 0xA7), // reddish purple
		rgb(0x56, 0xB4, 0xE9), // sky blue
		rgb(0x00, 0x00, 0x00), // black
	}
	colorRegression  = rgb(0xD5, 0x5E, 0x00) // vermillion
	colorImprovement = rgb(0x00, 0x72, 0xB2) // blue
	colorSame        = rgb(0x99, 0x99, 0x99)
	colorNoisy       = rgb(0xE6, 0x9F, 0x00) // orange
	colorText        = rgb(0x22, 0x22, 0x22)
	colorSubtle      = rgb(0x55, 0x55, 0x55)
	colorGrid        = rgb(0xE3, 0xE3, 0xE3)
)

func rgb(r, g, b uint8) color.Color { return color.RGBA{R: r, G: g, B: b, A: 255} }

// seriesColor and seriesGlyph give series i a distinct colour and marker:
// colours cycle through the palette, markers change every full cycle, so
// combinations stay distinct for len(okabeIto)·len(glyphs) series.
func seriesColor(i int) color.Color { return okabeIto[i%len(okabeIto)] }

var glyphs = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}, draw.SquareGlyph{},
	draw.TriangleGlyph{}, draw.RingGlyph{}, draw.CrossGlyph{}, draw.PlusGlyph{},
}

func seriesGlyph(i int) draw.GlyphDrawer { return glyphs[(i/len(okabeIto))%len(glyphs)] }

// dashes give configuration j a line style.
var dashes = [][]vg.Length{
	nil,
	{vg.Points(7), vg.Points(4)},
	{vg.Points(2), vg.Points(3)},
	{vg.Points(9), vg.Points(3), vg.Points(2), vg.Points(3)},
	{vg.Points(12), vg.Points(6)},
}

func dash(j int) []vg.Length { return dashes[j%len(dashes)] }

func sans(size float64, bold bool) font.Font {
	f := font.Font{Typeface: "Liberation", Variant: "Sans", Size: vg.Points(size)}
	if bold {
		f.Weight = xfont.WeightBold
	}
	return f
}

func textStyle(size float64, bold bool, c color.Color) text.Style {
	return text.Style{Color: c, Font: sans(size, bold), Handler: plot.DefaultTextHandler}
}

// newPlot returns a plot with radvbench's style: sans fonts sized for a
// 1200 px image, light grid, no title (the chart header carries it).
func newPlot(xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.X.Label.Text, p.Y.Label.Text = xlabel, ylabel
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		// Only font and colour: the default styles carry each axis's
		// alignment and rotation.
		ax.Label.TextStyle.Font, ax.Label.TextStyle.Color = sans(12, false), colorText
		ax.Tick.Label.Font, ax.Tick.Label.Color = sans(10.5, false), colorText
		ax.Label.Padding = vg.Points(4)
	}
	p.Legend = plot.NewLegend()
	p.Legend.TextStyle = textStyle(10.5, false, colorText)
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.ThumbnailWidth = vg.Points(28)
	p.Legend.Padding = vg.Points(4)
	return p
}

// newLegend returns a legend in the charts' style, for drawing beside a
// plot.
func newLegend() plot.Legend {
	l := plot.NewLegend()
	l.TextStyle = textStyle(10.5, false, colorText)
	l.Top, l.Left = true, true
	l.ThumbnailWidth = vg.Points(28)
	l.Padding = vg.Points(4)
	return l
}

// gridLines draws light grid lines at the major ticks.
type gridLines struct{ vertical, horizontal bool }

func (g gridLines) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	sty := draw.LineStyle{Color: colorGrid, Width: vg.Points(0.6)}
	if g.vertical {
		for _, t := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
			if t.IsMinor() || t.Value < p.X.Min || t.Value > p.X.Max {
				continue
			}
			x := trX(t.Value)
			c.StrokeLine2(sty, x, c.Min.Y, x, c.Max.Y)
		}
	}
	if g.horizontal {
		for _, t := range p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max) {
			if t.IsMinor() || t.Value < p.Y.Min || t.Value > p.Y.Max {
				continue
			}
			y := trY(t.Value)
			c.StrokeLine2(sty, c.Min.X, y, c.Max.X, y)
		}
	}
}

// legendWidth is the width the legend's entries need.
func legendWidth(l *plot.Legend) vg.Length {
	r := l.Rectangle(draw.Canvas{})
	return r.Max.X - r.Min.X + vg.Points(8)
}

// drawWithSideLegend draws p on the left and its legend in a column on the
// right, so the legend never hides data.
func drawWithSideLegend(dc draw.Canvas, p *plot.Plot, legend *plot.Legend) {
	w := legendWidth(legend)
	if maxW := (dc.Max.X - dc.Min.X) * 0.42; w > maxW {
		w = maxW
	}
	p.Draw(draw.Crop(dc, 0, -w-vg.Points(6), 0, 0))
	lc := draw.Crop(dc, dc.Max.X-dc.Min.X-w, 0, 0, -vg.Points(4))
	legend.Top, legend.Left = true, true
	legend.Draw(lc)
}

// log2Ticks marks powers of two (every other one when there are many).
func log2Ticks(min, max float64) []plot.Tick {
	if min <= 0 || max <= 0 || math.IsNaN(min) || math.IsNaN(max) {
		return nil
	}
	lo, hi := math.Floor(math.Log2(min)), math.Ceil(math.Log2(max))
	step := 1.0
	for (hi-lo)/step > 10 {
		step *= 2
	}
	var ticks []plot.Tick
	for e := lo; e <= hi; e++ {
		v := math.Pow(2, e)
		if v < min*0.999 || v > max*1.001 {
			continue // ticks outside the axis upset plot's padding
		}
		if math.Mod(e-lo, step) == 0 {
			ticks = append(ticks, plot.Tick{Value: v, Label: humanInt(v)})
		} else {
			ticks = append(ticks, plot.Tick{Value: v})
		}
	}
	return ticks
}

// log10Ticks marks powers of ten, with minor ticks at 2..9 × 10^k.
func log10Ticks(min, max float64) []plot.Tick {
	if min <= 0 || max <= 0 || math.IsNaN(min) || math.IsNaN(max) {
		return nil
	}
	lo, hi := math.Floor(math.Log10(min)), math.Ceil(math.Log10(max))
	var ticks []plot.Tick
	for e := lo; e <= hi; e++ {
		v := math.Pow(10, e)
		ticks = append(ticks, plot.Tick{Value: v, Label: formatNumber(v)})
		for k := 2.0; k < 10; k++ {
			if hi-lo <= 2 && (k == 2 || k == 5) {
				ticks = append(ticks, plot.Tick{Value: k * v, Label: formatNumber(k * v)})
				continue
			}
			ticks = append(ticks, plot.Tick{Value: k * v})
		}
	}
	// Ticks outside the axis upset plot's padding.
	kept := ticks[:0]
	for _, t := range ticks {
		if t.Value >= min*0.999 && t.Value <= max*1.001 {
			kept = append(kept, t)
		}
	}
	return kept
}

// humanInt renders a whole number compactly: 512, 4096, 64k, 16M.
func humanInt(v float64) string {
	switch {
	case v >= 1<<30 && math.Mod(v, 1<<30) == 0:
		return fmt.Sprintf("%.0fG", v/(1<<30))
	case v >= 1<<20 && math.Mod(v, 1<<20) == 0:
		return fmt.Sprintf("%.0fM", v/(1<<20))
	case v >= 1<<14 && math.Mod(v, 1<<10) == 0:
		return fmt.Sprintf("%.0fk", v/(1<<10))
	case v >= 1:
		return fmt.Sprintf("%.0f", v)
	}
	return formatNumber(v)
}

// formatNumber renders a figure with three significant digits.
func formatNumber(v float64) string {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return "-"
	case v == 0:
		return "0"
	}
	a := math.Abs(v)
	switch {
	case a >= 1e6:
		return strings.TrimSuffix(fmt.Sprintf("%.3g", v), ".0")
	case a >= 100:
		return fmt.Sprintf("%.0f", v)
	case a >= 10:
		return trimZeros(fmt.Sprintf("%.1f", v))
	case a >= 1:
		return trimZeros(fmt.Sprintf("%.2f", v))
	}
	return fmt.Sprintf("%.3g", v)
}

func trimZeros(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

func f64(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return ""
	}
	return fmt.Sprintf("%.6g", v)
}

// strokeRect outlines r.
func strokeRect(c draw.Canvas, sty draw.LineStyle, r vg.Rectangle) {
	c.StrokeLines(sty, []vg.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}, r.Min})
}
