#version 450
// Dependent-load latency: one invocation follows a random cyclic chain of
// 64-byte nodes (word 16·i holds the index of the node after i) for
// `steps` loads, starting where the previous dispatch stopped (o[0]), and
// stores where it ends, so repeated dispatches walk the whole chain instead
// of re-reading a cached prefix. The CPU predicts the end exactly.
// Push: steps.
layout(local_size_x = 1) in;
layout(push_constant) uniform P { uint steps; } p;
layout(std430, binding = 0) readonly buffer N { uint next[]; };
layout(std430, binding = 1) buffer O { uint o[]; };

void main() {
	uint i = o[0];
	for (uint k = 0u; k < p.steps; k++) i = next[16u * i];
	o[0] = i;
}
