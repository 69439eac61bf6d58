package runflags

import (
	"errors"
	"strings"

	"github.com/radvbench/radvbench/bench/kernel"
)

// SizesHelp is the part of 'run --help' that explains --sizes.
const SizesHelp = `

Sizes belong to a suite: each suite has its own form (matmul: N or MxNxK;
mesh: WxH pixels; memory: bytes such as 64KiB or 256M; rayquery:
TRIS[xINSTANCES[xRAYS]]; 'radvbench list --sizes' shows the defaults).
--sizes SUITE=LIST sets that suite's sizes (repeat the flag, or separate
groups with ';', e.g. --sizes 'matmul=1024,2048x512x4096;mesh=1920x1080').
A bare LIST applies each size to every selected suite that can parse it
and to none that cannot (those run their defaults), unless the suite has
its own SUITE=LIST. A size that fits no selected suite is an error.`

// ParseSizes resolves --sizes for the selected suites into each kernel's
// sizes, keyed "suite/kernel" (kernel.ResolveSizes); what it refuses is a
// usage error that names the flag and, for a suite not selected, --suite.
func ParseSizes(suites []*kernel.Suite, specs []string) (map[string][]kernel.Params, error) {
	m, err := kernel.ResolveSizes(suites, specs)
	var se *kernel.SizesError
	switch {
	case err == nil:
		return m, nil
	case !errors.As(err, &se):
		return nil, usagef("--sizes: %v", err)
	case se.Problem == kernel.SizesNotSelected:
		return nil, usagef("--sizes %q: suite %s is not selected (--suite %s); add it to --suite or drop its sizes", se.Spec, se.Suite, strings.Join(se.Selected, ","))
	case se.Problem == kernel.SizesNoneTakeSizes:
		return nil, usagef("--sizes: %v", err)
	}
	return nil, usagef("--sizes %v", err)
}
