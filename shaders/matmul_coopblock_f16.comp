#version 450
#extension GL_GOOGLE_include_directive : require
// Block cooperative-matrix GEMM (matmul_coopblock.glsl): fp16 A and B, fp32 accumulation and C.
#define IN_T float16_t
#define ACC_T float
#define OUT_T float
#define EB 2
#define OB 4
#define OUT_BITS(u) uintBitsToFloat(u)
#include "matmul_coopblock.glsl"
