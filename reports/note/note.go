// Package note carries what an analysis must tell its reader beside its
// figures, as data: a kind a program can test (Kind), the message that
// states the facts and figures, and the advice the message ends with
// (Advice), which the command that renders it words in its own flags and
// commands (Adviser, Word), so that no library message names one.
//
// reports/compare returns notes at the top of a report (facts about its
// inputs: a driver that differs, a partial run) and on each comparison
// (caveats of the statistics: few runs, noisy pairs); reports/pairing and
// reports/codecompare return the notes of their own jobs. In JSON a note
// is {"kind": ..., "message": ...}; the kinds are listed in
// docs/compare.md, "Notes".
package note

import "time"

// Kind is what a note is about, in a word a program can test: e.g.
// "driver-differs", "few-runs". Each package that returns notes declares
// its kinds as constants.
type Kind string

// Note is one thing the reader must know. Its Message is the same for
// every comparison it applies to, so that a table prints it once.
type Note struct {
	Kind    Kind   `json:"kind"`
	Message string `json:"message"`
	// Advice is what the message ends with, as data, for the command
	// that renders it to word (Word); the zero Advice is none.
	Advice Advice `json:"-"`
}

func (n Note) Error() string { return n.Message }

// Word appends a's words for each note's advice to its message. A nil a
// changes nothing.
func Word(ns []Note, a Adviser) {
	for i := range ns {
		ns[i].Message += a.Text(ns[i].Advice)
	}
}

// Advice marks a place in a message where the caller says what to do, in
// the words of its own flags and commands: the library states the facts
// and figures, and returns the advice as data beside the message it ends
// (Note.Advice, compare's Comparison.ReasonAdvice; a plan's closing
// lines). The command that renders a report words it once (compare's
// Report.Word and Plan.Word, with cmd/radvbench's internal/advice);
// unworded, the messages carry the facts alone.
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
