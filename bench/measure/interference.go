package measure

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"
)

// Interference on a shared machine only slows a benchmark down, comes in
// bursts and is visible from outside the benchmark: other processes'
// CPU time and the hypervisor's steal, this process's threads waiting
// for a CPU, other DRM clients' engine time on the GPU, a clock that
// changed. An Observer reads those around every timed sample (on a real
// machine bench/observer, from /proc and sysfs); Rule decides from the
// figures whether the sample was disturbed. Measure
// keeps a disturbed sample (it is recorded) but leaves it out of the
// figure, waits a moment for the machine to quieten, and samples again.

// Observer watches the machine around timed samples. Begin is called
// right before a sample, End right after it and returns what was seen in
// between, judged. Quiet waits, polling, until the machine looks quiet or
// max has passed (or ctx ends), and reports whether it found it quiet.
type Observer interface {
	Begin()
	End() Interference
	Quiet(ctx context.Context, max time.Duration) bool
}

// Restarter is an Observer that can forget what it saw, so that its
// look-back starts afresh (bench/observer.Host.Restart: a lockstep child
// restarts it when its turn comes).
type Restarter interface{ Restart() }

// Readier is an Observer that needs time before it can judge a sample:
// Ready is how long from now (0: it can). The host observer's CPU
// figures look back a window (bench/observer.Window); after it starts or
// restarts they need that long of history, and a sample taken sooner
// goes unjudged (in lockstep, a third of all samples before Measure
// waited for it: docs/verdicts.md, section 6). Measure warms up until
// Ready.
type Readier interface {
	Observer
	Ready() time.Duration
}

// Interference is what an Observer saw around one sample. A figure it
// could not read is NaN (SCLKMHz: 0).
type Interference struct {
	// OtherCPU is the CPU time other processes used, in cores (1 = one
	// core busy throughout), over a look-back window ending with the
	// sample that may be longer than it (bench/observer.Window: /proc/stat
	// counts in 10 ms ticks, too coarse for one short sample). Steal is the hypervisor's steal time in cores over
	// the same window.
	OtherCPU, Steal float64
	// SelfCPU is this process's CPU time during the sample in cores;
	// Wait the time its threads spent runnable but waiting for a CPU,
	// summed over threads, as a share of the sample's wall time.
	SelfCPU, Wait float64
	// GPUOther is the engine time (gfx and compute) other DRM clients used
	// during the sample, as a share of its wall time.
	GPUOther float64
	// SCLKMHz is the shader clock after the sample (the highest over the
	// AMD cards); SCLKChanged is set when any card's clock differed
	// before and after it.
	SCLKMHz     float64
	SCLKChanged bool
	// GPU is the GPU's telemetry around the sample (bench/telemetry on
	// amdgpu), nil when none was read.
	GPU *GPUState
	// Disturbed is Rule's verdict; Why names the rules broken ("cpu",
	// "wait", "steal", "gpu", "clock", joined by '+'; "throttle" from a
	// telemetry observer, "clock-low" from Measure's ClockFloor).
	Disturbed bool
	Why       string
}

// GPUState is what a telemetry observer read of the GPU around one
// sample. A figure not read is NaN.
type GPUState struct {
	// SclkMHz, MclkMHz, PowerW and TempC are read right after the
	// sample: shader clock, memory clock, power, temperature.
	SclkMHz, MclkMHz, PowerW, TempC float64
	// EnergyJ is the energy used during the sample (the change of the
	// GPU's energy accumulator from before to after it).
	EnergyJ float64
	// Throttled says a throttle bit was set after the sample, Throttle
	// names them ("PPT0+TEMP_HOTSPOT", or the raw status in hex when
	// the bits are ASIC dependent); "" when none was or the GPU reports
	// no throttle status.
	Throttled bool
	Throttle  string
	// Sources names where each figure came from (figure name to file
	// and member, e.g. "sclk": "gpu_metrics v1.3 current_gfxclk").
	Sources map[string]string
}

// Mark sets a sample disturbed for reason why (added to Why): for an
// observer that judges what its inner observer's Rule does not (a
// telemetry observer's throttle bits).
func (in *Interference) Mark(why string) {
	in.Disturbed = true
	if in.Why == "" {
		in.Why = why
	} else if !strings.Contains("+"+in.Why+"+", "+"+why+"+") {
		in.Why += "+" + why
	}
}

// DefaultClockFloor is the share of a benchmark's median shader clock
// below which a sample counts as taken at a throttled clock: a
// compute-bound kernel runs about as much slower as its clock is lower,
// and 10% is ten times the default CI target of the figure.
const DefaultClockFloor = 0.9

