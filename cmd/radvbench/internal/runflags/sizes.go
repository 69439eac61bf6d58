package runflags

import (
	"slices"
	"sort"
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

// sizeGroup is one element of --sizes: a size and the suite it was given
// for ("" for a bare size).
type sizeGroup struct {
	suite, size string
}

// splitSizes splits --sizes values into elements. Within one value, ','
// and ';' separate elements; SUITE=SIZE starts that suite's list, and the
// elements after it belong to it until the next SUITE=.
func splitSizes(specs []string) ([]sizeGroup, error) {
	var out []sizeGroup
	for _, spec := range specs {
		suite := ""
		for _, el := range strings.Split(strings.ReplaceAll(spec, ";", ","), ",") {
			el = strings.TrimSpace(el)
			if name, size, ok := strings.Cut(el, "="); ok {
				suite, el = strings.TrimSpace(name), strings.TrimSpace(size)
				if suite == "" {
					return nil, usagef("--sizes %q: %q has no suite before '='; use SUITE=SIZE, e.g. mesh=1920x1080", spec, "="+el)
				}
			}
			if el == "" {
				return nil, usagef("--sizes %q has an empty element", spec)
			}
			out = append(out, sizeGroup{suite, el})
		}
	}
	return out, nil
}

// ParseSizes resolves --sizes for the selected suites into each kernel's
// sizes, keyed "suite/kernel" (kernel.Options.UserSizes). Every size is
// parsed by the parsers of the kernels it is for; a size no selected suite
// can take is a usage error that names the suites and their forms.
func ParseSizes(suites []*kernel.Suite, specs []string) (map[string][]kernel.Params, error) {
	groups, err := splitSizes(specs)
	if err != nil {
		return nil, err
	}
	selected := map[string]*kernel.Suite{}
	var sized []*kernel.Suite // selected suites that take sizes
	for _, s := range suites {
		selected[s.Name] = s
		if takesSizes(s) {
			sized = append(sized, s)
		}
	}
	named := map[string]bool{} // suites with their own SUITE=LIST
	for _, g := range groups {
		if g.suite == "" {
			continue
		}
		s, ok := selected[g.suite]
		switch {
		case !ok && slices.Contains(kernel.SuiteNames(), g.suite):
			return nil, usagef("--sizes %q: suite %s is not selected (--suite %s); add it to --suite or drop its sizes", g.suite+"="+g.size, g.suite, suiteList(suites))
		case !ok:
			return nil, usagef("--sizes %q: unknown suite %q: valid suites are %s", g.suite+"="+g.size, g.suite, strings.Join(kernel.SuiteNames(), ", "))
		case !takesSizes(s):
			return nil, usagef("--sizes %q: suite %s takes no sizes", g.suite+"="+g.size, g.suite)
		}
		named[g.suite] = true
	}
	if len(sized) == 0 {
		return nil, usagef("--sizes: the selected suites (%s) take no sizes", suiteList(suites))
	}
	out := map[string][]kernel.Params{}
	for _, g := range groups {
		if g.suite != "" {
			if n, firstErr := addSize(out, selected[g.suite], g.size); n == 0 {
				return nil, usagef("--sizes %q: %v", g.suite+"="+g.size, firstErr)
			}
			continue
		}
		var why, taken []string
		fits := 0
		for _, s := range sized {
			if named[s.Name] {
				if _, err := parseWith(s, g.size); err == nil {
					taken = append(taken, s.Name)
				}
				continue
			}
			n, firstErr := addSize(out, s, g.size)
			if n == 0 {
				why = append(why, s.Name+": "+firstErr.Error())
			}
			fits += n
		}
		if fits == 0 {
			for _, name := range taken {
				why = append(why, name+": has its own "+name+"=LIST")
			}
			return nil, usagef("--sizes %q fits no selected suite: %s", g.size, strings.Join(why, "; "))
		}
	}
	return out, nil
}

// takesSizes reports whether any kernel of s parses --sizes.
func takesSizes(s *kernel.Suite) bool {
	for _, k := range s.Kernels {
		if k.ParseSize != nil {
			return true
		}
	}
	return false
}

// addSize parses size with each kernel of s and appends it to the sizes of
// the kernels that accept it. It returns how many did and, when none did,
// the first kernel's error.
func addSize(out map[string][]kernel.Params, s *kernel.Suite, size string) (int, error) {
	n := 0
	var firstErr error
	for _, k := range s.Kernels {
		if k.ParseSize == nil {
			continue
		}
		p, err := k.ParseSize(size)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		key := k.Suite + "/" + k.Name
		out[key] = append(out[key], p)
		n++
	}
	return n, firstErr
}

// parseWith parses size with the first kernel of s that accepts it.
func parseWith(s *kernel.Suite, size string) (kernel.Params, error) {
	var firstErr error
	for _, k := range s.Kernels {
		if k.ParseSize == nil {
			continue
		}
		p, err := k.ParseSize(size)
		if err == nil {
			return p, nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	return nil, firstErr
}

func suiteList(suites []*kernel.Suite) string {
	names := make([]string, len(suites))
	for i, s := range suites {
		names[i] = s.Name
	}
	sort.Strings(names)
	return strings.Join(names, ",")
}
