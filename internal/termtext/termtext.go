// Package termtext makes text that came from a file, a database or a
// device safe to print on a terminal. Escape is the one function every
// table printer passes such text through (device and driver names,
// labels, benchmark IDs, file names): control characters become visible
// escapes instead of moving the cursor, clearing the screen, changing the
// terminal's title or forging a line of output.
package termtext

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// needsEscape reports whether r is shown as an escape: C0 controls
// (tab, newline and carriage return included: they would break a table
// row), DEL, C1 controls (U+0080-U+009F, where CSI U+009B starts an
// escape sequence on some terminals), the line and paragraph separators
// and the bidirectional formatting characters that reorder what follows
// them on screen ("Trojan Source", CVE-2021-42574).
func needsEscape(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r == 0x2028, r == 0x2029,
		r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// Escape returns s with every control character written as a Go escape
// (\n, \t, \x1b, \x00, \u009b, \u202e) and every byte that is not UTF-8
// as \xNN; other text, backslashes included, is unchanged. Text without
// such characters is returned as it is, without copying.
func Escape(s string) string {
	clean := true
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if needsEscape(r) || r == utf8.RuneError && size == 1 {
			clean = false
			break
		}
		i += size
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteString(hex2(s[i]))
		case needsEscape(r):
			q := strconv.QuoteRuneToASCII(r) // '\n', '\x1b', '\u202e'
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&0xf]})
}
