#version 450
#extension GL_GOOGLE_include_directive : require
// Cooperative-matrix peak: fp16 A and B, fp32 accumulation.
#define IN_T float16_t
#define ACC_T float
#define OUT_T float
#include "peak_coopmat.glsl"
