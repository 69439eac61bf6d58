package rayquery

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestIntersect(t *testing.T) {
	a, b, c := vec3{0, 0, 0}, vec3{1, 0, 0}, vec3{0, 1, 0}
	tol := func(float64) float64 { return 1e-6 }
	tests := []struct {
		name       string
		o, d       vec3
		tmin, tmax float64
		wantT      float64
		want       hitKind
	}{
		{"centre", vec3{0.25, 0.25, 1}, vec3{0, 0, -1}, 0, 10, 1, definiteHit},
		{"back face", vec3{0.25, 0.25, -2}, vec3{0, 0, 1}, 0, 10, 2, definiteHit},
		{"unnormalised direction keeps t", vec3{0.25, 0.25, 4}, vec3{0, 0, -2}, 0, 10, 2, definiteHit},
		{"outside", vec3{0.8, 0.8, 1}, vec3{0, 0, -1}, 0, 10, 0, noHit},
		{"on an edge", vec3{0.5, 0, 1}, vec3{0, 0, -1}, 0, 10, 1, possibleHit},
		{"on a vertex", vec3{0, 0, 1}, vec3{0, 0, -1}, 0, 10, 1, possibleHit},
		{"just outside an edge", vec3{0.5, -5e-5, 1}, vec3{0, 0, -1}, 0, 10, 1, possibleHit},
		{"clearly outside an edge", vec3{0.5, -1e-3, 1}, vec3{0, 0, -1}, 0, 10, 0, noHit},
		{"parallel to the plane", vec3{0.25, 0.25, 1}, vec3{1, 0, 0}, 0, 10, 0, noHit},
		{"grazing the plane", vec3{-1, 0.25, 1e-4}, vec3{1, 0, -1e-4}, 0, 10, 1, possibleHit},
		{"behind the origin", vec3{0.25, 0.25, -1}, vec3{0, 0, -1}, 0, 10, -1, noHit},
		{"before tmin", vec3{0.25, 0.25, 1}, vec3{0, 0, -1}, 2, 10, 1, noHit},
		{"beyond tmax", vec3{0.25, 0.25, 1}, vec3{0, 0, -1}, 0, 0.5, 1, noHit},
		{"at tmax", vec3{0.25, 0.25, 1}, vec3{0, 0, -1}, 0, 1, 1, possibleHit},
		{"at tmin (starting on the surface)", vec3{0.25, 0.25, 0}, vec3{0, 0, -1}, 0, 1, 0, possibleHit},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, kind := intersect(tc.o, tc.d, a, b, c, tc.tmin, tc.tmax, tol)
			if kind != tc.want {
				t.Fatalf("kind %d, want %d (t=%g)", kind, tc.want, got)
			}
			if kind != noHit && math.Abs(got-tc.wantT) > 1e-9 {
				t.Errorf("t = %g, want %g", got, tc.wantT)
			}
		})
	}
	// Degenerate triangles never hit.
	if _, k := intersect(vec3{0, 0, 1}, vec3{0, 0, -1}, a, a, b, 0, 10, tol); k != noHit {
		t.Errorf("degenerate triangle hit")
	}
}

func TestInvert(t *testing.T) {
	m := transform(vec3{0, 0.6, 0.8}, 1.1, 2.5, vec3{3, -4, 5})
	in := instance{Transform: m}
	fw := in.fwd()
	inv := invert(fw)
	for _, p := range []vec3{{0, 0, 0}, {1, 2, 3}, {-7, 0.5, 9}} {
		q := in.apply(inv, in.apply(fw, p, true), true)
		if q.sub(p).len() > 1e-5 {
			t.Errorf("inv(fw(%v)) = %v", p, q)
		}
		d := in.apply(inv, in.apply(fw, p, false), false)
		if d.sub(p).len() > 1e-5 {
			t.Errorf("direction %v -> %v", p, d)
		}
	}
}

// bruteClosest is the closest definite hit over every triangle of every
// instance, without BVHs.
func bruteClosest(s *scene, r *ray, alpha int) hit {
	best := miss
	for ii := range s.Instances {
		m := s.Meshes[s.Instances[ii].Mesh]
		for p := range m.tris() {
			t, k := s.check(r, ii, p, alpha)
			if k == definiteHit && t < best.T {
				best = hit{t, ii, p}
			}
		}
	}
	return best
}

