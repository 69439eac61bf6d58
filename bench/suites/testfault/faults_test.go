//go:build testhooks

package testfault

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

func TestFaultSignal(t *testing.T) {
	const id = "matmul/naive/name=wg8/M=64"
	for _, tc := range []struct {
		spec, id, phase string
		want            syscall.Signal
	}{
		{"segv:" + id, id, "sampling 3", syscall.SIGSEGV},
		{"segv:" + id, id, "sampling 7", syscall.SIGSEGV},
		{"abort:" + id, id, "sampling 3", syscall.SIGABRT},
		{"segv:" + id, id, "sampling 2", 0},
		{"segv:" + id, id, "warm-up", 0},
		{"segv:" + id, "other", "sampling 3", 0},
		{"segv:other;abort:" + id, id, "sampling 4", syscall.SIGABRT},
		{"hang:" + id, id, "sampling 3", 0},
		{"", id, "sampling 3", 0},
	} {
		if got := faultSignal(tc.spec, tc.id, tc.phase); got != tc.want {
			t.Errorf("faultSignal(%q, %q, %q) = %v, want %v", tc.spec, tc.id, tc.phase, got, tc.want)
		}
	}
}

// TestPauseAfterResult: the n-th result pauses until the marker is
// removed; any other result does not.
func TestPauseAfterResult(t *testing.T) {
	journal := filepath.Join(t.TempDir(), "run.journal")
	t.Setenv("RADVBENCH_TEST_PAUSE", "2")
	PauseAfterResult(1, journal)
	if _, err := os.Stat(journal + ".paused"); !os.IsNotExist(err) {
		t.Fatalf("result 1 left a marker (%v)", err)
	}
	done := make(chan struct{})
	go func() { PauseAfterResult(2, journal); close(done) }()
	for {
		if _, err := os.Stat(journal + ".paused"); err == nil {
			break
		}
		select {
		case <-done:
			t.Fatal("result 2 returned without pausing")
		case <-time.After(10 * time.Millisecond):
		}
	}
	select {
	case <-done:
		t.Fatal("returned while the marker is there")
	default:
	}
	if err := os.Remove(journal + ".paused"); err != nil {
		t.Fatal(err)
	}
	<-done
}
