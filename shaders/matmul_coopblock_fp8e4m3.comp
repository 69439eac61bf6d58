#version 450
#extension GL_GOOGLE_include_directive : require
// Block cooperative-matrix GEMM (matmul_coopblock.glsl): fp8 E4M3 A and B, fp32 accumulation and C.
#extension GL_EXT_float_e4m3 : require
#define IN_T floate4m3_t
#define ACC_T float
#define OUT_T float
#define EB 1
#define OB 4
#define OUT_BITS(u) uintBitsToFloat(u)
#include "matmul_coopblock.glsl"
