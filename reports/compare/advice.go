package compare

import "time"

// Advice marks a place in a message where the caller says what to do, in
// the words of its own flags and commands: the package states the facts
// and figures; an Adviser (Options.Advise, UntilOptions.Advise,
// Plan.Advise) words the advice. cmd/radvbench gives one (its internal/advice),
// so that no message of this package names a flag or a command; without
// one the messages carry the facts alone.
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
	// AdviceQuick names the setting of quick runs in the note on inputs
	// that mix them (the whole phrase, not a suffix; "quick sizes" with
	// no Adviser).
	AdviceQuick AdviceKind = "quick"
	// AdviceISAFiles ends the note on a missing code column: how to give
	// compare the compiler's figures of each group.
	AdviceISAFiles AdviceKind = "isa-files"
)

// Adviser words an Advice: the text is added as it is (with its own
// leading "; " or " (" where it needs one), "" adds nothing.
type Adviser func(Advice) string

// Text is a's advice for adv, "" for a nil Adviser.
func (a Adviser) Text(adv Advice) string {
	if a == nil {
		return ""
	}
	return a(adv)
}

// kind is a's advice for a kind without figures.
func (a Adviser) kind(k AdviceKind) string { return a.Text(Advice{Kind: k}) }
