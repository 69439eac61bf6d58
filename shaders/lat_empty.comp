#version 450
// A near-empty dispatch for latency figures: invocation 0 writes one word so
// the dispatch can be checked. With CHAIN, slot s becomes slot s-1 plus one
// (slot 0 becomes value), so a missing barrier or reordering shows up.
// Specialization: 0 = workgroup size, 1 = CHAIN (0 or 1).
// Push: slot, value.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint CHAIN = 0;
layout(push_constant) uniform P { uint slot; uint value; } p;
layout(std430, binding = 0) buffer O { uint o[]; };

void main() {
	if (gl_GlobalInvocationID.x != 0u) return;
	if (CHAIN != 0u && p.slot > 0u) {
		o[p.slot] = o[p.slot - 1u] + 1u;
	} else {
		o[p.slot] = p.value;
	}
}
