//go:build testhooks

package testfault

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

func TestFault(t *testing.T) {
	const id = "matmul/naive/name=wg8/M=64"
	for _, tc := range []struct {
		spec, id, phase string
		want            syscall.Signal
		to              int
	}{
		{"segv:" + id, id, "sampling 3", syscall.SIGSEGV, 0},
		{"segv:" + id, id, "sampling 7", syscall.SIGSEGV, 0},
		{"abort:" + id, id, "sampling 3", syscall.SIGABRT, 0},
		{"segv:" + id, id, "sampling 2", 0, 0},
		{"segv:" + id, id, "warm-up", 0, 0},
		{"segv:" + id, "other", "sampling 3", 0, 0},
		{"segv:other;abort:" + id, id, "sampling 4", syscall.SIGABRT, 0},
		{"hang:" + id, id, "sampling 3", 0, 0},
		{"", id, "sampling 3", 0, 0},
		{"term@setup:" + id, id, "setting up", syscall.SIGTERM, toRun},
		{"int@verify:" + id, id, "verifying", syscall.SIGINT, toRun},
		{"term/run@warmup:" + id, id, "warming up", syscall.SIGTERM, toRun},
		{"int/child@sample:" + id, id, "sampling 2", syscall.SIGINT, toChild},
		{"term/all@sample:" + id, id, "sampling 2", syscall.SIGTERM, toRun | toChild},
		{"term@sample:" + id, id, "sampling 1", 0, 0},
		{"term@sample:" + id, id, "sampling 3", 0, 0},
		{"term@setup:" + id, id, "verifying", 0, 0},
		{"term@setup:" + id, "other", "setting up", 0, 0},
		{"kill@setup:" + id, id, "setting up", 0, 0},
		{"term/parent@setup:" + id, id, "setting up", 0, 0},
		{"segv:other;int@warmup:" + id, id, "warming up", syscall.SIGINT, toRun},
	} {
		sig, to := fault(tc.spec, tc.id, tc.phase)
		if sig != tc.want || to != tc.to {
			t.Errorf("fault(%q, %q, %q) = %v to %d, want %v to %d", tc.spec, tc.id, tc.phase, sig, to, tc.want, tc.to)
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
