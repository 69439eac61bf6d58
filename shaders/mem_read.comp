#version 450
// Streaming read: every invocation sums the words it reads (grid-stride
// loop, so neighbouring invocations read neighbouring addresses) and writes
// its wrapping 32-bit sum, which the CPU checks exactly.
// Specialization: 0 = workgroup size, 1 = VEC (1: 4-byte loads, 4: 16-byte loads).
// Push: n = elements (of VEC words), stride = total invocations.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint VEC = 4;
layout(push_constant) uniform P { uint n; uint stride; } p;
layout(std430, binding = 0) readonly buffer S { uint s[]; };
layout(std430, binding = 0) readonly buffer V { uvec4 v[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };

void main() {
	uint g = gl_GlobalInvocationID.x;
	uint acc = 0u;
	if (VEC == 4u) {
		uvec4 a = uvec4(0u);
		for (uint i = g; i < p.n; i += p.stride) a += v[i];
		acc = a.x + a.y + a.z + a.w;
	} else {
		for (uint i = g; i < p.n; i += p.stride) acc += s[i];
	}
	o[g] = acc;
}
