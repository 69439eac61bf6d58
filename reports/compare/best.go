package compare

import (
	"fmt"

	"github.com/radvbench/radvbench/reports/note"
)

// Best against best (Options.Best): each group keeps only its best
// variant of each kernel, size and configuration (pairing.KeepBest), and
// the comparison says which variants the two sides' figures came from.

// bestWarning names the variants the two sides' figures came from.
func bestWarning(base, new string) note.Note {
	msg := fmt.Sprintf("best variant: %s on both sides", base)
	if base != new {
		msg = fmt.Sprintf("best variant: %s in the baseline, %s here (which configuration is best changed)", base, new)
	}
	return note.Note{Kind: NoteBestOf, Message: msg}
}
