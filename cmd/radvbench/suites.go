package main

import (
	"github.com/radvbench/radvbench/bench/kernel"
)

// lookupSuites resolves --suite: registered suites, 'all', and in a test
// build (-tags testhooks) the hidden test suite, never part of 'all'.
func lookupSuites(names []string) ([]*kernel.Suite, error) {
	return kernel.LookupWith(names, hiddenSuite)
}
