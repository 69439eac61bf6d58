package history

import (
	"fmt"
	"strings"
	"time"
)

// FilterArgs are a run filter as a person gives it, as text: names to
// match, KEY=VALUE pairs and times (a date, or an RFC 3339 time).
type FilterArgs struct {
	Device, Driver, Kernel string
	// Config is the A/B configuration to keep ("" keeps any).
	Config string
	// Labels are label pairs, KEY=VALUE (the fingerprint's label.KEY).
	Labels []string
	// Where are fingerprint pairs, KEY=VALUE.
	Where []string
	// Since and Until bound the start time ("" leaves it open).
	Since, Until string
}

// FilterError is a filter argument Filter refuses: the field (label,
// where, since or until), its value, and what it wants instead.
type FilterError struct {
	Field, Value, Want string
}

func (e *FilterError) Error() string { return fmt.Sprintf("%s %q: want %s", e.Field, e.Value, e.Want) }

// Filter parses the arguments into a Filter; a malformed pair or time is
// a *FilterError.
func (a FilterArgs) Filter() (Filter, error) {
	out := Filter{Device: a.Device, Driver: a.Driver, Kernel: a.Kernel, Where: map[string]string{}}
	if a.Config != "" {
		c := a.Config
		out.Config = &c
	}
	for _, kv := range a.Labels {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return out, &FilterError{"label", kv, "KEY=VALUE"}
		}
		out.Where["label."+k] = v
	}
	for _, kv := range a.Where {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return out, &FilterError{"where", kv, "KEY=VALUE, e.g. kernel.release=6.8.0"}
		}
		out.Where[k] = v
	}
	var err error
	if out.Since, err = parseTime("since", a.Since); err != nil {
		return out, err
	}
	if out.Until, err = parseTime("until", a.Until); err != nil {
		return out, err
	}
	return out, nil
}

// parseTime parses a date (2026-01-31), a minute (2026-01-31T12:00) or
// an RFC 3339 time; "" is the zero time.
func parseTime(field, s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, &FilterError{field, s, "a date (2026-01-31) or an RFC 3339 time (2026-01-31T12:00:00Z)"}
}

// WithPrefix keeps the series whose benchmark ID starts with prefix (""
// keeps all), in order.
func WithPrefix(series []*Series, prefix string) []*Series {
	var kept []*Series
	for _, se := range series {
		if strings.HasPrefix(se.Benchmark, prefix) {
			kept = append(kept, se)
		}
	}
	return kept
}
