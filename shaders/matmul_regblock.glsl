// Body of the register-blocked GEMM (C = A·B, row-major), included by
// matmul_regblock*.comp, which choose the element types:
//   IN_T  (A and B in memory), SH_T (shared-memory tiles), ACC_T
//   (accumulators), OUT_T (C in memory).
// A workgroup of WX×WY invocations computes a BM×BN block of C
// (BM = WY·TM, BN = WX·TN), staging BM×BK of A and BK×BN of B in shared
// memory per step; each invocation accumulates a TM×TN micro-tile in
// registers. Invocation (tx,ty) owns rows ty + i·WY and columns tx + j·WX,
// so neighbouring invocations touch neighbouring addresses.
// Specialization: 0 = WX, 1 = WY, 2 = TM, 3 = TN, 4 = BK.
layout(local_size_x_id = 0, local_size_y_id = 1) in;
layout(constant_id = 0) const uint WX = 16;
layout(constant_id = 1) const uint WY = 16;
layout(constant_id = 2) const uint TM = 4;
layout(constant_id = 3) const uint TN = 4;
layout(constant_id = 4) const uint BK = 16;
const uint BM = WY * TM;
const uint BN = WX * TN;
const uint NT = WX * WY;

layout(push_constant) uniform P { uint M; uint N; uint K; } p;
layout(std430, binding = 0) readonly buffer BufA { IN_T a[]; };
layout(std430, binding = 1) readonly buffer BufB { IN_T b[]; };
layout(std430, binding = 2) writeonly buffer BufC { OUT_T c[]; };

shared SH_T As[BK * BM]; // As[k*BM + r]: A transposed, so a row of the
                         // micro-tile is a broadcast read
shared SH_T Bs[BK * BN]; // Bs[k*BN + c]

void main() {
	uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y;
	uint tid = ty * WX + tx;
	uint bm = gl_WorkGroupID.y * BM, bn = gl_WorkGroupID.x * BN;
	ACC_T acc[TM * TN];
	for (uint i = 0; i < TM * TN; i++) acc[i] = ACC_T(0);
	SH_T ar[TM];
	SH_T br[TN];
	for (uint k0 = 0; k0 < p.K; k0 += BK) {
		for (uint i = tid; i < BM * BK; i += NT) {
			uint r = i / BK, k = i % BK;
			uint gr = bm + r, gk = k0 + k;
			As[k * BM + r] = (gr < p.M && gk < p.K) ? SH_T(a[gr * p.K + gk]) : SH_T(0);
		}
		for (uint i = tid; i < BK * BN; i += NT) {
			uint k = i / BN, cc = i % BN;
			uint gk = k0 + k, gc = bn + cc;
			Bs[k * BN + cc] = (gk < p.K && gc < p.N) ? SH_T(b[gk * p.N + gc]) : SH_T(0);
		}
		barrier();
		for (uint k = 0; k < BK; k++) {
			for (uint i = 0; i < TM; i++) ar[i] = As[k * BM + ty + i * WY];
			for (uint j = 0; j < TN; j++) br[j] = Bs[k * BN + tx + j * WX];
			for (uint i = 0; i < TM; i++)
				for (uint j = 0; j < TN; j++)
					acc[i * TN + j] = fma(ACC_T(ar[i]), ACC_T(br[j]), acc[i * TN + j]);
		}
		barrier();
	}
	for (uint i = 0; i < TM; i++) {
		uint gr = bm + ty + i * WY;
		if (gr >= p.M) continue;
		for (uint j = 0; j < TN; j++) {
			uint gc = bn + tx + j * WX;
			if (gc < p.N) c[gr * p.N + gc] = OUT_T(acc[i * TN + j]);
		}
	}
}
