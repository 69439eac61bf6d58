package rayquery

import (
	"math"
	"math/rand/v2"
)

// Scenes are generated from a seed: no asset files. Every scene is a TLAS
// over instances of one or two meshes:
//   - spheres: a grid of rotated, scaled instances of one bumpy sphere;
//   - terrain: tiles of one periodic height field, seamless side by side;
//   - room: a closed box (its walls one mesh) with bumpy spheres inside.

// sceneKind names a scene.
type sceneKind int

const (
	spheres sceneKind = iota
	terrain
	room
)

func (k sceneKind) String() string { return [...]string{"spheres", "terrain", "room"}[k] }

// sphereMesh is a UV sphere of about n triangles (at least 32) whose
// radius varies smoothly in [1, 1.08]: closed, no degenerate triangles
// (the poles are fans).
func sphereMesh(n int, rng *rand.Rand) *mesh {
	rings := max(3, int(math.Round(math.Sqrt(float64(n)/4))))
	segs := 2 * rings
	// Bumps: a few random low-frequency lobes.
	type lobe struct{ dir vec3 }
	var lobes [4]lobe
	for i := range lobes {
		lobes[i].dir = randUnit(rng)
	}
	radius := func(p vec3) float64 {
		r := 1.0
		for _, l := range lobes {
			c := p.dot(l.dir)
			r += 0.02 * c * c
		}
		return r
	}
	m := &mesh{InnerRadius: 1, Facing: faceOut}
	add := func(p vec3) {
		p = p.scale(radius(p))
		m.Verts = append(m.Verts, float32(p[0]), float32(p[1]), float32(p[2]))
	}
	add(vec3{0, 1, 0}) // north pole: vertex 0
	for r := 1; r < rings; r++ {
		th := math.Pi * float64(r) / float64(rings)
		for s := range segs {
			ph := 2 * math.Pi * float64(s) / float64(segs)
			add(vec3{math.Sin(th) * math.Cos(ph), math.Cos(th), math.Sin(th) * math.Sin(ph)})
		}
	}
	south := uint32(len(m.Verts) / 3)
	add(vec3{0, -1, 0})
	at := func(r, s int) uint32 { return uint32(1 + (r-1)*segs + s%segs) }
	for s := range segs {
		m.Idx = append(m.Idx, 0, at(1, s+1), at(1, s))
	}
	for r := 1; r < rings-1; r++ {
		for s := range segs {
			a, b, c, d := at(r, s), at(r, s+1), at(r+1, s), at(r+1, s+1)
			m.Idx = append(m.Idx, a, b, c, b, d, c)
		}
	}
	for s := range segs {
		m.Idx = append(m.Idx, south, at(rings-1, s), at(rings-1, s+1))
	}
	return m
}

// heightMesh is a height field over [0,1]² of about n triangles whose
// height is periodic with period 1, so tiles side by side are seamless.
func heightMesh(n int, rng *rand.Rand) *mesh {
	cells := max(2, int(math.Round(math.Sqrt(float64(n)/2))))
	type wave struct{ fx, fz, ph, amp float64 }
	var waves [5]wave
	for i := range waves {
		waves[i] = wave{float64(1 + rng.IntN(4)), float64(1 + rng.IntN(4)), 2 * math.Pi * rng.Float64(), 0.04 / float64(i+1)}
	}
	h := func(x, z float64) float64 {
		y := 0.0
		for _, w := range waves {
			y += w.amp * math.Sin(2*math.Pi*(w.fx*x+w.fz*z)+w.ph)
		}
		return y
	}
	m := &mesh{}
	for j := 0; j <= cells; j++ {
		for i := 0; i <= cells; i++ {
			x, z := float64(i)/float64(cells), float64(j)/float64(cells)
			m.Verts = append(m.Verts, float32(x), float32(h(x, z)), float32(z))
		}
	}
	at := func(i, j int) uint32 { return uint32(j*(cells+1) + i) }
	for j := range cells {
		for i := range cells {
			a, b, c, d := at(i, j), at(i+1, j), at(i, j+1), at(i+1, j+1)
			m.Idx = append(m.Idx, a, c, b, b, c, d)
		}
	}
	return m
}

// boxMesh is the closed box [-1,1]³, each face a cells×cells grid.
func boxMesh(cells int) *mesh {
	m := &mesh{Facing: faceIn}
	for axis := range 3 {
		for _, side := range []float64{-1, 1} {
			u, v := (axis+1)%3, (axis+2)%3
			base := uint32(len(m.Verts) / 3)
			for j := 0; j <= cells; j++ {
				for i := 0; i <= cells; i++ {
					var p vec3
					p[axis] = side
					p[u] = -1 + 2*float64(i)/float64(cells)
					p[v] = -1 + 2*float64(j)/float64(cells)
					m.Verts = append(m.Verts, float32(p[0]), float32(p[1]), float32(p[2]))
				}
			}
			at := func(i, j int) uint32 { return base + uint32(j*(cells+1)+i) }
			for j := range cells {
				for i := range cells {
					a, b, c, d := at(i, j), at(i+1, j), at(i, j+1), at(i+1, j+1)
					m.Idx = append(m.Idx, a, b, c, b, d, c)
				}
			}
		}
	}
	return m
}

