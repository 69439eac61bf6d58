Shader disassembly is not supported in the current configuration, falling back to print_program.

After lowering to hw instructions:
ACO shader stage: SW (CS), HW (COMPUTE_SHADER)
BB0
/* logical preds: / linear preds: / kind: uniform, top-level, loop-preheader, */
	 v1: %6:v[1] = v_and_b32 15, %112:v[0]
	 v1: %10:v[0] = v_lshrrev_b32 10, %112:v[0]
	 v1: %0:v[4] = v_mov_b32 0
	 s1: %0:s[0] = s_mov_b32 0
	s_delay_alu valu_dep_3
	 v1: %7:v[2] = v_lshl_add_u32 %113:s[117], 4, %6:v[1]
	 v1: %11:v[3] = v_lshl_add_u32 (is16bit)%114:s[115], 4, %10:v[0]
BB1
/* logical preds: BB0, BB16, / linear preds: BB0, BB16, / kind: uniform, loop-header, */
	s_waitcnt_depctr sa_sdst(0)
	 s1: %121:scc = s_cmp_ge_u32 %16:s[0], %111:s[5]
	s_cbranch_scc1 block:BB17
BB4
/* logical preds: BB1, / linear preds: BB1, / kind: branch, */
	 v1: %18:v[5] = v_add_u32 %16:s[0], %6:v[1]
	 v1: %19:v[6] = v_add_u32 %16:s[0], %10:v[0]
	 s2: %21:vcc = v_cmp_gt_u32 (latekill)%109:s[3], %11:v[3]
	s_delay_alu valu_dep_3
	 s2: %22:s[6-7] = v_cmp_gt_u32 (latekill)%111:s[5], %18:v[5]
	 s2: %0:exec,  s1: %124:scc = s_and_b64 %21:vcc, %22:s[6-7]
	s_cbranch_execz block:BB8
BB5
/* logical preds: BB4, / linear preds: BB4, / kind: uniform, */
	 s1: %0:s[6] = s_mov_b32 %108:s[2]
	 s1: %0:s[7] = s_movk_i32 imm:-32768
	 s4: %29:s[8-11] = s_load_dwordx4 %28:s[6-7], 0
	 v1: %24:v[7] = v_mul_lo_u32 %11:v[3], %111:s[5]
	s_delay_alu valu_dep_1
	 v1: %31:v[7] = v_add_lshl_u32 %24:v[7], %18:v[5], 2
	s_wait_kmcnt imm:0
	 v1: %32:v[7] = buffer_load_dword %29:s[8-11], %31:v[7], 0 offen storage:buffer semantics:private,reorder
BB8
/* logical preds: BB4, / linear preds: BB5, BB4, / kind: uniform, */
	 s2: %0:exec,  s1: %160:scc = s_andn2_b64 -1, %0:exec
	s_wait_loadcnt imm:0
	 v1: %0:v[7] = v_mov_b32 0
BB10
/* logical preds: BB5, BB8, / linear preds: BB8, / kind: branch, merge, */
	 s2: %0:exec = s_mov_b64 -1
	 v1: %35:v[5] = v_lshlrev_b32 2, (is16bit)%6:v[1]
	 v1: %37:v[8] = v_lshlrev_b32 6, (is16bit)%10:v[0]
	s_delay_alu valu_dep_1
	 v1: (nuw)%38:v[9] = v_add_u32 %37:v[8], %35:v[5]
	ds_write_b32 %38:v[9], %33:v[7] storage:shared
	 s2: %40:vcc = v_cmp_gt_u32 (latekill)%111:s[5], %19:v[6]
	 s2: %41:s[6-7] = v_cmp_gt_u32 (latekill)%110:s[4], %7:v[2]
	 s2: %0:exec,  s1: %129:scc = s_and_b64 %40:vcc, %41:s[6-7]
	s_cbranch_execz block:BB14
BB11
/* logical preds: BB10, / linear preds: BB10, / kind: uniform, */
	 s1: %0:s[6] = s_mov_b32 %108:s[2]
	 s1: %0:s[7] = s_movk_i32 imm:-32768
	 s4: %48:s[8-11] = s_load_dwordx4 %47:s[6-7], 16
	 v1: %43:v[6] = v_mul_lo_u32 %19:v[6], %110:s[4]
	s_delay_alu valu_dep_1
	 v1: %49:v[6] = v_add_lshl_u32 %43:v[6], %7:v[2], 2
	s_wait_kmcnt imm:0
	 v1: %50:v[6] = buffer_load_dword %48:s[8-11], %49:v[6], 0 offen storage:buffer semantics:private,reorder
BB14
/* logical preds: BB10, / linear preds: BB11, BB10, / kind: uniform, */
	 s2: %0:exec,  s1: %161:scc = s_andn2_b64 -1, %0:exec
	s_wait_loadcnt imm:0
	 v1: %0:v[6] = v_mov_b32 0
