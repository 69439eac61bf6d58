//go:build window

package present

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/window/xvfb"
)

func TestMain(m *testing.M) { xvfb.Main(m) }

func variantByName(t *testing.T, name string) (*kernel.Kernel, kernel.Variant) {
	t.Helper()
	s, err := kernel.Lookup([]string{"present"})
	if err != nil {
		t.Fatal(err)
	}
	k := s[0].Kernels[0]
	for _, v := range k.Variants {
		if v.Name == name {
			return k, v
		}
	}
	t.Fatalf("no variant %s", name)
	return nil, kernel.Variant{}
}

// setupVariant sets the present variant name up at 64×48 on dev (quick
// sizes), records its offscreen pass once, and closes it after the test.
func setupVariant(t *testing.T, dev *gpu.Device, name string) *instance {
	t.Helper()
	k, v := variantByName(t, name)
	if ok, why := k.Supported(dev.Phys, v); !ok {
		t.Fatalf("not supported on %s: %s", dev.Phys.Name, why)
	}
	ki, err := k.Setup(dev, v, kernel.Params{"W": 64, "H": 48}, kernel.Options{Quick: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ki.Close)
	i := ki.(*instance)
	if err := dev.Run(func(cb *gpu.CommandBuffer) error { i.Record(cb); return nil }); err != nil {
		t.Fatal(err)
	}
	return i
}

// TestResizeMidRun: a window resized between frames gets a new swapchain
// of its new size (the frames go on, the pass cropped or padded), and
// once it is back at the scene's size the presented image is again the
// offscreen render bit for bit.
func TestResizeMidRun(t *testing.T) {
	inst, dev, err := gpu.OpenSelected("")
	if err != nil {
		t.Fatal(err)
	}
	defer inst.Close()
	defer dev.Close()
	for _, name := range []string{"vertex-fifo", "mesh-immediate"} {
		t.Run(name, func(t *testing.T) {
			i := setupVariant(t, dev, name)
			if _, err := i.Verify(); err != nil {
				t.Fatalf("before the resize: %v", err)
			}
			i.resizeAt, i.resizeW, i.resizeH = i.frames+5, 100, 70
			for range 2 {
				if _, err := i.Sample(); err != nil {
					t.Fatalf("resize mid-run: %v", err)
				}
			}
			sw := i.scr.Swap
			if sw.Recreated < 1 || sw.Width != 100 || sw.Height != 70 {
				t.Fatalf("after resizing to 100x70: swapchain %dx%d, recreated %d times", sw.Width, sw.Height, sw.Recreated)
			}
			if _, err := i.Verify(); err == nil {
				t.Fatalf("a 100x70 window verified against a 64x48 scene")
			}
			i.resizeAt, i.resizeW, i.resizeH = i.frames, 64, 48
			if _, err := i.Sample(); err != nil {
				t.Fatal(err)
			}
			if _, err := i.Verify(); err != nil {
				t.Fatalf("back at the scene's size: %v", err)
			}
			if x := i.Extra(0); x["swapchain_recreated"] < 2 || x["frames"] < 40 {
				t.Errorf("extra after two resizes: %v", x)
			}
		})
	}
}

// TestSkipWithoutDisplay: with no display ('run --suite all' on a
// headless server) every present benchmark is skipped, naming DISPLAY and
// the fix, instead of failing.
func TestSkipWithoutDisplay(t *testing.T) {
	inst, dev, err := gpu.OpenSelected("")
	if err != nil {
		t.Fatal(err)
	}
	defer inst.Close()
	defer dev.Close()
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	s, err := kernel.Lookup([]string{"present"})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range s[0].Kernels {
		for _, v := range k.Variants {
			ok, why := k.Supported(dev.Phys, v)
			if ok || !strings.Contains(why, "DISPLAY") || !strings.Contains(why, "xvfb-run") {
				t.Errorf("%s without a display: supported=%v, reason %q", v.Name, ok, why)
			}
		}
	}
}

// TestGEMMOverlapVariant: a "-gemm" variant verifies the window and the
// GEMM, presents over 100 frames while the GEMM loops on its own device,
// reports the GEMM's throughput alone and during presentation and names
// its queue arrangement; an error of the GEMM loop becomes the sample's.
func TestGEMMOverlapVariant(t *testing.T) {
	dev := openRunnerDevice(t)
	i := setupVariant(t, dev, "mesh-fifo-gemm")
	i.window = 20 * time.Millisecond
	figs, err := i.Verify()
	if err != nil {
		t.Fatal(err)
	}
	if figs["gemm_checked_elements"] != 256*256 || figs["window_mismatched_pixels"] != 0 {
		t.Errorf("verify figures %v; want the GEMM's check and a matching window", figs)
	}
	for range 3 {
		if _, err := i.Sample(); err != nil {
			t.Fatal(err)
		}
	}
	x := i.Extra(0)
	if x["frames"] < 100 || x["gemms_during"] < 1 || x["gemm_gflops_during"] <= 0 || x["gemm_gflops_alone"] <= 0 {
		t.Errorf("extra %v; want >= 100 frames, GEMMs during presentation and both throughputs", x)
	}
	fam, only := dev.Phys.AsyncComputeFamily()
	want := fmt.Sprintf("overlap_queue: second device, family %d", fam)
	if only {
		want = fmt.Sprintf("overlap_queue: async-compute family %d", fam)
	}
	if note := i.Note(); !strings.Contains(note, want) || x["overlap_queue_family"] != float64(fam) {
		t.Errorf("note %q, family %v; want %q", note, x["overlap_queue_family"], want)
	}
	i.gemm.stop()
	i.gemm.err = errors.New("injected GEMM failure")
	if _, err := i.Sample(); err == nil || !strings.Contains(err.Error(), "injected") {
		t.Errorf("sample after the GEMM loop failed: %v; want its error", err)
	}
}

// TestCloseAfterFailedSetup: setup closes what it built when a step
// fails; an instance that failed before its timestamp pools (or its
// window) closes without a nil dereference. Seen beside two CPU burners:
// a setup failed (within 20 ms, so not a fence timeout; its error was
// lost) and Close panicked on the missing pools, hiding that error.
func TestCloseAfterFailedSetup(t *testing.T) {
	i := &instance{}
	i.Close()
	i.Close() // twice: each part is released once
}
