package rayquery

import (
	"math"
	"math/rand/v2"
)

// rayKind names how rays are generated.
type rayKind int

const (
	// primary: a camera's pinhole grid, in 8×8 screen tiles (coherent).
	primary rayKind = iota
	// ao: short rays from random surface points over the cosine-weighted
	// hemisphere of the surface normal, in random order (incoherent,
	// ambient-occlusion style); one in 16 starts on a closed object's
	// surface going inwards (it starts inside the object).
	ao
	// bounce: rays from random points in the scene's bounds in uniformly
	// random directions, unbounded, in random order (incoherent bounces).
	bounce
)

func (k rayKind) String() string { return [...]string{"primary", "ao", "bounce"}[k] }

const (
	aoTmin   = 0.01
	farTmax  = 1e30
	tileSide = 8
)

// genRays generates n rays (primary: the largest square ≤ n) for s.
func genRays(s *scene, kind sceneKind, rk rayKind, n int, seed uint64) []ray {
	rng := rand.New(rand.NewPCG(seed, 0xa11ce^uint64(rk)<<32^uint64(n)))
	b := emptyBox()
	for _, in := range s.Instances {
		b = b.union(in.world)
	}
	c := b.lo.add(b.hi).scale(0.5)
	e := b.hi.sub(b.lo).len()
	var out []ray
	switch rk {
	case primary:
		var eye, at vec3
		switch kind {
		case terrain:
			eye, at = c.add(vec3{0, 0.35 * e, -0.55 * e}), c
		case room:
			eye, at = vec3{-8.5, 4, -8.5}, vec3{0, -1, 0}
		default:
			eye, at = c.add(vec3{0.4, 0.5, 1}.scale(0.9*e/math.Sqrt(1.41))), c
		}
		fwd := at.sub(eye)
		fwd = fwd.scale(1 / fwd.len())
		right := fwd.cross(vec3{0, 1, 0})
		right = right.scale(1 / right.len())
		up := right.cross(fwd)
		side := max(1, int(math.Sqrt(float64(n))))
		half := math.Tan(25 * math.Pi / 180)
		for ty := 0; ty < side; ty += tileSide {
			for tx := 0; tx < side; tx += tileSide {
				for y := ty; y < min(ty+tileSide, side); y++ {
					for x := tx; x < min(tx+tileSide, side); x++ {
						u := (2*(float64(x)+0.5)/float64(side) - 1) * half
						v := (1 - 2*(float64(y)+0.5)/float64(side)) * half
						d := fwd.add(right.scale(u)).add(up.scale(v))
						out = append(out, mkRay(eye, d.scale(1/d.len()), 0, farTmax, false))
					}
				}
			}
		}
		return out
	case ao:
		tmax := map[sceneKind]float64{spheres: 1.5, terrain: 2, room: 3}[kind]
		for len(out) < n {
			ii := rng.IntN(len(s.Instances))
			in := &s.Instances[ii]
			m := s.Meshes[in.Mesh]
			a, bb, cc := m.tri(rng.IntN(m.tris()))
			fw := in.fwd()
			a, bb, cc = in.apply(fw, a, true), in.apply(fw, bb, true), in.apply(fw, cc, true)
			u, v := rng.Float64(), rng.Float64()
			if u+v > 1 {
				u, v = 1-u, 1-v
			}
			p := a.add(bb.sub(a).scale(u)).add(cc.sub(a).scale(v))
			nrm := bb.sub(a).cross(cc.sub(a))
			nrm = nrm.scale(1 / nrm.len())
			center := in.apply(fw, vec3{}, true)
			inside := false
			switch m.Facing {
			case faceOut:
				if nrm.dot(p.sub(center)) < 0 {
					nrm = nrm.scale(-1)
				}
				if rng.IntN(16) == 0 {
					nrm, inside = nrm.scale(-1), true
				}
			case faceIn:
				if nrm.dot(p.sub(center)) > 0 {
					nrm = nrm.scale(-1)
				}
			default:
				if nrm[1] < 0 {
					nrm = nrm.scale(-1)
				}
			}
			out = append(out, mkRay(p, cosineDir(nrm, rng), aoTmin, tmax, inside))
		}
	case bounce:
		for len(out) < n {
			o := vec3{}
			for i := range 3 {
				o[i] = b.lo[i] + (b.hi[i]-b.lo[i])*(0.025+0.95*rng.Float64())
			}
			out = append(out, mkRay(o, randUnit(rng), 0, farTmax, false))
		}
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	for i := range out {
		if !out[i].Inside {
			out[i].Inside = s.startsInside(&out[i])
		}
	}
	return out
}

func mkRay(o, d vec3, tmin, tmax float64, inside bool) ray {
	return ray{
		O: [3]float32{float32(o[0]), float32(o[1]), float32(o[2])}, Tmin: float32(tmin),
		D: [3]float32{float32(d[0]), float32(d[1]), float32(d[2])}, Tmax: float32(tmax), Inside: inside,
	}
}

// cosineDir samples the cosine-weighted hemisphere around n.
func cosineDir(n vec3, rng *rand.Rand) vec3 {
	r, phi := math.Sqrt(rng.Float64()), 2*math.Pi*rng.Float64()
	x, y := r*math.Cos(phi), r*math.Sin(phi)
	z := math.Sqrt(math.Max(0, 1-x*x-y*y))
	t := vec3{1, 0, 0}
	if math.Abs(n[0]) > 0.9 {
		t = vec3{0, 1, 0}
	}
	b1 := n.cross(t)
	b1 = b1.scale(1 / b1.len())
	b2 := n.cross(b1)
	d := b1.scale(x).add(b2.scale(y)).add(n.scale(z))
	return d.scale(1 / d.len())
}

// startsInside reports a ray whose origin lies strictly inside a closed
// object (within its mesh's inner radius).
func (s *scene) startsInside(r *ray) bool {
	o := r.origin()
	for i := range s.Instances {
		in := &s.Instances[i]
		m := s.Meshes[in.Mesh]
		if m.Facing != faceOut || m.InnerRadius == 0 {
			continue
		}
		if in.apply(in.inv, o, true).len() < m.InnerRadius*0.999 {
			return true
		}
	}
	return false
}
