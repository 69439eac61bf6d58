package kernel

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
)

// FilterError is a filter expression that does not compile. Its message
// quotes the expression and the offending part (regexp's own message
// quotes them raw, which may break a line).
type FilterError struct {
	Expr string
	// Code and Fragment are regexp/syntax's error and the part of Expr
	// at fault; Code is empty for another error, whose text is Fragment.
	Code     syntax.ErrorCode
	Fragment string
}

func (e *FilterError) Error() string {
	if e.Code == "" {
		return fmt.Sprintf("%q is not a valid regular expression: %q", e.Expr, e.Fragment)
	}
	return fmt.Sprintf("%q is not a valid regular expression: %s: %q", e.Expr, e.Code, e.Fragment)
}

// CompileFilter compiles a filter of benchmark names (what Filter
// matches against FullName); "" is no filter (nil). An expression that
// does not compile is a *FilterError.
func CompileFilter(expr string) (*regexp.Regexp, error) {
	if expr == "" {
		return nil, nil
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		var se *syntax.Error
		if errors.As(err, &se) {
			return nil, &FilterError{Expr: expr, Code: se.Code, Fragment: se.Expr}
		}
		return nil, &FilterError{Expr: expr, Fragment: err.Error()}
	}
	return re, nil
}
