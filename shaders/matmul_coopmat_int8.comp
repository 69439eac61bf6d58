#version 450
#extension GL_GOOGLE_include_directive : require
// Cooperative-matrix GEMM: int8 A and B, int32 accumulation and C (exact).
// Needs VK_KHR_cooperative_matrix with a subgroup int8*int8+int32 shape.
#define IN_T int8_t
#define ACC_T int32_t
#define OUT_T int32_t
#define CH 16
#define UNPACK_CHUNK(dst, base, v) \
	for (uint q_ = 0; q_ < 4; q_++) { \
		i8vec4 b_ = unpack8(int(v[q_])); \
		for (uint e_ = 0; e_ < 4; e_++) dst[(base) + 4 * q_ + e_] = b_[e_]; \
	}
#include "matmul_coopmat.glsl"
