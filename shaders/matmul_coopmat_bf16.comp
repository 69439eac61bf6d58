#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_bfloat16 : require
// Cooperative-matrix GEMM: bf16 A and B, fp32 accumulation, fp32 C.
// Needs VK_KHR_cooperative_matrix with a subgroup bf16*bf16+fp32 shape and
// VK_KHR_shader_bfloat16 (shaderBFloat16CooperativeMatrix).
#define IN_T bfloat16_t
#define ACC_T float
#define OUT_T float
#define CH 8
#define UNPACK_CHUNK(dst, base, v) \
	for (uint q_ = 0; q_ < 4; q_++) { \
		u16vec2 h_ = unpack16(v[q_]); \
		dst[(base) + 2 * q_] = uintBitsToBFloat16EXT(h_.x); \
		dst[(base) + 2 * q_ + 1] = uintBitsToBFloat16EXT(h_.y); \
	}
#include "matmul_coopmat.glsl"
