package rayquery

import (
	"math"
	"sort"
)

// This file is the CPU reference: Möller–Trumbore ray/triangle tests in
// float64 over the same float32 vertices, transforms and rays the GPU sees,
// with a median-split BVH over each mesh and one over the instances.

type vec3 [3]float64

func (a vec3) sub(b vec3) vec3 { return vec3{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func (a vec3) add(b vec3) vec3 { return vec3{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func (a vec3) scale(s float64) vec3 {
	return vec3{a[0] * s, a[1] * s, a[2] * s}
}
func (a vec3) dot(b vec3) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a vec3) cross(b vec3) vec3 {
	return vec3{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func (a vec3) len() float64 { return math.Sqrt(a.dot(a)) }

// Tolerances of the comparison with the GPU.
const (
	// baryEps: a hit whose smallest barycentric coordinate is within
	// baryEps of 0 (the ray grazes an edge or vertex) may be reported or
	// missed by the GPU.
	baryEps = 1e-4
	// cosEps: a hit where |cos(ray, triangle normal)| < cosEps (the ray
	// grazes the triangle's plane) may be reported or missed.
	cosEps = 1e-3
	// tRel: hit distances agree when |t_gpu - t_cpu| <= tRel·(|origin| +
	// t·|direction| + 1), i.e. relative to the magnitude of the coordinates
	// involved — far above float32 rounding, far below a different surface.
	tRel = 1e-4
)

// ray is one ray as uploaded (float32) with how it was generated.
type ray struct {
	O      [3]float32
	Tmin   float32
	D      [3]float32
	Tmax   float32
	Inside bool // generated starting inside a closed object
}

func (r *ray) origin() vec3 { return vec3{float64(r.O[0]), float64(r.O[1]), float64(r.O[2])} }
func (r *ray) dir() vec3    { return vec3{float64(r.D[0]), float64(r.D[1]), float64(r.D[2])} }

// tTol is the hit-distance tolerance at distance t along r.
func (r *ray) tTol(t float64) float64 {
	return tRel * (r.origin().len() + math.Abs(t)*r.dir().len() + 1)
}

// hitKind classifies a ray/triangle intersection.
type hitKind int

const (
	noHit       hitKind = iota
	possibleHit         // within the tolerance band: the GPU may report it or not
	definiteHit         // the GPU must see it
)

// intersect is Möller–Trumbore: the distance along d and the kind of the
// hit of o+t·d with triangle (a, b, c) for t in [tmin, tmax]; tol is the
// distance tolerance.
func intersect(o, d, a, b, c vec3, tmin, tmax float64, tol func(t float64) float64) (float64, hitKind) {
	e1, e2 := b.sub(a), c.sub(a)
	p := d.cross(e2)
	det := e1.dot(p)
	n := e1.cross(e2)
	nl, dl := n.len(), d.len()
	if nl == 0 || dl == 0 {
		return 0, noHit // degenerate triangles never hit
	}
	cos := math.Abs(n.dot(d)) / (nl * dl)
	if det == 0 {
		return 0, noHit
	}
	inv := 1 / det
	s := o.sub(a)
	u := s.dot(p) * inv
	q := s.cross(e1)
	v := d.dot(q) * inv
	t := e2.dot(q) * inv
	w := 1 - u - v
	mb := math.Min(u, math.Min(v, w))
	if mb < -baryEps {
		return t, noHit
	}
	tt := tol(t)
	if t < tmin-tt || t > tmax+tt {
		return t, noHit
	}
	if mb <= baryEps || cos < cosEps || t < tmin+tt || t > tmax-tt {
		return t, possibleHit
	}
	return t, definiteHit
}

// box is an axis-aligned bounding box.
type box struct{ lo, hi vec3 }

func emptyBox() box {
	inf := math.Inf(1)
	return box{vec3{inf, inf, inf}, vec3{-inf, -inf, -inf}}
}

func (b box) grow(p vec3) box {
	for i := range 3 {
		b.lo[i] = math.Min(b.lo[i], p[i])
		b.hi[i] = math.Max(b.hi[i], p[i])
	}
	return b
}

func (b box) union(c box) box { return b.grow(c.lo).grow(c.hi) }

// pad widens the box by a relative margin, so that hits in the tolerance
// band are not culled by the BVH.
func (b box) pad() box {
	ext := b.hi.sub(b.lo).len()*1e-4 + 1e-6
	for i := range 3 {
		b.lo[i] -= ext
		b.hi[i] += ext
	}
	return b
}

// slab returns whether o + t·(1/inv) crosses b within [tmin, tmax].
func (b box) slab(o, inv vec3, tmin, tmax float64) bool {
	for i := range 3 {
		t0 := (b.lo[i] - o[i]) * inv[i]
		t1 := (b.hi[i] - o[i]) * inv[i]
		if math.IsNaN(t0) || math.IsNaN(t1) { // 0·inf: origin on the slab plane
			if o[i] < b.lo[i] || o[i] > b.hi[i] {
				return false
			}
			continue
		}
		if t0 > t1 {
			t0, t1 = t1, t0
		}
		tmin = math.Max(tmin, t0)
		tmax = math.Min(tmax, t1)
		if tmin > tmax {
			return false
		}
	}
	return true
}

// bvh is a median-split bounding-volume hierarchy over items.
type bvh struct {
	nodes []bvhNode
	items []int32 // item indices, leaves point into it
}

type bvhNode struct {
	b           box
	left, count int32 // count > 0: leaf of items[left:left+count]; else children left, left+1
}

const leafSize = 4

func buildBVH(boxes []box) *bvh {
	t := &bvh{items: make([]int32, len(boxes))}
	cent := make([]vec3, len(boxes))
	for i, b := range boxes {
		t.items[i] = int32(i)
		cent[i] = b.lo.add(b.hi).scale(0.5)
	}
	if len(boxes) == 0 {
		t.nodes = []bvhNode{{b: emptyBox()}}
		return t
	}
	t.nodes = make([]bvhNode, 1, 2*len(boxes)/leafSize+2)
	var rec func(n int, lo, hi int)
	rec = func(n, lo, hi int) {
		b, cb := emptyBox(), emptyBox()
		for _, it := range t.items[lo:hi] {
			b = b.union(boxes[it])
			cb = cb.grow(cent[it])
		}
		t.nodes[n].b = b.pad()
		if hi-lo <= leafSize {
			t.nodes[n].left, t.nodes[n].count = int32(lo), int32(hi-lo)
			return
		}
		ext := cb.hi.sub(cb.lo)
		axis := 0
		if ext[1] > ext[axis] {
			axis = 1
		}
		if ext[2] > ext[axis] {
			axis = 2
		}
		seg := t.items[lo:hi]
		sort.Slice(seg, func(i, j int) bool { return cent[seg[i]][axis] < cent[seg[j]][axis] })
		mid := (lo + hi) / 2
		l := len(t.nodes)
		t.nodes = append(t.nodes, bvhNode{}, bvhNode{})
		t.nodes[n].left = int32(l)
		rec(l, lo, mid)
		rec(l+1, mid, hi)
	}
	rec(0, 0, len(boxes))
	return t
}

// visit calls fn for every item whose box the ray segment crosses;
// tmax() may shrink as hits are found.
func (t *bvh) visit(o, d vec3, tmin float64, tmax func() float64, fn func(item int)) {
	inv := vec3{1 / d[0], 1 / d[1], 1 / d[2]}
	var stack [64]int32
	sp := 0
	stack[sp] = 0
	sp++
	for sp > 0 {
		sp--
		n := &t.nodes[stack[sp]]
		if !n.b.slab(o, inv, tmin, tmax()) {
			continue
		}
		if n.count > 0 {
			for _, it := range t.items[n.left : n.left+n.count] {
				fn(int(it))
			}
			continue
		}
		stack[sp], stack[sp+1] = n.left, n.left+1
		sp += 2
	}
}

// mesh is an indexed triangle mesh (float32, as uploaded).
type mesh struct {
	Verts []float32 // x, y, z per vertex
	Idx   []uint32  // three per triangle
	// InnerRadius > 0: the mesh is closed and contains the ball of that
	// radius around its origin (rays starting there start inside).
	InnerRadius float64
	// Facing says which side of the surface is outside, for rays leaving
	// it: away from the instance's origin, towards it, or up (+y).
	Facing facing
	tree   *bvh
}

type facing int

const (
	faceUp facing = iota
	faceOut
	faceIn
)

func (m *mesh) tris() int { return len(m.Idx) / 3 }

func (m *mesh) vert(i uint32) vec3 {
	return vec3{float64(m.Verts[3*i]), float64(m.Verts[3*i+1]), float64(m.Verts[3*i+2])}
}

func (m *mesh) tri(p int) (vec3, vec3, vec3) {
	return m.vert(m.Idx[3*p]), m.vert(m.Idx[3*p+1]), m.vert(m.Idx[3*p+2])
}

func (m *mesh) bounds() box {
	b := emptyBox()
	for i := 0; i < len(m.Verts)/3; i++ {
		b = b.grow(m.vert(uint32(i)))
	}
	return b
}

func (m *mesh) bvh() *bvh {
	if m.tree == nil {
		boxes := make([]box, m.tris())
		for p := range boxes {
			a, b, c := m.tri(p)
			boxes[p] = emptyBox().grow(a).grow(b).grow(c)
		}
		m.tree = buildBVH(boxes)
	}
	return m.tree
}

// instance places a mesh in the world with a row-major 3×4
// object-to-world transform.
type instance struct {
	Mesh      int
	Transform [12]float32
	inv       [12]float64
	world     box
}

func (in *instance) apply(m [12]float64, p vec3, point bool) vec3 {
	w := 0.0
	if point {
		w = 1
	}
	return vec3{
		m[0]*p[0] + m[1]*p[1] + m[2]*p[2] + m[3]*w,
		m[4]*p[0] + m[5]*p[1] + m[6]*p[2] + m[7]*w,
		m[8]*p[0] + m[9]*p[1] + m[10]*p[2] + m[11]*w,
	}
}

func (in *instance) fwd() [12]float64 {
	var m [12]float64
	for i, v := range in.Transform {
		m[i] = float64(v)
	}
	return m
}

// invert computes the world-to-object transform.
func invert(m [12]float64) [12]float64 {
	a, b, c := m[0], m[1], m[2]
	d, e, f := m[4], m[5], m[6]
	g, h, k := m[8], m[9], m[10]
	det := a*(e*k-f*h) - b*(d*k-f*g) + c*(d*h-e*g)
	id := 1 / det
	r := [12]float64{
		(e*k - f*h) * id, (c*h - b*k) * id, (b*f - c*e) * id, 0,
		(f*g - d*k) * id, (a*k - c*g) * id, (c*d - a*f) * id, 0,
		(d*h - e*g) * id, (b*g - a*h) * id, (a*e - b*d) * id, 0,
	}
	tx, ty, tz := m[3], m[7], m[11]
	r[3] = -(r[0]*tx + r[1]*ty + r[2]*tz)
	r[7] = -(r[4]*tx + r[5]*ty + r[6]*tz)
	r[11] = -(r[8]*tx + r[9]*ty + r[10]*tz)
	return r
}

// scene is meshes and their instances: the CPU side of a TLAS.
type scene struct {
	Meshes    []*mesh
	Instances []instance
	// Alpha > 0: triangles whose index % Alpha == Alpha-1 are cut out
	// (only for non-opaque traversal with candidate processing).
	tree *bvh
}

// prepare computes inverses, world bounds and the BVHs.
func (s *scene) prepare() {
	boxes := make([]box, len(s.Instances))
	for i := range s.Instances {
		in := &s.Instances[i]
		fw := in.fwd()
		in.inv = invert(fw)
		mb := s.Meshes[in.Mesh].bounds()
		wb := emptyBox()
		for c := range 8 {
			p := vec3{mb.lo[0], mb.lo[1], mb.lo[2]}
			for ax := range 3 {
				if c&(1<<ax) != 0 {
					p[ax] = mb.hi[ax]
				}
			}
			wb = wb.grow(in.apply(fw, p, true))
		}
		in.world = wb
		boxes[i] = wb
	}
	for _, m := range s.Meshes {
		m.bvh()
	}
	s.tree = buildBVH(boxes)
}

// extent is the diagonal of the scene's bounds.
func (s *scene) extent() float64 {
	b := emptyBox()
	for _, in := range s.Instances {
		b = b.union(in.world)
	}
	return b.hi.sub(b.lo).len()
}

// hitRef is what the reference says about one ray.
type hitRef struct {
	// Def is the closest definite hit (T = +Inf when there is none).
	Def hit
	// Pos is the closest hit of any kind, possible ones included.
	Pos hit
	// Ties counts the definite hits other than Def within tolerance of it.
	Ties int
}

type hit struct {
	T          float64
	Inst, Prim int
}

var miss = hit{T: math.Inf(1), Inst: -1, Prim: -1}

// grazing reports rays whose answer the tolerance band leaves open: the
// closest candidate is a grazing one.
func (h hitRef) grazing(r *ray) bool {
	if math.IsInf(h.Pos.T, 1) {
		return false
	}
	return math.IsInf(h.Def.T, 1) || h.Pos.T < h.Def.T-r.tTol(h.Def.T)
}

// cutOut reports a triangle rejected by the alpha test.
func cutOut(prim, alpha int) bool { return alpha > 0 && prim%alpha == alpha-1 }

// closest traces r through the scene: the closest definite and possible
// hits, skipping cut-out triangles when alpha > 0.
func (s *scene) closest(r *ray, alpha int) hitRef {
	o, d := r.origin(), r.dir()
	tmin, tmax := float64(r.Tmin), float64(r.Tmax)
	ref := hitRef{Def: miss, Pos: miss}
	var defs []hit
	limit := func() float64 { return math.Min(tmax, ref.Def.T) + r.tTol(math.Min(tmax, ref.Def.T)) }
	if math.IsInf(tmax, 1) {
		limit = func() float64 {
			if math.IsInf(ref.Def.T, 1) {
				return math.Inf(1)
			}
			return ref.Def.T + r.tTol(ref.Def.T)
		}
	}
	s.tree.visit(o, d, tmin-r.tTol(tmin), limit, func(ii int) {
		in := &s.Instances[ii]
		m := s.Meshes[in.Mesh]
		oo, od := in.apply(in.inv, o, true), in.apply(in.inv, d, false)
		// Distances along od equal those along d: t is preserved.
		tol := r.tTol
		m.tree.visit(oo, od, tmin-tol(tmin), limit, func(p int) {
			if cutOut(p, alpha) {
				return
			}
			a, b, c := m.tri(p)
			t, k := intersect(oo, od, a, b, c, tmin, tmax, tol)
			switch k {
			case definiteHit:
				defs = append(defs, hit{t, ii, p})
				if t < ref.Def.T {
					ref.Def = hit{t, ii, p}
				}
				fallthrough
			case possibleHit:
				if t < ref.Pos.T {
					ref.Pos = hit{t, ii, p}
				}
			}
		})
	})
	if !math.IsInf(ref.Def.T, 1) {
		tt := r.tTol(ref.Def.T)
		for _, h := range defs {
			if h != ref.Def && math.Abs(h.T-ref.Def.T) <= tt {
				ref.Ties++
			}
		}
	}
	return ref
}

// check classifies the hit of triangle prim of instance inst along r.
func (s *scene) check(r *ray, inst, prim, alpha int) (float64, hitKind) {
	if inst < 0 || inst >= len(s.Instances) {
		return 0, noHit
	}
	in := &s.Instances[inst]
	m := s.Meshes[in.Mesh]
	if prim < 0 || prim >= m.tris() || cutOut(prim, alpha) {
		return 0, noHit
	}
	a, b, c := m.tri(prim)
	return intersect(in.apply(in.inv, r.origin(), true), in.apply(in.inv, r.dir(), false), a, b, c,
		float64(r.Tmin), float64(r.Tmax), r.tTol)
}
