package run

import (
	"errors"
	"testing"

	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/internal/usage"
)

// TestErrorAdvice: the errors of a run's journal that launch.Run returns
// get their advice in the words of run's flags (Error).
func TestErrorAdvice(t *testing.T) {
	tests := []struct {
		name string
		got  error
		code int
		want string
	}{
		{"resume elsewhere", Error(usage.Errorf("%w", &supervise.IdentityError{Journal: "r.json.journal", Diff: []string{`device.name: "a" -> "b"`}})), 2,
			`cannot resume r.json.journal: the system differs from the interrupted run's: device.name: "a" -> "b" (resume on the same system, or pass --force to mix them)`},
		{"journal in the way", Error(usage.Errorf("%w", &supervise.JournalCreateError{Out: "r.json", Err: errors.New("create the journal r.json.journal: file exists")})), 2,
			"create the journal r.json.journal: file exists (choose another --out)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got.Error() != tc.want || base.ExitCode(tc.got) != tc.code {
				t.Errorf("got %q (exit %d)\nwant %q (exit %d)", tc.got, base.ExitCode(tc.got), tc.want, tc.code)
			}
		})
	}
}
