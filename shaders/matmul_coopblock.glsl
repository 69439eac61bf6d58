// Body of the block cooperative-matrix GEMM (C = A·B; A M×K and C M×N
// row-major, B held transposed: N×K row-major, k-contiguous like A — the
// layout of LLM weights, and the one in which both operands of a matrix
// instruction come from shared memory as whole 16-byte rows per lane),
// included
// by matmul_coopblock_*.comp, which choose the types:
//   IN_T (A and B), ACC_T (accumulator), OUT_T (C in memory), EB (bytes of
//   one IN_T), OB (bytes of one OUT_T), OUT_BITS(u) (the OUT_T whose bits
//   are the low OB bytes of uint u), and optionally the chunk: CHUNK_T and
//   CB, its bytes (uvec4 and 16 unless defined; uvec2 and 8 for tiles
//   whose K row is 8 bytes, such as lavapipe's 8×8×8 int8).
// A and B never pass through registers as IN_T: they move as 16-byte
// chunks (CHUNK_T) from memory to shared memory, and coopMatLoad reads the
// tiles from the chunk array (stride and offset in chunks), so no type
// needs unpacking and no element is touched one by one (except at ragged
// edges, see VEC).
// The workgroup grid (WM×WN subgroups, BM×BN blocks, K-steps of BK) and
// specialization constants 0–9 are matmul_coop_grid.glsl's.
// STAGES = 2: shared memory holds two steps; each invocation's chunks of
// step k+1 are loaded into registers before the coopMatMulAdds of step k
// are issued (so the loads are in flight during them) and written to the
// other buffer after: one barrier a step. STAGES = 1: the same with a
// barrier before the write. Rows of both tiles are padded by one chunk.
// VEC = 1 (K a multiple of CH; set by the host per size): every
// chunk is one 16-byte load; else chunks are gathered from 32-bit words,
// element by element with bounds checks. Out-of-range rows, columns and k
// read 0; a block that crosses the edge of C is written through shared
// memory with bounds checks: any M, N, K works.
// Shared memory holds per stage A (BM rows of BK) and B (BN rows of BK).
// Specialization 10 = STAGES. TK must be a multiple of CH, TN·OB of CB.
// Two shapes of the math a .comp may choose (f16acc does):
// INTERIOR_STEPS (4 unless defined as 8): K-steps an iteration of the
// interior loop (below). RADV (Mesa 26.1) carries 16-bit accumulators
// round the loop as 16x2 phis and copies every 16-bit half of every
// accumulator once an iteration (v_mov_b16), so 8 steps halve that cost
// per matrix instruction; 32-bit accumulators stay in place, and 8 steps
// only add register shuffles to them (f16 on navi31).
// HOLD_LARGER: each K tile's math holds the larger of the subgroup's sets
// of A and B tiles and loads the other one tile at a time (without it, A
// is held): fewer register moves for f16acc's t2x4 variants on RADV, more
// for f16's on navi31.
#ifndef INTERIOR_STEPS
#define INTERIOR_STEPS 4
#endif
#ifndef CB
#define CB 16
#define CHUNK_T uvec4
#endif
// Elements of IN_T in a chunk.
#define CH (CB / EB)
#include "matmul_coop_grid.glsl"
layout(constant_id = 10) const uint STAGES = 2;
// Row strides of the shared tiles in chunks, padded by one chunk.
const uint SA = BK / CH + 1;
const uint A_STAGE = BM * SA;
const uint B_STAGE = BN * SA;
const uint B_BASE = STAGES * A_STAGE;
// The edge path reuses the start of S: one TM×TN tile per subgroup.
const uint C_TILE = TM * TN * OB / CB;
const uint S_SIZE = B_BASE + STAGES * B_STAGE > WM * WN * C_TILE ? B_BASE + STAGES * B_STAGE : WM * WN * C_TILE;
// Chunks of a step per invocation (rounded up; the last are guarded).
const uint A_CHUNKS = BM * BK / CH;
const uint B_CHUNKS = BN * BK / CH;
const uint NA = (A_CHUNKS + LX - 1) / LX;
const uint NB = (B_CHUNKS + LX - 1) / LX;

