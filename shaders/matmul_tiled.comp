#version 450
// C = A·B, row-major, fp32: TILE×TILE workgroups stage TILE×TILE blocks of
// A and B in shared memory; each invocation computes one element of C.
// Specialization: 0 = TILE (workgroup is TILE×TILE).
layout(local_size_x_id = 0, local_size_y_id = 0) in;
layout(constant_id = 0) const uint TILE = 16;
layout(push_constant) uniform P { uint M; uint N; uint K; } p;
layout(std430, binding = 0) readonly buffer BufA { float a[]; };
layout(std430, binding = 1) readonly buffer BufB { float b[]; };
layout(std430, binding = 2) writeonly buffer BufC { float c[]; };

shared float As[TILE][TILE];
shared float Bs[TILE][TILE];

void main() {
	uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y;
	uint col = gl_WorkGroupID.x * TILE + tx;
	uint row = gl_WorkGroupID.y * TILE + ty;
	float acc = 0.0;
	for (uint k0 = 0; k0 < p.K; k0 += TILE) {
		uint ka = k0 + tx, kb = k0 + ty;
		As[ty][tx] = (row < p.M && ka < p.K) ? a[row * p.K + ka] : 0.0;
		Bs[ty][tx] = (kb < p.K && col < p.N) ? b[kb * p.N + col] : 0.0;
		barrier();
		for (uint k = 0; k < TILE; k++) {
			acc = fma(As[ty][k], Bs[k][tx], acc);
		}
		barrier();
	}
	if (row < p.M && col < p.N) c[row * p.N + col] = acc;
}
