package mesh

import (
	"fmt"
	"math"
)

// quadPx is the side of the dense mesh's quads in pixels (two triangles
// per quad, so a triangle covers two pixels).
const quadPx = 2

// depthRange is the orthographic camera's depth (pixel units): z in
// [0, depthRange) maps to depth [0, 1).
const depthRange = 1024

// toCamera is the direction from the scene towards the orthographic
// camera. Front faces are counter-clockwise in framebuffer coordinates,
// which makes a triangle's normal cross(v1-v0, v2-v0) point along it.
var toCamera = [3]float64{0, 0, -1}

// object is a triangle mesh: positions in pixels, triangles as global
// vertex indices with the provoking (first) vertex the one whose ID colours
// the triangle, and the front-facing axis-aligned quads the CPU expectation
// paints.
type object struct {
	pos  [][3]float32
	tris [][3]uint32
	// groups are the starts of the triangle runs a meshlet may not span
	// (blocks of quads), in triangle order.
	groups []int
	// quads are the front-facing quads: pixel rectangle, depth and the
	// ID of their provoking vertex (relative to the instance's ID base).
	quads []quad
	// block builds the triangle order for meshlets of at most v vertices
	// and p triangles (nil: the order is fixed).
	block func(v, p int) (tris [][3]uint32, groups []int)
}

type quad struct {
	x0, y0, x1, y1 int
	z              float32
	id             uint32
}

// placement places a copy of the object.
type placement struct {
	off [3]float32
	id  uint32 // ID of the object's vertex 0
}

// meshlets is an object split for one pair of limits.
type meshlets struct {
	maxV, maxP int
	list       []meshletDesc
	bounds     []meshletBounds
	vidx       []uint32
	prims      []uint32 // packed local indices, 8 bits each
	// index is the classic pipeline's index buffer: the same triangles
	// in the same order.
	index []uint32
}

type meshletDesc struct{ vOff, vCount, pOff, pCount uint32 }

type meshletBounds struct {
	center [3]float32
	radius float32
	axis   [3]float32
	cutoff float32
}

// scene is one workload: an object, its instances and the expected image.
type scene struct {
	kind          string
	w, h          int
	obj           *object
	inst          []placement
	builds        map[[2]int]*meshlets
	expect        []uint32
	coveredPixels int
}

// blockShape picks the a×b block of quads with the most triangles whose
// (a+1)(b+1) vertices and 2ab triangles fit the limits (ties: squarer).
func blockShape(maxV, maxP int) (a, b int) {
	best := -1
	for x := 1; x <= maxV; x++ {
		for y := x; y <= maxV; y++ {
			if (x+1)*(y+1) > maxV || 2*x*y > maxP {
				continue
			}
			if 2*x*y > best {
				best, a, b = 2*x*y, x, y
			}
		}
	}
	return a, b
}

