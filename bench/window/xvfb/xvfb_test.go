package xvfb

import (
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// TestStartOnTakenDisplay: a server started on a display number another
// server holds is not taken for this process's own (its lock file names
// the other server), so two test binaries never share one server that
// the first to finish stops under the other; Start then moves on to the
// next number.
func TestStartOnTakenDisplay(t *testing.T) {
	bin, err := exec.LookPath("Xvfb")
	if err != nil {
		t.Fatal("Xvfb is not installed: run 'make deps' (apt-get install xvfb)")
	}
	display, stop, err := Start()
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	var n int
	if _, err := fmt.Sscanf(display, ":%d", &n); err != nil {
		t.Fatalf("display %q: %v", display, err)
	}
	if pid := lockPID(n); pid == 0 {
		t.Fatalf("display %s has no lock file with a PID", display)
	}
	d2, stop2, err := startOn(bin, n)
	if err == nil {
		stop2()
		t.Fatalf("a second server on the taken display %s was taken for ours (%s)", display, d2)
	}
	if !errors.Is(err, errLost) {
		t.Fatalf("second server on %s: %v, want errLost", display, err)
	}
	d3, stop3, err := Start()
	if err != nil {
		t.Fatal(err)
	}
	defer stop3()
	if d3 == display || !strings.HasPrefix(d3, ":") {
		t.Errorf("Start beside %s returned %s: want another display", display, d3)
	}
}
