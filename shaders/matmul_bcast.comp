#version 450
// Register-blocked GEMM (C = A·B, row-major, fp32) with broadcast B rows:
// the WX invocations of a workgroup own rows (TM each, strided by WX) and
// all share the same TN columns, so every load of B has a workgroup-uniform
// address — a scalar load and broadcast on AMD (SMEM) and on lavapipe —
// and each invocation issues one per-lane load of A per k for TN FMAs.
// Out-of-range rows and columns are clamped for loading and never stored.
// Specialization: 0 = WX (workgroup width), 1 = TM, 2 = TN.
layout(local_size_x_id = 0) in;
layout(constant_id = 0) const uint WX = 64;
layout(constant_id = 1) const uint TM = 1;
layout(constant_id = 2) const uint TN = 12;

layout(push_constant) uniform P { uint M; uint N; uint K; } p;
layout(std430, binding = 0) readonly buffer BufA { float a[]; };
layout(std430, binding = 1) readonly buffer BufB { float b[]; };
layout(std430, binding = 2) writeonly buffer BufC { float c[]; };

void main() {
	uint lane = gl_LocalInvocationID.x;
	uint bm = gl_WorkGroupID.y * WX * TM;
	uint bn = gl_WorkGroupID.x * TN;
	float acc[TM * TN];
	for (uint i = 0; i < TM * TN; i++) acc[i] = 0.0;
	uint arow[TM];
	for (uint i = 0; i < TM; i++) arow[i] = min(bm + lane + i * WX, p.M - 1) * p.K;
	uint bcol[TN];
	for (uint j = 0; j < TN; j++) bcol[j] = min(bn + j, p.N - 1);
	for (uint k = 0; k < p.K; k++) {
		uint kn = k * p.N;
		float av[TM];
		for (uint i = 0; i < TM; i++) av[i] = a[arow[i] + k];
		for (uint j = 0; j < TN; j++) {
			float bv = b[kn + bcol[j]];
			for (uint i = 0; i < TM; i++) acc[i * TN + j] = fma(av[i], bv, acc[i * TN + j]);
		}
	}
	for (uint i = 0; i < TM; i++) {
		uint row = bm + lane + i * WX;
		if (row >= p.M) continue;
		for (uint j = 0; j < TN; j++) {
			if (bn + j < p.N) c[row * p.N + bn + j] = acc[i * TN + j];
		}
	}
}
