package gpu

import "testing"

// TestPipelineKey: a key changes with what the compiler is given and with
// nothing else (a render target's size is no input of the compiler).
func TestPipelineKey(t *testing.T) {
	base := ComputeSpec{Name: "k.comp", SPIRV: []byte{1, 2, 3, 4}, Buffers: 3, PushSize: 16, SpecConstants: []uint32{16, 16}}
	for _, tc := range []struct {
		name string
		edit func(*ComputeSpec)
		same bool
	}{
		{"identical", func(*ComputeSpec) {}, true},
		{"spirv", func(s *ComputeSpec) { s.SPIRV = []byte{1, 2, 3, 5} }, false},
		{"spec constant", func(s *ComputeSpec) { s.SpecConstants = []uint32{16, 8} }, false},
		{"spec constants split differently", func(s *ComputeSpec) { s.SpecConstants = []uint32{16} }, false},
		{"subgroup size", func(s *ComputeSpec) { s.RequiredSubgroupSize = 32 }, false},
		{"buffers", func(s *ComputeSpec) { s.Buffers = 4 }, false},
		{"push size", func(s *ComputeSpec) { s.PushSize = 32 }, false},
		{"name", func(s *ComputeSpec) { s.Name = "other.comp" }, false},
	} {
		s := base
		s.SpecConstants = append([]uint32(nil), base.SpecConstants...)
		tc.edit(&s)
		if got := s.Key() == base.Key(); got != tc.same || len(s.Key()) != 16 {
			t.Errorf("compute %s: key %s vs %s, same %v, want %v", tc.name, s.Key(), base.Key(), got, tc.same)
		}
	}
	g := GraphicsSpec{Name: "classic", Target: &RenderTarget{Width: 256, Height: 256, ColorFormat: FormatR32Uint},
		Stages:   []GraphicsStage{{Stage: StageVertex, Name: "v.vert", SPIRV: []byte{1}}, {Stage: StageFragment, Name: "f.frag", SPIRV: []byte{2}}},
		CullBack: true}
	for _, tc := range []struct {
		name string
		edit func(*GraphicsSpec)
		same bool
	}{
		{"target size", func(s *GraphicsSpec) { s.Target = &RenderTarget{Width: 512, Height: 128, ColorFormat: FormatR32Uint} }, true},
		{"target format", func(s *GraphicsSpec) {
			s.Target = &RenderTarget{Width: 256, Height: 256, ColorFormat: FormatR32G32B32A32Sfloat}
		}, false},
		{"culling", func(s *GraphicsSpec) { s.CullBack = false }, false},
		{"stage spec constant", func(s *GraphicsSpec) {
			s.Stages = []GraphicsStage{s.Stages[0], {Stage: StageFragment, Name: "f.frag", SPIRV: []byte{2}, SpecConstants: []uint32{1}}}
		}, false},
		{"vertex input", func(s *GraphicsSpec) { s.VertexBindings = []VertexBinding{{Binding: 0, Stride: 16}} }, false},
	} {
		s := g
		tc.edit(&s)
		if got := s.Key() == g.Key(); got != tc.same {
			t.Errorf("graphics %s: same %v, want %v", tc.name, got, tc.same)
		}
	}
}
