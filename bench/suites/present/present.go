//go:build window

package present

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/graphics"
	"github.com/radvbench/radvbench/bench/gpu/present"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/suites/mesh"
	"github.com/radvbench/radvbench/bench/window"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
)

// config is a variant's typed form.
type config struct {
	pipeline string // mesh suite variant of kernel "dense"
	mode     present.Mode
	gemm     bool
}

var modes = []present.Mode{present.Fifo, present.FifoRelaxed, present.Mailbox, present.Immediate}

// pipelines maps the present suite's pipeline names to the mesh suite's
// variants of kernel "dense".
var pipelines = []struct{ name, meshVariant string }{{"vertex", "vertex"}, {"mesh", "mesh-v64p124"}}

// FramesPerSample is how many frames one sample presents (the sample is
// their mean present-to-present time): 34, so that even a result the
// runner stops at its minimum of 3 samples has timed over 100 frames.
const FramesPerSample = 34

func init() {
	var vs []kernel.Variant
	for _, p := range pipelines {
		for _, m := range modes {
			vs = append(vs, kernel.Variant{
				Name:   p.name + "-" + m.String(),
				Params: map[string]string{"pipeline": p.name, "present_mode": m.String()},
				Data:   config{pipeline: p.meshVariant, mode: m},
			})
		}
	}
	for _, m := range modes {
		vs = append(vs, kernel.Variant{
			Name:   "mesh-" + m.String() + "-gemm",
			Params: map[string]string{"pipeline": "mesh", "present_mode": m.String(), "overlap": "gemm"},
			Data:   config{pipeline: "mesh-v64p124", mode: m, gemm: true},
		})
	}
	kernel.Register(&kernel.Suite{
		Name:        "present",
		Description: "the mesh suite's dense scene (mesh shader and vertex pipeline) presented in a window through a swapchain, per present mode: frame time, p99, jitter",
		Kernels: []*kernel.Kernel{{
			Name:        "dense",
			Description: "mesh suite's dense heightfield rendered each frame and copied into the swapchain image",
			Shaders:     []string{"mesh_v64p124.mesh", "mesh_classic.vert", "mesh_id.frag"},
			Metric:      kernel.Metric{Name: "frame_time", Unit: "ms", Better: resultsfile.LowerIsBetter, Scale: 1e-6, Time: true},
			Variants:    vs,
			Sizes:       sizes,
			ParseSize:   mesh.ParseSize,
			Supported:   supported,
			Setup:       setup,
		}},
	})
}

// sizes: the window, 1280×720 by default, 256×256 with --quick.
func sizes(o kernel.Options) []kernel.Params {
	if len(o.Sizes) > 0 {
		return o.Sizes
	}
	if o.Quick {
		return []kernel.Params{{"W": 256, "H": 256}}
	}
	return []kernel.Params{{"W": 1280, "H": 720}}
}

// meshKernel finds the mesh suite's kernel "dense" and variant name.
func meshKernel(variant string) (*kernel.Kernel, kernel.Variant, error) {
	return kernel.FindVariant("mesh", "dense", variant)
}

func supported(d *gpu.PhysicalDevice, v kernel.Variant) (bool, string) {
	c := v.Data.(config)
	if err := window.CheckDisplay(); err != nil {
		return false, err.Error()
	}
	if !d.Extensions["VK_KHR_swapchain"] {
		return false, "device lacks VK_KHR_swapchain"
	}
	k, mv, err := meshKernel(c.pipeline)
	if err != nil {
		return false, err.Error()
	}
	if ok, why := k.Supported(d, mv); !ok {
		return false, why
	}
	if c.gemm {
		if k, v, err := matmulKernel(); err != nil {
			return false, err.Error()
		} else if ok, why := k.Supported(d, v); !ok {
			return false, fmt.Sprintf("the overlap GEMM (matmul/%s/%s) is not supported: %s", gemmKernel, gemmVariant, why)
		}
	}
	return true, ""
}

