package verdict

import (
	"fmt"
	"strings"
)

// Tally is one count of a summary line and its noun, singular and
// plural.
type Tally struct {
	N         int
	One, Many string
}

// SummaryLine is "no regression, 2 improvements, ...": the non-zero
// tallies, led by "no regression" when clean. A comparison of timings
// and one of isa files word their verdicts' counts with it alike.
func SummaryLine(clean bool, ts []Tally) string {
	var parts []string
	if clean {
		parts = append(parts, "no regression")
	}
	for _, t := range ts {
		switch {
		case t.N == 1:
			parts = append(parts, "1 "+t.One)
		case t.N > 1:
			parts = append(parts, fmt.Sprintf("%d %s", t.N, t.Many))
		}
	}
	return strings.Join(parts, ", ")
}
