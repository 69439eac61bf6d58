#version 450
#extension GL_GOOGLE_include_directive : require
// Block cooperative-matrix GEMM (matmul_coopblock.glsl): int8 A and B, int32 accumulation and C,
// in 8-byte chunks: for tiles whose K row is 8 bytes (lavapipe's 8×8×8).
#define IN_T int8_t
#define ACC_T int32_t
#define OUT_T int32_t
#define EB 1
#define OB 4
#define OUT_BITS(u) int(u)
#define CB 8
#define CHUNK_T uvec2
#include "matmul_coopblock.glsl"
