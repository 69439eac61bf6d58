package termtext

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEscape(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"llvmpipe (LLVM 15.0.6, 256 bits)", "llvmpipe (LLVM 15.0.6, 256 bits)"},
		{"AMD Radeon RX 7900 XTX (RADV NAVI31) µ ✓", "AMD Radeon RX 7900 XTX (RADV NAVI31) µ ✓"},
		{"gpu\nforged row", `gpu\nforged row`},
		{"a\tb\rc", `a\tb\rc`},
		{"nul\x00x", `nul\x00x`},
		{"\x1b[2J\x1b]0;title\x07", `\x1b[2J\x1b]0;title\a`},
		{"del\x7f", `del\x7f`},
		{"c1 \u009b31m", `c1 \u009b31m`},
		{"bidi \u202eevil\u202c", `bidi \u202eevil\u202c`},
		{"bad \xff\xfe utf8", `bad \xff\xfe utf8`},
		{`back\slash`, `back\slash`},
		{"", ""},
	} {
		if got := Escape(tc.in); got != tc.want {
			t.Errorf("Escape(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzEscape: whatever goes in, what comes out is valid UTF-8 with no
// control character, and clean text passes unchanged.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "plain", "a\nb", "\x1b[31m", "\xff", "\u202e", "\u0085"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Escape(s)
		if !utf8.ValidString(got) {
			t.Fatalf("Escape(%q) = %q: not UTF-8", s, got)
		}
		for _, r := range got {
			if needsEscape(r) {
				t.Fatalf("Escape(%q) = %q keeps %U", s, got, r)
			}
		}
		if utf8.ValidString(s) && !strings.ContainsFunc(s, needsEscape) && got != s {
			t.Fatalf("clean %q changed to %q", s, got)
		}
	})
}
