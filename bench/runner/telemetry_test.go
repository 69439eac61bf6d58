package runner_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/radvbench/radvbench/bench/gpumetrics"
	"github.com/radvbench/radvbench/bench/measure"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/telemetry"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// fakeCard is an amdgpu card's sysfs files under a root, rewritten
// atomically (a reader never sees half a file).
type fakeCard struct {
	t    *testing.T
	dev  string
	mu   sync.Mutex
	sclk uint64 // MHz
	bits uint64 // indep_throttle_status
	acc  uint64 // energy_accumulator, 2^-16 J
}

func newFakeCard(t *testing.T, root string) *fakeCard {
	c := &fakeCard{t: t, dev: filepath.Join(root, "sys/class/drm/card1/device"), sclk: 2500}
	if err := os.MkdirAll(c.dev, 0o755); err != nil {
		t.Fatal(err)
	}
	c.file("vendor", []byte("0x1002\n"))
	c.file("device", []byte("0x744c\n"))
	c.write()
	return c
}

func (c *fakeCard) file(name string, b []byte) {
	tmp := filepath.Join(c.dev, "."+name)
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		c.t.Error(err)
	}
	if err := os.Rename(tmp, filepath.Join(c.dev, name)); err != nil {
		c.t.Error(err)
	}
}

// write renders the state: gpu_metrics v1_3 and pp_dpm_sclk.
func (c *fakeCard) write() {
	b, err := gpumetrics.Encode(gpumetrics.Revision{Format: 1, Content: 3}, map[string]uint64{
		"current_gfxclk": c.sclk, "current_uclk": 1250, "average_socket_power": 300,
		"energy_accumulator": c.acc, "indep_throttle_status": c.bits, "throttle_status": 0, "temperature_hotspot": 70,
	})
	if err != nil {
		c.t.Fatal(err)
	}
	c.file("gpu_metrics", b)
	c.file("pp_dpm_sclk", fmt.Appendf(nil, "0: 500Mhz\n1: %dMhz *\n2: 2500Mhz\n", c.sclk))
}

func (c *fakeCard) set(f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f()
	c.write()
}

// joulesPerSample is what the fixture's accumulator rises by during each
// timed sample.
const joulesPerSample = 2

// energyObserver raises the fixture's energy accumulator right before
// the telemetry observer's End reads it: every sample used exactly
// joulesPerSample.
type energyObserver struct {
	*telemetry.Observer
	card *fakeCard
}

func (o energyObserver) End() measure.Interference {
	o.card.set(func() { o.card.acc += joulesPerSample * 65536 })
	return o.Observer.End()
}

// TestRunTelemetryLavapipe: a real kernel on lavapipe, observed through
// a fake amdgpu card's gpu_metrics and pp_dpm_sclk, which a goroutine
// rewrites after every sample: a throttle window (samples 4-6: 1200 MHz,
// PPT0 set) and a low clock without throttle bits (8-9: 2000 MHz). The
// samples carry the changing clocks, the throttled and low-clock ones
// are marked and left out of the figure, and the energy per sample is
// the fixture's delta.
func TestRunTelemetryLavapipe(t *testing.T) {
	d := openDevice(t)
	root := t.TempDir()
	c := newFakeCard(t, root)
	r, err := telemetry.Open(root, "")
	if err != nil {
		t.Fatal(err)
	}
	clockOf := func(n int) (mhz, bits uint64) {
		switch {
		case n >= 4 && n <= 6:
			return 1200, 1 // PPT0
		case n == 8 || n == 9:
			return 2000, 0
		}
		return 2500, 0
	}
	next := make(chan int)
	done := make(chan struct{})
	go func() {
		// The firmware's side: after sample n, the state of sample n+1.
		for n := range next {
			mhz, bits := clockOf(n + 1)
			c.set(func() { c.sclk, c.bits = mhz, bits })
			done <- struct{}{}
		}
	}()
	defer close(next)
	const samples = 12
	o := smallGEMM(t)
	o.MinSamples, o.MaxSamples, o.TargetCI, o.MaxTime = samples, samples, 1e-9, time.Hour
	o.Observer = energyObserver{telemetry.Observe(nil, r), c}
	o.OnSample = func(_ string, n int, _ float64) {
		next <- n
		<-done
	}
	rs, _, err := runner.Run(context.Background(), d, o)
	if err != nil || len(rs) != 1 || rs[0].Status != resultsfile.StatusOK {
		t.Fatalf("run: %v %+v", err, rs)
	}
	res := rs[0]
	in := res.Interference
	if len(res.Metric.Samples) != samples || in == nil || len(in.SCLKMHz) != samples {
		t.Fatalf("%d samples, interference %+v", len(res.Metric.Samples), in)
	}
	var wantClock []float64
	var wantWhy, wantThrottle []string
	var wantMarks []bool
	for n := 1; n <= samples; n++ {
		mhz, bits := clockOf(n)
		wantClock = append(wantClock, float64(mhz))
		why, throttle := "", ""
		if bits != 0 {
			why, throttle = "throttle+", "PPT0"
		}
		if mhz < 2250 { // 0.9 of the median, 2500
			why += "clock-low"
		}
		wantWhy, wantThrottle, wantMarks = append(wantWhy, why), append(wantThrottle, throttle), append(wantMarks, why != "")
	}
	if !reflect.DeepEqual(in.SCLKMHz, wantClock) {
		t.Errorf("sclk %v, want %v", in.SCLKMHz, wantClock)
	}
	if !reflect.DeepEqual(in.Throttle, wantThrottle) || !reflect.DeepEqual(in.Why, wantWhy) || !reflect.DeepEqual(res.Disturbed, wantMarks) {
		t.Errorf("throttle %q why %q marks %v\nwant       %q why %q marks %v", in.Throttle, in.Why, res.Disturbed, wantThrottle, wantWhy, wantMarks)
	}
	for i, e := range in.EnergyJ {
		if e != joulesPerSample {
			t.Errorf("sample %d used %v J, the fixture's delta is %v", i+1, e, joulesPerSample)
		}
	}
	if len(in.EnergyJ) != samples || in.MCLKMHz[0] != 1250 || in.PowerW[0] != 300 || in.TempC[0] != 70 ||
		in.GPUSources["sclk"] != "gpu_metrics v1.3 current_gfxclk" || in.GPUSources["energy"] != "gpu_metrics v1.3 energy_accumulator" {
		t.Errorf("columns %+v", in)
	}
	if res.DisturbedSamples() != 5 {
		t.Errorf("%d disturbed, want 5", res.DisturbedSamples())
	}
	// The record is a valid results file.
	path := filepath.Join(t.TempDir(), "r.json")
	if err := resultsfile.Save(path, &resultsfile.File{Schema: resultsfile.Schema, Started: time.Now(), Device: resultsfile.Device{Name: "lavapipe"}, Results: rs}); err != nil {
		t.Fatal(err)
	}
	if _, err := resultsfile.Load(path); err != nil {
		t.Fatal(err)
	}
}
