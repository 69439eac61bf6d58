package main

import (
	"strings"

	"github.com/radvbench/radvbench/bench/kernel"
)

// lookupSuites resolves --suite: registered suites, 'all', and in a test
// build (-tags testhooks) the hidden test suite, never part of 'all'.
func lookupSuites(names []string) ([]*kernel.Suite, error) {
	var rest []string
	var hidden []*kernel.Suite
	for _, n := range names {
		if s := hiddenSuite(strings.TrimSpace(n)); s != nil {
			hidden = append(hidden, s)
			continue
		}
		rest = append(rest, n)
	}
	var out []*kernel.Suite
	if len(rest) > 0 || len(hidden) == 0 {
		s, err := kernel.Lookup(rest)
		if err != nil {
			return nil, err
		}
		out = s
	}
	return append(out, hidden...), nil
}