// denseScene is a grid of quadPx quads in two layers: a front heightfield
// facing the camera and, behind it, a back layer facing away (the hidden
// half of a closed surface). The grid starts a quarter of the width to the
// right and a quarter of the height above the framebuffer and extends past
// its right edge, so about half of the front layer is outside the view.
func denseScene(w, h int) *scene {
	x0 := (w / 4) &^ 1
	y0 := -((h / 4) &^ 1)
	gx := (w*5/4 + quadPx - 1) / quadPx
	gy := (h*5/4 + quadPx - 1) / quadPx
	nv := (gx + 1) * (gy + 1)
	obj := &object{pos: make([][3]float32, 2*nv)}
	vid := func(layer, i, j int) uint32 { return uint32(layer*nv + j*(gx+1) + i) }
	for j := 0; j <= gy; j++ {
		for i := 0; i <= gx; i++ {
			x, y := float32(x0+i*quadPx), float32(y0+j*quadPx)
			zf := 300 + 8*math.Sin(float64(i)*0.21)*math.Cos(float64(j)*0.17)
			zb := 700 + 8*math.Sin(float64(i)*0.13+1)*math.Cos(float64(j)*0.19)
			obj.pos[vid(0, i, j)] = [3]float32{x, y, float32(zf)}
			obj.pos[vid(1, i, j)] = [3]float32{x, y, float32(zb)}
		}
	}
	for j := 0; j < gy; j++ {
		for i := 0; i < gx; i++ {
			obj.quads = append(obj.quads, quad{
				x0: x0 + i*quadPx, y0: y0 + j*quadPx, x1: x0 + (i+1)*quadPx, y1: y0 + (j+1)*quadPx,
				z: obj.pos[vid(0, i, j)][2], id: vid(0, i, j),
			})
		}
	}
	obj.block = func(maxV, maxP int) ([][3]uint32, []int) {
		a, b := blockShape(maxV, maxP)
		var tris [][3]uint32
		var groups []int
		for layer := 0; layer < 2; layer++ {
			for bj := 0; bj < gy; bj += b {
				for bi := 0; bi < gx; bi += a {
					groups = append(groups, len(tris))
					for j := bj; j < min(bj+b, gy); j++ {
						for i := bi; i < min(bi+a, gx); i++ {
							v00, v10 := vid(layer, i, j), vid(layer, i+1, j)
							v01, v11 := vid(layer, i, j+1), vid(layer, i+1, j+1)
							if layer == 0 { // front: counter-clockwise on screen
								tris = append(tris, [3]uint32{v00, v11, v10}, [3]uint32{v00, v01, v11})
							} else { // back: clockwise, faces away
								tris = append(tris, [3]uint32{v00, v10, v11}, [3]uint32{v00, v11, v01})
							}
						}
					}
				}
			}
		}
		return tris, groups
	}
	s := &scene{kind: "dense", w: w, h: h, obj: obj, inst: []placement{{id: 1}}, builds: map[[2]int]*meshlets{}}
	s.paint()
	return s
}

// instanceGrid is the small object of the instances scene: 4×4 quads of
// 2 pixels (25 vertices, 32 triangles, one meshlet), flat at z = 0.
const instanceGrid = 4

// instanceSpacing is the distance between instances in pixels: less than
// the object's 8 pixels, so neighbours overlap and the depth test decides.
const instanceSpacing = 6

// instancesScene is a lattice of small objects, each at its own depth,
// overlapping their neighbours, extending an eighth of the framebuffer past
// every edge and further to the right and bottom, so part of them is off
// screen.
func instancesScene(w, h int) *scene {
	n := instanceGrid
	obj := &object{}
	vid := func(i, j int) uint32 { return uint32(j*(n+1) + i) }
	for j := 0; j <= n; j++ {
		for i := 0; i <= n; i++ {
			obj.pos = append(obj.pos, [3]float32{float32(i * quadPx), float32(j * quadPx), 0})
		}
	}
	obj.groups = []int{0}
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			obj.tris = append(obj.tris, [3]uint32{vid(i, j), vid(i+1, j+1), vid(i+1, j)}, [3]uint32{vid(i, j), vid(i, j+1), vid(i+1, j+1)})
			obj.quads = append(obj.quads, quad{x0: i * quadPx, y0: j * quadPx, x1: (i + 1) * quadPx, y1: (j + 1) * quadPx, id: vid(i, j)})
		}
	}
	ox, oy := -w/8, -h/8
	nx := (w*11/8 + instanceSpacing - 1) / instanceSpacing
	ny := (h*11/8 + instanceSpacing - 1) / instanceSpacing
	count := nx * ny
	// Depths: a permutation of count evenly spaced values in [100, 900),
	// so no two instances share a depth.
	stride := 7919
	for gcd(stride, count) != 1 {
		stride += 2
	}
	s := &scene{kind: "instances", w: w, h: h, obj: obj, builds: map[[2]int]*meshlets{}}
	for k := 0; k < count; k++ {
		i, j := k%nx, k/nx
		z := 100 + 800*float64((k*stride)%count)/float64(count)
		s.inst = append(s.inst, placement{
			off: [3]float32{float32(ox + i*instanceSpacing), float32(oy + j*instanceSpacing), float32(z)},
			id:  uint32(1 + k*len(obj.pos)),
		})
	}
	s.paint()
	return s
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// paint computes the expected image: for each pixel, the ID of the
// nearest front-facing quad covering its centre, 0 for none. Quads lie on
// whole pixels, so which pixels a quad covers is exact; depths of
// overlapping quads differ by far more than rasterization error.
func (s *scene) paint() {
	s.expect = make([]uint32, s.w*s.h)
	depth := make([]float32, s.w*s.h)
	for i := range depth {
		depth[i] = float32(math.Inf(1))
	}
	for _, in := range s.inst {
		ox, oy := int(in.off[0]), int(in.off[1])
		for _, q := range s.obj.quads {
			z := q.z + in.off[2]
			for y := max(q.y0+oy, 0); y < min(q.y1+oy, s.h); y++ {
				for x := max(q.x0+ox, 0); x < min(q.x1+ox, s.w); x++ {
					if p := y*s.w + x; z < depth[p] {
						depth[p], s.expect[p] = z, in.id+q.id
					}
				}
			}
		}
	}
	for _, v := range s.expect {
		if v != 0 {
			s.coveredPixels++
		}
	}
}

