#version 450
// GPU-grade fp32 GEMM (C = A·B, row-major): a workgroup of WX×WY
// invocations computes a BM×BN block of C (BM = WY·TM, BN = WX·TN); each
// invocation a TM×TN register micro-tile. Per K-step of BK the workgroup
// stages BM×BK of A (transposed: As[k][m], so a column of A is one
// 16-byte shared read) and BK×BN of B in shared memory, STAGES buffers:
// with two, the global loads of step k+1 go to registers before step k is
// computed and to the other buffer after it (one barrier a step).
// Ownership is interleaved in 4-wide groups — invocation (x, y) owns rows
// 4y + 4WY·i + r and columns 4x + 4WX·j + c — so its shared reads are
// 16-byte vectors that neighbouring invocations take from consecutive
// addresses (no bank conflicts), and its stores to C are 16-byte vectors
// neighbours write side by side. The A tile's rows are padded by 4 floats,
// which spreads the transposing scalar stores over all banks.
// VEC = 1 (K and N multiples of 4; set by the host per size): 16-byte
// global loads and stores; else element loads and stores. Out-of-range
// rows, columns and k read 0 and are never stored: any M, N, K works.
// SPLIT > 1 (split-K, for grids that underfill the device): the
// dispatch has SPLIT layers of workgroups, layer z computes the partial
// product over its slice of K (whole K-steps, the slices as even as the
// steps allow) and stores it at z·M·N of the buffer at binding 2, which
// is then S×M×N; matmul_splitk.comp adds the layers into C in order.
// Specialization: 0 = WX, 1 = WY, 2 = TM, 3 = TN (multiples of 4),
// 4 = BK (a multiple of 4), 5 = STAGES (1 or 2), 6 = VEC, 7 = SPLIT.
layout(local_size_x_id = 0, local_size_y_id = 1) in;
layout(constant_id = 0) const uint WX = 16;
layout(constant_id = 1) const uint WY = 16;
layout(constant_id = 2) const uint TM = 8;
layout(constant_id = 3) const uint TN = 8;
layout(constant_id = 4) const uint BK = 8;
layout(constant_id = 5) const uint STAGES = 2;
layout(constant_id = 6) const uint VEC = 0;
layout(constant_id = 7) const uint SPLIT = 1;
const uint LX = WX * WY;
const uint BM = WY * TM;
const uint BN = WX * TN;
// Shared strides in vec4s: A's rows (one per k) padded by one vec4.
const uint SA = BM / 4 + 1;
const uint SB = BN / 4;
// vec4 chunks of a stage per invocation (rounded up; the last are guarded).
const uint NA = (BM * BK / 4 + LX - 1) / LX;
const uint NB = (BK * BN / 4 + LX - 1) / LX;

layout(push_constant) uniform P { uint M; uint N; uint K; } p;
layout(std430, binding = 0) readonly buffer BufA { float a[]; };
layout(std430, binding = 0) readonly buffer BufA4 { vec4 a4[]; };
layout(std430, binding = 1) readonly buffer BufB { float b[]; };
layout(std430, binding = 1) readonly buffer BufB4 { vec4 b4[]; };
layout(std430, binding = 2) writeonly buffer BufC { float c[]; };
layout(std430, binding = 2) writeonly buffer BufC4 { vec4 c4[]; };

shared vec4 As[STAGES * BK * SA];
shared vec4 Bs[STAGES * BK * SB];

vec4 ra[NA];
vec4 rb[NB];
// Bit i: chunk i of ra / rb lies in the matrix (else park() stores 0).
uint amask, bmask;
// kEnd: the end of this workgroup's K slice (K without split-K).
uint kEnd;

// A[row][k .. k+3] and B[k][col .. col+3], 0 outside the matrix.
// The 16-byte path loads unconditionally (element 0 stands in outside
// the matrix; park() stores 0 for it), so nothing waits for the load: it
// stays in flight until park() stores it.
vec4 loadA(uint row, uint k) {
	if (VEC != 0) return a4[row < p.M && k < kEnd ? (row * p.K + k) / 4 : 0];
	if (row >= p.M) return vec4(0);
	vec4 v;
	for (uint e = 0; e < 4; e++) v[e] = k + e < kEnd ? a[row * p.K + k + e] : 0.0;
	return v;
}

vec4 loadB(uint k, uint col) {
	if (VEC != 0) return b4[k < kEnd && col < p.N ? (k * p.N + col) / 4 : 0];
	if (k >= kEnd) return vec4(0);
	vec4 v;
	for (uint e = 0; e < 4; e++) v[e] = col + e < p.N ? b[k * p.N + col + e] : 0.0;
	return v;
}

