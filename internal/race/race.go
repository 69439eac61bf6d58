// Package race says whether this binary was built with the race detector
// (go build -race), so that a test of pure, single-goroutine arithmetic
// that runs for seconds (a Monte Carlo simulation of the verdict rules)
// can leave the -race run to the other tests and run in a build without
// it: the detector finds nothing in code that shares no memory, and
// multiplies such a test's time about tenfold (the simulations of
// reports/compare and reports/verdict: 220 s under -race, 29 s without,
// on a 2-core machine).
package race

import "testing"

// SkipSimulation skips t, a long simulation of pure arithmetic, when the
// race detector is on. make test runs the packages that call it once
// without -race as well (the Makefile's SIM_PKGS, found by this name,
// beside the cgo tests), so a skip here never leaves a simulation unrun.
func SkipSimulation(t testing.TB) {
	t.Helper()
	if Enabled {
		t.Skip("a long simulation of pure arithmetic: skipped under -race, which finds nothing in it and multiplies its time about tenfold; make test runs it without -race")
	}
}