// TestClosestMatchesBruteForce: the BVH traversal finds the same closest
// hit as testing every triangle, for every scene and ray kind.
func TestClosestMatchesBruteForce(t *testing.T) {
	for _, kind := range []sceneKind{spheres, terrain, room} {
		s := genScene(sceneSpec{Kind: kind, Tris: 200, Instances: 9, Seed: 7})
		for _, rk := range []rayKind{primary, ao, bounce} {
			for _, alpha := range []int{0, alphaCut} {
				rays := genRays(s, kind, rk, 400, 7)
				hits := 0
				for i := range rays {
					r := &rays[i]
					got, want := s.closest(r, alpha), bruteClosest(s, r, alpha)
					if got.Def.Inst != want.Inst || got.Def.Prim != want.Prim || (want.Inst >= 0 && math.Abs(got.Def.T-want.T) > 1e-12) {
						t.Fatalf("%s/%s/alpha %d ray %d: BVH %+v, brute force %+v", kind, rk, alpha, i, got.Def, want)
					}
					if got.Pos.T > got.Def.T {
						t.Fatalf("closest possible hit %v behind the definite %v", got.Pos, got.Def)
					}
					if want.Inst >= 0 {
						hits++
					}
				}
				if hits == 0 {
					t.Errorf("%s/%s: no ray hits anything", kind, rk)
				}
			}
		}
	}
}

// TestMeshesClosed: every edge of the sphere and the room box is shared
// by exactly two triangles (closed surfaces: rays from inside must hit).
func TestMeshesClosed(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for name, m := range map[string]*mesh{"sphere": sphereMesh(1000, rng), "box": boxMesh(4)} {
		// The box's faces have their own vertices: weld by position.
		key := func(i uint32) [3]float32 { return [3]float32{m.Verts[3*i], m.Verts[3*i+1], m.Verts[3*i+2]} }
		edges := map[[2][3]float32]int{}
		for p := range m.tris() {
			for e := range 3 {
				a, b := key(m.Idx[3*p+e]), key(m.Idx[3*p+(e+1)%3])
				if a == b {
					t.Fatalf("%s: degenerate edge in triangle %d", name, p)
				}
				if less(b, a) {
					a, b = b, a
				}
				edges[[2][3]float32{a, b}]++
			}
		}
		for e, n := range edges {
			if n != 2 {
				t.Fatalf("%s: edge %v used %d times", name, e, n)
			}
		}
	}
}

func less(a, b [3]float32) bool {
	for i := range 3 {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func TestSceneSizesAndDeterminism(t *testing.T) {
	for _, tc := range []struct {
		kind           sceneKind
		tris, inst     int
		wantInstances  int
		minTris, maxTr int
	}{
		{spheres, 1024, 16, 16, 900, 1100},
		{spheres, 65536, 3, 3, 60000, 70000},
		{terrain, 1024, 9, 9, 900, 1100},
		{room, 1024, 8, 8, 900, 1100},
	} {
		a := genScene(sceneSpec{tc.kind, tc.tris, tc.inst, 3})
		b := genScene(sceneSpec{tc.kind, tc.tris, tc.inst, 3})
		if len(a.Instances) != tc.wantInstances {
			t.Errorf("%s: %d instances, want %d", tc.kind, len(a.Instances), tc.wantInstances)
		}
		m := a.Meshes[len(a.Meshes)-1]
		if m.tris() < tc.minTris || m.tris() > tc.maxTr {
			t.Errorf("%s: %d triangles for %d asked", tc.kind, m.tris(), tc.tris)
		}
		for i := range a.Instances {
			if a.Instances[i].Transform != b.Instances[i].Transform {
				t.Fatalf("%s: not deterministic", tc.kind)
			}
		}
	}
}

func encodeHits(hs []gpuHit) []byte {
	out := make([]byte, 16*len(hs))
	for i, h := range hs {
		binary.LittleEndian.PutUint32(out[16*i:], math.Float32bits(h.T))
		binary.LittleEndian.PutUint32(out[16*i+4:], h.Prim)
		binary.LittleEndian.PutUint32(out[16*i+8:], h.Inst)
		binary.LittleEndian.PutUint32(out[16*i+12:], h.Front)
	}
	return out
}

// TestCompare: the reference's own answers pass; a wrong primitive, a
// wrong distance, a dropped or invented hit and (closest-hit mode) a
// farther hit are mismatches, while first-hit mode accepts any real hit.
func TestCompare(t *testing.T) {
	s := genScene(sceneSpec{Kind: spheres, Tris: 256, Instances: 8, Seed: 5})
	rays := genRays(s, spheres, primary, 1024, 5)
	rs := newRefSet(s, rays, 0, 5)
	perfect := make([]gpuHit, len(rays))
	hitRay, missRay, multiRay := -1, -1, -1
	for k, i := range rs.idx {
		d := rs.refs[k].Def
		perfect[i] = gpuHit{T: float32(d.T), Prim: uint32(d.Prim), Inst: uint32(d.Inst)}
		if d.Inst < 0 {
			perfect[i] = gpuHit{Prim: math.MaxUint32, Inst: math.MaxUint32}
			if missRay < 0 {
				missRay = i
			}
		} else if hitRay < 0 && !rs.refs[k].grazing(&rays[i]) {
			hitRay = i
		}
	}
	// A ray crossing a sphere has a farther hit (the sphere's back).
	var back gpuHit
	for k, i := range rs.idx {
		d := rs.refs[k].Def
		if d.Inst < 0 || rs.refs[k].grazing(&rays[i]) {
			continue
		}
		r := rays[i]
		r.Tmin = float32(d.T + 0.05)
		if b := s.closest(&r, 0).Def; b.Inst >= 0 && !math.IsInf(b.T, 1) {
			multiRay, back = i, gpuHit{T: float32(b.T), Prim: uint32(b.Prim), Inst: uint32(b.Inst)}
			break
		}
	}
	if hitRay < 0 || missRay < 0 || multiRay < 0 {
		t.Fatalf("scene lacks hit/miss/multi-hit rays: %d %d %d", hitRay, missRay, multiRay)
	}
	if fig, err := compare(s, rays, rs, encodeHits(perfect), false, 0); err != nil || fig["mismatches"] != 0 {
		t.Fatalf("reference answers fail: %v %v", err, fig)
	}
	tests := []struct {
		name     string
		ray      int
		h        gpuHit
		firstHit bool
		wantErr  string
	}{
		{"wrong primitive", hitRay, gpuHit{T: perfect[hitRay].T, Prim: perfect[hitRay].Prim ^ 1, Inst: perfect[hitRay].Inst}, false, "does not intersect"},
		{"wrong distance", hitRay, gpuHit{T: perfect[hitRay].T * 1.01, Prim: perfect[hitRay].Prim, Inst: perfect[hitRay].Inst}, false, "hit distance"},
		{"dropped hit", hitRay, gpuHit{Prim: math.MaxUint32, Inst: math.MaxUint32}, false, "GPU misses"},
		{"invented hit", missRay, gpuHit{T: 1, Prim: 0, Inst: 0}, false, "does not intersect"},
		{"farther hit in closest mode", multiRay, back, false, "behind the reference"},
		{"farther hit in first-hit mode", multiRay, back, true, ""},
		{"NaN (unwritten)", hitRay, gpuHit{T: float32(math.NaN()), Prim: perfect[hitRay].Prim, Inst: perfect[hitRay].Inst}, false, "does not intersect"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			hs := append([]gpuHit(nil), perfect...)
			hs[tc.ray] = tc.h
			fig, err := compare(s, rays, rs, encodeHits(hs), tc.firstHit, 0)
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Fatalf("error %v, want one containing %q", err, tc.wantErr)
			case tc.wantErr != "" && fig["mismatches"] != 1:
				t.Fatalf("mismatches = %v, want 1", fig["mismatches"])
			}
		})
	}
}

