package present

import (
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
)

func openRunnerDevice(t *testing.T) *gpu.Device {
	t.Helper()
	inst, dev, err := gpu.OpenSelected("")
	if err != nil {
		t.Fatalf("Vulkan is required (run 'make deps'): %v", err)
	}
	t.Cleanup(func() { dev.Close(); inst.Close() })
	return dev
}

// TestGEMMLoad: the overlap GEMM opens a Device of its own on the
// async-compute family (lavapipe: its one family), verifies with the
// matmul suite's check, runs alone, then loops on its goroutine while
// the runner's device works too, and stops cleanly (run with -race).
func TestGEMMLoad(t *testing.T) {
	dev := openRunnerDevice(t)
	g, err := openGEMM(dev.Phys, kernel.Options{Quick: true})
	if err != nil {
		t.Fatal(err)
	}
	defer g.close()
	fam, only := dev.Phys.AsyncComputeFamily()
	if g.dev == dev || g.dev.Family != fam || g.computeOnly != only {
		t.Fatalf("GEMM device family %d (compute only %v), want a new device on %d (%v)", g.dev.Family, g.computeOnly, fam, only)
	}
	if g.work != 2*256*256*256 {
		t.Errorf("GEMM work %v FLOP, want 2·256³", g.work)
	}
	if figs, err := g.verify(); err != nil || figs["checked_elements"] != 256*256 {
		t.Fatalf("verify: %v (figures %v)", err, figs)
	}
	alone, err := g.alone(10 * time.Millisecond)
	if err != nil || alone <= 0 {
		t.Fatalf("alone: %v GFLOP/s, %v", alone, err)
	}
	g.start()
	// The runner's device works while the loop runs.
	for range 3 {
		if err := dev.Run(func(cb *gpu.CommandBuffer) error { return nil }); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(time.Minute)
	for g.count.Load() < 3 && time.Now().Before(deadline) && g.failed() == nil {
		time.Sleep(time.Millisecond)
	}
	if err := g.stop(); err != nil {
		t.Fatal(err)
	}
	if n := g.count.Load(); n < 3 {
		t.Errorf("%d GEMMs completed by the loop, want >= 3", n)
	}
	n := g.count.Load()
	if err := g.stop(); err != nil || g.count.Load() != n {
		t.Errorf("second stop: %v, count %d -> %d", err, n, g.count.Load())
	}
	g.close()
	g.close()
}

// TestGEMMVerifyFails is the negative control of the GEMM's check: a
// command buffer without the dispatch leaves C poisoned, and verify says
// so.
func TestGEMMVerifyFails(t *testing.T) {
	dev := openRunnerDevice(t)
	g, err := openGEMM(dev.Phys, kernel.Options{Quick: true})
	if err != nil {
		t.Fatal(err)
	}
	defer g.close()
	if err := g.record(func(*gpu.CommandBuffer) {}); err != nil {
		t.Fatal(err)
	}
	if _, err := g.verify(); err == nil || !strings.Contains(err.Error(), "outside tolerance") {
		t.Fatalf("verify of a GEMM that never ran: %v; want a tolerance failure", err)
	}
}

// TestGEMMLoopError: an error inside the loop ends it and is reported by
// failed and stop.
func TestGEMMLoopError(t *testing.T) {
	dev := openRunnerDevice(t)
	g, err := openGEMM(dev.Phys, kernel.Options{Quick: true})
	if err != nil {
		t.Fatal(err)
	}
	defer g.close()
	g.cb.Close() // the loop's submit fails
	g.start()
	<-g.done
	if err := g.failed(); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("failed() = %v; want the loop's submit error", err)
	}
	if err := g.stop(); err == nil {
		t.Error("stop returned no error after the loop failed")
	}
}
