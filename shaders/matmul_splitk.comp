#version 450
// Split-K reduction of matmul_block.comp: C[i] = Σ P[s·count + i] over
// the slices s = 0 .. slices-1, added in that order by one invocation
// (no atomics: the result is the same on every run). A grid-stride loop
// covers C with however many workgroups the host dispatches.
// VEC = 1 (M·N a multiple of 4; count is then in vec4s): 16-byte loads
// and stores.
layout(local_size_x = 256) in;
layout(constant_id = 0) const uint VEC = 0;

layout(push_constant) uniform P { uint count; uint slices; } p;
layout(std430, binding = 0) readonly buffer Part { float part[]; };
layout(std430, binding = 0) readonly buffer Part4 { vec4 part4[]; };
layout(std430, binding = 1) writeonly buffer BufC { float c[]; };
layout(std430, binding = 1) writeonly buffer BufC4 { vec4 c4[]; };

void main() {
	uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
	for (uint i = gl_GlobalInvocationID.x; i < p.count; i += stride) {
		if (VEC != 0) {
			vec4 s = part4[i];
			for (uint z = 1; z < p.slices; z++) s += part4[z * p.count + i];
			c4[i] = s;
		} else {
			float s = part[i];
			for (uint z = 1; z < p.slices; z++) s += part[z * p.count + i];
			c[i] = s;
		}
	}
}
