#version 450
#extension GL_GOOGLE_include_directive : require
// Block cooperative-matrix GEMM (matmul_coopblock.glsl): int8 A and B, int32 accumulation and C.
#define IN_T int8_t
#define ACC_T int32_t
#define OUT_T int32_t
#define EB 1
#define OB 4
#define OUT_BITS(u) int(u)
#include "matmul_coopblock.glsl"
