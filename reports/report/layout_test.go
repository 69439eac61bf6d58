package report

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	htmlpkg "html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/comparefmt"
	"github.com/radvbench/radvbench/reports/pairing"
)

// chromiumBin is the headless browser the tests open reports in; without
// one they skip (CI installs it: WITH_TEST_DEPS=1 ci/install-deps.sh), in
// CI (CI=true) they fail.
func chromiumBin(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed: CI must check the report in a browser (WITH_TEST_DEPS=1 ci/install-deps.sh)")
	}
	t.Skip("chromium is not installed (apt-get install chromium, or 'make deps'): cannot check the report renders in a browser")
	return ""
}

// dumpDOM opens page in headless Chromium and returns the DOM after load
// (scripts run, --virtual-time-budget lets posted messages arrive).
func dumpDOM(t *testing.T, page string) string {
	t.Helper()
	bin := chromiumBin(t)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
		"--user-data-dir="+t.TempDir(), "--window-size=1400,1000", "--virtual-time-budget=15000", "--dump-dom", "file://"+page)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	return stdout.String()
}

// layoutProbe measures the verdict table after layout and posts the
// figures to the parent page: the viewport and page widths, the table's
// width and its box's, the tallest row in lines, and every cell squeezed
// to a column of a word or so a line (3 or more lines averaging under 12
// characters). Lines are counted from the cell's text boxes (boxes that
// overlap vertically are one line).
const layoutProbe = `<script>
window.addEventListener("load", function () {
  function lines(el) {
    var rg = document.createRange();
    rg.selectNodeContents(el);
    var rs = Array.prototype.slice.call(rg.getClientRects()).filter(function (r) { return r.width > 0; });
    rs.sort(function (a, b) { return a.top - b.top; });
    var n = 0, bottom = -1e9;
    rs.forEach(function (r) {
      if (r.top >= bottom - 2) { n++; bottom = r.bottom; } else { bottom = Math.max(bottom, r.bottom); }
    });
    return n;
  }
  var res = {viewport: window.innerWidth, page: document.documentElement.scrollWidth, squeezed: [], rowLines: 0, cells: 0};
  var t = document.getElementById("verdict-table");
  if (t) {
    res.table = Math.round(t.getBoundingClientRect().width);
    res.box = Math.round(t.parentElement.getBoundingClientRect().width);
    var cells = t.querySelectorAll("td");
    for (var i = 0; i < cells.length; i++) {
      var c = cells[i], text = c.textContent.trim();
      if (!text) continue;
      res.cells++;
      var n = lines(c);
      res.rowLines = Math.max(res.rowLines, n);
      if (n >= 3 && text.length < 12 * n) {
        res.squeezed.push(text.slice(0, 40) + " (" + n + " lines, " + Math.round(c.getBoundingClientRect().width) + " px wide)");
      }
    }
  }
  parent.postMessage("RBLAYOUT " + JSON.stringify(res), "*");
});
</script></body>`

type layout struct {
	Viewport, Page, Table, Box int
	RowLines                   int
	Cells                      int
	Squeezed                   []string
}

