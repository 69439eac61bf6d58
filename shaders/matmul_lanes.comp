#version 450
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_buffer_reference : require
// Register-blocked GEMM (C = A·B, row-major, fp32) for implementations
// where every memory instruction is expensive (lavapipe issues each load
// lane by lane) and lane reads are cheap (subgroupBroadcast; a DPP/readlane
// on AMD). A workgroup of WX invocations computes 8 rows of C and
// WX·4·TN4 columns; invocation x owns the vec4 column groups x + j·WX.
// Per pair of k's:
//   - A: lane l of each subgroup loads A[row l][k, k+1] (and row l+8) with
//     ONE 64-bit load, and subgroupBroadcast hands row r's pair to every
//     lane: one load for 16 values;
//   - B: each invocation loads its columns of rows k and k+1, four floats
//     per two 64-bit loads;
// then 8·TM8·2·TN4 vec4 FMAs. The 64-bit path needs K even and N a
// multiple of 4 (8-byte aligned pairs) and reads A and B through buffer
// device addresses (push constants pa, pb), which lavapipe turns into
// plain gathers without per-lane bounds checks; other shapes take the same
// loop with 32-bit loads through the descriptors. Out-of-range rows and columns are clamped on load and never
// stored, and a k past K reads A as 0. Needs subgroups of >= 8 with ballot
// operations, shaderInt64 and bufferDeviceAddress.
// Specialization: 0 = WX (workgroup width), 1 = TN4 (1 or 2), 2 = WIDE (1
// when K is even and N a multiple of 4; set by the host for each size),
// 3 = TM8 (8·TM8 rows per workgroup, 1 or 2).
layout(local_size_x_id = 0) in;
layout(constant_id = 0) const uint WX = 8;
layout(constant_id = 1) const uint TN4 = 1;
layout(constant_id = 2) const bool WIDE = true;
layout(constant_id = 3) const uint TM8 = 1;

layout(buffer_reference, std430, buffer_reference_align = 8) readonly buffer U64 { uint64_t v[]; };
layout(push_constant) uniform P { uint M; uint N; uint K; uint pad; U64 pa; U64 pb; } p;
layout(std430, binding = 0) readonly buffer BufA { float a[]; };
layout(std430, binding = 1) readonly buffer BufB { float b[]; };
layout(std430, binding = 2) writeonly buffer BufC { float c[]; };

// A[row][k], A[row][k+1] (0 past K).
vec2 loadA2(uint row, uint k) {
	if (WIDE) return uintBitsToFloat(unpackUint2x32(p.pa.v[(row * p.K + k) >> 1]));
	uint base = row * p.K;
	return vec2(k < p.K ? a[base + min(k, p.K - 1)] : 0.0, k + 1 < p.K ? a[base + min(k + 1, p.K - 1)] : 0.0);
}

// B[k][col .. col+3], columns clamped to N-1, k clamped to K-1. The
// 64-bit path reads four columns at once, so it clamps col to N-4: a
// workgroup wider than what is left of N (col1 past N, e.g. 512 columns
// of wg64-t16x8 at N = 256) would otherwise read past the end of B on the
// last k, through an address nothing bounds-checks (a SIGSEGV on
// lavapipe, a VM fault on a GPU). Those columns are never stored.
vec4 loadB4(uint k, uint col) {
	k = min(k, p.K - 1);
	if (WIDE) {
		uint i = (k * p.N + min(col, p.N - 4u)) >> 1;
		return uintBitsToFloat(uvec4(unpackUint2x32(p.pb.v[i]), unpackUint2x32(p.pb.v[i + 1])));
	}
	uint base = k * p.N, last = p.N - 1;
	return vec4(b[base + min(col, last)], b[base + min(col + 1, last)], b[base + min(col + 2, last)], b[base + min(col + 3, last)]);
}

#define ROW(R) { vec2 av = subgroupBroadcast(R < 8 ? al : al2, R & 7); \
	acc[R] = fma(vec4(av.x), b0, acc[R]); acc[R] = fma(vec4(av.y), b1, acc[R]); \
	if (TN4 == 2) { acd[R] = fma(vec4(av.x), e0, acd[R]); acd[R] = fma(vec4(av.y), e1, acd[R]); } }

void main() {
	uint x = gl_LocalInvocationID.x;
	uint bm = gl_WorkGroupID.y * 8u * TM8;
	uint col0 = (gl_WorkGroupID.x * WX * TN4 + x) * 4u;
	uint col1 = col0 + WX * 4u;
	uint lrow = min(bm + (gl_SubgroupInvocationID & 7u), p.M - 1);
	uint lrow2 = min(bm + 8u + (gl_SubgroupInvocationID & 7u), p.M - 1);
	vec4 acc[16], acd[16];
	for (int r = 0; r < 16; r++) { acc[r] = vec4(0); acd[r] = vec4(0); }
	vec2 al2 = vec2(0);
	vec4 e0 = vec4(0), e1 = vec4(0);
	for (uint k = 0; k < p.K; k += 2) {
		vec2 al = loadA2(lrow, k);
		if (TM8 == 2) al2 = loadA2(lrow2, k);
		vec4 b0 = loadB4(k, col0), b1 = loadB4(k + 1, col0);
		if (TN4 == 2) { e0 = loadB4(k, col1); e1 = loadB4(k + 1, col1); }
		ROW(0) ROW(1) ROW(2) ROW(3) ROW(4) ROW(5) ROW(6) ROW(7)
		if (TM8 == 2) { ROW(8) ROW(9) ROW(10) ROW(11) ROW(12) ROW(13) ROW(14) ROW(15) }
	}
	for (uint r = 0; r < 8 * TM8; r++) {
		uint row = bm + r;
		if (row >= p.M) break;
		for (uint j = 0; j < 4; j++) {
			if (col0 + j < p.N) c[row * p.N + col0 + j] = acc[r][j];
			if (TN4 == 2 && col1 + j < p.N) c[row * p.N + col1 + j] = acd[r][j];
		}
	}
}
