package compare

import (
	"fmt"
	"strings"
)

// BaselineError is Compare's answer to a baseline that names none of the
// groups; callers tell it from other input errors with errors.As.
type BaselineError struct {
	Baseline string
	Groups   []string // the groups there are, as displayed
}

func (e *BaselineError) Error() string {
	return fmt.Sprintf("baseline %q is not one of the groups (%s)", e.Baseline, strings.Join(e.Groups, ", "))
}
