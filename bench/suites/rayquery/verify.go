package rayquery

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
)

// minSampled is the least number of rays a check covers (all rays when
// there are fewer).
const minSampled = 8192

// sampleRays picks the rays the reference covers: every ray of small
// sets, else the first and last few and a seeded random sample.
func sampleRays(n int, seed uint64) []int {
	if n <= minSampled {
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		return idx
	}
	rng := rand.New(rand.NewPCG(seed, 0x5a5a))
	set := map[int]bool{}
	for i := range 64 {
		set[i], set[n-1-i] = true, true
	}
	for len(set) < minSampled {
		set[rng.IntN(n)] = true
	}
	idx := make([]int, 0, len(set))
	for i := range n {
		if set[i] {
			idx = append(idx, i)
		}
	}
	return idx
}

// gpuHit is one ray's record in the hit buffer.
type gpuHit struct {
	T          float32
	Prim, Inst uint32
	Front      uint32
}

func (h gpuHit) miss() bool { return h.Inst == math.MaxUint32 }

func decodeHit(b []byte, i int) gpuHit {
	w := b[16*i:]
	return gpuHit{
		T:     math.Float32frombits(binary.LittleEndian.Uint32(w)),
		Prim:  binary.LittleEndian.Uint32(w[4:]),
		Inst:  binary.LittleEndian.Uint32(w[8:]),
		Front: binary.LittleEndian.Uint32(w[12:]),
	}
}

// refSet is the reference for sampled rays of one ray set.
type refSet struct {
	idx  []int
	refs []hitRef
}

func newRefSet(s *scene, rays []ray, alpha int, seed uint64) *refSet {
	rs := &refSet{idx: sampleRays(len(rays), seed)}
	rs.refs = make([]hitRef, len(rs.idx))
	parallelFor(len(rs.idx), func(k int) { rs.refs[k] = s.closest(&rays[rs.idx[k]], alpha) })
	return rs
}

// compare checks the GPU's hits against the reference. In closest-hit
// mode a GPU hit must be a real intersection (the reported instance and
// primitive intersect the ray at the reported distance, within tolerance)
// no farther than the reference's closest definite hit; in first-hit mode
// it must be a real intersection. A GPU miss needs a reference without a
// definite hit. Rays the tolerance band leaves open (grazing edges or
// planes, hits at tmin/tmax) are counted, checked by the same rules, and
// reported; so are rays starting inside objects and ties.
func compare(s *scene, rays []ray, rs *refSet, hits []byte, firstHit bool, alpha int) (map[string]float64, error) {
	var bad, gpuHits, refHits, grazing, ties, inside, exact, alternate int
	var maxRatio float64
	var first string
	fail := func(i int, format string, args ...any) {
		if bad == 0 {
			r := rays[i]
			first = fmt.Sprintf("ray %d (origin %v, dir %v, t [%g, %g]): ", i, r.O, r.D, r.Tmin, r.Tmax) + fmt.Sprintf(format, args...)
		}
		bad++
	}
	for k, i := range rs.idx {
		r, ref, g := &rays[i], rs.refs[k], decodeHit(hits, i)
		if r.Inside {
			inside++
		}
		if ref.grazing(r) {
			grazing++
		}
		if ref.Ties > 0 {
			ties++
		}
		if !math.IsInf(ref.Def.T, 1) {
			refHits++
		}
		if g.miss() {
			if !math.IsInf(ref.Def.T, 1) {
				fail(i, "GPU misses, reference hits instance %d primitive %d at t=%g", ref.Def.Inst, ref.Def.Prim, ref.Def.T)
			} else {
				exact++
			}
			continue
		}
		gpuHits++
		gt := float64(g.T)
		t, kind := s.check(r, int(g.Inst), int(g.Prim), alpha)
		if kind == noHit || math.IsNaN(gt) {
			fail(i, "GPU hits instance %d primitive %d at t=%g, which the reference does not intersect (closest: %s)", g.Inst, g.Prim, gt, fmtHit(ref.Def))
			continue
		}
		tol := r.tTol(t)
		if ratio := math.Abs(gt-t) / tol; ratio > maxRatio {
			maxRatio = ratio
		}
		if math.Abs(gt-t) > tol {
			fail(i, "GPU hit distance t=%.9g on instance %d primitive %d, reference %.9g ± %.2g", gt, g.Inst, g.Prim, t, tol)
			continue
		}
		if !firstHit && !math.IsInf(ref.Def.T, 1) && gt > ref.Def.T+r.tTol(ref.Def.T) {
			fail(i, "GPU closest hit instance %d primitive %d at t=%g is behind the reference's %s", g.Inst, g.Prim, gt, fmtHit(ref.Def))
			continue
		}
		if int(g.Inst) == ref.Def.Inst && int(g.Prim) == ref.Def.Prim {
			exact++
		} else {
			alternate++
		}
	}
	fig := map[string]float64{
		"checked_rays":        float64(len(rs.idx)),
		"mismatches":          float64(bad),
		"gpu_hits":            float64(gpuHits),
		"reference_hits":      float64(refHits),
		"exact_matches":       float64(exact),
		"alternate_hits":      float64(alternate),
		"grazing_rays":        float64(grazing),
		"tie_rays":            float64(ties),
		"inside_rays":         float64(inside),
		"max_t_err_over_tol":  maxRatio,
		"t_tolerance_rel":     tRel,
		"barycentric_epsilon": baryEps,
	}
	if bad > 0 {
		return fig, fmt.Errorf("%d of %d checked rays disagree with the CPU reference; first: %s", bad, len(rs.idx), first)
	}
	return fig, nil
}

func fmtHit(h hit) string {
	if math.IsInf(h.T, 1) {
		return "miss"
	}
	return fmt.Sprintf("instance %d primitive %d at t=%g", h.Inst, h.Prim, h.T)
}