type instance struct {
	cfg     config
	ref     kernel.Instance // offscreen mesh pass on the runner's device
	scr     *window.Screen
	pass    kernel.Instance // the same pass on the window's device
	rt      *graphics.RenderTarget
	ts      [present.FramesInFlight]*gpu.TimestampPool
	pending [present.FramesInFlight]bool
	last    time.Time
	// intervals are present-to-present times (CPU monotonic clock, ns);
	// passNS the pass's GPU time per frame (timestamps).
	intervals, passNS []float64
	frames            int
	// resizeAt, when > 0, resizes the window to resizeW×resizeH before
	// that frame (tests).
	resizeAt, resizeW, resizeH int

	// gemm is the compute overlap (the "-gemm" variants), nil otherwise;
	// gemmAlone its GFLOP/s alone, gemmsDuring and duringNS the GEMMs
	// completed while Sample presented and the time Sample took.
	gemm                  *gemmLoad
	gemmAlone             float64
	gemmsDuring, duringNS int64
	window                time.Duration // the GEMM's alone window
}

func setup(d *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
	c := v.Data.(config)
	w, h := int(p["W"]), int(p["H"])
	k, mv, err := meshKernel(c.pipeline)
	if err != nil {
		return nil, err
	}
	i := &instance{cfg: c}
	fail := func(err error) (kernel.Instance, error) {
		i.Close()
		return nil, err
	}
	if i.ref, err = k.Setup(d, mv, p, o); err != nil {
		return nil, err
	}
	title := fmt.Sprintf("radvbench present %s %dx%d", v.Name, w, h)
	if i.scr, err = window.OpenScreen(title, w, h, window.DeviceSpec(d.Phys), c.mode); err != nil {
		var me *window.ModeError
		if errors.As(err, &me) {
			return fail(kernel.Skipf("%v", me))
		}
		return fail(err)
	}
	if i.pass, err = k.Setup(i.scr.Dev, mv, p, o); err != nil {
		return fail(fmt.Errorf("set the pass up on the window's device: %w", err))
	}
	var ok bool
	if i.rt, ok = mesh.Target(i.pass); !ok {
		return fail(fmt.Errorf("the mesh suite's instance has no render target"))
	}
	for s := range i.ts {
		if i.ts[s], err = i.scr.Dev.NewTimestampPool(2); err != nil {
			return fail(err)
		}
	}
	if c.gemm {
		if i.gemm, err = openGEMM(d.Phys, o); err != nil {
			return fail(err)
		}
		i.window = aloneWindow(o)
	}
	return i, nil
}

// Record renders the offscreen reference pass on the runner's device.
func (i *instance) Record(cb *gpu.CommandBuffer) { i.ref.Record(cb) }

// Work is unused (a time metric).
func (i *instance) Work() float64 { return 1 }

// Clock names the frame-time clock.
func (i *instance) Clock() string { return "cpu-monotonic" }

// frame renders and presents one frame.
func (i *instance) frame() error {
	if i.resizeAt > 0 && i.frames == i.resizeAt {
		i.scr.Win.SetSize(i.resizeW, i.resizeH)
	}
	i.scr.Win.Poll()
	err := i.scr.Swap.Frame(func(cb *gpu.CommandBuffer, f present.FrameInfo) error {
		ts := i.ts[f.Slot]
		if i.pending[f.Slot] {
			t, err := ts.Ticks()
			if err != nil {
				return err
			}
			i.passNS = append(i.passNS, ts.DeltaNS(t[0], t[1]))
		}
		ts.Reset(cb)
		ts.Write(cb, 0)
		i.pass.Record(cb)
		ts.Write(cb, 1)
		f.CopyColor(cb, i.rt)
		i.pending[f.Slot] = true
		return nil
	})
	if err != nil {
		return fmt.Errorf("frame %d (%s): %w", i.frames, i.cfg.mode, err)
	}
	now := time.Now()
	if !i.last.IsZero() {
		i.intervals = append(i.intervals, float64(now.Sub(i.last).Nanoseconds()))
	}
	i.last = now
	i.frames++
	return nil
}