// measureLayout opens index.html (with the probe) in an iframe width
// pixels wide (headless Chromium's window has a minimum width above a
// phone's) and returns the probe's figures.
func measureLayout(t *testing.T, index string, width int) layout {
	t.Helper()
	html, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(index)
	probe := filepath.Join(dir, "layout-probe.html")
	if err := os.WriteFile(probe, []byte(strings.Replace(string(html), "</body>", layoutProbe, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	wrap := filepath.Join(dir, fmt.Sprintf("layout-%d.html", width))
	page := fmt.Sprintf(`<!DOCTYPE html><html><head><title>no probe result</title></head><body style="margin:0">
<iframe src="layout-probe.html" style="width:%dpx;height:900px;border:0"></iframe>
<script>addEventListener("message", function (e) { document.title = e.data; });</script></body></html>`, width)
	if err := os.WriteFile(wrap, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := dumpDOM(t, wrap)
	m := regexp.MustCompile(`<title>RBLAYOUT ([^<]*)</title>`).FindStringSubmatch(dom)
	if m == nil {
		t.Fatalf("the layout probe did not report; chromium printed:\n%.2000s", dom)
	}
	var l layout
	if err := json.Unmarshal([]byte(strings.ReplaceAll(m[1], "&quot;", `"`)), &l); err != nil {
		t.Fatalf("probe result %q: %v", m[1], err)
	}
	return l
}

// layoutInputs are two real lavapipe matmul runs (the fixture under two
// names: long keys, every row with remarks), each with 12
// cooperative-matrix benchmarks skipped for one reason and one benchmark
// skipped in the second only.
func layoutInputs(t *testing.T) []pairing.Input {
	t.Helper()
	in := load(t, fixLVP, fixLVP)
	in[0].Name, in[1].Name = "before.json", "after.json"
	for i := range in {
		f := *in[i].File
		f.Results = append([]resultsfile.Result(nil), f.Results...)
		for _, k := range []string{"coopmat-f16", "coopmat-int8", "coopmat-bf16"} {
			for _, v := range []string{"sg2x2-t2x2-k2", "sg1x1-t4x4-k8"} {
				for _, n := range []int64{64, 256} {
					f.Results = append(f.Results, resultsfile.Result{Suite: "matmul", Kernel: k, Variant: map[string]string{"name": v, "ksteps": "2", "type": "fp16->fp32"},
						Params: map[string]int64{"M": n, "N": n, "K": n}, Status: resultsfile.StatusSkipped, Reason: "no VK_KHR_cooperative_matrix"})
				}
			}
		}
		if i == 1 {
			f.Results[0].Status, f.Results[0].Reason = resultsfile.StatusSkipped, "the device lost a feature"
		}
		in[i].File = &f
	}
	return in
}

// TestReportLayoutInChromium: the verdict table reads at a glance in a
// browser: at 1300 px it fits the page without scrolling, each row at
// most three lines; at a phone's 400 px the page never scrolls sideways;
// at both no cell is squeezed to a word or so a line.
func TestReportLayoutInChromium(t *testing.T) {
	chromiumBin(t)
	out, err := Write(t.TempDir(), layoutInputs(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, width := range []int{1300, 400} {
		l := measureLayout(t, out.Index, width)
		t.Logf("%d px: %+v", width, l)
		if l.Viewport != width || l.Cells < 36*6 {
			t.Fatalf("%d px: the probe saw a %d px viewport and %d cells; want %d px and the 36 rows' cells", width, l.Viewport, l.Cells, width)
		}
		if l.Page > width {
			t.Errorf("%d px: the page is %d px wide: it scrolls sideways", width, l.Page)
		}
		if l.Table > l.Box {
			t.Errorf("%d px: the verdict table is %d px wide in a %d px box", width, l.Table, l.Box)
		}
		if len(l.Squeezed) > 0 {
			t.Errorf("%d px: %d cells squeezed to a word or so a line: %q", width, len(l.Squeezed), l.Squeezed)
		}
		if width == 1300 && l.RowLines > 3 {
			t.Errorf("1300 px: a cell of the verdict table takes %d lines; want at most 3", l.RowLines)
		}
	}
}

// TestReportFootnotesAndSkips: the verdict table's remarks are numbered
// footnotes, each written once, with the numbers of compare's text
// output; benchmarks skipped in every run are one line per reason, not
// rows; a benchmark skipped in one run only keeps its row; rows name a
// benchmark by its short name with the full key on hover.
func TestReportFootnotesAndSkips(t *testing.T) {
	in := layoutInputs(t)
	out, err := Write(t.TempDir(), in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	page := checkDir(t, out)
	plain := htmlpkg.UnescapeString(page)
	var text bytes.Buffer
	if err := comparefmt.WriteText(&text, out.Compare); err != nil {
		t.Fatal(err)
	}
	want := regexp.MustCompile(`(?m)^\[(\d+)\] (.*)$`).FindAllStringSubmatch(text.String(), -1)
	got := regexp.MustCompile(`<li id="note-(\d+)" value="(\d+)">([^<]*)</li>`).FindAllStringSubmatch(page, -1)
	if len(want) == 0 {
		t.Fatalf("compare's text output has no footnotes:\n%s", text.String())
	}
	inText := map[string]string{}
	for _, w := range want {
		inText[w[1]] = w[2]
	}
	for _, g := range got {
		if g[1] != g[2] || htmlpkg.UnescapeString(g[3]) != inText[g[1]] {
			t.Errorf("footnote %s in the page: %q; the text output's [%s] is %q", g[1], htmlpkg.UnescapeString(g[3]), g[1], inText[g[1]])
		}
	}
	if len(got) < 2 {
		t.Errorf("the page has %d footnotes, want the rows' remarks (at least the one-run and the skip remarks)", len(got))
	}
	for _, g := range got {
		if n := strings.Count(plain, inText[g[1]]); n != 1 {
			t.Errorf("remark %q is written %d times in the page, want once", inText[g[1]], n)
		}
	}
	if !strings.Contains(plain, "<li>12 skipped (matmul/coopmat-*, 3 kernels): no VK_KHR_cooperative_matrix</li>") {
		t.Errorf("the page lacks the one line for the 12 skips:\n%s", page)
	}
	if strings.Contains(plain, `title="matmul/coopmat-`) {
		t.Error("a benchmark skipped in every run has a row in the verdict table")
	}
	first := in[0].File.Results[0].ID()
	row := regexp.MustCompile(`<tr class="[a-z]+"><td class="head" title="` + regexp.QuoteMeta(first) + `"><code>matmul/naive/wg16x16</code> <span class="size">64³</span>.*?</tr>`).FindString(plain)
	if row == "" || !strings.Contains(row, "skipped") {
		t.Errorf("the benchmark skipped in one run only: row %q", row)
	}
	if rows := strings.Count(page, `<td class="head" title=`); rows != 36 {
		t.Errorf("%d rows in the verdict table, want the 36 benchmarks that ran", rows)
	}
}
