package runner_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/radvbench/radvbench/bench/observer"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// TestRunObserved runs a fake kernel on the real device with the host
// observer reading a fixture /proc: every third sample another process
// burns a second of CPU (100 ticks in /proc/stat). Those samples (10x
// slower too) are marked, recorded with their figures, and left out of
// the result's figure; the others are not marked.
func TestRunObserved(t *testing.T) {
	d := openDevice(t)
	root := t.TempDir()
	busy := 0
	writeStat := func() {
		if err := os.MkdirAll(filepath.Join(root, "proc/self/task/1"), 0o755); err != nil {
			t.Fatal(err)
		}
		stat := fmt.Sprintf("cpu  %d 0 0 100 0 0 0 0 0 0\n", busy)
		if err := os.WriteFile(filepath.Join(root, "proc/stat"), []byte(stat), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, "proc/self/task/1/schedstat"), []byte("1 0 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeStat()
	// The fake instance's samples: 100 ns, every third (counting the
	// warm-up) 1000 ns, during which the neighbour burns its second.
	inst := &fakeInst{ns: []float64{100}}
	o := options(fakeKernel("k", inst, nil))
	clock := o.Clock.(*fakeClock)
	var script []float64
	for i := 1; i <= 40; i++ {
		script = append(script, 100)
		if i%3 == 0 {
			script[i-1] = 1000
		}
	}
	inst.ns = script
	o.Observer = &scriptedHost{Host: observer.New(observer.Options{Root: root, CPUDevice: true, PID: 1,
		Now:     clock.Now,
		Sleep:   func(dd time.Duration) { clock.now = clock.now.Add(dd) },
		SelfCPU: func() (time.Duration, bool) { return 0, true }}),
		before: func() {
			// Each sample spans 300 ms of the fake clock (more than the
			// observer's window), and a slow one has the neighbour busy.
			clock.now = clock.now.Add(300 * time.Millisecond)
			if script[min(inst.calls, len(script)-1)] == 1000 {
				busy += 100
				writeStat()
			}
		}}
	// The observer's look-back is full before the run starts: the
	// warm-up does not wait for it (measure.Readier), and the script's
	// samples line up with the timed ones.
	clock.now = clock.now.Add(observer.Window)
	o.MaxTime = time.Hour
	rs, _, err := runner.Run(context.Background(), d, o)
	if err != nil || len(rs) != 1 || rs[0].Status != resultsfile.StatusOK {
		t.Fatalf("run: %v %+v", err, rs)
	}
	r := rs[0]
	if len(r.Disturbed) != len(r.Metric.Samples) || r.Interference == nil || len(r.Interference.OtherCPU) != len(r.Metric.Samples) {
		t.Fatalf("%d marks, interference %+v for %d samples", len(r.Disturbed), r.Interference, len(r.Metric.Samples))
	}
	for i, x := range r.Metric.Samples {
		slow := x < 5 // 1000 ns per 1000 units of work: 1 Gop/s; fast: 10
		if r.Disturbed[i] != slow {
			t.Errorf("sample %d (%v Gop/s): disturbed %v, other cpu %v", i+1, x, r.Disturbed[i], r.Interference.OtherCPU[i])
		}
		if slow && (r.Interference.Why[i] != "cpu" || r.Interference.OtherCPU[i] < 3) {
			t.Errorf("sample %d: why %q, other cpu %v", i+1, r.Interference.Why[i], r.Interference.OtherCPU[i])
		}
	}
	if r.DisturbedSamples() == 0 || r.Metric.Value != 10 || r.Noisy {
		t.Errorf("%d disturbed; figure %v (want 10: the slow samples left out), noisy %v %q", r.DisturbedSamples(), r.Metric.Value, r.Noisy, r.Reason)
	}
	if r.Interference.GPUOther != nil || r.Interference.SCLKMHz != nil || r.Interference.Steal == nil {
		t.Errorf("columns: %+v", r.Interference)
	}
}

// scriptedHost runs before before every Begin: the test's neighbour.
type scriptedHost struct {
	*observer.Host
	before func()
}

func (s *scriptedHost) Begin() {
	s.before()
	s.Host.Begin()
}

// TestRunObservedLavapipe: a real kernel on lavapipe with the host's own
// observer: every sample carries a mark and the CPU figures (whether
// this shared machine disturbed them is not the test's to say), no GPU
// figures.
func TestRunObservedLavapipe(t *testing.T) {
	d := openDevice(t)
	if !d.Phys.IsCPU() {
		t.Skip("the CPU rule is lavapipe's")
	}
	o := smallGEMM(t)
	o.Observer = runner.NewObserver(d, "/")
	// A real run compiles and warms up for longer than the observer's
	// window before its first sample; this small one does not, so the
	// window is let pass (samples within the first Window have no CPU
	// figures: bench/observer.TestHostCPU).
	time.Sleep(observer.Window)
	rs, _, err := runner.Run(context.Background(), d, o)
	if err != nil || len(rs) != 1 || rs[0].Status != resultsfile.StatusOK {
		t.Fatalf("run: %v %+v", err, rs)
	}
	r := rs[0]
	n := len(r.Metric.Samples)
	in := r.Interference
	if len(r.Disturbed) != n || in == nil || len(in.OtherCPU) != n || len(in.SelfCPU) != n || len(in.Wait) != n {
		t.Fatalf("%d samples, %d marks, interference %+v", n, len(r.Disturbed), in)
	}
	if in.GPUOther != nil || in.SCLKMHz != nil {
		t.Errorf("GPU figures on lavapipe: %+v", in)
	}
	if slices.Max(in.SelfCPU) <= 0 {
		t.Errorf("lavapipe's work runs on this process's threads, but its CPU time is %v", in.SelfCPU)
	}
	t.Logf("%d of %d samples disturbed; other cpu %v; wait %v", r.DisturbedSamples(), n, in.OtherCPU, in.Wait)
}
