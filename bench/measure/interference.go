package measure

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"
)

// Interference on a shared machine only slows a benchmark down, comes in
// bursts and is visible from outside the benchmark: other processes'
// CPU time and the hypervisor's steal, this process's threads waiting
// for a CPU, other DRM clients' engine time on the GPU, a clock that
// changed. An Observer reads those around every timed sample (on a real
// machine bench/hostobs, from /proc and sysfs); Rule decides from the
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
// look-back starts afresh (bench/hostobs.Host.Restart: a lockstep child
// restarts it when its turn comes).
type Restarter interface{ Restart() }

// Readier is an Observer that needs time before it can judge a sample:
// Ready is how long from now (0: it can). The host observer's CPU
// figures look back a window (bench/hostobs.Window); after it starts or
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
	// sample that may be longer than it (bench/hostobs.Window: /proc/stat
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
	// Disturbed is Rule's verdict; Why names the rules broken ("cpu",
	// "wait", "steal", "gpu", "clock", joined by '+').
	Disturbed bool
	Why       string
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
	if in.SCLKMHz > 0 {
		s += fmt.Sprintf(", sclk %.0f MHz", in.SCLKMHz)
	}
	if in.Disturbed {
		s += " (disturbed: " + in.Why + ")"
	}
	return s
}