layout(std430, binding = 0) readonly buffer BufA { uint a32[]; };
layout(std430, binding = 0) readonly buffer BufA4 { CHUNK_T a4[]; };
layout(std430, binding = 1) readonly buffer BufB { uint b32[]; };
layout(std430, binding = 1) readonly buffer BufB4 { CHUNK_T b4[]; };
layout(std430, binding = 2) writeonly buffer BufC { OUT_T c[]; };

shared CHUNK_T S[S_SIZE];

CHUNK_T ra[NA];
CHUNK_T rb[NB];
// Bit i: chunk i of ra / rb lies in the matrix (else park() stores 0).
uint amask, bmask;

// gather: the chunk of n ≤ CH elements from element index e of a matrix
// held in words, zero beyond n.
CHUNK_T gatherA(uint e, uint n) {
	CHUNK_T v = CHUNK_T(0);
	for (uint i = 0; i < n; i++) {
		uint byte = (e + i) * EB;
		uint bits = bitfieldExtract(a32[byte / 4], int(byte % 4) * 8, int(EB) * 8);
		v[i * EB / 4] |= bits << ((i * EB % 4) * 8);
	}
	return v;
}

CHUNK_T gatherB(uint e, uint n) {
	CHUNK_T v = CHUNK_T(0);
	for (uint i = 0; i < n; i++) {
		uint byte = (e + i) * EB;
		uint bits = bitfieldExtract(b32[byte / 4], int(byte % 4) * 8, int(EB) * 8);
		v[i * EB / 4] |= bits << ((i * EB % 4) * 8);
	}
	return v;
}

// fetch: the step starting at k0, memory → registers.
void fetch(uint bm, uint bn, uint k0) {
	uint tid = gl_LocalInvocationIndex;
	amask = 0;
	bmask = 0;
	for (uint i = 0; i < NA; i++) {
		uint q = tid + i * LX;
		uint gr = bm + q / (BK / CH), gk = k0 + (q % (BK / CH)) * CH;
		bool in_ = (A_CHUNKS % LX == 0 || q < A_CHUNKS) && gr < p.M && gk < p.K;
		amask |= uint(in_) << i;
		if (VEC != 0) {
			// Unconditional (chunk 0 stands in outside the matrix) and
			// zeroed in park(), so the load stays in flight until then.
			ra[i] = a4[in_ ? (gr * p.K + gk) / CH : 0];
		} else {
			ra[i] = in_ ? gatherA(gr * p.K + gk, min(CH, p.K - gk)) : CHUNK_T(0);
		}
	}
	for (uint i = 0; i < NB; i++) {
		uint q = tid + i * LX;
		uint gn = bn + q / (BK / CH), gk = k0 + (q % (BK / CH)) * CH;
		bool in_ = (B_CHUNKS % LX == 0 || q < B_CHUNKS) && gn < p.N && gk < p.K;
		bmask |= uint(in_) << i;
		if (VEC != 0) {
			rb[i] = b4[in_ ? (gn * p.K + gk) / CH : 0];
		} else {
			rb[i] = in_ ? gatherB(gn * p.K + gk, min(CH, p.K - gk)) : CHUNK_T(0);
		}
	}
}

// park: registers → shared stage s.
void park(uint s) {
	uint tid = gl_LocalInvocationIndex;
	for (uint i = 0; i < NA; i++) {
		uint q = tid + i * LX;
		if (A_CHUNKS % LX == 0 || q < A_CHUNKS) {
			S[s * A_STAGE + (q / (BK / CH)) * SA + q % (BK / CH)] = (amask & (1u << i)) != 0 ? ra[i] : CHUNK_T(0);
		}
	}
	for (uint i = 0; i < NB; i++) {
		uint q = tid + i * LX;
		if (B_CHUNKS % LX == 0 || q < B_CHUNKS) {
			S[B_BASE + s * B_STAGE + (q / (BK / CH)) * SA + q % (BK / CH)] = (bmask & (1u << i)) != 0 ? rb[i] : CHUNK_T(0);
		}
	}
}

// The interior fast path (a block wholly inside C, K a multiple of BK,
// chunk loads): no bounds, no masks; each invocation's chunk indices
// (ga, gb: step 0 in memory; sa, sb: stage 0 in shared memory) are
// computed once, and a step adds koff = t·BK/CH chunks to them.
uint ga[NA], gb[NB], sa[NA], sb[NB];

