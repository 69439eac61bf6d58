// Body of the cooperative-matrix peak, included by peak_coopmat_*.comp,
// which choose IN_T (A, B), ACC_T (accumulator) and OUT_T (fp32 or int32
// output); it does no arithmetic on IN_T, so bf16 and fp8 (which have
// none in GLSL) share it with fp16 and int8. Each subgroup loads A (TM×TK),
// B (TK×TN) and a second A once from the input buffer (the host fills both
// A with 1 and B with 1/K, or 1 for int8; the compiler cannot see that
// every element is equal), keeps them and ACC
// accumulators in registers and runs ACC independent chains of p.iters
// coopMatMulAdd; every step adds the same exact amount (1, or K for int8)
// to each element of each chain, so the result is exact. The chains are summed in OUT_T and stored: one
// TM×TN tile per subgroup.
// Specialization: 0 = workgroup size, 1 = ACC, 2 = TM, 3 = TN, 4 = TK.
#extension GL_KHR_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_EXT_shader_explicit_arithmetic_types : require

layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint ACC = 4;
layout(constant_id = 2) const uint TM = 16;
layout(constant_id = 3) const uint TN = 16;
layout(constant_id = 4) const uint TK = 16;
layout(push_constant) uniform P { uint iters; } p;
layout(std430, binding = 0) writeonly buffer O { OUT_T o[]; };
layout(std430, binding = 1) readonly buffer I { IN_T x[]; }; // A (TM×TK), B (TK×TN), A again; row-major

void main() {
	coopmat<IN_T, gl_ScopeSubgroup, TM, TK, gl_MatrixUseA> ma0, ma1;
	coopmat<IN_T, gl_ScopeSubgroup, TK, TN, gl_MatrixUseB> mb;
	coopMatLoad(ma0, x, 0, TK, gl_CooperativeMatrixLayoutRowMajor);
	coopMatLoad(mb, x, TM * TK, TN, gl_CooperativeMatrixLayoutRowMajor);
	coopMatLoad(ma1, x, TM * TK + TK * TN, TK, gl_CooperativeMatrixLayoutRowMajor);
	coopmat<ACC_T, gl_ScopeSubgroup, TM, TN, gl_MatrixUseAccumulator> acc[ACC];
	for (uint j = 0; j < ACC; j++) {
		acc[j] = coopmat<ACC_T, gl_ScopeSubgroup, TM, TN, gl_MatrixUseAccumulator>(ACC_T(j));
	}
	for (uint i = 0; i < p.iters; i++) {
		// A is picked every step: the second copy when i >= 2^31, which
		// no real chain reaches, but the compiler cannot know it: no A·B
		// is loop-invariant. (lavapipe lowers a multiply-add to A·B
		// reductions plus one add of C; with a fixed A, LLVM hoists the
		// A·B out of the loop and the chain is just adds.) A branch, not
		// ?:, since SPIR-V has no OpSelect of cooperative matrices.
		coopmat<IN_T, gl_ScopeSubgroup, TM, TK, gl_MatrixUseA> ma = ma0;
		if ((i >> 31) != 0) {
			ma = ma1;
		}
		for (uint j = 0; j < ACC; j++) {
			acc[j] = coopMatMulAdd(ma, mb, acc[j]);
		}
	}
	coopmat<OUT_T, gl_ScopeSubgroup, TM, TN, gl_MatrixUseAccumulator> sum = coopmat<OUT_T, gl_ScopeSubgroup, TM, TN, gl_MatrixUseAccumulator>(OUT_T(0));
	for (uint j = 0; j < ACC; j++) {
		sum += coopmat<OUT_T, gl_ScopeSubgroup, TM, TN, gl_MatrixUseAccumulator>(acc[j]);
	}
	uint sg = gl_WorkGroupID.x * gl_NumSubgroups + gl_SubgroupID;
	coopMatStore(sum, o, sg * TM * TN, TN, gl_CooperativeMatrixLayoutRowMajor);
}
