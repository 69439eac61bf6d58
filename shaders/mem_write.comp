#version 450
// Streaming write: word w of the buffer becomes hash(w, seed) — random-looking
// data (never zeros, which compression would flatter), checked by the CPU.
// Specialization: 0 = workgroup size, 1 = VEC (1 or 4 words per store).
// Push: n = elements (of VEC words), stride = total invocations, seed.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint VEC = 4;
layout(push_constant) uniform P { uint n; uint stride; uint seed; } p;
layout(std430, binding = 0) writeonly buffer S { uint s[]; };
layout(std430, binding = 0) writeonly buffer V { uvec4 v[]; };

uint hash(uint w) {
	uint x = w * 0x9E3779B1u + p.seed;
	return x ^ (x >> 15);
}

void main() {
	uint g = gl_GlobalInvocationID.x;
	if (VEC == 4u) {
		for (uint i = g; i < p.n; i += p.stride) {
			uint w = 4u * i;
			v[i] = uvec4(hash(w), hash(w + 1u), hash(w + 2u), hash(w + 3u));
		}
	} else {
		for (uint i = g; i < p.n; i += p.stride) s[i] = hash(i);
	}
}