// Sample presents FramesPerSample frames and returns their mean
// present-to-present time (CPU monotonic clock). With the compute
// overlap, it counts the GEMMs completed meanwhile; the GEMM loop's error
// is the sample's.
func (i *instance) Sample() (float64, error) {
	start := len(i.intervals)
	var gemms int64
	t0 := time.Now()
	if i.gemm != nil {
		if err := i.gemm.failed(); err != nil {
			return 0, err
		}
		gemms = i.gemm.count.Load()
	}
	for range FramesPerSample {
		if err := i.frame(); err != nil {
			return 0, err
		}
	}
	if i.gemm != nil {
		if err := i.gemm.failed(); err != nil {
			return 0, err
		}
		i.gemmsDuring += i.gemm.count.Load() - gemms
		i.duringNS += time.Since(t0).Nanoseconds()
	}
	got := i.intervals[start:]
	if len(got) == 0 {
		return 0, fmt.Errorf("no present-to-present interval measured")
	}
	sum := 0.0
	for _, x := range got {
		sum += x
	}
	return sum / float64(len(got)), nil
}

// Verify checks the offscreen reference against the CPU's expected image
// (the mesh suite's check), then presents one frame, reads that frame's
// swapchain image back and compares it with the reference bit for bit.
func (i *instance) Verify() (map[string]float64, error) {
	figs, err := i.ref.Verify()
	if err != nil {
		return figs, fmt.Errorf("offscreen reference: %w", err)
	}
	if figs == nil {
		figs = map[string]float64{}
	}
	got, w, h, err := i.capture()
	if err != nil {
		return figs, err
	}
	refRT, _ := mesh.Target(i.ref)
	if w != refRT.Width || h != refRT.Height {
		return figs, fmt.Errorf("the window is %dx%d, the scene %dx%d (did a window manager resize it?)", w, h, refRT.Width, refRT.Height)
	}
	want := make([]byte, refRT.ColorBytes())
	if err := refRT.ReadColor(want); err != nil {
		return figs, err
	}
	bad, first := 0, -1
	for p := 0; p+4 <= len(want); p += 4 {
		if [4]byte(got[p:p+4]) != [4]byte(want[p:p+4]) {
			if first < 0 {
				first = p / 4
			}
			bad++
		}
	}
	figs["window_mismatched_pixels"] = float64(bad)
	figs["window_pixels"] = float64(len(want) / 4)
	if bad > 0 {
		w := int(w)
		return figs, fmt.Errorf("%d of %d pixels in the window differ from the offscreen render; first at (%d,%d)", bad, len(want)/4, first%w, first/w)
	}
	if i.gemm != nil && !i.gemm.started {
		if err := i.startGEMM(figs); err != nil {
			return figs, err
		}
	}
	return figs, nil
}

// startGEMM verifies the overlap GEMM (its first result, with the matmul
// suite's check), times it alone and starts its loop, which then runs
// until Close — through the warm-up and every sample.
func (i *instance) startGEMM(figs map[string]float64) error {
	gf, err := i.gemm.verify()
	for k, v := range gf {
		figs["gemm_"+k] = v
	}
	if err != nil {
		return err
	}
	if i.gemmAlone, err = i.gemm.alone(i.window); err != nil {
		return err
	}
	i.gemm.start()
	return nil
}

// capture presents one frame and returns its swapchain image's bytes
// and size.
func (i *instance) capture() ([]byte, uint32, uint32, error) {
	sw := i.scr.Swap
	w, h := sw.Width, sw.Height
	size := uint64(w) * uint64(h) * 4
	buf, err := i.scr.Dev.NewBuffer(size, gpu.HostVisible)
	if err != nil {
		return nil, w, h, fmt.Errorf("capture buffer: %w", err)
	}
	defer buf.Close()
	if err := sw.CaptureNext(buf); err != nil {
		return nil, w, h, err
	}
	if err := i.frame(); err != nil {
		return nil, w, h, err
	}
	if err := sw.Wait(); err != nil {
		return nil, w, h, err
	}
	if !sw.Captured() || sw.Width != w || sw.Height != h {
		return nil, w, h, fmt.Errorf("capture a frame: the swapchain was recreated (%dx%d -> %dx%d)", w, h, sw.Width, sw.Height)
	}
	out := make([]byte, size)
	if err := buf.Download(out); err != nil {
		return nil, w, h, err
	}
	return out, w, h, nil
}

