#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_bfloat16 : require
// Cooperative-matrix peak: bf16 A and B, fp32 accumulation.
#define IN_T bfloat16_t
#define ACC_T float
#define OUT_T float
#include "peak_coopmat.glsl"
