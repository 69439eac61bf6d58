package advice

import (
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/supervise"
)

// TestChildrenSummary: the flag that changes the watchdog's budget is
// named beside the counts when the watchdog killed a child, and only then
// (the results file's reason for a hung benchmark names no flag).
func TestChildrenSummary(t *testing.T) {
	for _, tt := range []struct {
		st   supervise.Stats
		flag bool
	}{
		{supervise.Stats{Children: 3}, false},
		{supervise.Stats{Children: 3, Crashes: 1}, false},
		{supervise.Stats{Children: 3, Hangs: 1}, true},
	} {
		got := ChildrenSummary(tt.st)
		if !strings.HasPrefix(got, tt.st.Summary()) || strings.Contains(got, "--watchdog") != tt.flag {
			t.Errorf("ChildrenSummary(%+v) = %q, want the counts, and --watchdog named: %v", tt.st, got, tt.flag)
		}
	}
}
