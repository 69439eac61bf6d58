#version 450
// Register-blocked GEMM (C = A·B, row-major, fp32) without shared memory:
// each invocation computes a TM×TN micro-tile, reading A and B straight
// from memory and relying on the caches for reuse. Invocation (tx,ty) of a
// WX×WY workgroup owns rows ty + i·WY and columns tx + j·WX of the
// workgroup's (WY·TM)×(WX·TN) block, so neighbouring invocations read
// neighbouring addresses. Without barriers this suits CPU implementations
// (lavapipe), where a workgroup barrier is a costly context switch.
// Specialization: 0 = WX, 1 = WY, 2 = TM, 3 = TN.
layout(local_size_x_id = 0, local_size_y_id = 1) in;
layout(constant_id = 0) const uint WX = 8;
layout(constant_id = 1) const uint WY = 8;
layout(constant_id = 2) const uint TM = 4;
layout(constant_id = 3) const uint TN = 4;
const uint BM = WY * TM;
const uint BN = WX * TN;

layout(push_constant) uniform P { uint M; uint N; uint K; } p;
layout(std430, binding = 0) readonly buffer BufA { float a[]; };
layout(std430, binding = 1) readonly buffer BufB { float b[]; };
layout(std430, binding = 2) writeonly buffer BufC { float c[]; };

void main() {
	uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y;
	uint bm = gl_WorkGroupID.y * BM, bn = gl_WorkGroupID.x * BN;
	float acc[TM * TN];
	for (uint i = 0; i < TM * TN; i++) acc[i] = 0.0;
	uint rows[TM];
	uint cols[TN];
	// Out-of-range rows and columns are clamped for loading (their
	// results are never stored), so the inner loop needs no branches.
	for (uint i = 0; i < TM; i++) rows[i] = min(bm + ty + i * WY, p.M - 1) * p.K;
	for (uint j = 0; j < TN; j++) cols[j] = min(bn + tx + j * WX, p.N - 1);
	float ar[TM];
	float br[TN];
	for (uint k = 0; k < p.K; k++) {
		for (uint i = 0; i < TM; i++) ar[i] = a[rows[i] + k];
		uint kn = k * p.N;
		for (uint j = 0; j < TN; j++) br[j] = b[kn + cols[j]];
		for (uint i = 0; i < TM; i++)
			for (uint j = 0; j < TN; j++)
				acc[i * TN + j] = fma(ar[i], br[j], acc[i * TN + j]);
	}
	for (uint i = 0; i < TM; i++) {
		uint gr = bm + ty + i * WY;
		if (gr >= p.M) continue;
		for (uint j = 0; j < TN; j++) {
			uint gc = bn + tx + j * WX;
			if (gc < p.N) c[gr * p.N + gc] = acc[i * TN + j];
		}
	}
}