// primitives is the scene's triangle count per pass.
func (s *scene) primitives() int { return len(s.inst) * s.triangles() }

func (s *scene) triangles() int {
	if s.obj.block != nil {
		// Both layers of the dense grid: every block order has them all.
		return 2 * 2 * len(s.obj.quads)
	}
	return len(s.obj.tris)
}

// split returns the object's meshlets for the limits (cached).
func (s *scene) split(maxV, maxP int) (*meshlets, error) {
	key := [2]int{maxV, maxP}
	if m, ok := s.builds[key]; ok {
		return m, nil
	}
	tris, groups := s.obj.tris, s.obj.groups
	if s.obj.block != nil {
		tris, groups = s.obj.block(maxV, maxP)
	}
	m, err := buildMeshlets(s.obj.pos, tris, groups, maxV, maxP)
	if err != nil {
		return nil, err
	}
	s.builds[key] = m
	return m, nil
}

// buildMeshlets splits triangles greedily, in order, into meshlets of at
// most maxV vertices and maxP triangles, starting a new meshlet at every
// group start; it computes each meshlet's bounding sphere and normal cone.
func buildMeshlets(pos [][3]float32, tris [][3]uint32, groups []int, maxV, maxP int) (*meshlets, error) {
	if maxV > 256 {
		return nil, fmt.Errorf("meshlet vertex limit %d exceeds the 8-bit local indices", maxV)
	}
	m := &meshlets{maxV: maxV, maxP: maxP, index: make([]uint32, 0, 3*len(tris))}
	local := map[uint32]uint32{}
	var cur meshletDesc
	var curTris [][3]uint32
	flush := func() {
		if cur.pCount == 0 {
			return
		}
		m.list = append(m.list, cur)
		m.bounds = append(m.bounds, boundsOf(pos, m.vidx[cur.vOff:], curTris))
		cur = meshletDesc{vOff: uint32(len(m.vidx)), pOff: uint32(len(m.prims))}
		curTris = curTris[:0]
		clear(local)
	}
	g := 0
	for t, tri := range tris {
		if g < len(groups) && groups[g] == t {
			flush()
			g++
		}
		fresh := 0
		for k, v := range tri {
			if _, ok := local[v]; !ok && (k == 0 || v != tri[0]) && (k < 2 || v != tri[1]) {
				fresh++
			}
		}
		if int(cur.vCount)+fresh > maxV || int(cur.pCount)+1 > maxP {
			flush()
		}
		var packed uint32
		for k, v := range tri {
			l, ok := local[v]
			if !ok {
				l = cur.vCount
				local[v] = l
				m.vidx = append(m.vidx, v)
				cur.vCount++
			}
			packed |= l << (8 * k)
			m.index = append(m.index, v)
		}
		m.prims = append(m.prims, packed)
		cur.pCount++
		curTris = append(curTris, tri)
	}
	flush()
	return m, nil
}

