package run

import (
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/runflags"
)

// LookupSuites resolves --suite: registered suites, 'all', and in a test
// build (-tags testhooks) the hidden test suite, never part of 'all'.
func LookupSuites(names []string) ([]*kernel.Suite, error) {
	return kernel.LookupWith(names, hiddenSuite)
}

// Selection holds the flags run and isa share that choose the benchmarks
// (--suite, --filter, --sizes), label the results file (--label) and show
// progress (--progress); each command defines them with its own defaults
// and usage text.
type Selection struct {
	Suites   []string
	Filter   string
	Sizes    []string
	Labels   []string
	Progress string
}

// Resolve checks the selection flags (one line naming the flag and the
// fix for each mistake, exit 2) and returns the benchmarks they select,
// with k (Quick, Seed) as the kernel options, and the labels.
func (s *Selection) Resolve(k kernel.Options) (runner.Options, map[string]string, error) {
	o := runner.Options{Kernel: k}
	var err error
	if o.Suites, err = LookupSuites(s.Suites); err != nil {
		return o, nil, base.Usagef("%v", err)
	}
	if o.Filter, err = runflags.ParseFilter(s.Filter); err != nil {
		return o, nil, err
	}
	if len(s.Sizes) > 0 {
		if o.Kernel.UserSizes, err = runflags.ParseSizes(o.Suites, s.Sizes); err != nil {
			return o, nil, err
		}
	}
	switch s.Progress {
	case "auto", "always", "never":
	default:
		return o, nil, base.Usagef("--progress %q: use auto, always or never", s.Progress)
	}
	labels, err := runflags.ParseLabels(s.Labels)
	return o, labels, err
}
