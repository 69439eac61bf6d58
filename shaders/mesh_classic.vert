#version 460
#extension GL_GOOGLE_include_directive : require
// The mesh suite's classic baseline: indexed, instanced triangle lists
// through the vertex shader, producing the same positions and flat IDs as
// the mesh shaders.
#include "mesh_common.glsl"

layout(location = 0) in vec4 position;
layout(location = 1) in vec4 instanceOffset;
layout(location = 2) in uint instanceID;
layout(location = 0) flat out uint outId;

void main() {
	gl_Position = project(position.xyz + instanceOffset.xyz);
	outId = instanceID + uint(gl_VertexIndex);
}
