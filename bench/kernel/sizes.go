package kernel

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// SizesProblem is what ResolveSizes refuses in a list of sizes.
type SizesProblem string

const (
	// SizesNoSuite: a SUITE=SIZE element with nothing before '='.
	SizesNoSuite SizesProblem = "no suite"
	// SizesEmpty: an empty element.
	SizesEmpty SizesProblem = "empty element"
	// SizesNotSelected: SUITE=SIZE for a registered suite that is not
	// among the selected ones.
	SizesNotSelected SizesProblem = "suite not selected"
	// SizesUnknownSuite: SUITE=SIZE for a suite that is not registered.
	SizesUnknownSuite SizesProblem = "unknown suite"
	// SizesSuiteTakesNone: SUITE=SIZE for a suite no kernel of which
	// parses sizes.
	SizesSuiteTakesNone SizesProblem = "suite takes no sizes"
	// SizesNoneTakeSizes: none of the selected suites parses sizes.
	SizesNoneTakeSizes SizesProblem = "no selected suite takes sizes"
	// SizesMalformed: SUITE=SIZE that no kernel of the suite parses (Err
	// is the first kernel's reason).
	SizesMalformed SizesProblem = "malformed"
	// SizesFitsNone: a bare size that no selected suite parses (Why gives
	// each suite's reason).
	SizesFitsNone SizesProblem = "fits no suite"
)

// SizesError is a list of sizes ResolveSizes refuses: the problem, the
// value or element concerned and the suites it is about. Its message
// names no flag: the caller says where the sizes came from.
type SizesError struct {
	Problem SizesProblem
	// Spec is the value (SizesEmpty, SizesNoSuite), the element
	// ("SUITE=SIZE", or the bare size for SizesFitsNone) concerned.
	Spec string
	// Element is the offending element of Spec (SizesNoSuite: "=SIZE").
	Element string
	// Suite is the suite the element names.
	Suite string
	// Selected are the selected suites' names, sorted.
	Selected []string
	// Why are the reasons each selected suite gave (SizesFitsNone).
	Why []string
	// Err is the kernel's parse error (SizesMalformed).
	Err error
}

func (e *SizesError) Error() string {
	switch e.Problem {
	case SizesNoSuite:
		return fmt.Sprintf("%q: %q has no suite before '='; use SUITE=SIZE, e.g. mesh=1920x1080", e.Spec, e.Element)
	case SizesEmpty:
		return fmt.Sprintf("%q has an empty element", e.Spec)
	case SizesNotSelected:
		return fmt.Sprintf("%q: suite %s is not selected (the selected suites are %s)", e.Spec, e.Suite, strings.Join(e.Selected, ","))
	case SizesUnknownSuite:
		return fmt.Sprintf("%q: unknown suite %q: valid suites are %s", e.Spec, e.Suite, strings.Join(SuiteNames(), ", "))
	case SizesSuiteTakesNone:
		return fmt.Sprintf("%q: suite %s takes no sizes", e.Spec, e.Suite)
	case SizesNoneTakeSizes:
		return fmt.Sprintf("the selected suites (%s) take no sizes", strings.Join(e.Selected, ","))
	case SizesMalformed:
		return fmt.Sprintf("%q: %v", e.Spec, e.Err)
	case SizesFitsNone:
		return fmt.Sprintf("%q fits no selected suite: %s", e.Spec, strings.Join(e.Why, "; "))
	}
	return fmt.Sprintf("%q: %s", e.Spec, e.Problem)
}

func (e *SizesError) Unwrap() error { return e.Err }

// sizeGroup is one element of a list of sizes: a size and the suite it
// was given for ("" for a bare size).
type sizeGroup struct {
	suite, size string
}

// splitSizes splits size lists into elements. Within one value, ',' and
// ';' separate elements; SUITE=SIZE starts that suite's list, and the
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
					return nil, &SizesError{Problem: SizesNoSuite, Spec: spec, Element: "=" + el}
				}
			}
			if el == "" {
				return nil, &SizesError{Problem: SizesEmpty, Spec: spec}
			}
			out = append(out, sizeGroup{suite, el})
		}
	}
	return out, nil
}

// ResolveSizes resolves lists of sizes for the selected suites into each
// kernel's sizes, keyed "suite/kernel" (Options.UserSizes). Every size is
// parsed by the ParseSize of the kernels it is for: SUITE=SIZE by that
// suite's kernels, a bare size by every selected suite that parses it
// and has no SUITE=LIST of its own. A size no selected suite can take is
// a *SizesError.
func ResolveSizes(suites []*Suite, specs []string) (map[string][]Params, error) {
	groups, err := splitSizes(specs)
	if err != nil {
		return nil, err
	}
	selected := map[string]*Suite{}
	var sized []*Suite // selected suites that take sizes
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
		e := &SizesError{Spec: g.suite + "=" + g.size, Suite: g.suite, Selected: suiteNames(suites)}
		switch {
		case !ok && slices.Contains(SuiteNames(), g.suite):
			e.Problem = SizesNotSelected
			return nil, e
		case !ok:
			e.Problem = SizesUnknownSuite
			return nil, e
		case !takesSizes(s):
			e.Problem = SizesSuiteTakesNone
			return nil, e
		}
		named[g.suite] = true
	}
	if len(sized) == 0 {
		return nil, &SizesError{Problem: SizesNoneTakeSizes, Selected: suiteNames(suites)}
	}
	out := map[string][]Params{}
	for _, g := range groups {
		if g.suite != "" {
			if n, firstErr := addSize(out, selected[g.suite], g.size); n == 0 {
				return nil, &SizesError{Problem: SizesMalformed, Spec: g.suite + "=" + g.size, Suite: g.suite, Err: firstErr}
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
			return nil, &SizesError{Problem: SizesFitsNone, Spec: g.size, Selected: suiteNames(suites), Why: why}
		}
	}
	return out, nil
}

// takesSizes reports whether any kernel of s parses sizes.
func takesSizes(s *Suite) bool {
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
func addSize(out map[string][]Params, s *Suite, size string) (int, error) {
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
func parseWith(s *Suite, size string) (Params, error) {
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

// suiteNames are the names of suites, sorted.
func suiteNames(suites []*Suite) []string {
	names := make([]string, len(suites))
	for i, s := range suites {
		names[i] = s.Name
	}
	sort.Strings(names)
	return names
}
