#version 450
#extension GL_GOOGLE_include_directive : require
// Block cooperative-matrix GEMM (matmul_coopblock.glsl): fp8 E5M2 A and B, fp32 accumulation and C.
#extension GL_EXT_float_e5m2 : require
#define IN_T floate5m2_t
#define ACC_T float
#define OUT_T float
#define EB 1
#define OB 4
#define OUT_BITS(u) uintBitsToFloat(u)
#include "matmul_coopblock.glsl"