BB16
/* logical preds: BB11, BB14, / linear preds: BB14, / kind: uniform, continue, merge, */
	 s2: %0:exec = s_mov_b64 -1
	ds_write_b32 %38:v[9], %51:v[6] offset0:1024 storage:shared
	s_wait_dscnt imm:0
	s_barrier_signal -1
	s_barrier_wait imm:65535
	 v4: %53:v[12-15] = ds_read_b128 %37:v[8] storage:shared
	 v2: %56:v[6-7] = ds_read2st64_b32 %35:v[5] offset0:4 offset1:5 storage:shared
	 v1: %58:v[9] = ds_read_b32 %35:v[5] offset0:1088 storage:shared
	 v1: %60:v[10] = ds_read_b32 %35:v[5] offset0:1152 storage:shared
	 v1: %62:v[11] = ds_read_b32 %35:v[5] offset0:1216 storage:shared
	 v4: %64:v[16-19] = ds_read_b128 %37:v[8] offset0:16 storage:shared
	 v1: %66:v[20] = ds_read_b32 %35:v[5] offset0:1344 storage:shared
	 v1: %68:v[21] = ds_read_b32 %35:v[5] offset0:1408 storage:shared
	 v1: %70:v[22] = ds_read_b32 %35:v[5] offset0:1472 storage:shared
	 v4: %72:v[24-27] = ds_read_b128 %37:v[8] offset0:32 storage:shared
	 v2: %75:v[28-29] = ds_read2st64_b32 %35:v[5] offset0:6 offset1:7 storage:shared
	 v1: %77:v[23] = ds_read_b32 %35:v[5] offset0:1600 storage:shared
	 v1: %79:v[30] = ds_read_b32 %35:v[5] offset0:1664 storage:shared
	 v1: %81:v[31] = ds_read_b32 %35:v[5] offset0:1728 storage:shared
	 v4: %83:v[32-35] = ds_read_b128 %37:v[8] offset0:48 storage:shared
	 v1: %85:v[36] = ds_read_b32 %35:v[5] offset0:1856 storage:shared
	 v1: %87:v[37] = ds_read_b32 %35:v[5] offset0:1920 storage:shared
	 v1: %89:v[5] = ds_read_b32 %35:v[5] offset0:1984 storage:shared
	s_wait_dscnt imm:0
	s_barrier_signal -1
	s_barrier_wait imm:65535
	 s1: %91:s[0],  s1: %154:scc = s_add_u32 %16:s[0], 16
	 v1: %57:v[4] = v_fmac_f32 %134:v[12], %138:v[6], %15:v[4]
	s_delay_alu valu_dep_1 next valu_dep_1
	 v1: %59:v[4] = v_fmac_f32 %135:v[13], %58:v[9], %57:v[4]
	 v1: %61:v[4] = v_fmac_f32 %136:v[14], %60:v[10], %59:v[4]
	s_delay_alu valu_dep_1 next valu_dep_1
	 v1: %63:v[4] = v_fmac_f32 %137:v[15], %62:v[11], %61:v[4]
	 v1: %65:v[4] = v_fmac_f32 %140:v[16], %139:v[7], %63:v[4]
	s_delay_alu valu_dep_1 next valu_dep_1
	 v1: %67:v[4] = v_fmac_f32 %141:v[17], %66:v[20], %65:v[4]
	 v1: %69:v[4] = v_fmac_f32 %142:v[18], %68:v[21], %67:v[4]
	s_delay_alu valu_dep_1 next valu_dep_1
	 v1: %71:v[4] = v_fmac_f32 %143:v[19], %70:v[22], %69:v[4]
	 v1: %76:v[4] = v_fmac_f32 %144:v[24], %148:v[28], %71:v[4]
	s_delay_alu valu_dep_1 next valu_dep_1
	 v1: %78:v[4] = v_fmac_f32 %145:v[25], %77:v[23], %76:v[4]
	 v1: %80:v[4] = v_fmac_f32 %146:v[26], %79:v[30], %78:v[4]
	s_delay_alu valu_dep_1 next valu_dep_1
	 v1: %82:v[4] = v_fmac_f32 %147:v[27], %81:v[31], %80:v[4]
	 v1: %84:v[4] = v_fmac_f32 %150:v[32], %149:v[29], %82:v[4]
	s_delay_alu valu_dep_1 next valu_dep_1
	 v1: %86:v[4] = v_fmac_f32 %151:v[33], %85:v[36], %84:v[4]
	 v1: %88:v[4] = v_fmac_f32 %152:v[34], %87:v[37], %86:v[4]
	s_delay_alu valu_dep_1
	 v1: %90:v[4] = v_fmac_f32 %153:v[35], %89:v[5], %88:v[4]
	s_branch block:BB1
BB17
/* logical preds: BB1, / linear preds: BB1, / kind: top-level, loop-exit, branch, */
	 s2: %95:vcc = v_cmp_gt_u32 (latekill)%109:s[3], %11:v[3]
	 s2: %96:s[0-1] = v_cmp_gt_u32 (latekill)%110:s[4], %7:v[2]
	 s2: %0:exec,  s1: %155:scc = s_and_b64 %95:vcc, %96:s[0-1]
	s_cbranch_execz block:BB23
BB18
/* logical preds: BB17, / linear preds: BB17, / kind: uniform, */
	 s1: %0:s[3] = s_movk_i32 imm:-32768
	 s4: %104:s[0-3] = s_load_dwordx4 %102:s[2-3], 32
	 v1: %98:v[3] = v_mul_lo_u32 %11:v[3], %110:s[4]
	s_delay_alu valu_dep_1
	 v1: %106:v[3] = v_add_lshl_u32 %98:v[3], %7:v[2], 2
	s_wait_kmcnt imm:0
	buffer_store_dword %104:s[0-3], %106:v[3], 0, %92:v[4] offen disable_wqm storage:buffer
BB23
/* logical preds: BB18, BB17, / linear preds: BB18, BB17, / kind: uniform, top-level, merge, */
	s_nop
	s_sendmsg sendmsg(dealloc_vgprs)
	s_endpgm

