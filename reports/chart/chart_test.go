package chart

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

func report(t *testing.T, in []pairing.Input, by string) *compare.Report {
	t.Helper()
	// Alpha a benchmark: the fixtures' +7.5% improvement (p 0.004) stays
	// one; the charts draw verdicts, whatever the policy made them.
	pol := verdict.DefaultPolicy()
	pol.AlphaPer = verdict.AlphaPerBenchmark
	rep, err := compare.Compare(in, compare.Options{Policy: pol, By: by})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestAllCharts draws every chart from the fixtures and checks each one
// renders: the PNG decodes at its stated size, the SVG is well-formed XML
// of the same size, and title, caption and data are present. Set
// RADVBENCH_CHART_DIR to keep the images for a look.
func TestAllCharts(t *testing.T) {
	tests := []struct {
		name  string
		files []string
		cmp   bool
		want  []string
	}{
		{"lavapipe-single", []string{fixLVP}, false,
			[]string{"distribution-matmul", "heatmap-matmul", "roofline", "throughput-matmul"}},
		{"two-runs", []string{fixBase, fixRegress}, true,
			[]string{"comparison", "distribution-matmul", "distribution-memory", "heatmap-matmul-base-json", "heatmap-matmul-regress-json",
				"roofline", "throughput-matmul", "throughput-memory"}},
	}
	keep := os.Getenv("RADVBENCH_CHART_DIR")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := load(t, tc.files...)
			opt := Options{}
			if tc.cmp {
				opt.Report = report(t, in, "")
			}
			charts := All(in, opt)
			var names []string
			for _, c := range charts {
				names = append(names, c.Name)
				checkChart(t, c, keep, tc.name)
			}
			sort.Strings(names)
			if !equal(names, tc.want) {
				t.Errorf("charts = %v, want %v", names, tc.want)
			}
		})
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func checkChart(t *testing.T, c *Chart, keep, prefix string) {
	t.Helper()
	if c.Title == "" || c.Caption == "" || c.Subtitle == "" {
		t.Errorf("%s: title %q, subtitle %q, caption %q: all are required", c.Name, c.Title, c.Subtitle, c.Caption)
	}
	if len(c.Data) < 2 {
		t.Errorf("%s: no data rows", c.Name)
	}
	if c.Width != Width || c.Height < 300 || c.Height > 6000 {
		t.Errorf("%s: size %dx%d", c.Name, c.Width, c.Height)
	}
	pngData, err := c.PNG()
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(pngData))
	if err != nil {
		t.Fatalf("%s: PNG does not decode: %v", c.Name, err)
	}
	if b := img.Bounds(); b.Dx() != c.Width || b.Dy() != c.Height {
		t.Errorf("%s: PNG is %dx%d, chart says %dx%d", c.Name, b.Dx(), b.Dy(), c.Width, c.Height)
	}
	svg, err := c.SVG()
	if err != nil {
		t.Fatal(err)
	}
	w, h := svgSize(t, c.Name, svg)
	if math.Abs(w-float64(c.Width)*72/DPI) > 1 || math.Abs(h-float64(c.Height)*72/DPI) > 1 {
		t.Errorf("%s: SVG is %gx%g pt, want %gx%g", c.Name, w, h, float64(c.Width)*72/DPI, float64(c.Height)*72/DPI)
	}
	if keep != "" {
		_ = os.MkdirAll(keep, 0o755)
		_ = os.WriteFile(filepath.Join(keep, prefix+"-"+c.Name+".png"), pngData, 0o644)
		_ = os.WriteFile(filepath.Join(keep, prefix+"-"+c.Name+".svg"), svg, 0o644)
	}
}

// svgSize parses the SVG and returns its width and height in points.
func svgSize(t *testing.T, name string, data []byte) (w, h float64) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			t.Fatalf("%s: no <svg> element", name)
		}
		if err != nil {
			t.Fatalf("%s: SVG is not well-formed XML: %v", name, err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "svg" {
			for _, a := range se.Attr {
				v, _ := strconv.ParseFloat(trimUnit(a.Value), 64)
				switch a.Name.Local {
				case "width":
					w = v
				case "height":
					h = v
				}
			}
			// Read to the end to check well-formedness.
			for {
				if _, err := dec.Token(); err == io.EOF {
					return w, h
				} else if err != nil {
					t.Fatalf("%s: SVG is not well-formed XML: %v", name, err)
				}
			}
		}
	}
}

func trimUnit(s string) string {
	for len(s) > 0 && (s[len(s)-1] < '0' || s[len(s)-1] > '9') && s[len(s)-1] != '.' {
		s = s[:len(s)-1]
	}
	return s
}