// Extra reports the frame-time distribution (every frame, CPU monotonic
// clock), present-to-present jitter (mean absolute difference of
// consecutive intervals), the pass's GPU time (timestamps), the
// swapchain's history, frame latency where the device has
// VK_KHR_present_wait (CPU monotonic clock) and the compute overlap's
// figures.
func (i *instance) Extra(float64) map[string]float64 {
	out := map[string]float64{
		"frames":              float64(i.frames),
		"swapchain_images":    float64(i.scr.Swap.Images()),
		"swapchain_recreated": float64(i.scr.Swap.Recreated),
	}
	// Frame latency (VK_KHR_present_id + VK_KHR_present_wait; CPU
	// monotonic clock, from just before the acquire to the wait for the
	// frame's present id returning).
	out["present_wait_supported"] = 0
	if i.scr.Swap.MeasuresLatency() {
		out["present_wait_supported"] = 1
		lat, dropped := i.scr.Swap.Latency()
		out["latency_frames"] = float64(len(lat))
		out["latency_dropped"] = float64(dropped)
		if len(lat) > 0 {
			out["latency_cpu_p50_ns"] = stats.QuantileOf(lat, 0.5)
			out["latency_cpu_p99_ns"] = stats.QuantileOf(lat, 0.99)
		}
	}
	if n := len(i.intervals); n > 0 {
		out["frame_cpu_p50_ns"] = stats.QuantileOf(i.intervals, 0.5)
		out["frame_cpu_p99_ns"] = stats.QuantileOf(i.intervals, 0.99)
		out["frame_cpu_max_ns"] = stats.QuantileOf(i.intervals, 1)
		if n > 1 {
			j := 0.0
			for k := 1; k < n; k++ {
				j += math.Abs(i.intervals[k] - i.intervals[k-1])
			}
			out["jitter_cpu_ns"] = j / float64(n-1)
		}
	}
	if len(i.passNS) > 0 {
		out["pass_gpu_p50_ns"] = stats.QuantileOf(i.passNS, 0.5)
		out["pass_gpu_p99_ns"] = stats.QuantileOf(i.passNS, 0.99)
	}
	if g := i.gemm; g != nil {
		out["overlap_queue_family"] = float64(g.family)
		out["overlap_queue_compute_only"] = 0
		if g.computeOnly {
			out["overlap_queue_compute_only"] = 1
		}
		out["gemm_flop"] = g.work
		out["gemm_gflops_alone"] = i.gemmAlone
		out["gemms_during"] = float64(i.gemmsDuring)
		out["gemm_gflops_during"] = gflops(float64(i.gemmsDuring)*g.work, time.Duration(i.duringNS))
	}
	return out
}

// Note names the compute overlap's queue arrangement (variants with
// overlap=gemm) and, where frame latency is not measured, says why.
func (i *instance) Note() string {
	arrangement := ""
	if i.gemm != nil {
		arrangement = i.gemm.arrangement()
	}
	return joinNotes(arrangement, latencyNote(i.scr.Swap.MeasuresLatency(), present.LatencyMissing(i.scr.Dev.Phys)))
}

func (i *instance) Close() {
	i.gemm.close()
	i.gemm = nil
	if i.scr != nil && i.scr.Swap != nil {
		i.scr.Swap.Wait()
	}
	for s, t := range i.ts {
		if t != nil { // a setup that failed before its pools
			t.Close()
			i.ts[s] = nil
		}
	}
	if i.pass != nil {
		i.pass.Close()
		i.pass = nil
	}
	i.scr.Close()
	i.scr = nil
	if i.ref != nil {
		i.ref.Close()
		i.ref = nil
	}
}
