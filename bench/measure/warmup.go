package measure

import (
	"math"
	"slices"
	"time"

	"github.com/radvbench/radvbench/core/stats"
)

// Warm-up to steady state. A GPU that idled (a child process starting,
// the CPU verifying a result, a wait for quiet) runs its first dispatches
// at an idle clock, and power management raises the clock over tens to
// hundreds of milliseconds: on an NVIDIA H200 whole runs were measured at
// 0.4–0.5 times the throughput of a busy GPU after a 20 ms or 200 ms
// warm-up. So past the minimum warm-up (Policy.Warmup) Measure keeps
// dispatching the benchmark's own batches until their times stop
// improving (Steady) and, where the observer reads the shader clock
// (ClockWatcher), until the clock has left its idle level, bounded by
// Policy.WarmupMax. The warm-up's length and whether it reached steady
// state are part of the Measurement (and of the results file).

// Steady-state rule: Steady compares the median batch time of the last
// quarter of the warm-up's samples (at least SteadyWindow of them) with
// the quarter before it. The warm-up is steady when the later quarter is
// not faster by more than SteadyTolerance, or by more than SteadyNoise
// standard errors of the difference of the two medians (from the
// quarters' own scatter, so a noisy device such as lavapipe is not held
// back by its noise). Quarters rather than a fixed count of samples: the
// warm-up ends at about twice a ramp's length. What the rule resolves is
// a ramp that improves the batch time by more than SteadyTolerance within
// a quarter of the warm-up so far (at DefaultSteadySpan, 2% in 25 ms): a clock
// coming out of idle does that many times over; a drift far slower than
// that passes for steady.
// Both quarters together span at least Policy.SteadySpan of warm-up
// (Measure does not judge sooner; DefaultSteadySpan for a GPU): shorter
// windows cannot tell a ramp of hundreds of milliseconds from noise.
// Measure takes the warm-up as steady once SteadyConfirm batches in a row
// met the rule, so that one lucky draw of two noisy medians does not end
// a ramp's warm-up.
const (
	SteadyWindow      = 4
	SteadyTolerance   = 0.02
	SteadyNoise       = 2
	DefaultSteadySpan = 100 * time.Millisecond
	SteadyConfirm     = 5
)

// Steady reports whether the batch times ns (in the order taken) have
// stopped improving, by the steady-state rule above.
func Steady(ns []float64) bool {
	n := len(ns)
	w := max(SteadyWindow, n/4)
	if n < 2*w {
		return false
	}
	last, prev := ns[n-w:], ns[n-2*w:n-w]
	ml, mp := stats.Median(slices.Clone(last)), stats.Median(slices.Clone(prev))
	if !(ml > 0) || !(mp > 0) {
		return false
	}
	// The standard error of a median is about 1.2533·σ/√w; of the
	// difference of two, √2 times that. σ is read from the successive
	// differences of the two windows (1.4826·MAD/√2), which a trend
	// does not inflate as it would the spread about the median.
	d := make([]float64, 0, 2*w-1)
	for i := n - 2*w + 1; i < n; i++ {
		d = append(d, ns[i]-ns[i-1])
	}
	sigma := 1.4826 * mad(d) / math.Sqrt2
	se := math.Sqrt2 * 1.2533 * sigma / math.Sqrt(float64(w)) / mp
	return (mp-ml)/mp <= math.Max(SteadyTolerance, SteadyNoise*se)
}

// mad is the median absolute deviation of xs from their median.
func mad(xs []float64) float64 {
	m := stats.Median(slices.Clone(xs))
	d := make([]float64, len(xs))
	for i, x := range xs {
		d[i] = math.Abs(x - m)
	}
	return stats.Median(d)
}

// ClockWatcher is an Observer that reads the GPU's shader clock between
// samples (bench/telemetry on amdgpu): ShaderClock is the clock now and
// its idle level, in MHz; ok is false when it cannot read them. The
// warm-up is not steady while the clock is at its idle level.
type ClockWatcher interface {
	ShaderClock() (mhz, idle float64, ok bool)
}

// IdleMargin: a shader clock within this share above its idle level is
// taken as the idle level.
const IdleMargin = 0.05

// clockIdle reports whether obs reads the shader clock at its idle level.
func clockIdle(obs Observer) bool {
	cw, ok := obs.(ClockWatcher)
	if !ok {
		return false
	}
	mhz, idle, ok := cw.ShaderClock()
	return ok && idle > 0 && mhz <= idle*(1+IdleMargin)
}

// Warmup is what a warm-up did.
type Warmup struct {
	// Samples is how many batches it dispatched; Time how long it took,
	// waits for a lockstep turn left out.
	Samples int
	Time    time.Duration
	// Steady says its last batches met the steady-state rule (and the
	// clock had left its idle level); false when WarmupMax ended it
	// first, or when no steady state was looked for (WarmupMax 0).
	Steady bool
	// ClockIdle says it ended with the shader clock still at its idle
	// level (WarmupMax ended it).
	ClockIdle bool
}

// warmUp is the warm-up before the first timed sample: at least Warmup,
// and until an Observer that is a Readier can judge (it would let the
// first samples through unjudged); an error from it ends the measurement
// (StopCancelled when the context was cancelled).
func (r *measurer) warmUp() error {
	r.progress("warming up")
	least := r.p.Warmup
	if rd, ok := r.p.Observer.(Readier); ok {
		least = max(least, rd.Ready())
	}
	var err error
	if r.m.Warmup, _, err = r.warm(least, r.p.WarmupMax); err != nil {
		if r.ctx.Err() != nil {
			r.m.Stop = StopCancelled
		}
		return err
	}
	return nil
}

// warm takes untimed samples for at least least (and at least one),
// then, when WarmupMax is set, until they are steady (Steady, and the
// shader clock off its idle level) or most has passed. Waits for a turn
// do not count. It returns what it did and the time it took, waits
// included.
func (r *measurer) warm(least, most time.Duration) (Warmup, time.Duration, error) {
	var w Warmup
	var ns []float64
	c := r.c
	start := c.Now()
	leastEnd, mostEnd := start.Add(least), start.Add(max(least, most))
	var waited time.Duration
	confirmed := 0 // batches in a row that met the steady-state rule
	for {
		if w.Samples > 0 && !c.Now().Before(leastEnd) {
			if r.p.WarmupMax <= 0 {
				break
			}
			idle := clockIdle(r.p.Observer)
			if c.Now().Sub(start)-waited >= r.p.SteadySpan && Steady(ns) && !idle {
				confirmed++
			} else {
				confirmed = 0
			}
			if confirmed >= SteadyConfirm {
				w.Steady = true
				break
			}
			if !c.Now().Before(mostEnd) {
				w.ClockIdle = idle
				break
			}
		}
		if err := r.ctx.Err(); err != nil {
			return w, c.Now().Sub(start), err
		}
		t, err := r.turn(true, r.m.Warmups+1)
		if err != nil {
			return w, c.Now().Sub(start), err
		}
		waited += t
		leastEnd, mostEnd = leastEnd.Add(t), mostEnd.Add(t)
		x, err := r.take(true, r.m.Warmups+1)
		if err != nil {
			return w, c.Now().Sub(start), err
		}
		ns = append(ns, x)
		r.m.Warmups++
		w.Samples++
	}
	all := c.Now().Sub(start)
	w.Time = all - waited
	return w, all, nil
}
