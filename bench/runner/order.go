package runner

import (
	"math/rand/v2"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// ID is the benchmark's identity, as its result will carry it
// (resultsfile.Result.ID).
func (it Item) ID() string {
	r := newResult(it)
	return r.ID()
}

// NewResult is the result skeleton of an item (identity and metric, no
// status): what a supervisor records for a benchmark whose process died.
func NewResult(it Item) resultsfile.Result { return newResult(it) }

// Group numbers the items of a plan by shared-input group: consecutive
// items of one kernel at one size (its variants share inputs and state)
// get the same number, counting from 0.
func Group(items []Item) []int {
	g := make([]int, len(items))
	n := -1
	for i, it := range items {
		if i == 0 || !sameGroup(items[i-1], it) {
			n++
		}
		g[i] = n
	}
	return g
}

func sameGroup(a, b Item) bool { return groupOf(a) == groupOf(b) }

// Shuffle returns the items in an order drawn from seed: the shared-input
// groups (one kernel at one size) are permuted, and the variants within
// each group, but a group's items stay together so per-size shared state
// stays valid. The same seed always gives the same order; seed 0 keeps
// the plan's order. items is not modified.
func Shuffle(items []Item, seed uint64) []Item {
	out := make([]Item, 0, len(items))
	if seed == 0 {
		return append(out, items...)
	}
	rng := rand.New(rand.NewPCG(seed, 0x5ad0b5e7c0ffee))
	var groups [][]Item
	for i, g := range Group(items) {
		if g == len(groups) {
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], items[i])
	}
	rng.Shuffle(len(groups), func(i, j int) { groups[i], groups[j] = groups[j], groups[i] })
	for _, g := range groups {
		g = append([]Item(nil), g...)
		rng.Shuffle(len(g), func(i, j int) { g[i], g[j] = g[j], g[i] })
		out = append(out, g...)
	}
	return out
}

// RunSeed derives the order seed of run (round) index from a base seed:
// distinct, never 0, and stable across versions (splitmix64).
func RunSeed(base uint64, index int) uint64 {
	z := base + uint64(index)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	if z == 0 {
		z = 1
	}
	return z
}
