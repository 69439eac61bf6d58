package mesh

import (
	"slices"
	"testing"
)

func TestBlockShape(t *testing.T) {
	for _, tc := range []struct{ v, p, a, b int }{
		{64, 124, 7, 7},   // 64 vertices, 98 triangles
		{128, 256, 7, 15}, // 128 vertices, 210 triangles
		{4, 2, 1, 1},
	} {
		if a, b := blockShape(tc.v, tc.p); a != tc.a || b != tc.b {
			t.Errorf("blockShape(%d, %d) = %dx%d, want %dx%d", tc.v, tc.p, a, b, tc.a, tc.b)
		}
	}
}

// TestMeshlets: every meshlet respects its limits, the meshlets hold every
// triangle exactly once with its provoking vertex first, and the classic
// index buffer is the same triangles in the same order.
func TestMeshlets(t *testing.T) {
	for _, tc := range []struct {
		kind       string
		w, h       int
		maxV, maxP int
	}{
		{"dense", 256, 256, 64, 124},
		{"dense", 256, 256, 128, 256},
		{"dense", 100, 60, 64, 124},
		{"instances", 256, 256, 64, 124},
	} {
		var s *scene
		if tc.kind == "dense" {
			s = denseScene(tc.w, tc.h)
		} else {
			s = instancesScene(tc.w, tc.h)
		}
		m, err := s.split(tc.maxV, tc.maxP)
		if err != nil {
			t.Fatal(err)
		}
		var tris, fromIndex [][3]uint32
		for i, d := range m.list {
			if d.vCount == 0 || int(d.vCount) > tc.maxV || d.pCount == 0 || int(d.pCount) > tc.maxP {
				t.Fatalf("%s %d/%d: meshlet %d has %d vertices, %d triangles", tc.kind, tc.maxV, tc.maxP, i, d.vCount, d.pCount)
			}
			for p := d.pOff; p < d.pOff+d.pCount; p++ {
				var tri [3]uint32
				for k := range tri {
					l := m.prims[p] >> (8 * k) & 0xff
					if l >= d.vCount {
						t.Fatalf("meshlet %d: local index %d of %d vertices", i, l, d.vCount)
					}
					tri[k] = m.vidx[d.vOff+l]
				}
				tris = append(tris, tri)
			}
		}
		for i := 0; i < len(m.index); i += 3 {
			fromIndex = append(fromIndex, [3]uint32{m.index[i], m.index[i+1], m.index[i+2]})
		}
		if !slices.Equal(tris, fromIndex) {
			t.Errorf("%s: meshlet triangles differ from the classic index buffer", tc.kind)
		}
		if len(tris) != s.triangles() {
			t.Errorf("%s: %d triangles in meshlets, scene has %d", tc.kind, len(tris), s.triangles())
		}
		seen := map[[3]uint32]bool{}
		for _, tri := range tris {
			if seen[tri] {
				t.Fatalf("%s: triangle %v twice", tc.kind, tri)
			}
			seen[tri] = true
		}
	}
}

// TestDenseCulling: the CPU replay of the task shader keeps part of the
// front layer, culls the whole back layer and everything off screen, and
// no meshlet sits near a threshold.
func TestDenseCulling(t *testing.T) {
	s := denseScene(256, 256)
	for _, lim := range [][2]int{{64, 124}, {128, 256}} {
		m, err := s.split(lim[0], lim[1])
		if err != nil {
			t.Fatal(err)
		}
		items, prims, unsure, _ := s.expectCull(m)
		if unsure != 0 {
			t.Errorf("%v: %d meshlets near a cull threshold", lim, unsure)
		}
		front := s.triangles() / 2
		if items == 0 || prims >= front || prims < front/4 {
			t.Errorf("%v: %d meshlets with %d triangles survive, front layer has %d", lim, items, prims, front)
		}
	}
	// Instances: all face the camera; only the off-screen ones are culled.
	in := instancesScene(256, 256)
	m, _ := in.split(64, 124)
	items, _, unsure, _ := in.expectCull(m)
	if unsure != 0 || items == 0 || items >= len(in.inst) {
		t.Errorf("instances: %d of %d survive, %d unsure", items, len(in.inst), unsure)
	}
}

// TestExpectedImage: the dense scene leaves the left quarter empty and
// covers the rest; every instance's depth is unique.
func TestExpectedImage(t *testing.T) {
	s := denseScene(64, 32)
	for y := 0; y < s.h; y++ {
		for x := 0; x < s.w; x++ {
			got := s.expect[y*s.w+x] != 0
			if want := x >= 16; got != want {
				t.Fatalf("pixel (%d,%d) covered %v, want %v", x, y, got, want)
			}
		}
	}
	in := instancesScene(128, 96)
	depths := map[float32]bool{}
	for _, p := range in.inst {
		if depths[p.off[2]] {
			t.Fatalf("two instances at depth %v", p.off[2])
		}
		depths[p.off[2]] = true
	}
	if in.coveredPixels != in.w*in.h {
		t.Errorf("instances cover %d of %d pixels", in.coveredPixels, in.w*in.h)
	}
}
