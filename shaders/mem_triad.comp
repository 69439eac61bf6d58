#version 450
// STREAM triad a = b + k·c in wrapping 32-bit integer arithmetic (exact, so
// the CPU check is bit-for-bit).
// Specialization: 0 = workgroup size, 1 = VEC (1 or 4 words per access).
// Push: n = elements (of VEC words), stride = total invocations, k.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint VEC = 4;
layout(push_constant) uniform P { uint n; uint stride; uint k; } p;
layout(std430, binding = 0) writeonly buffer AS { uint as_[]; };
layout(std430, binding = 0) writeonly buffer AV { uvec4 av[]; };
layout(std430, binding = 1) readonly buffer BS { uint bs[]; };
layout(std430, binding = 1) readonly buffer BV { uvec4 bv[]; };
layout(std430, binding = 2) readonly buffer CS { uint cs[]; };
layout(std430, binding = 2) readonly buffer CV { uvec4 cv[]; };

void main() {
	uint g = gl_GlobalInvocationID.x;
	if (VEC == 4u) {
		for (uint i = g; i < p.n; i += p.stride) av[i] = bv[i] + p.k * cv[i];
	} else {
		for (uint i = g; i < p.n; i += p.stride) as_[i] = bs[i] + p.k * cs[i];
	}
}