// fetch: global → registers, the step starting at k0.
void fetch(uint bm, uint bn, uint k0) {
	uint tid = gl_LocalInvocationIndex;
	amask = 0;
	bmask = 0;
	for (uint i = 0; i < NA; i++) {
		uint q = tid + i * LX;
		uint r = q / (BK / 4), kc = (q % (BK / 4)) * 4;
		ra[i] = loadA(bm + r, k0 + kc);
		amask |= uint(bm + r < p.M && k0 + kc < kEnd) << i;
	}
	for (uint i = 0; i < NB; i++) {
		uint q = tid + i * LX;
		uint r = q / (BN / 4), nc = q % (BN / 4);
		rb[i] = loadB(k0 + r, bn + nc * 4);
		bmask |= uint(k0 + r < kEnd && bn + nc * 4 < p.N) << i;
	}
}

// park: registers → shared buffer s (A transposed).
void park(uint s) {
	uint tid = gl_LocalInvocationIndex;
	for (uint i = 0; i < NA; i++) {
		uint q = tid + i * LX;
		if (BM * BK / 4 % LX != 0 && q >= BM * BK / 4) break;
		uint r = q / (BK / 4), kc = (q % (BK / 4)) * 4;
		vec4 v = (amask & (1u << i)) != 0 ? ra[i] : vec4(0);
		for (uint e = 0; e < 4; e++) As[(s * BK + kc + e) * SA + r / 4][r % 4] = v[e];
	}
	for (uint i = 0; i < NB; i++) {
		uint q = tid + i * LX;
		if (BK * BN / 4 % LX != 0 && q >= BK * BN / 4) break;
		Bs[s * BK * SB + q] = (bmask & (1u << i)) != 0 ? rb[i] : vec4(0);
	}
}

void main() {
	uint x = gl_LocalInvocationID.x, y = gl_LocalInvocationID.y;
	uint bm = gl_WorkGroupID.y * BM, bn = gl_WorkGroupID.x * BN;
	vec4 acc[TM][TN / 4];
	for (uint i = 0; i < TM; i++) {
		for (uint j = 0; j < TN / 4; j++) acc[i][j] = vec4(0);
	}
	uint steps = (p.K + BK - 1) / BK;
	uint k0 = 0;
	kEnd = p.K;
	if (SPLIT > 1) {
		uint per = (steps + SPLIT - 1) / SPLIT;
		k0 = min(gl_WorkGroupID.z * per, steps) * BK;
		kEnd = min(p.K, k0 + per * BK);
		steps = kEnd > k0 ? (kEnd - k0 + BK - 1) / BK : 0;
	}
	fetch(bm, bn, k0);
	park(0);
	barrier();
	for (uint t = 0; t < steps; t++) {
		bool more = t + 1 < steps;
		if (more) fetch(bm, bn, k0 + (t + 1) * BK);
		uint s = t % STAGES;
		for (uint k = 0; k < BK; k++) {
			vec4 av[TM / 4], bv[TN / 4];
			for (uint i = 0; i < TM / 4; i++) av[i] = As[(s * BK + k) * SA + y + i * WY];
			for (uint j = 0; j < TN / 4; j++) bv[j] = Bs[(s * BK + k) * SB + x + j * WX];
			for (uint i = 0; i < TM; i++) {
				for (uint j = 0; j < TN / 4; j++) acc[i][j] = fma(vec4(av[i / 4][i % 4]), bv[j], acc[i][j]);
			}
		}
		if (STAGES == 1) barrier();
		if (more) park((t + 1) % STAGES);
		barrier();
	}
	// Split-K: this layer's partial product, at z·M·N.
	uint base = SPLIT > 1 ? gl_WorkGroupID.z * p.M * p.N : 0;
	for (uint i = 0; i < TM; i++) {
		uint row = bm + 4 * (y + (i / 4) * WY) + i % 4;
		if (row >= p.M) continue;
		for (uint j = 0; j < TN / 4; j++) {
			uint col = bn + 4 * (x + j * WX);
			if (VEC != 0) {
				if (col < p.N) c4[(base + row * p.N + col) / 4] = acc[i][j];
			} else {
				for (uint e = 0; e < 4; e++) {
					if (col + e < p.N) c[base + row * p.N + col + e] = acc[i][j][e];
				}
			}
		}
	}
}
