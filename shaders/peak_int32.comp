#version 450
// int32 multiply-add peak: ACC independent uvec4 chains acc = acc·a + b
// (wrapping), a and b from push constants; the CPU replays the chains
// exactly and checks the wrapping sum each invocation writes.
// Specialization: 0 = workgroup size, 1 = ACC.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const int ACC = 4;
layout(push_constant) uniform P { uint a; uint b; uint iters; } p;
layout(std430, binding = 0) writeonly buffer O { uint o[]; };

void main() {
	uint g = gl_GlobalInvocationID.x;
	uvec4 acc[ACC];
	uvec4 a = uvec4(p.a), b = uvec4(p.b);
	for (int j = 0; j < ACC; j++) acc[j] = uvec4(g) + uvec4(4 * j, 4 * j + 1, 4 * j + 2, 4 * j + 3);
	for (uint i = 0u; i < p.iters; i += 4u) {
		for (int u = 0; u < 4; u++) {
			for (int j = 0; j < ACC; j++) acc[j] = acc[j] * a + b;
		}
	}
	uint sum = 0u;
	for (int j = 0; j < ACC; j++) sum += (acc[j].x + acc[j].y) + (acc[j].z + acc[j].w);
	o[g] = sum;
}
