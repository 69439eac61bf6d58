#version 450
#extension GL_GOOGLE_include_directive : require
// Cooperative-matrix peak: int8 A and B, int32 accumulation.
#define IN_T int8_t
#define ACC_T int32_t
#define OUT_T int32_t
#include "peak_coopmat.glsl"