// boundsOf is a meshlet's bounding sphere (centre of the bounding box, the
// farthest vertex's distance, rounded up) and normal cone: the mean of the
// unit triangle normals and the sine of the largest angle between it and a
// normal (1 — never culled — when that angle reaches 90°), padded so that
// float32 rounding never culls a visible meshlet.
func boundsOf(pos [][3]float32, vidx []uint32, tris [][3]uint32) meshletBounds {
	lo := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := [3]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	seen := map[uint32]bool{}
	for _, tri := range tris {
		for _, v := range tri {
			if seen[v] {
				continue
			}
			seen[v] = true
			for k := 0; k < 3; k++ {
				lo[k] = math.Min(lo[k], float64(pos[v][k]))
				hi[k] = math.Max(hi[k], float64(pos[v][k]))
			}
		}
	}
	var c [3]float64
	for k := range c {
		c[k] = (lo[k] + hi[k]) / 2
	}
	r := 0.0
	for v := range seen {
		d := 0.0
		for k := 0; k < 3; k++ {
			e := float64(pos[v][k]) - c[k]
			d += e * e
		}
		r = math.Max(r, math.Sqrt(d))
	}
	var axis [3]float64
	normals := make([][3]float64, len(tris))
	for i, tri := range tris {
		normals[i] = unitNormal(pos, tri)
		for k := range axis {
			axis[k] += normals[i][k]
		}
	}
	cutoff := 1.0
	if l := norm(axis); l > 1e-9 {
		for k := range axis {
			axis[k] /= l
		}
		minDot := 1.0
		for _, n := range normals {
			minDot = math.Min(minDot, dot(axis, n))
		}
		if minDot > 0 {
			cutoff = math.Min(1, math.Sqrt(1-minDot*minDot)+1e-3)
		}
	}
	return meshletBounds{
		center: [3]float32{float32(c[0]), float32(c[1]), float32(c[2])},
		radius: float32(r*(1+1e-6) + 1e-3),
		axis:   [3]float32{float32(axis[0]), float32(axis[1]), float32(axis[2])},
		cutoff: float32(cutoff),
	}
}

func unitNormal(pos [][3]float32, tri [3]uint32) [3]float64 {
	var p [3][3]float64
	for i, v := range tri {
		for k := 0; k < 3; k++ {
			p[i][k] = float64(pos[v][k])
		}
	}
	e1 := [3]float64{p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]}
	e2 := [3]float64{p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]}
	n := [3]float64{e1[1]*e2[2] - e1[2]*e2[1], e1[2]*e2[0] - e1[0]*e2[2], e1[0]*e2[1] - e1[1]*e2[0]}
	l := norm(n)
	return [3]float64{n[0] / l, n[1] / l, n[2] / l}
}

func dot(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func norm(a [3]float64) float64   { return math.Sqrt(dot(a, a)) }

// cullMargin is how close (in pixels, or in cosine for the cone test) a
// task-shader comparison may come to its threshold before the CPU treats
// the meshlet's fate as unknown (float32 on the GPU versus float64 here).
const cullMargin = 1e-2

// expectCull replays the task shader's culling on the CPU: the number of
// items (meshlet × instance) and their triangles that surely survive, and
// those whose fate is within cullMargin of a threshold.
func (s *scene) expectCull(m *meshlets) (items, prims, unsureItems, unsurePrims int) {
	w, h := float64(s.w), float64(s.h)
	for _, in := range s.inst {
		for i, b := range m.bounds {
			var c [3]float64
			for k := range c {
				c[k] = float64(b.center[k]) + float64(in.off[k])
			}
			r := float64(b.radius)
			// Each test culls when its value is <= 0.
			tests := []float64{
				c[0] + r, w - (c[0] - r), c[1] + r, h - (c[1] - r), c[2] + r, depthRange - (c[2] - r),
				dot([3]float64{float64(b.axis[0]), float64(b.axis[1]), float64(b.axis[2])}, toCamera) + float64(b.cutoff),
			}
			culled, unsure := false, false
			for _, t := range tests {
				switch {
				case t <= -cullMargin:
					culled = true
				case t < cullMargin:
					unsure = true
				}
			}
			n := int(m.list[i].pCount)
			switch {
			case culled:
			case unsure:
				unsureItems++
				unsurePrims += n
			default:
				items++
				prims += n
			}
		}
	}
	return items, prims, unsureItems, unsurePrims
}
