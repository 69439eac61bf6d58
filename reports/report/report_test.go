package report

import (
	"bytes"
	"encoding/csv"
	"errors"
	htmlpkg "html"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/pairing"
)

// The fixtures live with the charts (see reports/chart/fixtures_test.go):
// base.json and regress.json are two runs on an RX 7900 XTX where
// regress.json has matmul/regblock wg16x16-t4x4-k16 at 1024³ 10% slower;
// matmul-lvp.json is a real quick matmul run on lavapipe.
const (
	fixBase    = "../chart/testdata/base.json"
	fixRegress = "../chart/testdata/regress.json"
	fixLVP     = "../chart/testdata/matmul-lvp.json"
	regKey     = "matmul/regblock/name=wg16x16-t4x4-k16/K=1024,M=1024,N=1024"
)

func load(t *testing.T, paths ...string) []pairing.Input {
	t.Helper()
	var in []pairing.Input
	for _, p := range paths {
		f, err := resultsfile.Load(p)
		if err != nil {
			t.Fatal(err)
		}
		in = append(in, pairing.Input{Name: filepath.Base(p), File: f})
	}
	return in
}

var (
	imgRe  = regexp.MustCompile(`<img src="([^"]+)" width="(\d+)" height="(\d+)"`)
	linkRe = regexp.MustCompile(`(?:src|href)="([^"#]+)"`)
)

