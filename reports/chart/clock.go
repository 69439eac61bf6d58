package chart

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
	"github.com/radvbench/radvbench/reports/pairing"
)

// KindClock is the GPU's shader clock over a suite's samples.
const KindClock = "clock"

// clockMarked reports whether a sample's marks (Interference.Why) say
// the GPU throttled or ran below the benchmark's clock floor.
func clockMarked(why string) bool {
	for _, w := range strings.Split(why, "+") {
		if w == "throttle" || w == "clock-low" {
			return true
		}
	}
	return false
}

// clockChart draws the shader clock the telemetry read after every timed
// sample of the suite's benchmarks (Interference.SCLKMHz), in the order
// the results hold them, one series per configuration; samples marked
// throttle or clock-low are drawn apart, a dashed line is each
// configuration's median clock and light lines separate benchmarks. A
// suite without clocks (lavapipe, files before telemetry) has no chart.
func clockChart(inputs []pairing.Input, d *dataset, by, suite string) *Chart {
	type series struct {
		pts, marked plotter.XYs
		clocks      []float64
	}
	cfgIdx := d.configIndex()
	bySeries := map[string]*series{}
	var order []string
	var bounds []float64
	data := [][]string{{"configuration", "benchmark", "sample", "x", "sclk_mhz", "mclk_mhz", "throttle", "marked"}}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, in := range inputs {
		for i := range in.File.Results {
			r := &in.File.Results[i]
			iv, n := r.Interference, len(r.Metric.Samples)
			if r.Suite != suite || r.Status != resultsfile.StatusOK || iv == nil || n == 0 || len(iv.SCLKMHz) != n {
				continue
			}
			cfg := configOf(in, r, by, len(inputs) > 1)
			s := bySeries[cfg]
			if s == nil {
				s = &series{}
				bySeries[cfg] = s
				order = append(order, cfg)
			}
			x0 := float64(len(s.pts) + len(s.marked))
			added := 0
			for j := range n {
				mhz := iv.SCLKMHz[j]
				if mhz <= 0 {
					continue
				}
				x := x0 + float64(added)
				added++
				why, throttle, mclk := "", "", ""
				if len(iv.Why) == n {
					why = iv.Why[j]
				}
				if len(iv.Throttle) == n {
					throttle = iv.Throttle[j]
				}
				if len(iv.MCLKMHz) == n && iv.MCLKMHz[j] > 0 {
					mclk = f64(iv.MCLKMHz[j])
				}
				marked := clockMarked(why)
				if marked {
					s.marked = append(s.marked, plotter.XY{X: x, Y: mhz})
				} else {
					s.pts = append(s.pts, plotter.XY{X: x, Y: mhz})
				}
				s.clocks = append(s.clocks, mhz)
				lo, hi = math.Min(lo, mhz), math.Max(hi, mhz)
				data = append(data, []string{cfg, benchLabel(r), fmt.Sprint(j), fmt.Sprint(x), f64(mhz), mclk, throttle, why})
			}
			if added > 0 && x0 > 0 && cfg == order[0] {
				bounds = append(bounds, x0-0.5)
			}
		}
	}
	if len(order) == 0 {
		return nil
	}
	span := math.Max(hi-lo, 50)
	p := newPlot("timed sample, benchmark after benchmark in the results file's order (light lines separate benchmarks)", "shader clock after the sample (MHz)")
	p.Y.Min, p.Y.Max = math.Max(0, lo-0.08*span), hi+0.08*span
	p.Add(gridLines{horizontal: true}, &vlines{xs: bounds})
	legend := newLegend()
	var marked plotter.XYs
	for _, cfg := range order {
		s := bySeries[cfg]
		j := cfgIdx[cfg]
		name := cfg
		if name == "" {
			name = "samples"
		}
		if len(s.pts) > 0 {
			sc, _ := plotter.NewScatter(s.pts)
			sc.GlyphStyle.Color, sc.GlyphStyle.Shape, sc.GlyphStyle.Radius = seriesColor(j), draw.CircleGlyph{}, vg.Points(1.6)
			p.Add(sc)
			legend.Add(name, sc)
		}
		med := stats.Median(s.clocks)
		xmax := float64(len(s.pts) + len(s.marked))
		ml, _ := plotter.NewLine(plotter.XYs{{X: 0, Y: med}, {X: xmax, Y: med}})
		ml.Color, ml.Width, ml.Dashes = seriesColor(j), vg.Points(1.2), dash(1)
		p.Add(ml)
		legend.Add(fmt.Sprintf("%s median: %.0f MHz", name, med), ml)
		marked = append(marked, s.marked...)
	}
	if len(marked) > 0 {
		sc, _ := plotter.NewScatter(marked)
		sc.GlyphStyle.Color, sc.GlyphStyle.Shape, sc.GlyphStyle.Radius = colorRegression, draw.CrossGlyph{}, vg.Points(3)
		p.Add(sc)
		legend.Add("marked: throttle or clock-low (left out of the figures)", sc)
	}
	c := &Chart{
		Name:     "clock-" + safeName(suite),
		Kind:     KindClock,
		Suite:    suite,
		Title:    fmt.Sprintf("%s: shader clock over samples", suite),
		Subtitle: d.subtitle(),
		Width:    Width,
		Height:   520,
		Data:     data,
	}
	c.Caption = fmt.Sprintf("The GPU's shader clock read right after every timed sample of the %s benchmarks (gpu_metrics' current_gfxclk, else pp_dpm_sclk), "+
		"benchmark after benchmark. A clock that falls during a run (a dip, a slope) is the clock's doing, not the code's; crosses are samples taken "+
		"while the GPU throttled or below 0.9 of the benchmark's median clock, kept in the file and left out of the figures.", suite)
	c.body = func(dc draw.Canvas) { drawWithSideLegend(dc, p, &legend) }
	return c
}

// vlines draws light vertical lines at xs.
type vlines struct{ xs []float64 }

func (v *vlines) Plot(c draw.Canvas, p *plot.Plot) {
	trX, _ := p.Transforms(&c)
	sty := draw.LineStyle{Color: colorGrid, Width: vg.Points(0.8)}
	for _, x := range v.xs {
		if x >= p.X.Min && x <= p.X.Max {
			c.StrokeLine2(sty, trX(x), c.Min.Y, trX(x), c.Max.Y)
		}
	}
}
