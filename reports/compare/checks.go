package compare

// Checks of a comparison once judged: a gate that compared nothing
// fails (NothingComparedError), and noise floors so wide that they, not
// the runs, decide are named (wideFloors). The checks of its inputs
// (the same evidence once, one GPU model) are reports/pairing's.

import (
	"errors"
	"fmt"
	"math"

	"github.com/radvbench/radvbench/internal/termtext"
	"github.com/radvbench/radvbench/reports/note"
	"github.com/radvbench/radvbench/reports/verdict"
)

// ErrNothingCompared is what a NothingComparedError matches.
var ErrNothingCompared = errors.New("nothing compared")

// NothingComparedError: a group has no benchmark measured on both it and
// the baseline; a gate that compared nothing must not pass.
type NothingComparedError struct {
	Baseline, Group string
	// OnlyBase and OnlyGroup count the benchmarks on one side only;
	// Neither those on both without a figure on both (skipped, failed).
	OnlyBase, OnlyGroup, Neither int
}

func (e *NothingComparedError) Error() string {
	if !e.Disjoint() {
		return fmt.Sprintf("no benchmark was measured on both %s and the baseline %s (%d in common, none with figures on both sides: skipped or failed): nothing was compared", termtext.Escape(e.Group), termtext.Escape(e.Baseline), e.Neither)
	}
	return fmt.Sprintf("no benchmark in common between the baseline %s and %s (%d only in the baseline, %d only in %s): nothing was compared", termtext.Escape(e.Baseline), termtext.Escape(e.Group), e.OnlyBase, e.OnlyGroup, termtext.Escape(e.Group))
}

// Disjoint reports whether the sides ran different benchmarks (rather
// than the same ones with no figures on both): the suites or filters
// they ran with differ.
func (e *NothingComparedError) Disjoint() bool {
	return !(e.OnlyBase+e.OnlyGroup == 0 || e.Neither > 0 && e.OnlyBase+e.OnlyGroup < e.Neither)
}

func (e *NothingComparedError) Is(t error) bool { return t == ErrNothingCompared }

// checkCompared fails when a group compared no benchmark with the
// baseline: every comparison of it is missing, added or incomparable.
func checkCompared(rep *Report) error {
	for _, g := range rep.Groups[1:] {
		e := &NothingComparedError{Baseline: rep.Baseline, Group: g.Name}
		compared := false
		for i := range rep.Comparisons {
			c := &rep.Comparisons[i]
			if c.Group != g.Name {
				continue
			}
			switch c.Verdict {
			case verdict.Missing:
				e.OnlyBase++
			case verdict.Added:
				e.OnlyGroup++
			case verdict.Incomparable:
				e.Neither++
			default:
				compared = true
			}
		}
		if !compared {
			return e
		}
	}
	return nil
}

// wideFloor is the noise floor above which a note warns that the floor,
// not the data, decides: changes smaller than it are called unchanged.
const wideFloor = 0.5

// wideFloors is a note naming how many comparisons were judged against a
// noise floor above wideFloor (a noise file measured over too few runs,
// or a machine too noisy to gate); false when none were.
func wideFloors(rep *Report) (note.Note, bool) {
	n, worst := 0, 0.0
	for i := range rep.Comparisons {
		if f := float64(rep.Comparisons[i].Limits.Floor); f > wideFloor {
			n++
			worst = math.Max(worst, f)
		}
	}
	if n == 0 {
		return note.Note{}, false
	}
	return note.Note{Kind: NoteWideFloors, Message: fmt.Sprintf("%d benchmark(s) were judged against a noise floor above %s (up to %s): a change smaller than its floor is called unchanged however clear it is", n, FormatPercent(wideFloor), FormatPercent(worst)), Advice: note.Advice{Kind: note.AdviceWideFloor}}, true
}