func TestCutOut(t *testing.T) {
	for _, tc := range []struct {
		prim, alpha int
		want        bool
	}{{0, 0, false}, {3, 0, false}, {3, 4, true}, {7, 4, true}, {4, 4, false}, {2, 4, false}} {
		if got := cutOut(tc.prim, tc.alpha); got != tc.want {
			t.Errorf("cutOut(%d, %d) = %v", tc.prim, tc.alpha, got)
		}
	}
}

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    [3]int64
		wantErr string
	}{
		{"1024", [3]int64{1024, 16, 65536}, ""},
		{"65536x256", [3]int64{65536, 256, 65536}, ""},
		{" 1048576x16x1048576 ", [3]int64{1048576, 16, 1048576}, ""},
		{"1024x", [3]int64{}, "not a whole number"},
		{"abc", [3]int64{}, "not a whole number"},
		{"1x2x3x4", [3]int64{}, "malformed"},
		{"0", [3]int64{}, "between 1 and"},
		{"16", [3]int64{}, "at least 32"},
		{"1024x0", [3]int64{}, "between 1 and"},
	} {
		p, err := ParseSize(tc.in)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParseSize(%q) error %v, want %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || p["tris"] != tc.want[0] || p["instances"] != tc.want[1] || p["rays"] != tc.want[2] {
			t.Errorf("ParseSize(%q) = %v, %v", tc.in, p, err)
		}
	}
}

func TestSampleRays(t *testing.T) {
	if got := sampleRays(100, 1); len(got) != 100 {
		t.Errorf("small sets are covered fully: %d", len(got))
	}
	got := sampleRays(1<<20, 1)
	if len(got) != minSampled || got[0] != 0 || got[len(got)-1] != 1<<20-1 {
		t.Errorf("sample of %d, first %d last %d", len(got), got[0], got[len(got)-1])
	}
	for i := 1; i < len(got); i++ {
		if got[i] <= got[i-1] {
			t.Fatal("sample not sorted and unique")
		}
	}
}
