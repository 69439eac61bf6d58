package run

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// TestPlanQuietWait: --quiet-wait bounds the waits for quiet, --quiet-wait
// 0 turns them off (distinct from not giving it: the default budget), and
// either travels to the run's children as given.
func TestPlanQuietWait(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		budget time.Duration
		off    bool
	}{
		{args: []string{"--quick"}},
		{args: []string{"--quick", "--quiet-wait", "2s"}, budget: 2 * time.Second},
		{args: []string{"--quick", "--quiet-wait", "0"}, off: true},
	} {
		p, _, err := PlanArgs(tc.args)
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		if p.QuietBudget != tc.budget || p.NoQuietWait != tc.off {
			t.Errorf("%v: quiet wait %v, off %v; want %v, %v", tc.args, p.QuietBudget, p.NoQuietWait, tc.budget, tc.off)
		}
		if given := len(tc.args) > 1; given != slices.ContainsFunc(p.ChildArgs, func(a string) bool { return strings.HasPrefix(a, "--quiet-wait") }) {
			t.Errorf("%v: children's arguments %v", tc.args, p.ChildArgs)
		}
	}
}
