//go:build window

package window

import (
	"strings"
	"testing"

	"github.com/radvbench/radvbench/reports/results"
)

// TestWatchDraw: the watch image has the window's size, shows something
// (not one flat colour) with and without a finished result, and names the
// clocks recorded with the result.
func TestWatchDraw(t *testing.T) {
	r := &results.Result{Suite: "mesh", Kernel: "dense", Variant: map[string]string{"name": "vertex"},
		Extra: map[string]float64{"before.card1.sclk_mhz": 2500, "before.card1.mclk_mhz": 1250, "after.card1.sclk_mhz": 2400}}
	r.Metric.Name, r.Metric.Unit = "primitives", "Mprim/s"
	for i := range 30 {
		r.Metric.Samples = append(r.Metric.Samples, 100+float64(i%7))
	}
	for _, s := range []watchState{{phase: "starting"}, {phase: "[2/3] mesh/dense: sampling 12", finished: 1, total: 3, last: r}} {
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
	if got := clocks(&results.Result{}); !strings.Contains(got, "not readable") {
		t.Errorf("clocks without sysfs: %q", got)
	}
}
