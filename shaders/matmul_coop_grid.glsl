// The workgroup grid shared by the cooperative-matrix GEMM bodies
// (matmul_coopmat.glsl, matmul_coopblock.glsl), included first by each:
// the extensions, the specialization constants of the subgroup and tile
// grid, the block sizes they give, and the push constants (M, N, K).
// A workgroup of WM×WN subgroups computes a BM×BN block of C
// (BM = WM·TILES_M·TM, BN = WN·TILES_N·TN); each subgroup owns a
// TILES_M×TILES_N grid of TM×TN accumulators (the device's cooperative-
// matrix shape). A K-step is BK = KSTEPS·TK.
// Specialization: 0 = local size (subgroup size · WM · WN; the host always
// sets it), 1 = WM, 2 = WN, 3 = TILES_M, 4 = TILES_N, 5 = KSTEPS, 6 = TM,
// 7 = TN, 8 = TK, 9 = VEC (16-byte loads: K, and for matmul_coopmat N, a
// multiple of CH; set by the host per size).
#extension GL_KHR_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_EXT_shader_explicit_arithmetic_types : require

layout(local_size_x_id = 0) in;
layout(constant_id = 0) const uint LX = 128;
layout(constant_id = 1) const uint WM = 2;
layout(constant_id = 2) const uint WN = 2;
layout(constant_id = 3) const uint TILES_M = 2;
layout(constant_id = 4) const uint TILES_N = 2;
layout(constant_id = 5) const uint KSTEPS = 2;
layout(constant_id = 6) const uint TM = 16;
layout(constant_id = 7) const uint TN = 16;
layout(constant_id = 8) const uint TK = 16;
layout(constant_id = 9) const uint VEC = 0;
const uint BM = WM * TILES_M * TM;
const uint BN = WN * TILES_N * TN;
const uint BK = KSTEPS * TK;

layout(push_constant) uniform P { uint M; uint N; uint K; } p;
