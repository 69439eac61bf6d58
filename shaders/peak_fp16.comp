#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
// fp16 FMA peak (needs shaderFloat16): like peak_fp32 with float16_t chains.
// a = 1 and b = 1/4 keep every value exact in fp16 (x0 < 64, iters <= 1024);
// the chains are summed in fp32 (exact) for the CPU check.
// Specialization: 0 = workgroup size, 1 = VEC (1 or 4), 2 = ACC.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint VEC = 4;
layout(constant_id = 2) const int ACC = 4;
layout(push_constant) uniform P { float a; float b; uint iters; } p;
layout(std430, binding = 0) writeonly buffer O { float o[]; };

void main() {
	uint g = gl_GlobalInvocationID.x;
	float16_t x0 = float16_t(g & 7u);
	float sum = 0.0;
	if (VEC == 4u) {
		f16vec4 acc[ACC];
		f16vec4 a = f16vec4(float16_t(p.a)), b = f16vec4(float16_t(p.b));
		for (int j = 0; j < ACC; j++) acc[j] = f16vec4(x0) + f16vec4(4 * j, 4 * j + 1, 4 * j + 2, 4 * j + 3);
		for (uint i = 0u; i < p.iters; i += 4u) {
			for (int u = 0; u < 4; u++) {
				for (int j = 0; j < ACC; j++) acc[j] = fma(acc[j], a, b);
			}
		}
		for (int j = 0; j < ACC; j++) {
			vec4 f = vec4(acc[j]);
			sum += (f.x + f.y) + (f.z + f.w);
		}
	} else {
		float16_t acc[ACC];
		float16_t a = float16_t(p.a), b = float16_t(p.b);
		for (int j = 0; j < ACC; j++) acc[j] = x0 + float16_t(j);
		for (uint i = 0u; i < p.iters; i += 4u) {
			for (int u = 0; u < 4; u++) {
				for (int j = 0; j < ACC; j++) acc[j] = fma(acc[j], a, b);
			}
		}
		for (int j = 0; j < ACC; j++) sum += float(acc[j]);
	}
	o[g] = sum;
}