// TestComparisonChartRegression: the 10% regression of the fixtures is in
// the comparison chart's data, coloured as a regression; the 8%
// improvement as an improvement; unchanged benchmarks as no change.
func TestComparisonChartRegression(t *testing.T) {
	in := load(t, fixBase, fixRegress)
	rep := report(t, in, "")
	c := comparisonChart(collect(in, ""), rep)
	if c == nil {
		t.Fatal("no comparison chart")
	}
	col := map[string]int{}
	for i, h := range c.Data[0] {
		col[h] = i
	}
	found := map[string]bool{}
	for _, row := range c.Data[1:] {
		ch, _ := strconv.ParseFloat(row[col["change_pct"]], 64)
		switch strings.TrimPrefix(row[col["label"]], "matmul ") {
		case "regblock wg16x16-t4x4-k16 1024³":
			found["reg"] = true
			if row[col["verdict"]] != string(verdict.Regression) || math.Abs(ch+10) > 1.5 {
				t.Errorf("regression row: %v", row)
			}
		case "tiled tile16 2048³":
			found["imp"] = true
			if row[col["verdict"]] != string(verdict.Improvement) || math.Abs(ch-8) > 1.5 {
				t.Errorf("improvement row: %v", row)
			}
		case "naive wg16x16 256³":
			found["same"] = true
			if row[col["verdict"]] != string(verdict.Same) {
				t.Errorf("unchanged row: %v", row)
			}
		}
		if lo, hi := row[col["ci_low_pct"]], row[col["ci_high_pct"]]; lo != "" {
			l, _ := strconv.ParseFloat(lo, 64)
			h, _ := strconv.ParseFloat(hi, 64)
			if !(l <= ch && ch <= h) {
				t.Errorf("%s: change %g outside its interval [%g, %g]", row[0], ch, l, h)
			}
		}
	}
	if len(found) != 3 {
		t.Errorf("rows found: %v; data: %v", found, c.Data)
	}
	if verdictColor(verdict.Regression) == verdictColor(verdict.Improvement) {
		t.Error("regressions and improvements share a colour")
	}
}

func TestIntensity(t *testing.T) {
	mm := func(kernel string, m, n, k int64) *resultsfile.Result {
		return &resultsfile.Result{Suite: "matmul", Kernel: kernel, Params: map[string]int64{"M": m, "N": n, "K": k}}
	}
	tests := []struct {
		r      *resultsfile.Result
		ai     float64
		work   float64
		wantOK bool
	}{
		{mm("regblock", 1024, 1024, 1024), 2.0 * 1024 * 1024 * 1024 / (4 * 3 * 1024 * 1024), 2 * 1024 * 1024 * 1024, true},
		{mm("naive", 100, 37, 129), 2.0 * 100 * 37 * 129 / (4 * (100*129 + 129*37 + 100*37)), 2 * 100 * 37 * 129, true},
		{mm("f16storage", 256, 256, 256), 2.0 * 256 * 256 * 256 / (2*2*256*256 + 4*256*256), 2 * 256 * 256 * 256, true},
		{mm("f16arith", 256, 256, 256), 2.0 * 256 * 256 * 256 / (2 * 3 * 256 * 256), 2 * 256 * 256 * 256, true},
		{&resultsfile.Result{Suite: "memory", Kernel: "copy", Extra: map[string]float64{"work_per_dispatch": 100, "bytes_per_dispatch": 800}}, 0.125, 100, true},
		{&resultsfile.Result{Suite: "memory", Kernel: "copy", Extra: map[string]float64{"work_per_dispatch": 100}}, 0, 0, false},
		{&resultsfile.Result{Suite: "latency", Kernel: "chase"}, 0, 0, false},
	}
	for _, tc := range tests {
		ai, work, ok := Intensity(tc.r)
		if ok != tc.wantOK || math.Abs(ai-tc.ai) > 1e-9*tc.ai || work != tc.work {
			t.Errorf("Intensity(%s %s) = %g, %g, %v; want %g, %g, %v", tc.r.Kernel, resultsfile.FormatParams(tc.r.Params), ai, work, ok, tc.ai, tc.work, tc.wantOK)
		}
	}
}

// TestRooflineRoofs: roofs only when the device table knows the device.
func TestRooflineRoofs(t *testing.T) {
	withSKU := rooflineChart(collect(load(t, fixBase), ""))
	if withSKU == nil || !bytes.Contains([]byte(withSKU.Caption), []byte("Radeon RX 7900 XTX")) {
		t.Errorf("roofline with SKU: caption %q", withSKU.Caption)
	}
	// The memory suite's points come from Extra.
	mem := 0
	for _, row := range withSKU.Data[1:] {
		if row[0] == "memory" {
			mem++
		}
	}
	if mem != 8 {
		t.Errorf("memory points on the roofline = %d, want 8", mem)
	}
	lvp := rooflineChart(collect(load(t, fixLVP), ""))
	if lvp == nil || !bytes.Contains([]byte(lvp.Caption), []byte("No roofs")) {
		t.Errorf("roofline without SKU: %+v", lvp)
	}
}

func TestSizeLabel(t *testing.T) {
	tests := []struct {
		p    map[string]int64
		want string
		x    float64
	}{
		{map[string]int64{"M": 256, "N": 256, "K": 256}, "256³", 256},
		{map[string]int64{"M": 100, "N": 37, "K": 129}, "100×37×129", math.Cbrt(100 * 37 * 129)},
		{map[string]int64{"bytes": 1 << 20}, "bytes=1M", 1 << 20},
	}
	for _, tc := range tests {
		if got := sizeLabel(tc.p); got != tc.want {
			t.Errorf("sizeLabel(%v) = %q, want %q", tc.p, got, tc.want)
		}
		if got := sizeMeasure(tc.p); math.Abs(got-tc.x) > 1e-9*tc.x {
			t.Errorf("sizeMeasure(%v) = %g, want %g", tc.p, got, tc.x)
		}
	}
}
