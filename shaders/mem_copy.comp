#version 450
// Streaming copy dst = src (grid-stride loop).
// Specialization: 0 = workgroup size, 1 = VEC (1 or 4 words per access).
// Push: n = elements (of VEC words), stride = total invocations.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint VEC = 4;
layout(push_constant) uniform P { uint n; uint stride; } p;
layout(std430, binding = 0) readonly buffer S { uint s[]; };
layout(std430, binding = 0) readonly buffer V { uvec4 v[]; };
layout(std430, binding = 1) writeonly buffer DS { uint ds[]; };
layout(std430, binding = 1) writeonly buffer DV { uvec4 dv[]; };

void main() {
	uint g = gl_GlobalInvocationID.x;
	if (VEC == 4u) {
		for (uint i = g; i < p.n; i += p.stride) dv[i] = v[i];
	} else {
		for (uint i = g; i < p.n; i += p.stride) ds[i] = s[i];
	}
}
