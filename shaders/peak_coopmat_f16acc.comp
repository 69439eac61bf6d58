#version 450
#extension GL_GOOGLE_include_directive : require
// Cooperative-matrix peak: fp16 A, B and accumulation.
#define IN_T float16_t
#define ACC_T float16_t
#define OUT_T float
#include "peak_coopmat.glsl"
