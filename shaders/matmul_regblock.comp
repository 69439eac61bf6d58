#version 450
#extension GL_GOOGLE_include_directive : require
// Register-blocked GEMM, fp32 throughout (see matmul_regblock.glsl).
#define IN_T float
#define SH_T float
#define ACC_T float
#define OUT_T float
#include "matmul_regblock.glsl"
