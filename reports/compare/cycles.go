package compare

import (
	"fmt"

	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

// Cycle-space confirmation: where every run of both sides carries the
// shader clock of each sample (resultsfile.Interference.SCLKMHz, sampled with
// the sample), the change is judged a second time on the samples scaled
// to cycles (time × clock; a throughput ÷ clock, i.e. work per cycle),
// with the same policy, design and alpha. A change that holds in time
// but not in cycles is the clock's, not the code's, and the reverse (a
// change in cycles the clock hid) is said too. As nvbench's comparison
// confirms FAST/SLOW in cycle space; here the policy's ClockChanges says
// whether a slowdown the clock explains fails the gate.

// Cycles is a comparison judged in cycles.
type Cycles struct {
	Verdict verdict.Verdict `json:"verdict"`
	// Change, Low and High are the change in cycles and its alarm
	// interval, as Comparison's are in time.
	Change verdict.Float `json:"change"`
	Low    verdict.Float `json:"change_low"`
	High   verdict.Float `json:"change_high"`
	// Clock is the change of the shader clock the samples ran at: the
	// ratio of the sides' geometric means of their runs' median clocks,
	// minus 1.
	Clock verdict.Float `json:"clock_change"`
	// Text says what the two verdicts mean together when they differ
	// ("" when they agree, or either is unsure).
	Text string `json:"text,omitempty"`
}

// ClockExplained reports whether the time verdict is a change the cycles
// do not show: the clock moved, not the code.
func (c *Comparison) ClockExplained() bool {
	return c.Cycles != nil && c.Cycles.Verdict == verdict.Same && (c.Verdict == verdict.Regression || c.Verdict == verdict.Improvement)
}

// cycles judges c's benchmark again in cycles (nil unless both sides
// carry every sample's clock and the time change was judged).
func (j *judger) cycles(c *Comparison, key, group string, be, ge *pairing.Entry, scale float64) *Cycles {
	bc, gc := be.InCycles(), ge.InCycles()
	if bc == nil || gc == nil || !c.tested {
		return nil
	}
	cc := j.judgeTime(key, group, bc, gc, scale)
	out := &Cycles{Verdict: cc.Verdict, Change: cc.Change, Low: cc.Low, High: cc.High,
		Clock: verdict.Float(ge.MedianClock()/be.MedianClock() - 1)}
	clock := func() string {
		if float64(out.Clock) < 0 {
			return "the clock fell " + FormatPercent(-float64(out.Clock))
		}
		return "the clock rose " + FormatPercent(float64(out.Clock))
	}
	word := map[verdict.Verdict]string{verdict.Regression: "SLOW", verdict.Improvement: "FAST", verdict.Same: "same"}
	tw, cw := word[c.Verdict], word[cc.Verdict]
	if tw != "" && cw != "" && tw != cw {
		out.Text = fmt.Sprintf("%s in time, %s in cycles: %s", tw, cw, clock())
	}
	return out
}
