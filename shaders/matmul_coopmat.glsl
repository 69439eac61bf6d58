// Body of the cooperative-matrix GEMM (C = A·B, row-major), included by
// matmul_coopmat_*.comp, which choose the types and the vector unpacking:
//   IN_T (A and B), ACC_T (accumulator), OUT_T (C in memory), CH (elements
//   of IN_T in one 16-byte uvec4), UNPACK_CHUNK(dst, base, v) (store the CH
//   elements of uvec4 v into shared array dst from index base).
// It does no arithmetic on IN_T (only loads, stores, IN_T(0) and
// coopMatMulAdd), so bf16 and fp8, which GLSL gives no arithmetic, share
// it with fp16 and int8.
// The workgroup grid (WM×WN subgroups, BM×BN blocks, K-steps of BK) and
// its specialization constants are matmul_coop_grid.glsl's. Per K-step the
// workgroup stages BM×BK of A and BK×BN of B in shared memory, with 16-byte
// loads when VEC = 1 (K, N multiples of CH), element loads with bounds
// checks otherwise.
#include "matmul_coop_grid.glsl"
// Row strides of the shared tiles, padded by one 16-byte chunk.
const uint SA = BK + CH;
const uint SB = BN + CH;

layout(std430, binding = 0) readonly buffer BufA { IN_T a[]; };
layout(std430, binding = 0) readonly buffer BufA4 { uvec4 a4[]; };
layout(std430, binding = 1) readonly buffer BufB { IN_T b[]; };
layout(std430, binding = 1) readonly buffer BufB4 { uvec4 b4[]; };
layout(std430, binding = 2) buffer BufC { OUT_T c[]; };

shared IN_T As[BM * SA];
shared IN_T Bs[BK * SB];
// Edge tiles go through here (one TM×TN tile per subgroup).
shared OUT_T Cs[WM * WN * TM * TN];

void stage(uint bm, uint bn, uint k0) {
	uint tid = gl_LocalInvocationIndex;
	if (VEC != 0) {
		for (uint i = tid; i < BM * BK / CH; i += LX) {
			uint r = i / (BK / CH), kc = (i % (BK / CH)) * CH;
			uint gr = bm + r, gk = k0 + kc;
			uvec4 v = (gr < p.M && gk < p.K) ? a4[(gr * p.K + gk) / CH] : uvec4(0);
			UNPACK_CHUNK(As, r * SA + kc, v);
		}
		for (uint i = tid; i < BK * BN / CH; i += LX) {
			uint r = i / (BN / CH), nc = (i % (BN / CH)) * CH;
			uint gk = k0 + r, gn = bn + nc;
			uvec4 v = (gk < p.K && gn < p.N) ? b4[(gk * p.N + gn) / CH] : uvec4(0);
			UNPACK_CHUNK(Bs, r * SB + nc, v);
		}
	} else {
		for (uint i = tid; i < BM * BK; i += LX) {
			uint r = i / BK, k = i % BK;
			uint gr = bm + r, gk = k0 + k;
			As[r * SA + k] = (gr < p.M && gk < p.K) ? a[gr * p.K + gk] : IN_T(0);
		}
		for (uint i = tid; i < BK * BN; i += LX) {
			uint r = i / BN, n = i % BN;
			uint gk = k0 + r, gn = bn + n;
			Bs[r * SB + n] = (gk < p.K && gn < p.N) ? b[gk * p.N + gn] : IN_T(0);
		}
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
	for (uint k0 = 0; k0 < p.K; k0 += BK) {
		stage(bm, bn, k0);
		barrier();
		for (uint ks = 0; ks < KSTEPS; ks++) {
			for (uint i = 0; i < TILES_M; i++) {
				coopMatLoad(ma[i], As, (sm + i * TM) * SA + ks * TK, SA, gl_CooperativeMatrixLayoutRowMajor);
			}
			for (uint j = 0; j < TILES_N; j++) {
				coopMatLoad(mb, Bs, ks * TK * SB + sn + j * TN, SB, gl_CooperativeMatrixLayoutRowMajor);
				for (uint i = 0; i < TILES_M; i++) {
					acc[i * TILES_N + j] = coopMatMulAdd(ma[i], mb, acc[i * TILES_N + j]);
				}
			}
		}
		barrier();
	}

	// A block that crosses the edge of C goes out tile by tile through
	// shared memory, with bounds checks; the test is workgroup-uniform, so
	// the barriers are too.
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
			uint base = sg * TM * TN;
			coopMatStore(o, Cs, base, TN, gl_CooperativeMatrixLayoutRowMajor);
			barrier();
			for (uint e = gl_SubgroupInvocationID; e < TM * TN; e += gl_SubgroupSize) {
				uint r = r0 + e / TN, col = c0 + e % TN;
				if (r < p.M && col < p.N) c[r * p.N + col] = Cs[base + e];
			}
			barrier();
		}
	}
}