void initI(uint bm, uint bn) {
	uint tid = gl_LocalInvocationIndex;
	for (uint i = 0; i < NA; i++) {
		uint q = min(tid + i * LX, A_CHUNKS - 1);
		ga[i] = (bm + q / (BK / CH)) * (p.K / CH) + q % (BK / CH);
		sa[i] = (q / (BK / CH)) * SA + q % (BK / CH);
	}
	for (uint i = 0; i < NB; i++) {
		uint q = min(tid + i * LX, B_CHUNKS - 1);
		gb[i] = (bn + q / (BK / CH)) * (p.K / CH) + q % (BK / CH);
		sb[i] = B_BASE + (q / (BK / CH)) * SA + q % (BK / CH);
	}
}

void fetchI(uint koff) {
	for (uint i = 0; i < NA; i++) ra[i] = a4[ga[i] + koff];
	for (uint i = 0; i < NB; i++) rb[i] = b4[gb[i] + koff];
}

// parkI: the guards are constant (true) unless a step's chunks do not
// divide among the invocations; the clamped extra ones store nothing.
void parkI(uint s) {
	uint tid = gl_LocalInvocationIndex;
	for (uint i = 0; i < NA; i++) {
		if (A_CHUNKS % LX == 0 || tid + i * LX < A_CHUNKS) S[s * A_STAGE + sa[i]] = ra[i];
	}
	for (uint i = 0; i < NB; i++) {
		if (B_CHUNKS % LX == 0 || tid + i * LX < B_CHUNKS) S[s * B_STAGE + sb[i]] = rb[i];
	}
}

