package comparefmt

import (
	"strings"
	"unicode/utf8"

	"github.com/radvbench/radvbench/internal/termtext"
)

// tableLayout describes a table whose columns come in blocks: lead columns
// (benchmark, unit), then one block per group; the first header row holds
// each block's title, spanning it.
type tableLayout struct {
	// lead is the number of leading columns; blocks the widths of the
	// blocks after them (the last width repeats).
	lead   int
	blocks []int
}

func (l *tableLayout) spans(ncol int) [][2]int {
	var out [][2]int
	s, i := l.lead, 0
	for s < ncol {
		w := l.blocks[min(i, len(l.blocks)-1)]
		out = append(out, [2]int{s, w})
		s += w
		i++
	}
	return out
}

// writeTable pads cells to column widths, separating columns by two
// spaces and blocks by " │ ". With a layout, rows[0] holds the block
// titles (at each block's first column) and spans its block. Lines carry
// no trailing spaces.
func writeTable(b *strings.Builder, rows [][]string, l *tableLayout) {
	// Cells come from files (benchmark IDs, group and file names): their
	// control characters are shown, not sent to the terminal.
	esc := make([][]string, len(rows))
	for i, r := range rows {
		esc[i] = make([]string, len(r))
		for j, c := range r {
			esc[i][j] = termtext.Escape(c)
		}
	}
	rows = esc
	ncol := 0
	for _, r := range rows {
		ncol = max(ncol, len(r))
	}
	width := make([]int, ncol)
	for ri, r := range rows {
		if ri == 0 && l != nil {
			continue // spanning titles, handled below
		}
		for i, c := range r {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	span := func(start, n int) int {
		w := 0
		for i := start; i < start+n && i < ncol; i++ {
			w += width[i]
		}
		return w + 2*(n-1)
	}
	var blocks [][2]int
	blockStart := map[int]bool{}
	if l != nil {
		blocks = l.spans(ncol)
		for _, bl := range blocks {
			blockStart[bl[0]] = true
			// Widen a block's last column when its title is longer.
			if d := utf8.RuneCountInString(rows[0][bl[0]]) - span(bl[0], bl[1]); d > 0 {
				width[min(bl[0]+bl[1], ncol)-1] += d
			}
		}
	}
	for ri, r := range rows {
		var line strings.Builder
		if ri == 0 && l != nil {
			line.WriteString(pad("", span(0, l.lead)))
			for _, bl := range blocks {
				line.WriteString(" │ ")
				line.WriteString(pad(r[bl[0]], span(bl[0], bl[1])))
			}
		} else {
			for i := 0; i < ncol; i++ {
				c := ""
				if i < len(r) {
					c = r[i]
				}
				if i > 0 {
					if blockStart[i] {
						line.WriteString(" │ ")
					} else {
						line.WriteString("  ")
					}
				}
				line.WriteString(pad(c, width[i]))
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteString("\n")
	}
}

func pad(s string, w int) string {
	if n := utf8.RuneCountInString(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}
