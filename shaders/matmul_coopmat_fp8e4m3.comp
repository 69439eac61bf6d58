#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_float_e4m3 : require
// Cooperative-matrix GEMM: fp8 E4M3 A and B, fp32 accumulation, fp32 C.
// Needs VK_KHR_cooperative_matrix with a subgroup fp8e4m3*fp8e4m3+fp32 shape
// and VK_EXT_shader_float8 (shaderFloat8CooperativeMatrix).
#define IN_T floate4m3_t
#define ACC_T float
#define OUT_T float
#define CH 16
#define UNPACK_CHUNK(dst, base, v) \
	for (uint q_ = 0; q_ < 4; q_++) { \
		u8vec4 b_ = unpack8(v[q_]); \
		for (uint e_ = 0; e_ < 4; e_++) dst[(base) + 4 * q_ + e_] = uintBitsToFloate4m3EXT(b_[e_]); \
	}
#include "matmul_coopmat.glsl"