// checkDir checks a written report: every image index.html references
// exists, decodes and has the size the page states; every link is a
// local file; there is no script and no network reference.
func checkDir(t *testing.T, out *Output) string {
	t.Helper()
	html, err := os.ReadFile(out.Index)
	if err != nil {
		t.Fatal(err)
	}
	page := string(html)
	imgs := imgRe.FindAllStringSubmatch(page, -1)
	if len(imgs) != len(out.Charts) {
		t.Errorf("index.html has %d images, want one per chart (%d)", len(imgs), len(out.Charts))
	}
	for _, c := range out.Charts {
		if !strings.Contains(page, `src="`+c.Name+`.png"`) {
			t.Errorf("index.html does not reference %s.png", c.Name)
		}
		if !strings.Contains(page, htmlpkg.EscapeString(c.Caption[:40])) {
			t.Errorf("index.html lacks the caption of %s", c.Name)
		}
	}
	for _, m := range imgs {
		data, err := os.ReadFile(filepath.Join(out.Dir, m[1]))
		if err != nil {
			t.Fatalf("image %s: %v", m[1], err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s does not decode: %v", m[1], err)
		}
		w, _ := strconv.Atoi(m[2])
		h, _ := strconv.Atoi(m[3])
		if img.Bounds().Dx() != w || img.Bounds().Dy() != h || w != 1200 {
			t.Errorf("%s is %v, page says %dx%d", m[1], img.Bounds().Size(), w, h)
		}
	}
	for _, m := range linkRe.FindAllStringSubmatch(page, -1) {
		if strings.Contains(m[1], ":") {
			t.Errorf("index.html references %q: the report must work offline", m[1])
			continue
		}
		if _, err := os.Stat(filepath.Join(out.Dir, m[1])); err != nil {
			t.Errorf("index.html links %s, which was not written", m[1])
		}
	}
	if strings.Contains(strings.ToLower(page), "<script") {
		t.Error("index.html contains a script; it must work without JavaScript")
	}
	for _, f := range out.Files {
		if _, err := os.Stat(filepath.Join(out.Dir, f)); err != nil {
			t.Error(err)
		}
	}
	return page
}

// TestReportTwoRunsRegression: a report from two runs with a 10%
// regression shows it in the verdict table (HTML and Markdown) and in the
// comparison chart's data.
func TestReportTwoRunsRegression(t *testing.T) {
	dir := t.TempDir()
	out, err := Write(dir, load(t, fixBase, fixRegress), Options{})
	if err != nil {
		t.Fatal(err)
	}
	page := checkDir(t, out)
	// The fixture's +7.5% on tiled 2048³ (p 0.004) was an improvement at
	// 1% a benchmark; among the 28 benchmarks of the comparison, whose
	// alpha is shared (Holm), it is unsure.
	if out.Compare == nil || out.Compare.Counts.Regressions != 1 || out.Compare.Counts.Improvements != 0 || out.Compare.Family != 28 {
		t.Fatalf("comparison: %+v", out.Compare)
	}
	if !strings.Contains(page, `<table id="verdict-table" class="cards">`) {
		t.Fatal("no verdict table in index.html")
	}
	if !strings.Contains(page, "alpha 0.01 across 28 benchmarks (Holm)") || strings.Contains(page, "bootstrap") {
		t.Error("index.html does not state the policy's alpha as shared among the 28 benchmarks, or still explains the rule by a bootstrap")
	}
	row := regexp.MustCompile(`<tr class="bad"><td class="head" title="` + regexp.QuoteMeta(regKey) + `"><code>matmul/regblock/wg16x16-t4x4-k16</code> <span class="size">1024³</span>.*?</tr>`).FindString(page)
	if row == "" || !strings.Contains(row, "regression") || !strings.Contains(row, "-10.") {
		t.Errorf("verdict row of the regression: %q", row)
	}
	for _, want := range []string{"1 regression", "kernel.release", "6.8.0", "6.9.0", "label.kernel", "Radeon RX 7900 XTX"} {
		if !strings.Contains(page, want) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	md, err := os.ReadFile(out.Summary)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), regKey) || !strings.Contains(string(md), "### Regressions (1)") {
		t.Errorf("summary.md does not show the regression:\n%s", md)
	}
	fh, err := os.Open(filepath.Join(dir, "comparison.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	recs, err := csv.NewReader(fh).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, f := range recs {
		if f[0] == regKey {
			found = true
			ch, _ := strconv.ParseFloat(f[5], 64)
			if f[9] != "regression" || ch > -8.5 || ch < -11.5 {
				t.Errorf("comparison chart data for the regression: %v", f)
			}
		}
	}
	if !found {
		t.Errorf("comparison.csv has no row for %s", regKey)
	}
}

// TestReportSingleRun: one lavapipe run has no comparison, says so, and
// draws the matmul charts only.
func TestReportSingleRun(t *testing.T) {
	out, err := Write(t.TempDir(), load(t, fixLVP), Options{})
	if err != nil {
		t.Fatal(err)
	}
	page := checkDir(t, out)
	if out.Compare != nil || !strings.Contains(page, "No comparison: need at least two results files to compare") {
		t.Errorf("single run: compare %v, page lacks the reason", out.Compare)
	}
	if !strings.Contains(page, "CPU implementation") {
		t.Error("the lavapipe report does not say its figures describe a CPU")
	}
	for _, c := range out.Charts {
		if c.Suite != "" && c.Suite != "matmul" {
			t.Errorf("chart %s for a suite absent from the input", c.Name)
		}
	}
}

func TestReportBy(t *testing.T) {
	in := load(t, fixBase, fixRegress)
	out, err := Write(t.TempDir(), in, Options{By: "label.kernel", Baseline: "6.8.0"})
	if err != nil {
		t.Fatal(err)
	}
	if out.Compare == nil || out.Compare.Baseline != "6.8.0" || out.Compare.Counts.Regressions != 1 {
		t.Errorf("by label.kernel: %+v", out.Compare)
	}
	if _, err := Write(t.TempDir(), in, Options{By: "label.nosuch"}); err == nil || !strings.Contains(err.Error(), "label.nosuch") {
		t.Errorf("unknown key: %v", err)
	}
	if _, err := Write(t.TempDir(), in, Options{By: "label.kernel", Baseline: "7.0"}); err == nil {
		t.Error("unknown baseline: no error")
	}
}

// TestReportInChromium opens index.html from disk in headless Chromium and
// checks that every image loaded. A copy of the page gets a small script
// that records, after load, each image's naturalWidth into the DOM; the
// report itself has no script.
func TestReportInChromium(t *testing.T) {
	chromiumBin(t)
	dir := t.TempDir()
	out, err := Write(dir, load(t, fixBase, fixRegress), Options{})
	if err != nil {
		t.Fatal(err)
	}
	html, err := os.ReadFile(out.Index)
	if err != nil {
		t.Fatal(err)
	}
	probe := `<script>
window.addEventListener("load", function () {
  var imgs = document.images, ok = 0, bad = [];
  for (var i = 0; i < imgs.length; i++) {
    var im = imgs[i];
    if (im.complete && im.naturalWidth === 1200) { ok++; } else { bad.push(im.getAttribute("src") + ":" + im.naturalWidth); }
  }
  var p = document.createElement("pre");
  p.textContent = "RBCHECK images=" + imgs.length + " loaded=" + ok + " failed=[" + bad.join(" ") + "] table=" + !!document.getElementById("verdict-table");
  document.body.appendChild(p);
});
</script></body>`
	check := filepath.Join(dir, "check.html")
	if err := os.WriteFile(check, []byte(strings.Replace(string(html), "</body>", probe, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := dumpDOM(t, check)
	m := regexp.MustCompile(`RBCHECK images=(\d+) loaded=(\d+) failed=\[([^\]]*)\] table=(\w+)`).FindStringSubmatch(dom)
	if m == nil {
		t.Fatalf("the probe did not run; chromium printed:\n%.2000s", dom)
	}
	n, _ := strconv.Atoi(m[1])
	loaded, _ := strconv.Atoi(m[2])
	if n != len(out.Charts) || loaded != n || m[4] != "true" {
		t.Errorf("chromium: %d images, %d loaded (failed: %s), verdict table %s; want %d loaded", n, loaded, m[3], m[4], len(out.Charts))
	}
}

// TestISAReport: report accepts isa files (the real fixtures of compare:
// matmul for navi31 and gfx1201, Mesa 25.0 and 26.1): the comparison with
// its one occupancy regression, the statistics table, the VGPR and
// occupancy heatmaps; an isa file with a run file is an input error.
func TestISAReport(t *testing.T) {
	in := load(t, "../compare/testdata/isa/mesa-25.0.json", "../compare/testdata/isa/mesa-26.1.json")
	out, err := Write(t.TempDir(), in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	page := checkDir(t, out)
	if out.ISACompare == nil || out.Compare != nil || !out.ISACompare.Failed() {
		t.Fatalf("isa comparison %+v, run comparison %v", out.ISACompare, out.Compare)
	}
	for _, want := range []string{"radvbench isa report: matmul", "Compiled code: comparison", "1 regression",
		"Subgroups per SIMD", `src="isa-matmul-vgprs.png"`, `src="isa-matmul-subgroups-per-simd.png"`,
		"matmul/coopmat-f16/ksteps=2,name=sg2x2-t2x2-k2,subgroups=2x2,tiles=2x2,type=fp16-&gt;fp32/K=256,M=256,N=256@gfx1201"} {
		if !strings.Contains(page, want) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	md, err := os.ReadFile(out.Summary)
	if err != nil || !strings.Contains(string(md), "## Compiled code: statistics") || !strings.Contains(string(md), "| 120 |") {
		t.Errorf("summary.md: %v\n%s", err, md)
	}
	// One isa file: no comparison, still the table and heatmaps.
	// The caller's Explain words the reason.
	explain := func(err error) string { return "<" + err.Error() + ">" }
	one, err := Write(t.TempDir(), in[1:], Options{Explain: explain})
	if err != nil || one.ISACompare != nil || one.NoCompare != "<need at least two isa files to compare>" || len(one.Charts) != 2 {
		t.Errorf("one isa file: %v, %+v", err, one)
	}
	var ie *InputError
	mixed := append(load(t, fixBase), in[0])
	if _, err := Write(t.TempDir(), mixed, Options{}); err == nil || !strings.Contains(err.Error(), "cannot compare") || !errors.As(err, &ie) {
		t.Errorf("isa with a run file: %v", err)
	}
}
