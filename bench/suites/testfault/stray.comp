#version 450
// Test only (hidden suite 'testfault'): one read one element past the end
// of the storage buffer bound at binding 0, its value stored where
// verification never looks. It is the negative control of the tests that
// run kernels under the validation layer's GPU-assisted validation
// (cmd/radvbench's TestMatmulAccessesInBounds): the layer must report this
// read. The index is the array's own length, read at run time
// (OpArrayLength), so no compiler can prove it out of bounds and drop it.
layout(local_size_x = 1) in;
layout(std430, binding = 0) readonly buffer Src { uint v[]; } src;
layout(std430, binding = 1) writeonly buffer Dst { uint v[]; } dst;

void main() {
	dst.v[0] = src.v[src.v.length()];
}
