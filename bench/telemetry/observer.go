package telemetry

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/radvbench/radvbench/bench/measure"
)

// Observer adds a card's telemetry to another measure.Observer's
// readings: it reads the card right before and right after every sample
// and puts the figures in Interference.GPU (the clocks, power and
// temperature after the sample, the energy used during it). A sample
// after which a throttle bit is set is marked disturbed ("throttle").
// Inner's readiness (measure.Readier) and restarts (measure.Restarter)
// pass through.
type Observer struct {
	inner measure.Observer
	r     *Reader
	begin Sample
	// idle is the card's idle shader clock (IdleSclkMHz), read once;
	// idleRead says it was.
	idle     float64
	idleRead bool
}

// ShaderClock reads the card's shader clock now and its idle level
// (measure.ClockWatcher: the warm-up waits for the clock to leave it).
func (o *Observer) ShaderClock() (mhz, idle float64, ok bool) {
	if !o.idleRead {
		o.idle, _ = o.r.IdleSclkMHz()
		o.idleRead = true
	}
	s := o.r.Read()
	if s.SclkMHz == nil || !(o.idle > 0) {
		return 0, 0, false
	}
	return *s.SclkMHz, o.idle, true
}

// Observer is what Measure and a lockstep child use it as.
var (
	_ measure.Readier      = (*Observer)(nil)
	_ measure.Restarter    = (*Observer)(nil)
	_ measure.ClockWatcher = (*Observer)(nil)
)

// Observe wraps inner (nil: telemetry alone) with r's readings.
func Observe(inner measure.Observer, r *Reader) *Observer {
	return &Observer{inner: inner, r: r}
}

// Reader is the reader the observer reads.
func (o *Observer) Reader() *Reader { return o.r }

// Begin reads the inner observer's counters, then the card.
func (o *Observer) Begin() {
	if o.inner != nil {
		o.inner.Begin()
	}
	o.begin = o.r.Read()
}

// End reads the card, then the inner observer, and joins them.
func (o *Observer) End() measure.Interference {
	end := o.r.Read()
	in := measure.Interference{OtherCPU: math.NaN(), Steal: math.NaN(), SelfCPU: math.NaN(), Wait: math.NaN(), GPUOther: math.NaN()}
	if o.inner != nil {
		in = o.inner.End()
	}
	in.GPU = State(o.begin, end)
	if in.GPU.Throttled {
		in.Mark("throttle")
	}
	return in
}

// Quiet is the inner observer's (true without one: the card's state is
// judged per sample, not waited out).
func (o *Observer) Quiet(ctx context.Context, max time.Duration) bool {
	if o.inner == nil {
		return true
	}
	return o.inner.Quiet(ctx, max)
}

// Ready is the inner observer's readiness (0 when it has none).
func (o *Observer) Ready() time.Duration {
	if r, ok := o.inner.(measure.Readier); ok {
		return r.Ready()
	}
	return 0
}

// Restart restarts the inner observer, if it can be.
func (o *Observer) Restart() {
	if r, ok := o.inner.(measure.Restarter); ok {
		r.Restart()
	}
}

// State is the figures of a sample that began at a and ended at b.
func State(a, b Sample) *measure.GPUState {
	nan := math.NaN()
	val := func(p *float64) float64 {
		if p == nil {
			return nan
		}
		return *p
	}
	st := &measure.GPUState{SclkMHz: val(b.SclkMHz), MclkMHz: val(b.MclkMHz), PowerW: val(b.PowerW), TempC: val(b.TempC), EnergyJ: nan}
	if d, ok := EnergyDelta(a, b); ok {
		st.EnergyJ = d
	}
	if th, _ := b.Throttled(); th {
		st.Throttled = true
		if len(b.ThrottleNames) > 0 {
			st.Throttle = strings.Join(b.ThrottleNames, "+")
		} else {
			st.Throttle = fmt.Sprintf("%#x", *b.Throttle)
		}
	}
	src := map[string]string{}
	for k, v := range map[string]string{"sclk": b.Sources.Sclk, "mclk": b.Sources.Mclk, "power": b.Sources.Power,
		"energy": b.Sources.Energy, "throttle": b.Sources.Throttle, "temp": b.Sources.Temp} {
		if v != "" {
			src[k] = v
		}
	}
	if len(src) > 0 {
		st.Sources = src
	}
	return st
}
