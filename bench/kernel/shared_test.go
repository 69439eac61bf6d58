package kernel

import (
	"errors"
	"sync"
	"testing"
)

func TestSharedValue(t *testing.T) {
	s := &Shared{}
	builds := 0
	build := func() (int, error) { builds++; return 42, nil }
	for range 3 {
		if v, err := SharedValue(s, "answer", build); v != 42 || err != nil {
			t.Fatalf("SharedValue = %v, %v", v, err)
		}
	}
	if builds != 1 {
		t.Errorf("%d builds for one key, want 1", builds)
	}
	// The same key with another type is another value.
	if v := Share(s, "answer", func() string { return "forty-two" }); v != "forty-two" {
		t.Errorf("string under a key holding an int: %q", v)
	}
	if s.Len() != 2 {
		t.Errorf("Len = %d, want 2", s.Len())
	}
	// A failed build is not kept.
	errBuild := errors.New("out of memory")
	if _, err := SharedValue(s, "fails", func() ([]byte, error) { return nil, errBuild }); !errors.Is(err, errBuild) {
		t.Errorf("error %v, want the build's", err)
	}
	if v, err := SharedValue(s, "fails", func() ([]byte, error) { return []byte("ok"), nil }); err != nil || string(v) != "ok" {
		t.Errorf("rebuild after a failure = %q, %v", v, err)
	}
}

func TestSharedNil(t *testing.T) {
	var s *Shared
	builds := 0
	for range 2 {
		if v := Share(s, "k", func() int { builds++; return 7 }); v != 7 {
			t.Fatalf("Share on nil = %v", v)
		}
	}
	if builds != 2 || s.Len() != 0 {
		t.Errorf("nil Shared: %d builds, Len %d; want 2 and 0", builds, s.Len())
	}
}

// TestSharedNested builds a value on another shared value (a problem on
// a scene), which must neither deadlock nor build the inner one twice.
func TestSharedNested(t *testing.T) {
	s := &Shared{}
	scenes := 0
	scene := func() *[]int { return Share(s, "scene", func() *[]int { scenes++; return &[]int{1} }) }
	p1 := Share(s, "problem/1", func() [2]*[]int { return [2]*[]int{scene(), scene()} })
	p2 := Share(s, "problem/2", func() [2]*[]int { return [2]*[]int{scene(), nil} })
	if scenes != 1 || p1[0] != p1[1] || p1[0] != p2[0] {
		t.Errorf("%d scene builds, problems %v %v; want one scene shared by both", scenes, p1, p2)
	}
}

// TestSharedConcurrent is for -race: concurrent callers get one value.
func TestSharedConcurrent(t *testing.T) {
	s := &Shared{}
	got := make([]*int, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = Share(s, "k", func() *int { v := i; return &v })
		}()
	}
	wg.Wait()
	for i := range got {
		if got[i] != got[0] {
			t.Fatalf("caller %d got %p, caller 0 %p: want one value", i, got[i], got[0])
		}
	}
}
