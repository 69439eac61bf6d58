#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
// Register-blocked GEMM entirely in fp16: fp16 storage, fp16 shared tiles,
// fp16 FMA accumulation, fp16 C. Needs shaderFloat16 and
// storageBuffer16BitAccess.
#define IN_T float16_t
#define SH_T float16_t
#define ACC_T float16_t
#define OUT_T float16_t
#include "matmul_regblock.glsl"
