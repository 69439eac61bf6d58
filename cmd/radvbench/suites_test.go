package main

import (
	"testing"

	"github.com/radvbench/radvbench/bench/kernel"
)

// TestRunSuiteAllListsNewSuites: --suite all includes memory, latency and
// peak.
func TestRunSuiteAllListsNewSuites(t *testing.T) {
	suites, err := kernel.Lookup([]string{"all"})
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, s := range suites {
		have[s.Name] = true
	}
	for _, n := range []string{"memory", "latency", "peak", "matmul"} {
		if !have[n] {
			t.Errorf("--suite all lacks %s (has %v)", n, have)
		}
	}
}
