//go:build window

package window

import (
	"context"
	"image"
	"testing"
	"time"

	"github.com/radvbench/radvbench/bench/window/xvfb"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// The window tests run under a private Xvfb (started here, stopped after).
func TestMain(m *testing.M) { xvfb.Main(m) }

// TestWatchFillsWindow: the watch window draws its whole framebuffer,
// read back from the X server's screen: at its first size, and after the
// user resizes it on the final state, when nothing new arrives to draw;
// Hold keeps the finished window open until its time passes.
func TestWatchFillsWindow(t *testing.T) {
	w, err := StartWatch("radvbench watch test", func(r *resultsfile.Result) (string, string) { return r.ID(), "" })
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	r := &resultsfile.Result{Suite: "fake", Kernel: "k", Variant: map[string]string{"name": "v"}, Params: map[string]int64{"N": 64}, Status: resultsfile.StatusOK}
	r.Metric.Name, r.Metric.Unit = "throughput", "GB/s"
	for i := range 40 {
		r.Metric.Samples = append(r.Metric.Samples, 100+float64(i%9))
	}
	w.Progress(0, 1, "fake/k/v", "sampling")
	w.Result(r)
	w.Finish()

	// check waits until a frame of width×height was presented and the
	// screen shows it, then wants the window's right-hand quarter and
	// bottom quarter drawn (the chart's white background, not black).
	check := func(width, height int) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for time.Now().Before(deadline) {
			w.mu.Lock()
			settled := !w.dirty // everything fed so far is on screen
			w.mu.Unlock()
			if dw, dh := w.Drawn(); dw == width && dh == height && settled {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		x, y := w.Window().Pos()
		right := image.Rect(x+width*3/4, y, x+width, y+height)
		bottom := image.Rect(x, y+height*3/4, x+width, y+height)
		var rs, bs float64
		for time.Now().Before(deadline.Add(5 * time.Second)) {
			img, err := xvfb.Screenshot()
			if err != nil {
				t.Fatal(err)
			}
			if rs, bs = xvfb.DrawnShare(img, right), xvfb.DrawnShare(img, bottom); rs > 0.9 && bs > 0.9 {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
		dw, dh := w.Drawn()
		t.Errorf("a %dx%d window at (%d,%d): its right quarter is %.0f%% drawn, its bottom quarter %.0f%% (last frame presented %dx%d); want the whole window drawn",
			width, height, x, y, 100*rs, 100*bs, dw, dh)
	}
	check(WatchSize[0], WatchSize[1])
	// The user resizes the finished window: nothing new to draw but the
	// new size.
	w.Window().SetSize(1000, 640)
	check(1000, 640)

	ctx := context.Background()
	start := time.Now()
	w.Hold(ctx, 300*time.Millisecond)
	if w.Closed() || time.Since(start) < 300*time.Millisecond {
		t.Errorf("Hold(300ms) returned after %v with the window closed=%v; want it open for the hold", time.Since(start), w.Closed())
	}
	go func() {
		for !w.Closed() {
			w.RequestClose()
			time.Sleep(50 * time.Millisecond)
		}
	}()
	w.Hold(ctx, -1) // until the user closes the window
	if !w.Closed() {
		t.Error("Hold without a limit returned with the window open")
	}
}
