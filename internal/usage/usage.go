// Package usage is the one error type for what the user must fix — a bad
// flag, an input file that is not what it claims, a path that cannot be
// written — as opposed to a failure of the machine or the driver. The CLI
// exits with status 2 on it; packages below the CLI return it so that the
// exit code never depends on matching message text.
package usage

import (
	"errors"
	"fmt"
)

// Error is a usage or input error: one line that names the problem and
// the fix, and the cause it wraps (if any).
type Error struct {
	Msg   string
	Cause error
}

func (e *Error) Error() string { return e.Msg }

// Unwrap is the cause a %w operand of Errorf named.
func (e *Error) Unwrap() error { return e.Cause }

// Errorf makes an *Error. Like fmt.Errorf it wraps a %w operand, so the
// cause stays reachable with errors.Is and errors.As.
func Errorf(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	return &Error{Msg: err.Error(), Cause: errors.Unwrap(err)}
}

// Is reports whether err is (or wraps) a usage error.
func Is(err error) bool {
	var e *Error
	return errors.As(err, &e)
}
