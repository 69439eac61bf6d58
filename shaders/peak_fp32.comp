#version 450
// fp32 FMA peak: ACC independent dependent chains acc = fma(acc, a, b) per
// invocation, each VEC wide, `iters` steps (a multiple of 4). a and b come
// from push constants (1 and 2^-10 as run), so the compiler cannot fold the
// work, and every value stays exactly representable: each chain ends at
// x0 + iters·b and the exact sum is written for the CPU to check.
// Specialization: 0 = workgroup size, 1 = VEC (1 or 4), 2 = ACC.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint VEC = 4;
layout(constant_id = 2) const int ACC = 4;
layout(push_constant) uniform P { float a; float b; uint iters; } p;
layout(std430, binding = 0) writeonly buffer O { float o[]; };

void main() {
	uint g = gl_GlobalInvocationID.x;
	float x0 = float(g & 255u);
	float sum = 0.0;
	if (VEC == 4u) {
		vec4 acc[ACC];
		vec4 a = vec4(p.a), b = vec4(p.b);
		for (int j = 0; j < ACC; j++) acc[j] = vec4(x0) + vec4(4 * j, 4 * j + 1, 4 * j + 2, 4 * j + 3);
		for (uint i = 0u; i < p.iters; i += 4u) {
			for (int u = 0; u < 4; u++) {
				for (int j = 0; j < ACC; j++) acc[j] = fma(acc[j], a, b);
			}
		}
		for (int j = 0; j < ACC; j++) sum += (acc[j].x + acc[j].y) + (acc[j].z + acc[j].w);
	} else {
		float acc[ACC];
		for (int j = 0; j < ACC; j++) acc[j] = x0 + float(j);
		for (uint i = 0u; i < p.iters; i += 4u) {
			for (int u = 0; u < 4; u++) {
				for (int j = 0; j < ACC; j++) acc[j] = fma(acc[j], p.a, p.b);
			}
		}
		for (int j = 0; j < ACC; j++) sum += acc[j];
	}
	o[g] = sum;
}
