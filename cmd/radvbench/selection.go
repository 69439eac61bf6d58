package main

import (
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/runflags"
)

// lookupSuites resolves --suite: registered suites, 'all', and in a test
// build (-tags testhooks) the hidden test suite, never part of 'all'.
func lookupSuites(names []string) ([]*kernel.Suite, error) {
	return kernel.LookupWith(names, hiddenSuite)
}

// selection holds the flags run and isa share that choose the benchmarks
// (--suite, --filter, --sizes), label the results file (--label) and show
// progress (--progress); each command defines them with its own defaults
// and usage text.
type selection struct {
	suites   []string
	filter   string
	sizes    []string
	labels   []string
	progress string
}

// resolve checks the selection flags (one line naming the flag and the
// fix for each mistake, exit 2) and returns the benchmarks they select,
// with k (Quick, Seed) as the kernel options, and the labels.
func (s *selection) resolve(k kernel.Options) (runner.Options, map[string]string, error) {
	o := runner.Options{Kernel: k}
	var err error
	if o.Suites, err = lookupSuites(s.suites); err != nil {
		return o, nil, base.Usagef("%v", err)
	}
	if o.Filter, err = runflags.ParseFilter(s.filter); err != nil {
		return o, nil, err
	}
	if len(s.sizes) > 0 {
		if o.Kernel.UserSizes, err = runflags.ParseSizes(o.Suites, s.sizes); err != nil {
			return o, nil, err
		}
	}
	switch s.progress {
	case "auto", "always", "never":
	default:
		return o, nil, base.Usagef("--progress %q: use auto, always or never", s.progress)
	}
	labels, err := runflags.ParseLabels(s.labels)
	return o, labels, err
}
