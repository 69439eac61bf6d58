//go:build window

package window

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
	"gonum.org/v1/plot/plotter"
)

// TestWatchDraw: the watch image has the window's size, shows something
// (not one flat colour) with and without a finished result and with a
// benchmark's samples arriving, and names the
// clocks recorded with the result.
func TestWatchDraw(t *testing.T) {
	r := &resultsfile.Result{Suite: "mesh", Kernel: "dense", Variant: map[string]string{"name": "vertex"},
		Extra: map[string]float64{"before.card1.sclk_mhz": 2500, "before.card1.mclk_mhz": 1250, "after.card1.sclk_mhz": 2400}}
	r.Metric.Name, r.Metric.Unit = "primitives", "Mprim/s"
	for i := range 30 {
		r.Metric.Samples = append(r.Metric.Samples, 100+float64(i%7))
	}
	running := live{id: "mesh/dense/vertex", metric: r.Metric, samples: r.Metric.Samples[:12]}
	for _, s := range []watchState{{phase: "starting"}, {phase: "[2/3] mesh/dense: sampling 12", finished: 1, total: 3, last: r},
		{phase: "[3/3] mesh/dense: sampling 12", finished: 2, total: 3, cur: running, last: r}} {
		img := s.draw(320, 200)
		if b := img.Bounds(); b.Dx() != 320 || b.Dy() != 200 {
			t.Fatalf("image is %v, want 320x200", b)
		}
		colours := map[[4]uint8]bool{}
		for p := 0; p < len(img.Pix); p += 4 {
			colours[[4]uint8(img.Pix[p:p+4])] = true
		}
		if len(colours) < 3 {
			t.Errorf("%q: the image has %d colours; nothing drawn?", s.phase, len(colours))
		}
	}
	if got := clocks(r); !strings.Contains(got, "card1.sclk 2500 MHz") || !strings.Contains(got, "card1.mclk 1250 MHz") || strings.Contains(got, "2400") {
		t.Errorf("clocks: %q", got)
	}
	if got := clocks(&resultsfile.Result{}); !strings.Contains(got, "not readable") {
		t.Errorf("clocks without sysfs: %q", got)
	}
}

// TestWatchLive: the samples of the benchmark in progress reach the
// model as they arrive, before its result; the drawn state carries them
// with their running median and CI; the result ends following them; a
// sample of another benchmark starts afresh.
func TestWatchLive(t *testing.T) {
	// The caller names results (chart.TableName in radvbench run).
	w := &Watch{name: func(r *resultsfile.Result) (string, string) {
		return r.Suite + "/" + r.Kernel + "/" + r.Variant["name"], ""
	}}
	skel := &resultsfile.Result{Suite: "fake", Kernel: "k", Variant: map[string]string{"name": "v"}}
	skel.Metric.Name, skel.Metric.Unit = "throughput", "GB/s"
	id := skel.ID()
	w.Begin(skel)
	if got, n := w.Following(); got != id || n != 0 {
		t.Fatalf("after Begin: following %q with %d samples, want %q with 0", got, n, id)
	}
	values := []float64{10, 12, 11, 10, 11, 11, 10, 12}
	for i, v := range values {
		w.Sample(id, i+1, v)
		w.mu.Lock()
		snap, dirty := w.snapshot(), w.dirty
		w.mu.Unlock()
		if !slices.Equal(snap.cur.samples, values[:i+1]) || !dirty {
			t.Fatalf("after sample %d: model has %v (dirty %v), want %v", i+1, snap.cur.samples, dirty, values[:i+1])
		}
	}
	w.mu.Lock()
	snap := w.snapshot()
	w.mu.Unlock()
	line := snap.cur.runningLine()
	want := stats.Summarize(values)
	for _, s := range []string{"running: fake/k/v — 8 samples", fmt.Sprintf("median %.4g GB/s", want.Median), fmt.Sprintf("95%% CI [%.4g, %.4g]", want.Low, want.High)} {
		if !strings.Contains(line, s) {
			t.Errorf("running line %q lacks %q", line, s)
		}
	}
	med, lo, hi := running(snap.cur.samples)
	if len(med) != len(values)-2 || med[len(med)-1] != (plotter.XY{X: 8, Y: want.Median}) || len(lo) != len(hi) || len(lo) == 0 {
		t.Errorf("running median %v, CI %v..%v; want one point a sample from the third, ending at (8, %v)", med, lo, hi, want.Median)
	}
	img := snap.draw(320, 200)
	if b := img.Bounds(); b.Dx() != 320 || b.Dy() != 200 {
		t.Fatalf("image is %v, want 320x200", b)
	}
	// A snapshot taken now must not change with later samples.
	w.Sample(id, len(values)+1, 99)
	if len(snap.cur.samples) != len(values) {
		t.Errorf("a snapshot grew with a later sample")
	}

	r := *skel
	r.Metric.Samples = append(values, 99)
	w.Result(&r)
	if got, n := w.Following(); got != "" || n != 0 {
		t.Errorf("after the result: following %q with %d samples, want none", got, n)
	}
	w.Sample("fake/other", 1, 5)
	w.Sample("fake/other", 2, 6)
	if got, n := w.Following(); got != "fake/other" || n != 2 {
		t.Errorf("another benchmark: following %q with %d samples, want fake/other with 2", got, n)
	}
	w.Sample("fake/other", 1, 7) // the same benchmark again (another run)
	if _, n := w.Following(); n != 1 {
		t.Errorf("a first sample again: %d samples, want 1", n)
	}
}

// TestWatchRunningBounded: however many samples, a redraw summarises at
// most maxRunningPoints prefixes, the last point being all the samples.
func TestWatchRunningBounded(t *testing.T) {
	xs := make([]float64, 1000)
	for i := range xs {
		xs[i] = 100 + float64(i%13)
	}
	med, _, _ := running(xs)
	if len(med) > maxRunningPoints || len(med) < maxRunningPoints/2 || med[len(med)-1].X != 1000 {
		t.Errorf("%d running points ending at %v; want at most %d, ending at sample 1000", len(med), med[len(med)-1], maxRunningPoints)
	}
}
