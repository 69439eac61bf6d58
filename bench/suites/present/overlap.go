package present

// The compute overlap of the "-gemm" variants: the matmul suite's fp32
// GEMM, submitted and waited for in a loop by one goroutine on a Device
// of its own while frames present.
//
// Why a Device of its own: radvbench opens one queue per Device, and
// lavapipe (Mesa 25.0 and 26.1) has one queue family with one queue, so
// a second queue of the presenting device does not exist there. A second
// VkDevice has its own queue (on lavapipe its own queue thread), so the
// GEMM truly runs while frames present. The Device is opened on the
// physical device's async-compute family (gpu.AsyncComputeFamily): on
// RADV the compute ring, real asynchronous compute next to the graphics
// ring; where there is none, the general family.

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	// The GEMM is the matmul suite's kernel, found in the registry.
	_ "github.com/radvbench/radvbench/bench/suites/matmul"
)

// The GEMM: the matmul suite's kernel "direct", variant wg8x8-t4x4 — fp32,
// 64 invocations, no shared memory and no subgroup operations, so every
// Vulkan device runs it.
const (
	gemmKernel  = "direct"
	gemmVariant = "wg8x8-t4x4"
)

// gemmSize is the GEMM's M = N = K: 512, 256 with --quick.
func gemmSize(o kernel.Options) int64 {
	if o.Quick {
		return 256
	}
	return 512
}

// aloneWindow is how long the GEMM runs alone (before frames present) to
// measure its throughput without overlap.
func aloneWindow(o kernel.Options) time.Duration {
	if o.Quick {
		return 250 * time.Millisecond
	}
	return time.Second
}

// matmulKernel finds the GEMM in the kernel registry.
func matmulKernel() (*kernel.Kernel, kernel.Variant, error) {
	return kernel.FindVariant("matmul", gemmKernel, gemmVariant)
}

// gemmLoad is the GEMM on its own Device. Until start, only the caller's
// goroutine uses it; after start, the loop goroutine alone uses the
// Device and the instance, and the caller reads count (atomic) and, once
// done is closed, err. stop joins the goroutine.
type gemmLoad struct {
	family      int
	computeOnly bool
	work        float64 // FLOP per GEMM

	dev  *gpu.Device
	inst kernel.Instance
	cb   *gpu.CommandBuffer

	count   atomic.Int64 // GEMMs completed by the loop
	started bool
	quit    chan struct{}
	done    chan struct{}
	err     error // the loop's error; read after done is closed
}

// openGEMM opens a Device on p's async-compute family and sets the GEMM
// up on it, recorded once into a command buffer the loop resubmits.
func openGEMM(p *gpu.PhysicalDevice, o kernel.Options) (*gemmLoad, error) {
	k, v, err := matmulKernel()
	if err != nil {
		return nil, err
	}
	if ok, why := k.Supported(p, v); !ok {
		return nil, kernel.Skipf("the overlap GEMM (matmul/%s/%s) is not supported: %s", gemmKernel, gemmVariant, why)
	}
	g := &gemmLoad{}
	g.family, g.computeOnly = p.AsyncComputeFamily()
	if g.dev, err = p.OpenOnFamily(g.family); err != nil {
		return nil, fmt.Errorf("open a device on queue family %d for the overlap GEMM: %w", g.family, err)
	}
	n := gemmSize(o)
	o.Sizes = nil
	if g.inst, err = k.Setup(g.dev, v, kernel.Params{"M": n, "N": n, "K": n}, o); err != nil {
		g.close()
		return nil, fmt.Errorf("set the overlap GEMM up: %w", err)
	}
	g.work = g.inst.Work()
	if err := g.record(g.inst.Record); err != nil {
		g.close()
		return nil, err
	}
	return g, nil
}

// record (re)records the command buffer the loop submits.
func (g *gemmLoad) record(fn func(cb *gpu.CommandBuffer)) error {
	g.cb.Close()
	var err error
	if g.cb, err = g.dev.NewCommandBuffer(); err != nil {
		return fmt.Errorf("overlap GEMM command buffer: %w", err)
	}
	if err := g.cb.Begin(); err != nil {
		return err
	}
	fn(g.cb)
	return g.cb.End()
}

// verify runs the GEMM once and checks it with the matmul suite's Verify.
func (g *gemmLoad) verify() (map[string]float64, error) {
	if err := g.dev.Submit(g.cb); err != nil {
		return nil, fmt.Errorf("overlap GEMM: %w", err)
	}
	figs, err := g.inst.Verify()
	if err != nil {
		return figs, fmt.Errorf("overlap GEMM (matmul/%s/%s): %w", gemmKernel, gemmVariant, err)
	}
	return figs, nil
}

// alone runs the GEMM back to back for at least window (and 3 GEMMs) with
// nothing else on the device and returns its throughput in GFLOP/s (CPU
// monotonic clock, submit to fence).
func (g *gemmLoad) alone(window time.Duration) (float64, error) {
	start := time.Now()
	n := 0
	for n < 3 || time.Since(start) < window {
		if err := g.dev.Submit(g.cb); err != nil {
			return 0, fmt.Errorf("overlap GEMM alone: %w", err)
		}
		n++
	}
	return gflops(float64(n)*g.work, time.Since(start)), nil
}

func gflops(flop float64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return flop / float64(d.Nanoseconds())
}

// start starts the loop: submit, wait, count, until stop.
func (g *gemmLoad) start() {
	g.quit, g.done = make(chan struct{}), make(chan struct{})
	g.started = true
	go func() {
		defer close(g.done)
		for {
			select {
			case <-g.quit:
				return
			default:
			}
			if err := g.dev.Submit(g.cb); err != nil {
				g.err = fmt.Errorf("overlap GEMM: %w", err)
				return
			}
			g.count.Add(1)
		}
	}()
}

// failed returns the loop's error once it has ended with one (nil while
// it runs).
func (g *gemmLoad) failed() error {
	if !g.started {
		return nil
	}
	select {
	case <-g.done:
		return g.err
	default:
		return nil
	}
}

// stop stops the loop and waits for it; safe to call twice. It returns
// the loop's error.
func (g *gemmLoad) stop() error {
	if !g.started {
		return nil
	}
	select {
	case <-g.quit:
	default:
		close(g.quit)
	}
	<-g.done
	return g.err
}

// close stops the loop and releases the GEMM and its Device; safe on a
// partly opened load and twice.
func (g *gemmLoad) close() {
	if g == nil {
		return
	}
	_ = g.stop()
	g.cb.Close()
	g.cb = nil
	if g.inst != nil {
		g.inst.Close()
		g.inst = nil
	}
	g.dev.Close()
	g.dev = nil
}

// arrangement names where the GEMM ran, for the result's reason.
func (g *gemmLoad) arrangement() string {
	if g.computeOnly {
		return fmt.Sprintf("overlap_queue: async-compute family %d", g.family)
	}
	return fmt.Sprintf("overlap_queue: second device, family %d (the device has no compute-only queue family)", g.family)
}
