package runner

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/radvbench/radvbench/bench/kernel"
)

// sharedPlan is a plan of kernels a and b, sizes N=1..3, two variants each,
// in the runner's order (kernel, size, variant).
func sharedPlan() []Item {
	var items []Item
	for _, name := range []string{"a", "b"} {
		k := &kernel.Kernel{Suite: "s", Name: name}
		for n := int64(1); n <= 3; n++ {
			for _, v := range []string{"x", "y"} {
				items = append(items, Item{Kernel: k, Variant: kernel.Variant{Name: v}, Params: kernel.Params{"N": n}})
			}
		}
	}
	return items
}

// runShared plays items through a sharedState as Run does, each setup
// asking for its group's value; it fails the test when a value is not its
// own group's or more groups than the bound are live, and returns how
// many values were built.
func runShared(t *testing.T, items []Item) (builds int) {
	t.Helper()
	s := newSharedState(items, maxLiveShared)
	for i, it := range items {
		g := groupOf(it)
		sh := s.get(it)
		got := kernel.Share(sh, "input", func() string { builds++; return g })
		if got != g {
			t.Fatalf("item %d (%s) got the shared value of %s", i, g, got)
		}
		if len(s.live) > maxLiveShared || len(s.lru) != len(s.live) {
			t.Fatalf("item %d: %d live groups (%d in LRU), bound %d", i, len(s.live), len(s.lru), maxLiveShared)
		}
		s.done(it)
	}
	if len(s.live) != 0 || len(s.lru) != 0 || len(s.left) != 0 {
		t.Errorf("after the plan: live %v, lru %v, left %v; want all empty", s.live, s.lru, s.left)
	}
	return builds
}

func TestSharedStatePlanOrder(t *testing.T) {
	// One build per (kernel, size): 2 kernels × 3 sizes.
	if builds := runShared(t, sharedPlan()); builds != 6 {
		t.Errorf("%d builds in plan order, want 6 (one per kernel and size)", builds)
	}
}

func TestSharedStateAnyOrder(t *testing.T) {
	items := sharedPlan()
	// Every group split in two (all x variants, then all y): correct
	// values; the three b groups evict the a groups, so a/N=1..3 and
	// b/N=1 (evicted by a/N=1) are rebuilt, b/N=2 and b/N=3 are not.
	rev := make([]Item, 0, len(items))
	for i := 0; i < len(items); i += 2 {
		rev = append(rev, items[i])
	}
	for i := 1; i < len(items); i += 2 {
		rev = append(rev, items[i])
	}
	if builds := runShared(t, rev); builds != 10 {
		t.Errorf("%d builds with every group split in two, want 10", builds)
	}
	for seed := range uint64(200) {
		shuffled := append([]Item(nil), items...)
		rand.New(rand.NewPCG(seed, 1)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			if builds := runShared(t, shuffled); builds < 6 || builds > len(items) {
				t.Errorf("%d builds, want between 6 and %d", builds, len(items))
			}
		})
	}
}

// TestSharedStateKeepsRecent checks the bound drops the least recently
// used group, not the one in use.
func TestSharedStateKeepsRecent(t *testing.T) {
	items := sharedPlan() // a/N=1 x,y; a/N=2 x,y; a/N=3 x,y; ...
	s := newSharedState(items, 2)
	a1 := s.get(items[0])
	kernel.Share(a1, "k", func() int { return 1 })
	s.done(items[0])
	s.get(items[2]) // a/N=2
	s.done(items[2])
	if s.get(items[1]) != a1 { // a/N=1 again: still live
		t.Fatal("a live group was dropped within the bound")
	}
	s.done(items[1]) // a/N=1 finished: dropped
	if _, ok := s.live[groupOf(items[0])]; ok {
		t.Error("a finished group is still live")
	}
	s.get(items[4]) // a/N=3; live: a/N=2, a/N=3
	s.get(items[6]) // b/N=1 drops a/N=2, the least recently used
	if _, ok := s.live[groupOf(items[2])]; ok || len(s.live) != 2 {
		t.Errorf("live %v: want a/N=3 and b/N=1", s.lru)
	}
}

// TestSharedGroupAcrossKernels checks Kernel.SharedGroup: a build kernel
// and a trace kernel (whose sizes add a ray count) share each size's
// scene, in the plan's order, three sizes apart.
func TestSharedGroupAcrossKernels(t *testing.T) {
	group := func(p kernel.Params) string { return fmt.Sprint("scene/", p["N"]) }
	build := &kernel.Kernel{Suite: "s", Name: "build", SharedGroup: group}
	trace := &kernel.Kernel{Suite: "s", Name: "trace", SharedGroup: group}
	other := &kernel.Kernel{Suite: "s", Name: "other"}
	var items []Item
	for _, k := range []*kernel.Kernel{build, trace, other} {
		for n := int64(1); n <= 3; n++ {
			for _, v := range []string{"x", "y"} {
				p := kernel.Params{"N": n}
				if k == trace {
					p["R"] = 100
				}
				items = append(items, Item{Kernel: k, Variant: kernel.Variant{Name: v}, Params: p})
			}
		}
	}
	s := newSharedState(items, maxLiveShared)
	builds := map[string]int{}
	for _, it := range items {
		key := fmt.Sprint("scene/", it.Params["N"])
		if it.Kernel == other {
			key = "other/" + key
		}
		if got := kernel.Share(s.get(it), "scene", func() string { builds[key]++; return key }); got != key {
			t.Fatalf("%s %v got %s", it.Kernel.Name, it.Params, got)
		}
		s.done(it)
	}
	for key, n := range builds {
		if n != 1 {
			t.Errorf("%s built %d times, want once", key, n)
		}
	}
	if len(builds) != 6 || len(s.live) != 0 {
		t.Errorf("builds %v, live %v: want 6 scenes built once, none live after", builds, s.live)
	}
}
