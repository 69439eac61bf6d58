package present

// Frame latency through VK_KHR_present_id + VK_KHR_present_wait: each
// present chains a VkPresentIdKHR, and a waiter goroutine calls
// vkWaitForPresentKHR for the ids in order; a frame's latency is the CPU
// monotonic time from just before its image was acquired to the wait for
// its id returning.
//
// Threads. The spec (vkWaitForPresentKHR): "As an exception to the normal
// rules for objects which are externally synchronized, the swapchain
// passed to vkWaitForPresentKHR may be simultaneously used by other
// threads in calls to functions other than vkDestroySwapchainKHR", and
// VUID-vkWaitForPresentKHR-swapchain-04997: "swapchain must not be in the
// retired state". So the waiter waits while the frame loop acquires and
// presents on the same swapchain, but before the swapchain is retired (a
// recreation passes it as oldSwapchain) or destroyed, the frame loop
// holds the waiter and waits until no vkWaitForPresentKHR is in progress.
// Each wait is bounded (waitSlice) so holding takes at most that long.
//
// None of the drivers available where this was written (lavapipe of Mesa
// 25.0, 26.1, 26.2) offers these extensions: this path has not run. The
// bookkeeping it relies on (latency.go) is tested on its own.

import (
	"sync"
	"time"
	"unsafe"

	"github.com/radvbench/radvbench/bench/gpu"
	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

// monoBase is the origin of monoNS.
var monoBase = time.Now()

// monoNS is the CPU monotonic clock in ns.
func monoNS() int64 { return int64(time.Since(monoBase)) }

const (
	// waitSlice bounds one vkWaitForPresentKHR call.
	waitSlice = 50 * time.Millisecond
	// giveUpAfter is how long after its frame started a present may take
	// before its latency is given up (dropped).
	giveUpAfter = 5 * time.Second
)

// presentWaiter waits for presented ids on its goroutine. mu guards
// everything below it; cond signals changes.
type presentWaiter struct {
	fns *vkshim.PresentWaitFuncs
	id  *vkshim.PresentID // the VkPresentIdKHR presents chain (frame loop only)

	mu   sync.Mutex
	cond *sync.Cond
	book latencyBook
	sc   vk.Swapchain // where waits go
	busy bool         // a vkWaitForPresentKHR is in progress
	hold bool         // the frame loop is retiring or destroying sc
	quit bool
	err  error // a wait that failed otherwise than timing out
	done chan struct{}
}

func newPresentWaiter(fns *vkshim.PresentWaitFuncs, sc vk.Swapchain) *presentWaiter {
	w := &presentWaiter{fns: fns, id: vkshim.NewPresentID(), sc: sc, done: make(chan struct{})}
	w.cond = sync.NewCond(&w.mu)
	go w.loop()
	return w
}

func (w *presentWaiter) loop() {
	defer close(w.done)
	w.mu.Lock()
	defer w.mu.Unlock()
	for {
		id, start, ok := w.book.next()
		for !w.quit && (w.hold || !ok) {
			w.cond.Wait()
			id, start, ok = w.book.next()
		}
		if w.quit {
			return
		}
		sc, gen := w.sc, w.book.gen
		w.busy = true
		w.mu.Unlock()
		r := w.fns.WaitForPresent(sc, id, uint64(waitSlice.Nanoseconds()))
		now := monoNS()
		w.mu.Lock()
		w.busy = false
		if gen == w.book.gen {
			switch r {
			case vk.Success, vk.Suboptimal:
				w.book.presented(id, now)
			case vk.Timeout:
				if expired(start, now, giveUpAfter.Nanoseconds()) {
					w.book.drop(id)
				}
			case vk.ErrorOutOfDate, vk.ErrorSurfaceLost:
				w.book.drop(id)
			default:
				w.err = gpu.CheckResult("wait for present", r)
				w.book.drop(id)
				w.quit = true
			}
		}
		w.cond.Broadcast()
	}
}

// present returns the pNext for the present of a frame that started at
// startNS (a VkPresentIdKHR with the frame's id) and the id.
func (w *presentWaiter) present(startNS int64) (uint64, unsafe.Pointer) {
	w.mu.Lock()
	id := w.book.present(startNS)
	w.cond.Broadcast()
	w.mu.Unlock()
	return id, w.id.Set(id)
}

// notPresented drops id, whose present failed.
func (w *presentWaiter) notPresented(id uint64) {
	w.mu.Lock()
	w.book.drop(id)
	w.mu.Unlock()
}

// pause stops new waits and waits for the one in progress: the
// swapchain may then be retired or destroyed.
func (w *presentWaiter) pause() {
	w.mu.Lock()
	w.hold = true
	for w.busy {
		w.cond.Wait()
	}
	w.mu.Unlock()
}

// resume starts waiting on a new swapchain sc, the old one's ids dropped.
func (w *presentWaiter) resume(sc vk.Swapchain) {
	w.mu.Lock()
	w.book.recreated()
	w.sc, w.hold = sc, false
	w.cond.Broadcast()
	w.mu.Unlock()
}

// stop ends the goroutine and waits for it; safe to call twice.
func (w *presentWaiter) stop() {
	w.mu.Lock()
	w.quit = true
	w.cond.Broadcast()
	w.mu.Unlock()
	<-w.done
	w.id.Free()
}

// failed is the waiter's error, if a wait failed.
func (w *presentWaiter) failed() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// latency returns a copy of the measured latencies (ns), how many frames
// were dropped and the waiter's error.
func (w *presentWaiter) latency() ([]float64, int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]float64(nil), w.book.latNS...), w.book.dropped, w.err
}
