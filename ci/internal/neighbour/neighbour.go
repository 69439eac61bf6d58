// Package neighbour is the synthetic noisy neighbour of the ci/
// benchmarks (ci/decisiveness, ci/bisectcheck): threads of this process
// that copy large buffers in bursts, saturating memory bandwidth, beside
// the runs being measured.
package neighbour

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"time"
)

// Default is the neighbour the benchmarks run beside unless told
// otherwise: one thread, bursts of about a second on, a second off.
const Default = "1000,1000,1"

// Spec is a neighbour: Threads threads copy 256 MiB buffers for about
// On, then sleep about Off (each period drawn within ±30%), and again.
type Spec struct {
	On, Off time.Duration
	Threads int
}

// Parse reads ON_MS,OFF_MS,THREADS (e.g. Default); "off" is no
// neighbour (nil).
func Parse(s string) (*Spec, error) {
	if s == "off" {
		return nil, nil
	}
	var on, off, threads int
	var rest string
	if n, _ := fmt.Sscanf(s+" .", "%d,%d,%d %s", &on, &off, &threads, &rest); n != 4 || rest != "." || on <= 0 || off < 0 || threads <= 0 {
		return nil, fmt.Errorf("--neighbour %q: give ON_MS,OFF_MS,THREADS, e.g. %s, or off", s, Default)
	}
	return &Spec{On: time.Duration(on) * time.Millisecond, Off: time.Duration(off) * time.Millisecond, Threads: threads}, nil
}

func (s Spec) String() string {
	return fmt.Sprintf("%d thread(s) copying 256 MiB buffers, about %v on, %v off", s.Threads, s.On, s.Off)
}

// Start starts the neighbour and returns the function that stops it
// (nil s: nothing to start).
func Start(s *Spec) (stop func()) {
	if s == nil {
		return func() {}
	}
	var stopped atomic.Bool
	jitter := func(d time.Duration, k uint64) time.Duration {
		f := 0.7 + 0.6*float64(k%1000)/1000
		return time.Duration(float64(d) * f)
	}
	for t := 0; t < s.Threads; t++ {
		go func(seed uint64) {
			runtime.LockOSThread()
			const n = 256 << 20
			a, b := make([]byte, n), make([]byte, n)
			for i := range a {
				a[i] = byte(i)
			}
			k := seed
			for !stopped.Load() {
				k = k*6364136223846793005 + 1442695040888963407
				end := time.Now().Add(jitter(s.On, k>>33))
				for time.Now().Before(end) && !stopped.Load() {
					copy(b, a)
					a[0]++
				}
				k = k*6364136223846793005 + 1442695040888963407
				time.Sleep(jitter(s.Off, k>>33))
			}
		}(uint64(t) + 1)
	}
	return func() { stopped.Store(true) }
}
