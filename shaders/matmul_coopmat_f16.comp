#version 450
#extension GL_GOOGLE_include_directive : require
// Cooperative-matrix GEMM: fp16 A and B, fp32 accumulation, fp32 C.
// Needs VK_KHR_cooperative_matrix with a subgroup fp16*fp16+fp32 shape.
#define IN_T float16_t
#define ACC_T float
#define OUT_T float
#define CH 8
#define UNPACK_CHUNK(dst, base, v) \
	for (uint q_ = 0; q_ < 4; q_++) { \
		f16vec2 h_ = unpackFloat2x16(v[q_]); \
		dst[(base) + 2 * q_] = h_.x; \
		dst[(base) + 2 * q_ + 1] = h_.y; \
	}
#include "matmul_coopmat.glsl"
