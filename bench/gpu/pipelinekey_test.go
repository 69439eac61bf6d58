package gpu

import "testing"

// TestPipelineKey: a compute pipeline's key changes with what the
// compiler is given and with nothing else.
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
}
