package window

import (
	"fmt"
	"time"
)

// Hold is how long a live view stays open on a run's final state once
// the run has ended, as a flag value: "auto" (the zero Hold) keeps it
// until the user closes it when someone is watching (the caller decides:
// a terminal), and not at all otherwise (scripts, CI); "until-closed"
// always waits for the user; a duration (e.g. 30s; 0 closes at once) waits
// at most that long.
type Hold struct {
	set bool
	d   time.Duration // < 0: until the window is closed
}

// For is how long to hold (< 0: until the window is closed), given
// whether someone is watching, for an "auto" Hold.
func (h *Hold) For(watched bool) time.Duration {
	switch {
	case h.set:
		return h.d
	case watched:
		return -1
	}
	return 0
}

func (h *Hold) String() string {
	switch {
	case !h.set:
		return "auto"
	case h.d < 0:
		return "until-closed"
	}
	return h.d.String()
}

// Set parses auto, until-closed or a duration.
func (h *Hold) Set(s string) error {
	switch s {
	case "auto":
		*h = Hold{}
		return nil
	case "until-closed":
		*h = Hold{set: true, d: -1}
		return nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return fmt.Errorf("want auto, until-closed or a duration such as 30s, got %q", s)
	}
	*h = Hold{set: true, d: d}
	return nil
}

// Type names the value in help.
func (h *Hold) Type() string { return "duration" }
