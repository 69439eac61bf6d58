package window

import (
	"testing"
	"time"
)

// TestHold: each spelling of a hold, what it prints back, and how long it
// holds with and without someone watching; a bad one is refused.
func TestHold(t *testing.T) {
	for _, tc := range []struct {
		in, str            string
		watched, unwatched time.Duration
	}{
		{"auto", "auto", -1, 0},
		{"until-closed", "until-closed", -1, -1},
		{"30s", "30s", 30 * time.Second, 30 * time.Second},
		{"0", "0s", 0, 0},
	} {
		var h Hold
		if err := h.Set(tc.in); err != nil {
			t.Fatalf("Set(%q): %v", tc.in, err)
		}
		if h.String() != tc.str || h.For(true) != tc.watched || h.For(false) != tc.unwatched {
			t.Errorf("%q: String %q, For(watched) %v, For(not) %v; want %q, %v, %v", tc.in, h.String(), h.For(true), h.For(false), tc.str, tc.watched, tc.unwatched)
		}
	}
	for _, bad := range []string{"-1s", "soon", ""} {
		var h Hold
		if err := h.Set(bad); err == nil {
			t.Errorf("Set(%q) accepted", bad)
		}
	}
}
