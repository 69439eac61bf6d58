// mesh_common.glsl: what the mesh suite's vertex, task and mesh shaders
// share — the push constants, the orthographic projection (pixel
// coordinates to clip space) and, with MESH_BUFFERS defined, the meshlet
// buffers of set 0.
layout(push_constant) uniform Push {
	vec4 viewport; // framebuffer width and height in pixels, depth range, unused
	vec4 toCamera; // unit vector towards the orthographic camera
	uint meshlets; // meshlets per object
	uint items;    // meshlets × instances
	uint groupsX;  // workgroups per row of a 2D dispatch
	uint pad;
} pc;

// project maps pixel coordinates (x right, y down, z into the screen in
// [0, depth range]) to clip space; the viewport maps them back, so
// vertices on whole pixels stay exactly on pixel edges.
vec4 project(vec3 p) {
	return vec4(p.x * (2.0 / pc.viewport.x) - 1.0, p.y * (2.0 / pc.viewport.y) - 1.0, p.z / pc.viewport.z, 1.0);
}

#ifdef MESH_BUFFERS
struct Meshlet {
	uint vertexOffset; // into vertexIndices
	uint vertexCount;
	uint primOffset;   // into prims
	uint primCount;
};
struct Bounds {
	vec4 sphere; // centre (pixels), radius
	vec4 cone;   // normal-cone axis, cutoff: back-facing when dot(axis, toCamera) < -cutoff
};
struct Instance {
	vec4 offset; // added to the object's positions
	uvec4 id;    // x: the ID written for the object's vertex 0
};
layout(std430, set = 0, binding = 0) readonly buffer Positions { vec4 positions[]; };
layout(std430, set = 0, binding = 1) readonly buffer Meshlets { Meshlet meshlets[]; };
layout(std430, set = 0, binding = 2) readonly buffer BoundsBuf { Bounds bounds[]; };
layout(std430, set = 0, binding = 3) readonly buffer VertexIndices { uint vertexIndices[]; };
// prims: one triangle per word, three 8-bit meshlet-local vertex indices.
layout(std430, set = 0, binding = 4) readonly buffer Prims { uint prims[]; };
layout(std430, set = 0, binding = 5) readonly buffer Instances { Instance instances[]; };

// The task shader hands its surviving items (meshlet + instance ×
// meshlets) to the mesh workgroups it launches.
#define TASK_GROUP 32
struct Payload {
	uint items[TASK_GROUP];
};
#endif
