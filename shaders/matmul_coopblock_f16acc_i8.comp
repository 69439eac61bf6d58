#version 450
#extension GL_GOOGLE_include_directive : require
// Block cooperative-matrix GEMM (matmul_coopblock.glsl): fp16 A and B, fp16 accumulation and C,
// eight K-steps an interior iteration and the larger set of A and B tiles held (see the body):
// for the blocks of eight subgroups, whose 16-bit accumulators RADV copies once an iteration.
#define IN_T float16_t
#define ACC_T float16_t
#define OUT_T float16_t
#define EB 2
#define OB 2
#define OUT_BITS(u) unpackFloat2x16(u).x
#define INTERIOR_STEPS 8
#define HOLD_LARGER
#include "matmul_coopblock.glsl"
