// mesh_body.glsl: the mesh shader of the mesh suite. One workgroup emits
// one meshlet of one instance: its vertices (positions and a flat ID) and
// its triangles. Includers define MAX_VERTS and MAX_PRIMS (the output
// limits cannot be specialization constants) and USE_TASK (1: the item
// comes from the task shader's payload; 0: from the workgroup ID of a 2D
// dispatch). The workgroup size is specialization constant 0.
#extension GL_EXT_mesh_shader : require
#define MESH_BUFFERS
#include "mesh_common.glsl"

layout(local_size_x_id = 0) in;
layout(triangles, max_vertices = MAX_VERTS, max_primitives = MAX_PRIMS) out;
layout(location = 0) flat out uint outId[];

#if USE_TASK
taskPayloadSharedEXT Payload payload;
#endif

void main() {
#if USE_TASK
	uint item = payload.items[gl_WorkGroupID.x];
#else
	uint item = gl_WorkGroupID.y * pc.groupsX + gl_WorkGroupID.x;
	if (item >= pc.items) {
		SetMeshOutputsEXT(0, 0);
		return;
	}
#endif
	uint mi = item % pc.meshlets;
	uint inst = item / pc.meshlets;
	Meshlet m = meshlets[mi];
	SetMeshOutputsEXT(m.vertexCount, m.primCount);
	vec3 off = instances[inst].offset.xyz;
	uint idBase = instances[inst].id.x;
	for (uint v = gl_LocalInvocationIndex; v < m.vertexCount; v += gl_WorkGroupSize.x) {
		uint g = vertexIndices[m.vertexOffset + v];
		gl_MeshVerticesEXT[v].gl_Position = project(positions[g].xyz + off);
		outId[v] = idBase + g;
	}
	for (uint p = gl_LocalInvocationIndex; p < m.primCount; p += gl_WorkGroupSize.x) {
		uint t = prims[m.primOffset + p];
		gl_PrimitiveTriangleIndicesEXT[p] = uvec3(t & 0xffu, (t >> 8) & 0xffu, (t >> 16) & 0xffu);
	}
}
