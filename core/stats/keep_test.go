package stats

import "testing"

// TestKeepDisturbedRuns: runs disturbed throughout are kept when both
// sides were, and when the runs pair by round and either side was; runs
// taken apart with one side disturbed throughout set them aside.
func TestKeepDisturbedRuns(t *testing.T) {
	for _, tt := range []struct {
		baseAll, newAll, paired, want bool
	}{
		{false, false, false, false},
		{false, false, true, false},
		{true, false, false, false},
		{false, true, false, false},
		{true, false, true, true},
		{false, true, true, true},
		{true, true, false, true},
		{true, true, true, true},
	} {
		if got := KeepDisturbedRuns(tt.baseAll, tt.newAll, tt.paired); got != tt.want {
			t.Errorf("KeepDisturbedRuns(%v, %v, %v) = %v, want %v", tt.baseAll, tt.newAll, tt.paired, got, tt.want)
		}
	}
}
