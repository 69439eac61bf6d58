#version 450
// TLB reach: access k of invocation g touches page (g + k·stride) mod pages
// (pages = footprint / page stride, a power of two); with RANDOM the page
// index goes through the bijection page·A + B mod pages so neighbouring
// accesses land on unrelated pages. Each access reads one whole 64-byte
// cache line; the line's offset inside the page rotates with the page index
// (page colouring) so power-of-two strides do not all hit one cache set.
// Every invocation writes the wrapping sum of what it read (checked exactly).
// Specialization: 0 = workgroup size, 1 = RANDOM (0 or 1).
// Push: pageMask, pageVec4 (page stride in 16-byte units), lineMask
// (lines per page - 1), iters, stride (total invocations), mulA, addB.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint RANDOM = 0;
layout(push_constant) uniform P { uint pageMask; uint pageVec4; uint lineMask; uint iters; uint stride; uint mulA; uint addB; } p;
layout(std430, binding = 0) readonly buffer V { uvec4 v[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };

void main() {
	uint g = gl_GlobalInvocationID.x;
	uvec4 acc = uvec4(0u);
	for (uint k = 0u; k < p.iters; k++) {
		uint page = (g + k * p.stride) & p.pageMask;
		if (RANDOM != 0u) page = (page * p.mulA + p.addB) & p.pageMask;
		uint base = page * p.pageVec4 + 4u * (page & p.lineMask);
		acc += v[base] + v[base + 1u] + v[base + 2u] + v[base + 3u];
	}
	o[g] = acc.x + acc.y + acc.z + acc.w;
}
