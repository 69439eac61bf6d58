package vk

import (
	"strings"
	"sync"
	"testing"
)

// TestLoaderOpensOnce: concurrent callers get the same
// vkGetInstanceProcAddr from the one opening of the loader.
func TestLoaderOpensOnce(t *testing.T) {
	var wg sync.WaitGroup
	got := make([]uintptr, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := LoaderProcAddr()
			if err != nil {
				t.Errorf("LoaderProcAddr: %v (run 'make deps')", err)
			}
			got[i] = uintptr(p)
		}()
	}
	wg.Wait()
	for _, p := range got {
		if p == 0 || p != got[0] {
			t.Fatalf("loader entry points differ or are nil: %#x", got)
		}
	}
}

// TestInstanceTableChecksEveryEntryPoint: with no instance, the loader
// returns NULL for instance-level functions; the table load must refuse,
// naming the first missing one, instead of handing out NULL pointers.
func TestInstanceTableChecksEveryEntryPoint(t *testing.T) {
	f, err := LoadInstance(nil)
	if err == nil {
		f.Free()
		t.Fatal("loading instance entry points without an instance succeeded")
	}
	if !strings.Contains(err.Error(), "vkGetPhysicalDeviceProperties unavailable") {
		t.Errorf("error %q does not name the missing entry point", err)
	}
}
