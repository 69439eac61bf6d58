#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_float_e4m3 : require
// Cooperative-matrix peak: fp8 E4M3 A and B, fp32 accumulation.
#define IN_T floate4m3_t
#define ACC_T float
#define OUT_T float
#include "peak_coopmat.glsl"
