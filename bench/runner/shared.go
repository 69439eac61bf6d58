package runner

import (
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// maxLiveShared bounds how many (kernel, size) groups keep their shared
// values at once. In the plan's own order (kernel, size, variant) one
// group is live at a time, except groups two kernels share
// (Kernel.SharedGroup), which stay live from the first kernel's size to
// the second's: three covers rayquery's three default sizes. Beyond the
// bound the least recently used group is dropped and rebuilt if it comes
// back.
const maxLiveShared = 3

// sharedState is the one owner of per-(kernel, size) shared values: it
// hands each benchmark its group's *kernel.Shared and drops a group when
// its last planned benchmark has run. It depends on the plan's contents,
// never on its order: a value is always that of its own kernel and size.
type sharedState struct {
	left map[string]int // planned benchmarks not yet run, per group
	live map[string]*kernel.Shared
	lru  []string // live groups, least recently used first
	max  int
}

func newSharedState(items []Item, max int) *sharedState {
	s := &sharedState{left: map[string]int{}, live: map[string]*kernel.Shared{}, max: max}
	for _, it := range items {
		s.left[groupOf(it)]++
	}
	return s
}

// groupOf names an item's shared-state group: its suite, kernel and size,
// or its suite and the kernel's SharedGroup for the size.
func groupOf(it Item) string {
	if it.Kernel.SharedGroup != nil {
		return it.Kernel.Suite + "//" + it.Kernel.SharedGroup(it.Params)
	}
	return it.Kernel.Suite + "/" + it.Kernel.Name + "/" + resultsfile.FormatParams(map[string]int64(it.Params))
}

// get returns the Shared of it's group, making it live (and dropping the
// least recently used group beyond the bound).
func (s *sharedState) get(it Item) *kernel.Shared {
	g := groupOf(it)
	sh, ok := s.live[g]
	if !ok {
		sh = &kernel.Shared{}
		s.live[g] = sh
	}
	s.touch(g)
	for len(s.lru) > s.max {
		s.drop(s.lru[0])
	}
	return sh
}

// done records that it ran; the group is dropped after its last one.
func (s *sharedState) done(it Item) {
	g := groupOf(it)
	s.left[g]--
	if s.left[g] <= 0 {
		delete(s.left, g)
		s.drop(g)
	}
}

func (s *sharedState) touch(g string) {
	for i, x := range s.lru {
		if x == g {
			s.lru = append(s.lru[:i], s.lru[i+1:]...)
			break
		}
	}
	s.lru = append(s.lru, g)
}

func (s *sharedState) drop(g string) {
	delete(s.live, g)
	for i, x := range s.lru {
		if x == g {
			s.lru = append(s.lru[:i], s.lru[i+1:]...)
			return
		}
	}
}
