package kernel

import (
	"fmt"
	"strconv"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// Space is a kernel's tunable space: named parameters (specialization
// constants: tile sizes, workgroup shapes) with their candidate values,
// and how a point of it becomes a variant. A sweep ('radvbench tune')
// tries the points that fit the device (Fits) and records which is best;
// 'run --tuning' rebuilds the chosen variant from its point (Variant).
type Space struct {
	// Params are the parameters, each with its candidate values in
	// ascending order (a neighbour is one step along one parameter).
	Params []Param
	// Variant is the variant of point p; ok is false for a point the
	// kernel cannot build (a shape its shader does not allow). The
	// variant's name and parameters must be those of the registered
	// variant of the same configuration, so results pair across files.
	Variant func(p Point) (v Variant, ok bool)
}

// Param is one tunable parameter and its candidate values.
type Param struct {
	Name   string
	Values []int
}

// Point is one configuration of a Space: a value for each parameter.
type Point map[string]int

// String is the point as "name=value,..." in name order.
func (p Point) String() string {
	return resultsfile.FormatPairs(p, strconv.Itoa)
}

// Points lists every point of the space, the first parameter varying
// slowest.
func (s *Space) Points() []Point {
	out := []Point{{}}
	for _, prm := range s.Params {
		var next []Point
		for _, p := range out {
			for _, v := range prm.Values {
				q := Point{prm.Name: v}
				for k, x := range p {
					q[k] = x
				}
				next = append(next, q)
			}
		}
		out = next
	}
	return out
}

// Fits reports whether point p of k's space is a variant the device can
// run: the kernel builds it, and k.Supported accepts it on d (shared
// memory, workgroup invocations and size, subgroup size, cooperative
// matrix shapes: the one check 'run' skips variants with). why says why
// not. A point that does not fit is never run.
func Fits(k *Kernel, d *gpu.PhysicalDevice, p Point) (v Variant, ok bool, why string) {
	if k.Space == nil {
		return v, false, fmt.Sprintf("kernel %s/%s has no tunable space", k.Suite, k.Name)
	}
	if err := k.Space.Check(p); err != nil {
		return v, false, err.Error()
	}
	if v, ok = k.Space.Variant(p); !ok {
		return v, false, fmt.Sprintf("%s is not a configuration of %s/%s", p, k.Suite, k.Name)
	}
	if k.Supported != nil {
		if ok, why = k.Supported(d, v); !ok {
			return v, false, why
		}
	}
	return v, true, ""
}

// Check reports a point that names a parameter the space lacks, lacks one
// it has, or gives a value outside the candidates.
func (s *Space) Check(p Point) error {
	if len(p) != len(s.Params) {
		return fmt.Errorf("point %s has %d parameters, the space %d", p, len(p), len(s.Params))
	}
	for _, prm := range s.Params {
		v, ok := p[prm.Name]
		if !ok {
			return fmt.Errorf("point %s lacks parameter %s", p, prm.Name)
		}
		if prm.index(v) < 0 {
			return fmt.Errorf("point %s: %s=%d is not one of %v", p, prm.Name, v, prm.Values)
		}
	}
	return nil
}

func (prm Param) index(v int) int {
	for i, x := range prm.Values {
		if x == v {
			return i
		}
	}
	return -1
}

// Neighbours are the points one step away from p along one parameter
// (the next smaller or larger candidate value), in parameter order.
func (s *Space) Neighbours(p Point) []Point {
	var out []Point
	for _, prm := range s.Params {
		i := prm.index(p[prm.Name])
		if i < 0 {
			continue
		}
		for _, j := range []int{i - 1, i + 1} {
			if j < 0 || j >= len(prm.Values) {
				continue
			}
			q := Point{}
			for k, x := range p {
				q[k] = x
			}
			q[prm.Name] = prm.Values[j]
			out = append(out, q)
		}
	}
	return out
}

// Coarse reports whether p lies on the space's coarse grid: every
// parameter at an even index of its values, or at its last value (so the
// grid spans each range).
func (s *Space) Coarse(p Point) bool {
	for _, prm := range s.Params {
		i := prm.index(p[prm.Name])
		if i%2 != 0 && i != len(prm.Values)-1 {
			return false
		}
	}
	return true
}

// PointOf finds the point of the space whose variant is named name, for
// a variant registered in the kernel's list (nil when none is).
func (s *Space) PointOf(name string) Point {
	for _, p := range s.Points() {
		if v, ok := s.Variant(p); ok && v.Name == name {
			return p
		}
	}
	return nil
}
