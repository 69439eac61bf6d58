package gpu

import (
	"errors"
	"testing"
	"time"
)

// TestProfilingLock: a device without VK_KHR_performance_query (lavapipe)
// is refused at open with ErrNoProfilingLock, and a device opened without
// the option never enables the extension; where the device has it
// (RADV on GFX10.3/GFX11), the lock is taken, taken again as a no-op and
// released, and the device still runs work.
func TestProfilingLock(t *testing.T) {
	pd := defaultDevice(t)
	plain, err := pd.Open()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range plain.Extensions {
		if e == "VK_KHR_performance_query" {
			t.Errorf("a device opened without ProfilingLock enables %s", e)
		}
	}
	if plain.Features.PerformanceCounterQueryPools {
		t.Error("a device opened without ProfilingLock enables performanceCounterQueryPools")
	}
	if err := plain.AcquireProfilingLock(time.Second); !errors.Is(err, ErrNoProfilingLock) {
		t.Errorf("lock on a device opened without it: %v, want ErrNoProfilingLock", err)
	}
	plain.Close()

	d, err := pd.OpenWithOptions(OpenOptions{ProfilingLock: true})
	if !pd.ProfilingLock() {
		if !errors.Is(err, ErrNoProfilingLock) {
			d.Close()
			t.Fatalf("%s has no VK_KHR_performance_query: open err %v, want ErrNoProfilingLock", pd.Name, err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for range 2 {
		if err := d.AcquireProfilingLock(time.Second); err != nil {
			t.Fatal(err)
		}
	}
	d.ReleaseProfilingLock()
	if err := d.AcquireProfilingLock(time.Second); err != nil {
		t.Fatal(err)
	}
}
