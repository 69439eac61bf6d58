// Package runflags parses the values of 'radvbench run' flags that come
// from outside: --sizes, --filter, --label and --config. It is pure (the
// suites' own size parsers aside) and small, so its fuzz targets build
// quickly; every rejection is a *UsageError, one line that names the flag
// and how to fix it.
package runflags

import (
	"github.com/radvbench/radvbench/internal/usage"
)

// UsageError is a flag value the user must fix; the CLI exits 2. It is
// the module's one usage error type.
type UsageError = usage.Error

func usagef(format string, args ...any) error { return usage.Errorf(format, args...) }
