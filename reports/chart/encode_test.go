package chart

import (
	"bytes"
	"testing"
	"time"
)

// TestEncode: the file name's extension picks the format, SVG for .svg in
// any case, PNG for anything else.
func TestEncode(t *testing.T) {
	at := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	c := Trend("trend-x", "x", "", "GFLOP/s", []TrendSeries{{Name: "gpu", Points: []TrendPoint{{Time: at, Median: 1, Low: 1, High: 1}, {Time: at.Add(time.Hour), Median: 2, Low: 2, High: 2}}}})
	for _, tc := range []struct {
		name, magic string
	}{
		{"trend.svg", "<?xml"},
		{"TREND.SVG", "<?xml"},
		{"trend.png", "\x89PNG"},
		{"dir.svg/trend", "\x89PNG"},
	} {
		data, err := c.Encode(tc.name)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !bytes.HasPrefix(data, []byte(tc.magic)) {
			t.Errorf("%s: starts %q, want %q", tc.name, data[:min(8, len(data))], tc.magic)
		}
	}
}
