package graphics

import (
	"testing"

	"github.com/radvbench/radvbench/bench/gpu"
)

// TestPipelineKey: a graphics pipeline's key changes with what the
// compiler is given and with nothing else (a render target's size is no
// input of the compiler).
func TestPipelineKey(t *testing.T) {
	g := PipelineSpec{Name: "classic", Target: &RenderTarget{Width: 256, Height: 256, ColorFormat: gpu.FormatR32Uint},
		Stages:   []Stage{{Stage: gpu.StageVertex, Name: "v.vert", SPIRV: []byte{1}}, {Stage: gpu.StageFragment, Name: "f.frag", SPIRV: []byte{2}}},
		CullBack: true}
	for _, tc := range []struct {
		name string
		edit func(*PipelineSpec)
		same bool
	}{
		{"target size", func(s *PipelineSpec) {
			s.Target = &RenderTarget{Width: 512, Height: 128, ColorFormat: gpu.FormatR32Uint}
		}, true},
		{"target format", func(s *PipelineSpec) {
			s.Target = &RenderTarget{Width: 256, Height: 256, ColorFormat: gpu.FormatR32G32B32A32Sfloat}
		}, false},
		{"culling", func(s *PipelineSpec) { s.CullBack = false }, false},
		{"stage spec constant", func(s *PipelineSpec) {
			s.Stages = []Stage{s.Stages[0], {Stage: gpu.StageFragment, Name: "f.frag", SPIRV: []byte{2}, SpecConstants: []uint32{1}}}
		}, false},
		{"vertex input", func(s *PipelineSpec) { s.VertexBindings = []VertexBinding{{Binding: 0, Stride: 16}} }, false},
	} {
		s := g
		tc.edit(&s)
		if got := s.Key() == g.Key(); got != tc.same {
			t.Errorf("graphics %s: same %v, want %v", tc.name, got, tc.same)
		}
	}
}
