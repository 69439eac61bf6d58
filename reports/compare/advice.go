package compare

import "github.com/radvbench/radvbench/reports/note"

// Word appends a's words for each advice the report carries to the
// message it ends: the notes' (Notes), each comparison's reason
// (ReasonAdvice) and warnings. It words a report once: later calls, and a
// nil a, change nothing. The command that renders the report calls it,
// after the last change to the report.
func (r *Report) Word(a note.Adviser) {
	if r == nil || r.worded || a == nil {
		return
	}
	r.worded = true
	note.Word(r.Notes, a)
	for i := range r.Comparisons {
		c := &r.Comparisons[i]
		c.Reason += a.Text(c.ReasonAdvice)
		note.Word(c.Warnings, a)
	}
}

// Word sets the words of the advice the plan's closing lines end with
// (Hints): the runs a side to ask for, what to do about thresholds at or
// above the slowdown to detect, and about benchmarks without a measured
// spread. A nil a leaves them empty.
func (p *Plan) Word(a note.Adviser) {
	if p == nil || a == nil {
		return
	}
	p.Hints = map[note.AdviceKind]string{
		note.AdvicePlanRuns:    a.Text(note.Advice{Kind: note.AdvicePlanRuns, Runs: p.Runs}),
		note.AdvicePlanDetect:  a.Text(note.Advice{Kind: note.AdvicePlanDetect, Threshold: p.Threshold}),
		note.AdvicePlanUnknown: a.Text(note.Advice{Kind: note.AdvicePlanUnknown}),
	}
}
