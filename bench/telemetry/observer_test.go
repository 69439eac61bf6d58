package telemetry

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/radvbench/radvbench/bench/gpumetrics"
	"github.com/radvbench/radvbench/bench/measure"
)

type innerObs struct {
	why     string
	ready   time.Duration
	restart int
}

func (o *innerObs) Begin() {}
func (o *innerObs) End() measure.Interference {
	in := measure.Interference{OtherCPU: 0.5}
	if o.why != "" {
		in.Mark(o.why)
	}
	return in
}
func (o *innerObs) Quiet(context.Context, time.Duration) bool { return false }
func (o *innerObs) Ready() time.Duration                      { return o.ready }
func (o *innerObs) Restart()                                  { o.restart++ }

func TestObserver(t *testing.T) {
	root := tree(t, card(nil))
	write := func(v map[string]uint64) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(root, dev, "gpu_metrics"), []byte(metrics(t, gpumetrics.Revision{Format: 1, Content: 3}, v)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Open(root, "")
	if err != nil {
		t.Fatal(err)
	}
	inner := &innerObs{why: "cpu", ready: time.Second}
	o := Observe(inner, r)
	write(map[string]uint64{"current_gfxclk": 2500, "energy_accumulator": 65536 * 10, "indep_throttle_status": 0})
	o.Begin()
	write(map[string]uint64{"current_gfxclk": 1900, "current_uclk": 1250, "average_socket_power": 300,
		"energy_accumulator": 65536 * 13, "indep_throttle_status": 1 << 36, "temperature_hotspot": 101})
	in := o.End()
	g := in.GPU
	if g == nil || g.SclkMHz != 1900 || g.MclkMHz != 1250 || g.PowerW != 300 || g.EnergyJ != 3 || g.TempC != 101 ||
		!g.Throttled || g.Throttle != "TEMP_HOTSPOT" || g.Sources["sclk"] != "gpu_metrics v1.3 current_gfxclk" {
		t.Fatalf("GPU state %+v", g)
	}
	if !in.Disturbed || in.Why != "cpu+throttle" || in.OtherCPU != 0.5 {
		t.Errorf("interference %+v: the inner observer's reading with throttle added", in)
	}
	if o.Ready() != time.Second || o.Quiet(context.Background(), time.Second) {
		t.Error("readiness and quiet are the inner observer's")
	}
	o.Restart()
	if inner.restart != 1 {
		t.Error("restart not passed on")
	}

	// Alone, an ASIC-dependent status in hex; no energy without a second
	// reading of the same source.
	alone := Observe(nil, r)
	write(map[string]uint64{"current_gfxclk": 2500, "throttle_status": 0x40})
	alone.Begin()
	in = alone.End()
	if in.GPU.Throttle != "0x40" || !in.Disturbed || in.Why != "throttle" || !math.IsNaN(in.GPU.EnergyJ) || !math.IsNaN(in.OtherCPU) {
		t.Errorf("alone: %+v %+v", in, in.GPU)
	}
	write(map[string]uint64{"current_gfxclk": 2500, "throttle_status": 0})
	alone.Begin()
	if in = alone.End(); in.Disturbed || in.GPU.Throttled {
		t.Errorf("no throttle bit: %+v", in)
	}
	if alone.Ready() != 0 || !alone.Quiet(context.Background(), 0) {
		t.Error("alone: ready and quiet at once")
	}
}

// TestObserverShaderClock: the clock of the moment from gpu_metrics and
// the idle level from pp_dpm_sclk's lowest level, also on RDNA3's
// three-line table whose middle line (deep sleep, 31 MHz) is not a level
// and on newer kernels' deep-sleep "S:" line, after which levels count
// from 1.
func TestObserverShaderClock(t *testing.T) {
	root := tree(t, card(map[string]string{dev + "pp_dpm_sclk": ""}))
	r, err := Open(root, "")
	if err != nil {
		t.Fatal(err)
	}
	o := Observe(nil, r)
	if _, _, ok := o.ShaderClock(); ok {
		t.Error("a clock without pp_dpm_sclk's levels")
	}
	if err := os.WriteFile(filepath.Join(root, dev, "gpu_metrics"), []byte(metrics(t, gpumetrics.Revision{Format: 1, Content: 3}, map[string]uint64{"current_gfxclk": 512})), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, sclk := range []string{"0: 500Mhz\n1: 31Mhz *\n2: 2219Mhz\n", "S: 19Mhz *\n1: 500Mhz \n2: 2219Mhz \n"} {
		o = Observe(nil, r)
		if err := os.WriteFile(filepath.Join(root, dev, "pp_dpm_sclk"), []byte(sclk), 0o644); err != nil {
			t.Fatal(err)
		}
		mhz, idle, ok := o.ShaderClock()
		if !ok || mhz != 512 || idle != 500 {
			t.Errorf("pp_dpm_sclk %q: ShaderClock = %v, %v, %v; want 512, 500, true", sclk, mhz, idle, ok)
		}
	}
	var cw measure.ClockWatcher = o
	_ = cw
}
