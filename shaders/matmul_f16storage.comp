#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
// Register-blocked GEMM with A and B stored as fp16 (half the bytes moved),
// converted to fp32 in shared memory, fp32 accumulation and fp32 C.
// Needs storageBuffer16BitAccess (and shaderFloat16 for the conversion).
#define IN_T float16_t
#define SH_T float
#define ACC_T float
#define OUT_T float
#include "matmul_regblock.glsl"
