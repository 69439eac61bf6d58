package compare

import "time"

// Advice marks a place in a message where the caller says what to do, in
// the words of its own flags and commands: the package states the facts
// and figures, and returns the advice as data beside the message it ends
// (Warning.Advice, Comparison.ReasonAdvice, Report.NoteAdvice; a Plan's
// closing lines). The command that renders a report words it once
// (Report.Word, Plan.Word, with cmd/radvbench's internal/advice), so that
// no message of this package names a flag or a command; unworded, the
// messages carry the facts alone.
type Advice struct {
	Kind AdviceKind
	// Runs is the runs a side of AdvicePlanRuns.
	Runs int
	// Budget buys Rounds rounds (AdviceBudget).
	Budget time.Duration
	Rounds int
	// Threshold is the policy's threshold, a fraction (AdvicePlanDetect).
	Threshold float64
}

// AdviceKind is what the advice is about.
type AdviceKind string

// The kinds of advice, by the message they end (or, for AdviceQuick,
// stand in).
const (
	// AdviceRepeatRuns ends the reason of an unsure verdict that has too
	// few runs to be decided: how to repeat them and size the gate.
	AdviceRepeatRuns AdviceKind = "repeat-runs"
	// AdviceFewRuns ends the few-runs warning: how to repeat runs.
	AdviceFewRuns AdviceKind = "few-runs"
	// AdviceRemeasureNoise follows "the machine is noisier than when the
	// noise file was measured" in the pairs-exceed-noise warning.
	AdviceRemeasureNoise AdviceKind = "remeasure-noise"
	// AdvicePairedNoise ends the noisy-pairs warning of an unsure verdict
	// without a paired noise floor: how to make and pass one.
	AdvicePairedNoise AdviceKind = "paired-noise"
	// AdviceWideFloor ends the note on noise floors above 50%.
	AdviceWideFloor AdviceKind = "wide-floor"
	// AdviceNoiseElsewhere ends the note on a noise file measured on
	// another machine.
	AdviceNoiseElsewhere AdviceKind = "noise-elsewhere"
	// AdviceBudget ends the note on a time budget too short for the
	// family: the budget (Budget) that buys Rounds rounds.
	AdviceBudget AdviceKind = "budget"
	// AdvicePlanRuns follows a plan's overall runs a side (Runs).
	AdvicePlanRuns AdviceKind = "plan-runs"
	// AdvicePlanDetect ends the plan's line on thresholds at or above
	// the slowdown to detect.
	AdvicePlanDetect AdviceKind = "plan-detect"
	// AdvicePlanUnknown ends the plan's line on benchmarks without a
	// measured run-to-run spread.
	AdvicePlanUnknown AdviceKind = "plan-unknown"
	// AdviceQuick ends the note on inputs that mix quick and full
	// sizes: how to run both sides alike.
	AdviceQuick AdviceKind = "quick"
	// AdviceISAFiles ends the note on a missing code column: how to give
	// compare the compiler's figures of each group.
	AdviceISAFiles AdviceKind = "isa-files"
)

// Adviser words an Advice: the text is added as it is (with its own
// leading "; " or " (" where it needs one), "" adds nothing.
type Adviser func(Advice) string

// Text is a's advice for adv, "" for a nil Adviser or no advice.
func (a Adviser) Text(adv Advice) string {
	if a == nil || adv.Kind == "" {
		return ""
	}
	return a(adv)
}

// topNote is a message for the top of a report as the package builds it:
// the facts (Text) and the advice it ends with (the zero Advice for none).
type topNote struct {
	Text   string
	Advice Advice
}

// NoteAdvice is the advice that Report.Notes[Note] ends with.
type NoteAdvice struct {
	Note   int
	Advice Advice
}

// addNotes appends notes to r.Notes, their advice to r.NoteAdvice.
func (r *Report) addNotes(ns ...topNote) {
	for _, n := range ns {
		if n.Advice.Kind != "" {
			r.NoteAdvice = append(r.NoteAdvice, NoteAdvice{Note: len(r.Notes), Advice: n.Advice})
		}
		r.Notes = append(r.Notes, n.Text)
	}
}

// Word appends a's words for each advice the report carries to the
// message it ends: the notes' (NoteAdvice), each comparison's reason
// (ReasonAdvice) and warnings (Warning.Advice). It words a report once:
// later calls, and a nil a, change nothing. The command that renders the
// report calls it, after the last change to the report.
func (r *Report) Word(a Adviser) {
	if r == nil || r.worded || a == nil {
		return
	}
	r.worded = true
	for _, na := range r.NoteAdvice {
		if na.Note >= 0 && na.Note < len(r.Notes) {
			r.Notes[na.Note] += a.Text(na.Advice)
		}
	}
	for i := range r.Comparisons {
		c := &r.Comparisons[i]
		c.Reason += a.Text(c.ReasonAdvice)
		for w := range c.Warnings {
			c.Warnings[w].Message += a.Text(c.Warnings[w].Advice)
		}
	}
}

// Word sets the words of the advice the plan's closing lines end with
// (Hints): the runs a side to ask for, what to do about thresholds at or
// above the slowdown to detect, and about benchmarks without a measured
// spread. A nil a leaves them empty.
func (p *Plan) Word(a Adviser) {
	if p == nil || a == nil {
		return
	}
	p.Hints = map[AdviceKind]string{
		AdvicePlanRuns:    a.Text(Advice{Kind: AdvicePlanRuns, Runs: p.Runs}),
		AdvicePlanDetect:  a.Text(Advice{Kind: AdvicePlanDetect, Threshold: p.Threshold}),
		AdvicePlanUnknown: a.Text(Advice{Kind: AdvicePlanUnknown}),
	}
}