void main() {
	uint sg = gl_SubgroupID;
	uint sm = (sg / WN) * TILES_M * TM, sn = (sg % WN) * TILES_N * TN;
	uint bm = gl_WorkGroupID.y * BM, bn = gl_WorkGroupID.x * BN;

	coopmat<ACC_T, gl_ScopeSubgroup, TM, TN, gl_MatrixUseAccumulator> acc[TILES_M * TILES_N];
	for (uint i = 0; i < TILES_M * TILES_N; i++) {
		acc[i] = coopmat<ACC_T, gl_ScopeSubgroup, TM, TN, gl_MatrixUseAccumulator>(ACC_T(0));
	}
	coopmat<IN_T, gl_ScopeSubgroup, TM, TK, gl_MatrixUseA> ma[TILES_M];
	coopmat<IN_T, gl_ScopeSubgroup, TK, TN, gl_MatrixUseB> mb;
#ifdef HOLD_LARGER
	coopmat<IN_T, gl_ScopeSubgroup, TK, TN, gl_MatrixUseB> mbs[TILES_N];
#endif
	uint steps = (p.K + BK - 1) / BK;
// MMA_HOLD_A(s, ks): K tile ks of the step in stage s, the subgroup's A
// tiles held and its B tiles loaded one at a time.
#define MMA_HOLD_A(s, ks) \
	for (uint i = 0; i < TILES_M; i++) { \
		coopMatLoad(ma[i], S, (s) * A_STAGE + (sm + i * TM) * SA + (ks) * (TK / CH), SA, gl_CooperativeMatrixLayoutRowMajor); \
	} \
	for (uint j = 0; j < TILES_N; j++) { \
		coopMatLoad(mb, S, B_BASE + (s) * B_STAGE + (sn + j * TN) * SA + (ks) * (TK / CH), SA, gl_CooperativeMatrixLayoutColumnMajor); \
		for (uint i = 0; i < TILES_M; i++) { \
			acc[i * TILES_N + j] = coopMatMulAdd(ma[i], mb, acc[i * TILES_N + j]); \
		} \
	}
#ifdef HOLD_LARGER
// MMA_HOLD_B(s, ks): the same with the B tiles held, the A tiles loaded
// one at a time.
#define MMA_HOLD_B(s, ks) \
	for (uint j = 0; j < TILES_N; j++) { \
		coopMatLoad(mbs[j], S, B_BASE + (s) * B_STAGE + (sn + j * TN) * SA + (ks) * (TK / CH), SA, gl_CooperativeMatrixLayoutColumnMajor); \
	} \
	for (uint i = 0; i < TILES_M; i++) { \
		coopMatLoad(ma[0], S, (s) * A_STAGE + (sm + i * TM) * SA + (ks) * (TK / CH), SA, gl_CooperativeMatrixLayoutRowMajor); \
		for (uint j = 0; j < TILES_N; j++) { \
			acc[i * TILES_N + j] = coopMatMulAdd(ma[0], mbs[j], acc[i * TILES_N + j]); \
		} \
	}
// MMA(s): the coopMatMulAdds of the step in stage s, holding the larger
// of the subgroup's sets of A and B tiles (a constant choice).
#define MMA(s) \
	for (uint ks = 0; ks < KSTEPS; ks++) { \
		if (TILES_M >= TILES_N) { \
			MMA_HOLD_A(s, ks) \
		} else { \
			MMA_HOLD_B(s, ks) \
		} \
	}
#else
// MMA(s): the coopMatMulAdds of the step in stage s.
#define MMA(s) \
	for (uint ks = 0; ks < KSTEPS; ks++) { \
		MMA_HOLD_A(s, ks) \
	}
#endif
// STEP(t, s, n): step t (in stage s) while step t+1 goes to stage n.
#define STEP(t, s, n) \
	fetchI(((t) + 1) * (BK / CH)); \
	MMA(s) \
	if (STAGES == 1) barrier(); \
	parkI(n); \
	barrier();
// STEP4(t): steps t to t+3, t even (stage 0 first).
#define STEP4(t) \
	STEP(t, 0, S1) \
	STEP((t) + 1, S1, 0) \
	STEP((t) + 2, 0, S1) \
	STEP((t) + 3, S1, 0)
	// Workgroup-uniform, so the branch and the barriers inside are too.
	bool interior = VEC != 0 && bm + BM <= p.M && bn + BN <= p.N && p.K % BK == 0;
	if (interior) {
		// INTERIOR_STEPS steps an iteration, so the stages are constants
		// (t stays even); with 8, four more once if more than four
		// remain; the last one to four steps after that.
		const uint S1 = 1 % STAGES;
		initI(bm, bn);
		fetchI(0);
		parkI(0);
		barrier();
		uint t = 0;
#if INTERIOR_STEPS == 8
		for (; t + 8 < steps; t += 8) {
			STEP4(t)
			STEP4(t + 4)
		}
		if (t + 4 < steps) {
			STEP4(t)
			t += 4;
		}
#else
		for (; t + 4 < steps; t += 4) {
			STEP4(t)
		}
#endif
		for (; t + 1 < steps; t++) {
			STEP(t, t % STAGES, (t + 1) % STAGES)
		}
		MMA(t % STAGES)
	} else {
		fetch(bm, bn, 0);
		park(0);
		barrier();
		for (uint t = 0; t < steps; t++) {
			bool more = t + 1 < steps;
			if (more) fetch(bm, bn, (t + 1) * BK);
			MMA(t % STAGES)
			if (STAGES == 1) barrier();
			if (more) park((t + 1) % STAGES);
			barrier();
		}
	}

	// The edge test is workgroup-uniform, so the barriers are too.
	bool edge = bm + BM > p.M || bn + BN > p.N;
	for (uint i = 0; i < TILES_M; i++) {
		for (uint j = 0; j < TILES_N; j++) {
			uint r0 = bm + sm + i * TM, c0 = bn + sn + j * TN;
			coopmat<OUT_T, gl_ScopeSubgroup, TM, TN, gl_MatrixUseAccumulator> o =
				coopmat<OUT_T, gl_ScopeSubgroup, TM, TN, gl_MatrixUseAccumulator>(acc[i * TILES_N + j]);
			if (!edge) {
				coopMatStore(o, c, r0 * p.N + c0, p.N, gl_CooperativeMatrixLayoutRowMajor);
				continue;
			}
			uint base = sg * C_TILE;
			coopMatStore(o, S, base, TN * OB / CB, gl_CooperativeMatrixLayoutRowMajor);
			barrier();
			for (uint e = gl_SubgroupInvocationID; e < TM * TN; e += gl_SubgroupSize) {
				uint r = r0 + e / TN, col = c0 + e % TN;
				uint byte = e * OB;
				uint bits = bitfieldExtract(S[base + byte / CB][(byte % CB) / 4], int(byte % 4) * 8, int(OB) * 8);
				if (r < p.M && col < p.N) c[r * p.N + col] = OUT_BITS(bits);
			}
			barrier();
		}
	}
}
