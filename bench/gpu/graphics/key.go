package graphics

import "github.com/radvbench/radvbench/bench/gpu/internal/pipelinekey"

// Key is the graphics pipeline's key: SHA-256 of its name, every stage
// (stage, SPIR-V, specialization constants), the layout (buffers,
// push-constant size), the vertex input, culling, the depth test and the
// render target's formats. The render target's size is not in it (a
// viewport is no input of the shader compiler).
func (s PipelineSpec) Key() string {
	k := pipelinekey.New("graphics")
	k.Str(s.Name)
	k.U32(uint32(len(s.Stages)))
	for _, st := range s.Stages {
		k.U32(uint32(st.Stage))
		k.Str(st.Name)
		k.Bytes(st.SPIRV)
		k.U32(uint32(len(st.SpecConstants)))
		k.U32(st.SpecConstants...)
	}
	k.U32(uint32(s.Buffers), s.PushSize)
	k.U32(uint32(len(s.VertexBindings)))
	for _, b := range s.VertexBindings {
		k.U32(b.Binding, b.Stride)
		k.Bool(b.PerInstance)
	}
	k.U32(uint32(len(s.VertexAttributes)))
	for _, a := range s.VertexAttributes {
		k.U32(a.Location, a.Binding, uint32(a.Format), a.Offset)
	}
	k.Bool(s.CullBack)
	k.Bool(s.DepthTest)
	if s.Target != nil {
		k.U32(uint32(s.Target.ColorFormat), uint32(s.Target.DepthFormat))
	}
	return k.Sum()
}
