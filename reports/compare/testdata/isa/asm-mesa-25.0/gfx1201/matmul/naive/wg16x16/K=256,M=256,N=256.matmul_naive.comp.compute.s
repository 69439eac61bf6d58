Shader disassembly is not supported in the current configuration, falling back to print_program.

After lowering to hw instructions:
ACO shader stage: SW (CS), HW (COMPUTE_SHADER)
BB0
/* logical preds: / linear preds: / kind: top-level, branch, */
	 v1: %6:v[1] = v_and_b32 15, %56:v[0]
	 v1: %10:v[0] = v_lshrrev_b32 10, %56:v[0]
	s_delay_alu valu_dep_2 skip_1 valu_dep_2
	 v1: %7:v[1] = v_lshl_add_u32 %57:s[117], 4, %6:v[1]
	 v1: %11:v[0] = v_lshl_add_u32 (is16bit)%58:s[115], 4, %10:v[0]
	 s2: %15:s[0-1] = v_cmp_le_u32 (latekill)%54:s[4], %7:v[1]
	 s2: %14:vcc = v_cmp_le_u32 (latekill)%53:s[3], %11:v[0]
	 s2: %0:exec,  s1: %66:scc = s_nor_b64 %14:vcc, %15:s[0-1]
	s_cbranch_execz block:BB11
BB1
/* logical preds: BB0, / linear preds: BB0, / kind: uniform, loop-preheader, */
	 v1: %0:v[2] = v_mov_b32 0
	 s1: %0:s[0] = s_mov_b32 0
BB2
/* logical preds: BB1, BB5, / linear preds: BB1, BB5, / kind: uniform, loop-header, */
	s_waitcnt_depctr sa_sdst(0)
	 s1: %67:scc = s_cmp_ge_u32 %21:s[0], %55:s[5]
	s_cbranch_scc1 block:BB6
BB5
/* logical preds: BB2, / linear preds: BB2, / kind: uniform, continue, */
	 s1: %0:s[6] = s_mov_b32 %52:s[2]
	 s1: %0:s[7] = s_movk_i32 imm:-32768
	s_clause imm:1
	 s4: %28:s[8-11] = s_load_dwordx4 %27:s[6-7], 0
	 s4: %35:s[12-15] = s_load_dwordx4 %27:s[6-7], 16
	 v1: %23:v[3] = v_mul_lo_u32 %11:v[0], %55:s[5]
	s_delay_alu valu_dep_1
	 v1: %30:v[3] = v_add_lshl_u32 %21:s[0], %23:v[3], 2
	s_wait_kmcnt imm:0
	 v1: %31:v[3] = buffer_load_dword %28:s[8-11], %30:v[3], 0 offen storage:buffer semantics:private,reorder
	 s1: %32:s[1] = s_mul_i32 %21:s[0], %54:s[4]
	s_waitcnt_depctr sa_sdst(0)
	 v1: %36:v[4] = v_add_lshl_u32 %32:s[1], %7:v[1], 2
	 v1: %37:v[4] = buffer_load_dword %35:s[12-15], %36:v[4], 0 offen storage:buffer semantics:private,reorder
	 s1: %40:s[0],  s1: %78:scc = s_add_u32 %21:s[0], 1
	s_wait_loadcnt imm:0
	 v1: %38:v[2] = v_fmac_f32 %31:v[3], %37:v[4], %20:v[2]
	s_branch block:BB2
BB6
/* logical preds: BB2, / linear preds: BB2, / kind: uniform, loop-exit, */
	 s1: %0:s[3] = s_movk_i32 imm:-32768
	 s4: %48:s[0-3] = s_load_dwordx4 %46:s[2-3], 32
	 v1: %42:v[0] = v_mul_lo_u32 %11:v[0], %54:s[4]
	s_delay_alu valu_dep_1
	 v1: %50:v[0] = v_add_lshl_u32 %42:v[0], %7:v[1], 2
	s_wait_kmcnt imm:0
	buffer_store_dword %48:s[0-3], %50:v[0], 0, %41:v[2] offen disable_wqm storage:buffer
BB11
/* logical preds: BB6, BB0, / linear preds: BB6, BB0, / kind: uniform, top-level, merge, */
	s_nop
	s_sendmsg sendmsg(dealloc_vgprs)
	s_endpgm

