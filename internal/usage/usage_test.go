package usage

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

func TestErrorf(t *testing.T) {
	cause := fs.ErrNotExist
	for _, tc := range []struct {
		name      string
		err       error
		usage     bool
		msg       string
		wrapsNoEx bool
	}{
		{"plain", Errorf("--runs %d must be at least 1", 0), true, "--runs 0 must be at least 1", false},
		{"wraps its cause", Errorf("journal %s: %w", "r.journal", cause), true, "journal r.journal: file does not exist", true},
		{"wrapped by context", fmt.Errorf("resume: %w", Errorf("bad")), true, "resume: bad", false},
		{"not a usage error", fmt.Errorf("device lost: %w", cause), false, "device lost: file does not exist", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if Is(tc.err) != tc.usage {
				t.Errorf("Is = %v, want %v", Is(tc.err), tc.usage)
			}
			if tc.err.Error() != tc.msg {
				t.Errorf("message %q, want %q", tc.err.Error(), tc.msg)
			}
			if errors.Is(tc.err, cause) != tc.wrapsNoEx {
				t.Errorf("errors.Is(cause) = %v, want %v", errors.Is(tc.err, cause), tc.wrapsNoEx)
			}
		})
	}
}