// markLowClocks marks the samples whose GPU shader clock is below floor
// times the median of the samples' known clocks ("clock-low"); it
// reports whether any mark was added.
func markLowClocks(m *Measurement, floor float64) bool {
	if floor <= 0 || len(m.Interference) != len(m.NS) {
		return false
	}
	var clocks []float64
	for _, in := range m.Interference {
		if in.GPU != nil && in.GPU.SclkMHz > 0 {
			clocks = append(clocks, in.GPU.SclkMHz)
		}
	}
	if len(clocks) == 0 {
		return false
	}
	sort.Float64s(clocks)
	median := clocks[len(clocks)/2]
	if len(clocks)%2 == 0 {
		median = (clocks[len(clocks)/2-1] + median) / 2
	}
	changed := false
	for i := range m.Interference {
		in := &m.Interference[i]
		if in.GPU != nil && in.GPU.SclkMHz > 0 && in.GPU.SclkMHz < floor*median {
			changed = changed || !m.Disturbed[i]
			in.Mark("clock-low")
			m.Disturbed[i] = true
		}
	}
	return changed
}

// Rule decides when a sample was disturbed: when a figure exceeds its
// limit (+Inf switches that part off). DefaultRule gives the limits.
type Rule struct {
	// OtherCPU: other processes' CPU time, in cores.
	OtherCPU float64
	// Wait: this process's threads' run-queue wait, share of the sample.
	Wait float64
	// Steal: the hypervisor's steal, in cores.
	Steal float64
	// GPUOther: other DRM clients' engine time, share of the sample.
	GPUOther float64
	// Clock: a shader clock that changed during the sample.
	Clock bool
}

// DefaultRule is the rule for a device: for a CPU implementation
// (lavapipe, whose work runs on this process's threads) other processes
// using more than a quarter of a core, or any steal; for a GPU, another
// DRM client busy on the GPU more than 2% of the sample, or a shader
// clock change. A GPU's timestamps do not see the CPU's neighbours (they
// delay the submission, not the kernel), a CPU implementation does not
// see the GPU's: each device is judged on what can slow it down.
//
// The run-queue wait of this process's threads is recorded but judges
// nothing: lavapipe starts as many rasterizer threads as there are
// cores, beside its queue thread and the application's, so its threads
// wait for each other on a quiet machine (a third of each sample, median,
// on 2 idle cores: 2,487 of 2,550 samples of 'run --suite matmul --quick
// --filter lanes' were over 5%). Waiting caused by another process shows
// as that process's CPU time, by the hypervisor as steal.
func DefaultRule(cpuDevice bool) Rule {
	off := math.Inf(1)
	if cpuDevice {
		return Rule{OtherCPU: 0.25, Wait: off, Steal: 0, GPUOther: off}
	}
	return Rule{OtherCPU: off, Wait: off, Steal: off, GPUOther: 0.02, Clock: true}
}

// ReadsCPU reports whether the rule judges a figure an observer reads
// over a look-back window (other processes' CPU, steal), so that it needs
// that window's history before it can judge a sample (Readier).
func (r Rule) ReadsCPU() bool {
	return !math.IsInf(r.OtherCPU, 1) || !math.IsInf(r.Steal, 1)
}

// Judge sets in.Disturbed and in.Why from the rule. Figures that are NaN
// (not read) break no rule.
func (r Rule) Judge(in *Interference) {
	var why []string
	over := func(v, limit float64, name string) {
		if v > limit { // false for NaN and for an +Inf limit
			why = append(why, name)
		}
	}
	over(in.OtherCPU, r.OtherCPU, "cpu")
	over(in.Wait, r.Wait, "wait")
	over(in.Steal, r.Steal, "steal")
	over(in.GPUOther, r.GPUOther, "gpu")
	if r.Clock && in.SCLKChanged {
		why = append(why, "clock")
	}
	in.Disturbed, in.Why = len(why) > 0, strings.Join(why, "+")
}

// String renders the figures for a progress line or an error.
func (in Interference) String() string {
	s := fmt.Sprintf("other cpu %.2f, steal %.2f, self cpu %.2f, wait %.1f%%, gpu other %.1f%%", in.OtherCPU, in.Steal, in.SelfCPU, 100*in.Wait, 100*in.GPUOther)
	if in.GPU != nil && in.GPU.SclkMHz > 0 {
		s += fmt.Sprintf(", sclk %.0f MHz", in.GPU.SclkMHz)
	} else if in.SCLKMHz > 0 {
		s += fmt.Sprintf(", sclk %.0f MHz", in.SCLKMHz)
	}
	if in.GPU != nil && in.GPU.Throttled {
		s += ", throttled " + in.GPU.Throttle
	}
	if in.Disturbed {
		s += " (disturbed: " + in.Why + ")"
	}
	return s
}
