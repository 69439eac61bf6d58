package runner

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/radvbench/radvbench/bench/kernel"
)

// fakePlan is a plan of kernels × sizes × variants built from fakes.
func fakePlan(kernels, sizes, variants int) []Item {
	var items []Item
	for k := 0; k < kernels; k++ {
		kn := &kernel.Kernel{Suite: "fake", Name: fmt.Sprintf("k%d", k)}
		for v := 0; v < variants; v++ {
			kn.Variants = append(kn.Variants, kernel.Variant{Name: fmt.Sprintf("v%d", v)})
		}
		for s := 0; s < sizes; s++ {
			for _, v := range kn.Variants {
				items = append(items, Item{Kernel: kn, Variant: v, Params: kernel.Params{"n": int64(64 << s)}})
			}
		}
	}
	return items
}

func ids(items []Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.ID()
	}
	return out
}

func TestShuffle(t *testing.T) {
	for _, tc := range []struct {
		name                     string
		kernels, sizes, variants int
		seed                     uint64
		wantSame                 bool // the order must equal the plan's
	}{
		{"seed 0 keeps the plan", 3, 2, 3, 0, true},
		{"one item", 1, 1, 1, 7, true},
		{"groups and variants", 4, 3, 4, 1, false},
		{"many groups", 10, 4, 1, 42, false},
		{"variants only", 1, 1, 8, 3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plan := fakePlan(tc.kernels, tc.sizes, tc.variants)
			before := ids(plan)
			got := Shuffle(plan, tc.seed)
			if !reflect.DeepEqual(ids(plan), before) {
				t.Fatal("Shuffle modified its input")
			}
			// A permutation of the plan.
			seen := map[string]int{}
			for _, id := range ids(got) {
				seen[id]++
			}
			for _, id := range before {
				if seen[id] != 1 {
					t.Fatalf("%s appears %d times in the shuffled order", id, seen[id])
				}
			}
			if len(got) != len(plan) {
				t.Fatalf("%d items, want %d", len(got), len(plan))
			}
			// Each shared-input group stays contiguous.
			gs := Group(got)
			if n := gs[len(gs)-1] + 1; n != tc.kernels*tc.sizes {
				t.Errorf("the shuffled order has %d groups, want %d (a group was split)", n, tc.kernels*tc.sizes)
			}
			if same := reflect.DeepEqual(ids(got), before); same != tc.wantSame {
				t.Errorf("order equal to the plan = %v, want %v: %v", same, tc.wantSame, ids(got))
			}
			// Deterministic.
			if again := Shuffle(plan, tc.seed); !reflect.DeepEqual(ids(again), ids(got)) {
				t.Error("the same seed gave two orders")
			}
		})
	}
}

func TestShuffleSeedsDiffer(t *testing.T) {
	plan := fakePlan(6, 2, 3)
	orders := map[string]uint64{}
	for i := 1; i <= 20; i++ {
		seed := RunSeed(1, i)
		key := fmt.Sprint(ids(Shuffle(plan, seed)))
		if prev, ok := orders[key]; ok {
			t.Errorf("seeds %d and %d gave the same order", prev, seed)
		}
		orders[key] = seed
	}
}

func TestRunSeed(t *testing.T) {
	seen := map[uint64]bool{}
	for base := uint64(0); base < 4; base++ {
		for i := 0; i < 50; i++ {
			s := RunSeed(base, i)
			if s == 0 || seen[s] {
				t.Fatalf("RunSeed(%d, %d) = %d: zero or repeated", base, i, s)
			}
			seen[s] = true
		}
	}
	if RunSeed(1, 2) != RunSeed(1, 2) {
		t.Fatal("RunSeed is not deterministic")
	}
}

func TestGroup(t *testing.T) {
	plan := fakePlan(2, 2, 2)
	if got, want := Group(plan), []int{0, 0, 1, 1, 2, 2, 3, 3}; !reflect.DeepEqual(got, want) {
		t.Errorf("Group = %v, want %v", got, want)
	}
	if got := Group(nil); len(got) != 0 {
		t.Errorf("Group(nil) = %v", got)
	}
}
