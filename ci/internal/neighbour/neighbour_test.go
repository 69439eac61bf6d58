package neighbour

import (
	"strings"
	"testing"
	"time"
)

// TestParse: the spec's three numbers, "off", and mistakes named.
func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want *Spec
		err  bool
	}{
		{Default, &Spec{On: time.Second, Off: time.Second, Threads: 1}, false},
		{"3000,2000,2", &Spec{On: 3 * time.Second, Off: 2 * time.Second, Threads: 2}, false},
		{"500,0,1", &Spec{On: 500 * time.Millisecond, Threads: 1}, false},
		{"off", nil, false},
		{"1000,1000", nil, true},
		{"1000,1000,0", nil, true},
		{"0,1000,1", nil, true},
		{"1000,1000,1x", nil, true},
		{"", nil, true},
	} {
		got, err := Parse(tc.in)
		if (err != nil) != tc.err || (got == nil) != (tc.want == nil) || got != nil && *got != *tc.want {
			t.Errorf("Parse(%q) = %v, %v; want %v (error %v)", tc.in, got, err, tc.want, tc.err)
		}
		if err != nil && !strings.Contains(err.Error(), "ON_MS,OFF_MS,THREADS") {
			t.Errorf("Parse(%q): %v does not say the form", tc.in, err)
		}
	}
}
