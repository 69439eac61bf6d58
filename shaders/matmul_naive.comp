#version 450
// C = A·B, row-major, fp32: one invocation per element of C, no reuse.
// Specialization: 0 = workgroup width, 1 = workgroup height.
layout(local_size_x_id = 0, local_size_y_id = 1) in;
layout(push_constant) uniform P { uint M; uint N; uint K; } p;
layout(std430, binding = 0) readonly buffer BufA { float a[]; };
layout(std430, binding = 1) readonly buffer BufB { float b[]; };
layout(std430, binding = 2) writeonly buffer BufC { float c[]; };

void main() {
	uint col = gl_GlobalInvocationID.x;
	uint row = gl_GlobalInvocationID.y;
	if (row >= p.M || col >= p.N) return;
	float acc = 0.0;
	for (uint k = 0; k < p.K; k++) {
		acc = fma(a[row * p.K + k], b[k * p.N + col], acc);
	}
	c[row * p.N + col] = acc;
}