func randUnit(rng *rand.Rand) vec3 {
	for {
		p := vec3{2*rng.Float64() - 1, 2*rng.Float64() - 1, 2*rng.Float64() - 1}
		if l := p.len(); l > 0.1 && l <= 1 {
			return p.scale(1 / l)
		}
	}
}

// transform is a rotation by angle about axis, a uniform scale and a
// translation, as a row-major 3×4 matrix.
func transform(axis vec3, angle, scale float64, at vec3) [12]float32 {
	c, s := math.Cos(angle), math.Sin(angle)
	x, y, z := axis[0], axis[1], axis[2]
	r := [9]float64{
		c + x*x*(1-c), x*y*(1-c) - z*s, x*z*(1-c) + y*s,
		y*x*(1-c) + z*s, c + y*y*(1-c), y*z*(1-c) - x*s,
		z*x*(1-c) - y*s, z*y*(1-c) + x*s, c + z*z*(1-c),
	}
	var m [12]float32
	for row := range 3 {
		for col := range 3 {
			m[4*row+col] = float32(r[3*row+col] * scale)
		}
		m[4*row+3] = float32(at[row])
	}
	return m
}

// sceneSpec is what a scene is generated from.
type sceneSpec struct {
	Kind      sceneKind
	Tris      int // triangles of the instanced mesh
	Instances int
	Seed      uint64
}

// genScene builds the scene of spec (deterministic in spec).
func genScene(sp sceneSpec) *scene {
	rng := rand.New(rand.NewPCG(sp.Seed, uint64(sp.Kind)<<48^uint64(sp.Tris)<<24^uint64(sp.Instances)))
	s := &scene{}
	switch sp.Kind {
	case spheres:
		s.Meshes = []*mesh{sphereMesh(sp.Tris, rng)}
		side := int(math.Ceil(math.Cbrt(float64(sp.Instances))))
		for i := range sp.Instances {
			at := vec3{float64(i % side), float64(i / side % side), float64(i / (side * side))}.scale(3)
			jit := randUnit(rng).scale(0.3)
			s.Instances = append(s.Instances, instance{Mesh: 0,
				Transform: transform(randUnit(rng), 2*math.Pi*rng.Float64(), 0.8+0.4*rng.Float64(), at.add(jit))})
		}
	case terrain:
		s.Meshes = []*mesh{heightMesh(sp.Tris, rng)}
		side := int(math.Ceil(math.Sqrt(float64(sp.Instances))))
		const tile = 10
		for i := range sp.Instances {
			var m [12]float32
			m[0], m[5], m[10] = tile, tile, tile
			m[3], m[11] = float32(tile*(i%side)), float32(tile*(i/side))
			s.Instances = append(s.Instances, instance{Mesh: 0, Transform: m})
		}
	case room:
		walls := boxMesh(8)
		s.Meshes = []*mesh{walls, sphereMesh(sp.Tris, rng)}
		const half = 10
		var m [12]float32
		m[0], m[5], m[10] = half, half, half
		s.Instances = append(s.Instances, instance{Mesh: 0, Transform: m})
		for range max(sp.Instances-1, 0) {
			at := vec3{rng.Float64()*14 - 7, rng.Float64()*14 - 7, rng.Float64()*14 - 7}
			s.Instances = append(s.Instances, instance{Mesh: 1,
				Transform: transform(randUnit(rng), 2*math.Pi*rng.Float64(), 0.5+1.5*rng.Float64(), at)})
		}
	}
	s.prepare()
	return s
}

// moved returns the instances displaced for the refit benchmark: every
// instance shifted by up to 0.4 units and turned a little.
func movedInstances(s *scene, seed uint64) []instance {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	out := make([]instance, len(s.Instances))
	for i, in := range s.Instances {
		turn := transform(randUnit(rng), 0.2*rng.Float64(), 1, randUnit(rng).scale(0.4))
		// Turn the instance about its own origin, then shift it.
		var t, a [12]float64
		for k := range 12 {
			t[k], a[k] = float64(turn[k]), float64(in.Transform[k])
		}
		var m [12]float32
		for r := range 3 {
			for c := range 3 {
				m[4*r+c] = float32(t[4*r]*a[c] + t[4*r+1]*a[4+c] + t[4*r+2]*a[8+c])
			}
			m[4*r+3] = float32(a[4*r+3] + t[4*r+3])
		}
		out[i] = instance{Mesh: in.Mesh, Transform: m}
	}
	return out
}
