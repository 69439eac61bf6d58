#version 450
#extension GL_EXT_spirv_intrinsics : require
// int8 dot-product peak (VK_KHR_shader_integer_dot_product): ACC independent
// chains acc = dot4(int8x4(acc), int8x4(w)) + acc — OpSDot on the
// accumulator's own bytes, so each step depends on the last and nothing is
// loop-invariant. The CPU replays the chains exactly (wrapping int32) and
// checks the wrapping sum each invocation writes.
// Specialization: 0 = workgroup size, 1 = ACC.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const int ACC = 8;
layout(push_constant) uniform P { uint w; uint unused; uint iters; } p;
layout(std430, binding = 0) writeonly buffer O { uint o[]; };

spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6018], id = 4450)
int sdot4x8(uint a, uint b, spirv_literal int packedFormat);

void main() {
	uint g = gl_GlobalInvocationID.x;
	int acc[ACC];
	for (int j = 0; j < ACC; j++) acc[j] = int(g * 0x01010101u + uint(j) * 0x02030405u);
	for (uint i = 0u; i < p.iters; i += 4u) {
		for (int u = 0; u < 4; u++) {
			for (int j = 0; j < ACC; j++) acc[j] += sdot4x8(uint(acc[j]), p.w, 0);
		}
	}
	uint sum = 0u;
	for (int j = 0; j < ACC; j++) sum += uint(acc[j]);
	o[g] = sum;
}
