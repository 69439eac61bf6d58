#version 460
// rayquery_trace: one ray query per ray read from a buffer, against a
// top-level acceleration structure; writes hit distance, primitive and
// instance index per ray. Variants are specialization constants:
//   0 WG      workgroup size (local_size_x)
//   1 RPI     rays per invocation (invocation i traces rays i, i+S, i+2S, ...
//             where S is the number of invocations of the dispatch)
//   2 FLAGS   gl_RayFlags*: TerminateOnFirstHit (4), NoOpaque (2), Opaque (1)
//   3 ALPHA   0: no candidate processing; N > 0: candidate triangles are
//             processed in the shader and those with primitive index
//             % N == N-1 are rejected (an alpha-tested cut-out)
#extension GL_EXT_ray_query : require

layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint RPI = 1;
layout(constant_id = 2) const uint FLAGS = 0;
layout(constant_id = 3) const uint ALPHA = 0;

// Ray i: rays[2i] = (origin, tmin), rays[2i+1] = (direction, tmax).
layout(std430, set = 0, binding = 0) readonly buffer Rays { vec4 rays[]; };
// Hit i: (floatBitsToUint(t), primitive index, instance index, front face);
// a miss is (0, ~0, ~0, 0).
layout(std430, set = 0, binding = 1) writeonly buffer Hits { uvec4 hits[]; };
layout(set = 0, binding = 2) uniform accelerationStructureEXT tlas;

layout(push_constant) uniform Push { uint count; } pc;

void main() {
	uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
	for (uint j = 0; j < RPI; j++) {
		uint i = gl_GlobalInvocationID.x + j * stride;
		if (i >= pc.count) {
			return;
		}
		vec4 o = rays[2 * i];
		vec4 d = rays[2 * i + 1];
		rayQueryEXT q;
		rayQueryInitializeEXT(q, tlas, FLAGS, 0xff, o.xyz, o.w, d.xyz, d.w);
		while (rayQueryProceedEXT(q)) {
			if (ALPHA != 0 && rayQueryGetIntersectionTypeEXT(q, false) == gl_RayQueryCandidateIntersectionTriangleEXT) {
				uint prim = uint(rayQueryGetIntersectionPrimitiveIndexEXT(q, false));
				if (prim % ALPHA != ALPHA - 1) {
					rayQueryConfirmIntersectionEXT(q);
				}
			}
		}
		uvec4 h = uvec4(0u, ~0u, ~0u, 0u);
		if (rayQueryGetIntersectionTypeEXT(q, true) == gl_RayQueryCommittedIntersectionTriangleEXT) {
			h = uvec4(floatBitsToUint(rayQueryGetIntersectionTEXT(q, true)),
				uint(rayQueryGetIntersectionPrimitiveIndexEXT(q, true)),
				uint(rayQueryGetIntersectionInstanceIdEXT(q, true)),
				rayQueryGetIntersectionFrontFaceEXT(q, true) ? 1u : 0u);
		}
		hits[i] = h;
	}
}
