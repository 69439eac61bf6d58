// Package tune is the search of a tuning sweep ('radvbench tune'): which
// configurations of each kernel's tunable space (kernel.Space) to try,
// and in what order, on one device. Only points that fit the device
// (kernel.Fits) are ever candidates. A small space is swept whole; a
// larger one starts with the kernel's registered variants and a coarse
// grid, then climbs to the untried neighbours of each size's best until
// none are left (or the caller's budget ends it), so the time goes to
// likely winners first. The caller runs each batch of candidates
// (runner.Plan through kernel.Options.Pinned) and feeds the results back.
package tune

import (
	"regexp"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/tuning"
)

// DefaultExhaustive is the most fitting points of a kernel that are swept
// whole.
const DefaultExhaustive = 32

// Candidate is one point of a kernel's space that fits the device.
type Candidate struct {
	Point   kernel.Point
	Variant kernel.Variant
}

// Search is the sweep of a set of kernels on one device.
type Search struct {
	kernels []*state
	// Untunable are the selected kernels without a tunable space.
	Untunable []*kernel.Kernel
}

// state is one kernel's search.
type state struct {
	k     *kernel.Kernel
	fits  map[string]Candidate // by variant name
	order []string             // fitting names, the space's order
	tried map[string]bool
	unfit int
}

// New starts the search of the kernels of suites on d: each kernel's
// points that fit d and whose suite/kernel/variant name filter matches
// (nil: all).
func New(suites []*kernel.Suite, d *gpu.PhysicalDevice, filter *regexp.Regexp) *Search {
	s := &Search{}
	for _, su := range suites {
		for _, k := range su.Kernels {
			if k.Space == nil {
				s.Untunable = append(s.Untunable, k)
				continue
			}
			st := &state{k: k, fits: map[string]Candidate{}, tried: map[string]bool{}}
			for _, p := range k.Space.Points() {
				if v, ok := k.Space.Variant(p); !ok || !kernel.Filter(filter, k, v) {
					continue
				}
				v, ok, _ := kernel.Fits(k, d, p)
				if !ok {
					st.unfit++
					continue
				}
				if _, dup := st.fits[v.Name]; !dup {
					st.fits[v.Name] = Candidate{Point: p, Variant: v}
					st.order = append(st.order, v.Name)
				}
			}
			s.kernels = append(s.kernels, st)
		}
	}
	return s
}

// Kernels are the tunable kernels with points the filter selects, with
// how many of those fit the device and how many do not.
func (s *Search) Kernels() []KernelCount {
	var out []KernelCount
	for _, st := range s.kernels {
		if len(st.order)+st.unfit > 0 {
			out = append(out, KernelCount{Kernel: st.k, Fit: len(st.order), Unfit: st.unfit})
		}
	}
	return out
}

// KernelCount is a kernel's share of the search.
type KernelCount struct {
	Kernel     *kernel.Kernel
	Fit, Unfit int
}

// Batch is the candidates of one round of the search, by kernel
// ("suite/kernel").
type Batch map[string][]Candidate

// Len is how many candidates b holds.
func (b Batch) Len() int {
	n := 0
	for _, cs := range b {
		n += len(cs)
	}
	return n
}

// First is the search's first round: for each kernel whose fitting points
// number at most exhaustive, all of them; otherwise its registered
// variants, then the coarse grid (kernel.Space.Coarse).
func (s *Search) First(exhaustive int) Batch {
	b := Batch{}
	for _, st := range s.kernels {
		if len(st.order) <= exhaustive {
			st.take(b, st.order)
			continue
		}
		var names []string
		for _, v := range st.k.Variants {
			names = append(names, v.Name)
		}
		st.take(b, names)
		var coarse []string
		for _, n := range st.order {
			if st.k.Space.Coarse(st.fits[n].Point) {
				coarse = append(coarse, n)
			}
		}
		st.take(b, coarse)
	}
	return b
}

// Next is the next round: the untried fitting neighbours of each kernel's
// best candidate at each size in rs (the results so far). Empty when the
// search is done.
func (s *Search) Next(rs []resultsfile.Result) Batch {
	b := Batch{}
	byKernel := map[string]*state{}
	for _, st := range s.kernels {
		byKernel[st.k.Suite+"/"+st.k.Name] = st
	}
	f := &resultsfile.File{Results: rs}
	for _, e := range tuning.Best(f, s.PointOf) {
		st := byKernel[e.Suite+"/"+e.Kernel]
		var names []string
		for _, p := range st.k.Space.Neighbours(e.Point) {
			if v, ok := st.k.Space.Variant(p); ok {
				names = append(names, v.Name)
			}
		}
		st.take(b, names)
	}
	return b
}

// take adds the named fitting, untried candidates to b.
func (st *state) take(b Batch, names []string) {
	key := st.k.Suite + "/" + st.k.Name
	for _, n := range names {
		c, ok := st.fits[n]
		if !ok || st.tried[n] {
			continue
		}
		st.tried[n] = true
		b[key] = append(b[key], c)
	}
}

// PointOf is a result's point in its kernel's space: ok false when the
// result is not a candidate of this search.
func (s *Search) PointOf(r *resultsfile.Result) (map[string]int, bool) {
	for _, st := range s.kernels {
		if st.k.Suite == r.Suite && st.k.Name == r.Kernel {
			c, ok := st.fits[r.Variant["name"]]
			return c.Point, ok
		}
	}
	return nil, false
}

// Pins are the benchmarks of batch b on the selected kernels: each
// candidate at each size of its kernel (o's sizes), size by size so the
// candidates of one size share its inputs. Every tunable kernel gets an
// entry, empty when it has no candidate in b, so runner.Plan runs
// exactly the batch; untunable kernels get an empty one too.
func (s *Search) Pins(b Batch, o kernel.Options) map[string][]kernel.Pin {
	pins := map[string][]kernel.Pin{}
	for _, k := range s.Untunable {
		pins[k.Suite+"/"+k.Name] = nil
	}
	for _, st := range s.kernels {
		key := st.k.Suite + "/" + st.k.Name
		pins[key] = nil
		cs := b[key]
		if len(cs) == 0 {
			continue
		}
		sizes := []kernel.Params{nil}
		if st.k.Sizes != nil {
			sizes = st.k.Sizes(o.For(st.k))
		}
		for _, p := range sizes {
			for _, c := range cs {
				pins[key] = append(pins[key], kernel.Pin{Params: p, Variant: c.Variant})
			}
		}
	}
	return pins
}
