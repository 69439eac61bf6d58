package kernel

import (
	"errors"
	"strings"
	"testing"
)

func TestCompileFilter(t *testing.T) {
	for _, tc := range []struct {
		expr, match, err string
	}{
		{expr: ""},
		{expr: "naive|mesh/", match: "matmul/naive/wg=8x8"},
		{expr: "(?i)MESH", match: "mesh/dense/x"},
		{expr: "(", err: `"(" is not a valid regular expression: missing closing ): "("`},
		{expr: "a\nb(", err: `"a\nb(" is not a valid regular expression: missing closing ): "a\nb("`},
		{expr: `\`, err: `"\\" is not a valid regular expression: trailing backslash at end of expression: ""`},
	} {
		re, err := CompileFilter(tc.expr)
		if tc.err != "" {
			var fe *FilterError
			if !errors.As(err, &fe) || err.Error() != tc.err || strings.Contains(err.Error(), "\n") {
				t.Errorf("CompileFilter(%q) error %v, want a one-line FilterError %q", tc.expr, err, tc.err)
			}
			continue
		}
		if err != nil || (re == nil) != (tc.expr == "") || re != nil && !re.MatchString(tc.match) {
			t.Errorf("CompileFilter(%q) = %v, %v; want one matching %q", tc.expr, re, err, tc.match)
		}
	}
}
