#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_float_e5m2 : require
// Cooperative-matrix peak: fp8 E5M2 A and B, fp32 accumulation.
#define IN_T floate5m2_t
#define ACC_T float
#define OUT_T float
#include "peak_coopmat.glsl"
